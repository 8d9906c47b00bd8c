import type { DB } from '~/server/db/client.server.ts'
import { defaultSeasonRanges, repeatSeasonPlan } from '~/features/rates/domain/seasons.ts'
import { addDays, todayInIndia } from '~/lib/dates.ts'

/** A Havelock hotel `id` with one room type (`<id>-rt`, "Sea view"): what the inventory tests contract and book. */
export async function hotelWithRoom(db: DB, id: string) {
	const now = new Date().toISOString()
	await db
		.insertInto('hotels')
		.values({
			id,
			name: `Inventory Test ${id}`,
			island: 'havelock',
			tier: 'deluxe',
			stars: 3,
			address: null,
			phone: null,
			email: null,
			check_in: '12:00',
			check_out: '10:00',
			active: 1,
			notes: null,
			created_at: now,
			updated_at: now,
		})
		.execute()
	await db
		.insertInto('room_types')
		.values({ id: `${id}-rt`, hotel_id: id, name: 'Sea view', max_adults: 2, max_children: 1, extra_bed: 1, is_default: 1, created_at: now, updated_at: now })
		.execute()
	return { hotelId: id, roomTypeId: `${id}-rt` }
}

/**
 * The default seasons carried on two years past the clock's today, as the demo seed does: an allotment
 * may only be set inside the seasons, and the tests' dates come from the clock (a year ahead under
 * faketime, past the default plan's last day).
 */
export async function seasonsCoveringTheClock(db: DB) {
	const seasons = repeatSeasonPlan(defaultSeasonRanges, addDays(todayInIndia(), 730))
	await db
		.insertInto('settings')
		.values({ key: 'seasons', value_json: JSON.stringify(seasons), updated_at: new Date().toISOString() })
		.onConflict((oc) => oc.column('key').doUpdateSet({ value_json: JSON.stringify(seasons) }))
		.execute()
}
