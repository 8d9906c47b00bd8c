import type { DB } from '~/server/db/client.server.ts'
import { logger } from '~/server/logger.server.ts'
import { repeatEvery } from '~/server/repeat.server.ts'
import { sendDueReminders } from './reminders.server.ts'

/** How often the schedule looks for reminders due (docs/payments.md): steps are days, so hourly is prompt enough. */
export const reminderEveryMs = 60 * 60_000

/**
 * Payment reminders in-process (docs/decisions/133-payment-reminders.md): a first run a minute after
 * start, then every hour. Several servers may each run it: the database's unique key sends a step once.
 * A failed run is logged and the next one tries again; nothing here can stop the process. Returns a
 * function that stops the schedule (called on shutdown).
 */
export function startReminderSchedule(database: () => DB, siteUrl: string, options: { firstDelayMs?: number; everyMs?: number } = {}) {
	return repeatEvery(
		async () => {
			try {
				const result = await sendDueReminders(database(), { siteUrl })
				if (result.sent) logger.info({ msg: 'payment reminders sent', ...result })
			} catch (error) {
				logger.error({ msg: 'payment reminders failed', error })
			}
		},
		{ firstDelayMs: options.firstDelayMs ?? 60_000, everyMs: options.everyMs ?? reminderEveryMs },
	)
}
