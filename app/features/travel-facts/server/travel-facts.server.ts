import type { Kysely } from 'kysely'
import { factValues } from '~/features/travel-facts/domain/facts.ts'
import type { Database } from '~/server/db/schema.ts'
import { logger } from '~/server/logger.server.ts'
import { getSettings } from '~/server/settings.server.ts'

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
