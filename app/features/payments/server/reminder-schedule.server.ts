import type { DB } from '~/server/db/client.server.ts'
import { logger } from '~/server/logger.server.ts'
import { chaseSupplierRequests } from '~/features/suppliers/server/supplier-chasing.server.ts'
import { sendDueReminders } from './reminders.server.ts'

/** How often the schedule looks for reminders due (docs/payments.md): steps are days, so hourly is prompt enough. */
export const reminderEveryMs = 60 * 60_000

/**
 * Payment reminders, and chasing suppliers who have not answered, in-process (docs/decisions/133-payment-reminders.md): a first run a minute after
 * start, then every hour. Several servers may each run it: the database's unique key sends a step once.
 * A failed run is logged and the next one tries again; nothing here can stop the process. Returns a
 * function that stops the schedule (called on shutdown).
 */
export function startReminderSchedule(database: () => DB, siteUrl: string, options: { firstDelayMs?: number; everyMs?: number } = {}) {
	const every = options.everyMs ?? reminderEveryMs
	let timer: NodeJS.Timeout | undefined
	let stopped = false
	let running: Promise<void> | null = null
	const schedule = (delay: number) => {
		if (stopped) return
		timer = setTimeout(() => {
			running = run().finally(() => {
				running = null
				schedule(every)
			})
		}, delay)
		timer.unref()
	}
	const run = async () => {
		try {
			const result = await sendDueReminders(database(), { siteUrl })
			if (result.sent) logger.info({ msg: 'payment reminders sent', ...result })
		} catch (error) {
			logger.error({ msg: 'payment reminders failed', error })
		}
		// Supplier requests unanswered for the set hours are chased once (docs/decisions/198-chasing-and-amending-supplier-requests.md).
		try {
			const chased = await chaseSupplierRequests(database(), { siteUrl })
			if (chased.chased) logger.info({ msg: 'supplier requests chased', ...chased })
		} catch (error) {
			logger.error({ msg: 'chasing supplier requests failed', error })
		}
	}
	schedule(options.firstDelayMs ?? 60_000)
	/** Stops the timer; resolves once a run in progress has finished (so the database can close after it). */
	return async () => {
		stopped = true
		clearTimeout(timer)
		await running
	}
}
