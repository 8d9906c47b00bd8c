import type { FerryFareRow } from '~/server/db/schema.ts'
import type { Executor } from '~/server/db/client.server.ts'

export type FerryFare = {
	operator: string
	from: string
	to: string
	class: string
	adultSell: number
	adultCost: number
	infantSell: number
	infantCost: number
	departures: string[]
}

function toFare(row: FerryFareRow): FerryFare {
	return {
		operator: row.operator,
		from: row.from_island,
		to: row.to_island,
		class: row.class,
		adultSell: row.adult_sell,
		adultCost: row.adult_cost,
		infantSell: row.infant_sell,
		infantCost: row.infant_cost,
		departures: JSON.parse(row.departures_json) as string[],
	}
}

/** Active fares on sale between two islands (the ferry fare table, /admin/ferry-fares), cheapest first. */
export async function ferryFaresForRoute(db: Executor, from: string, to: string): Promise<FerryFare[]> {
	const rows = await db
		.selectFrom('ferry_fares')
		.selectAll()
		.where('active', '=', 1)
		.where('from_island', '=', from)
		.where('to_island', '=', to)
		.orderBy('adult_sell')
		.orderBy('operator')
		.execute()
	return rows.map(toFare)
}

/** Every active fare, for the public ferry guide's fare table. */
export async function activeFerryFares(db: Executor): Promise<FerryFare[]> {
	const rows = await db
		.selectFrom('ferry_fares')
		.selectAll()
		.where('active', '=', 1)
		.orderBy('from_island')
		.orderBy('to_island')
		.orderBy('adult_sell')
		.execute()
	return rows.map(toFare)
}

/** Ferry classes on sale, for the enquiry form. */
export async function ferryClassesOnSale(db: Executor): Promise<string[]> {
	const rows = await db.selectFrom('ferry_fares').select('class').distinct().where('active', '=', 1).orderBy('class').execute()
	return rows.map((row) => row.class)
}
