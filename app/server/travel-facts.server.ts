import type { Kysely } from 'kysely'
import { factValues } from '~/domain/travel-facts/facts.ts'
import type { Database } from './db/schema.ts'
import { getSettings } from './settings.server.ts'

/** Today's value of every travel fact token: the fixed facts plus the owner's jetty reporting time. */
export async function currentFactValues(db: Kysely<Database>): Promise<Record<string, string>> {
	const { ferryReportingMinutes } = await getSettings(db)
	return factValues({ ferryReportingMinutes })
}
