import type { Kysely } from 'kysely'
import { factValues } from '~/domain/travel-facts/facts.ts'
import type { Database } from './db/schema.ts'
import { logger } from './logger.server.ts'
import { getSettings } from './settings.server.ts'

/**
 * Today's value of every travel fact token: the fixed facts plus the owner's
 * jetty reporting time. A guide must still render when the database is down,
 * so a failed read falls back to the default time (and is logged).
 */
export async function currentFactValues(db: Kysely<Database>): Promise<Record<string, string>> {
	try {
		const { ferryReportingMinutes } = await getSettings(db)
		return factValues({ ferryReportingMinutes })
	} catch (error) {
		logger.warn({ msg: 'travel facts: settings unreadable, using defaults', error })
		return factValues()
	}
}
