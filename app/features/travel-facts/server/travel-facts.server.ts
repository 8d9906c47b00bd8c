import type { Kysely } from 'kysely'
import { factValues } from '~/features/travel-facts/domain/facts.ts'
import { ourPriceText, ourPriceTokens } from '~/features/travel-facts/domain/sourced-facts.ts'
import type { Database } from '~/server/db/schema.ts'
import { formatINR } from '~/lib/money.ts'
import { logger } from '~/server/logger.server.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'

/**
 * Today's value of every travel fact token: the fixed and sourced facts, the
 * owner's fallback jetty reporting time, and our live price for each activity
 * we sell (lowest to highest active per-person adult price, every season).
 * A guide must still render when the database is down, so a failed read falls
 * back to the defaults (and is logged).
 */
export async function currentFactValues(db: Kysely<Database>): Promise<Record<string, string>> {
	try {
		const { ferryReportingMinutes } = await getSettings(db)
		const rows = await db
			.selectFrom('activity_prices')
			.select(['activity', 'adult_sell'])
			.where('active', '=', 1)
			.where('unit', '=', 'per_person')
			.where('activity', 'in', Object.values(ourPriceTokens))
			.execute()
		const values = factValues({ ferryReportingMinutes })
		for (const [token, activity] of Object.entries(ourPriceTokens)) {
			values[token] = ourPriceText(
				rows.filter((row) => row.activity === activity).map((row) => Number(row.adult_sell)),
				(paise) => formatINR(paise),
			)
		}
		return values
	} catch (error) {
		logger.warn({ msg: 'travel facts: settings or prices unreadable, using defaults', error })
		return factValues()
	}
}
