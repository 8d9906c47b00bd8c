import type { Kysely } from 'kysely'
import type { Database } from '~/server/db/schema.ts'

export type ActivityPrice = {
	activity: string
	location: string
	provider: string | null
	season: string
	unit: 'per_person' | 'per_group'
	groupSize: number | null
	adultSell: number
	childSell: number
	duration: string | null
	notes: string | null
}

/** Public sell prices of one activity (never costs), for its page. */
export async function publicActivityPrices(db: Kysely<Database>, activity: string): Promise<ActivityPrice[]> {
	const rows = await db
		.selectFrom('activity_prices')
		.select(['activity', 'location', 'provider', 'season', 'unit', 'group_size', 'adult_sell', 'child_sell', 'duration', 'notes'])
		.where('activity', '=', activity)
		.where('active', '=', 1)
		.orderBy('location')
		.orderBy('season')
		.execute()
	return rows.map((row) => ({
		activity: row.activity,
		location: row.location,
		provider: row.provider,
		season: row.season,
		unit: row.unit as ActivityPrice['unit'],
		groupSize: row.group_size,
		adultSell: row.adult_sell,
		childSell: row.child_sell,
		duration: row.duration,
		notes: row.notes,
	}))
}
