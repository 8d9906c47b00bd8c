import { initDatabase } from './db/index.server.ts'
import { startEmailSender } from '~/features/email/server/sender.server.ts'
import { startMessageSender } from '~/features/messaging/server/sender.server.ts'
import { env } from './env.server.ts'
import { logger } from './logger.server.ts'
import { isDatabaseEmpty, seedDemoData } from './seed/index.server.ts'

let ready: Promise<void> | undefined

/**
 * Makes sure the database is migrated (and, outside production, seeded when
 * empty) before any loader runs. The production server does this at start-up;
 * this covers `npm run dev`, where Vite loads the app on the first request.
 * Memoised: after the first call it is a resolved promise.
 */
export function ensureReady(): Promise<void> {
	ready ??= (async () => {
		const db = await initDatabase()
		if (env().NODE_ENV !== 'production' && (await isDatabaseEmpty(db))) {
			logger.info({ msg: 'demo data loaded', ...(await seedDemoData(db)) })
		}
		startEmailSender()
		startMessageSender()
	})()
	return ready
}
