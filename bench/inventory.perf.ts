/**
 * Hotel availability (docs/inventory.md): a 10-night trip of 4 stays checked against a year of
 * contracts for 200 hotels (2 room types each, 365 nights), on SQLite and PostgreSQL. Run by
 * `npm run bench -- inventory` (bench/inventory.mjs); writes its figures to $BENCH_INVENTORY_OUT.
 */
import { test } from 'vitest'
import { addDays } from '~/lib/dates.ts'
import { newId } from '~/lib/ids.ts'
import type { DB } from '~/server/db/client.server.ts'
import { type BookedStay, readTripAvailability } from '~/features/inventory/server/inventory.server.ts'
import { insertInBatches, measureOnEachDatabase, random, timed } from './bench-data.ts'

/** The contract year starts on this day; "today" for every check is the same day, so nothing depends on the clock. */
export const contractStart = '2026-12-01'
const hotelCount = 200
const roomTypesPerHotel = 2
const yearNights = 365
const islands = ['port-blair', 'havelock', 'neil', 'long-island'] as const
const tiers = ['standard', 'deluxe', 'premium', 'luxury'] as const

/** The room types of the database just loaded (kept out of the figures written out). */
let loadedRoomTypes: Array<{ hotelId: string; roomTypeId: string }> = []

async function generate(db: DB) {
	const rand = random(23)
	const now = new Date().toISOString()
	const hotels: Array<Record<string, unknown>> = []
	const roomTypes: Array<Record<string, unknown>> = []
	const terms: Array<Record<string, unknown>> = []
	const nights: Array<Record<string, unknown>> = []
	const stops: Array<Record<string, unknown>> = []
	const roomTypeIds: Array<{ hotelId: string; roomTypeId: string }> = []
	for (let h = 0; h < hotelCount; h++) {
		const hotelId = newId()
		hotels.push({
			id: hotelId,
			name: `Bench Hotel ${h}`,
			island: islands[h % islands.length],
			tier: tiers[Math.floor(h / islands.length) % tiers.length],
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
		// Most hotels hold rooms for us; some sell freely, a few only on request.
		const mode = h % 10 < 7 ? 'allotment' : h % 10 < 9 ? 'free_sale' : 'on_request'
		terms.push({ hotel_id: hotelId, mode, release_days: mode === 'allotment' ? 7 : 0, updated_at: now })
		for (let r = 0; r < roomTypesPerHotel; r++) {
			const roomTypeId = newId()
			roomTypes.push({
				id: roomTypeId,
				hotel_id: hotelId,
				name: r === 0 ? 'Deluxe' : 'Sea view',
				max_adults: 2,
				max_children: 1,
				extra_bed: 1,
				is_default: r === 0 ? 1 : 0,
				created_at: now,
				updated_at: now,
			})
			roomTypeIds.push({ hotelId, roomTypeId })
			// Every hotel's year is contracted, whatever its mode (a mode change keeps the rows).
			for (let n = 0; n < yearNights; n++) {
				const allotment = 2 + Math.floor(rand() * 8)
				nights.push({
					room_type_id: roomTypeId,
					night: addDays(contractStart, n),
					hotel_id: hotelId,
					allotment,
					sold: Math.floor(rand() * allotment * 0.6),
					release_days: null,
					min_stay: n >= 19 && n <= 35 ? 3 : 1,
					closed_to_arrival: n % 7 === 5 && rand() < 0.2 ? 1 : 0,
					updated_at: now,
				})
			}
		}
		// A peak-week stop-sale on a third of the hotels, and a room type's maintenance week on some.
		if (h % 3 === 0)
			stops.push({
				id: newId(),
				hotel_id: hotelId,
				room_type_id: null,
				first_night: '2026-12-24',
				last_night: '2026-12-31',
				reason: 'Peak week sold out',
				created_at: now,
			})
		if (h % 5 === 0)
			stops.push({
				id: newId(),
				hotel_id: hotelId,
				room_type_id: roomTypeIds.at(-1)!.roomTypeId,
				first_night: addDays(contractStart, 100 + (h % 60)),
				last_night: addDays(contractStart, 106 + (h % 60)),
				reason: 'Renovation',
				created_at: now,
			})
	}
	await insertInBatches(db, 'hotels', hotels)
	await insertInBatches(db, 'room_types', roomTypes)
	await insertInBatches(db, 'hotel_sale_terms', terms)
	await insertInBatches(db, 'room_nights', nights)
	await insertInBatches(db, 'stop_sales', stops)
	loadedRoomTypes = roomTypeIds
	return { counts: { hotels: hotels.length, roomNights: nights.length, stopSales: stops.length } }
}

/** The n-th trip: 10 nights from `start` as 3 + 3 + 2 + 2 nights at four different hotels. */
function tripStays(roomTypeIds: ReadonlyArray<{ hotelId: string; roomTypeId: string }>, start: string, n: number): BookedStay[] {
	let arrival = start
	return [3, 3, 2, 2].map((nights, index) => {
		const room = roomTypeIds[(n * 37 + index * 101) % roomTypeIds.length]!
		const stay = { ...room, arrival, nights, rooms: 1 }
		arrival = addDays(arrival, nights)
		return stay
	})
}

test('availability of a 10-night, 4-stay trip over 200 hotels × 365 nights', { timeout: 1_800_000 }, async () => {
	await measureOnEachDatabase(
		'inventory',
		'BENCH_INVENTORY_OUT',
		async (bench) => generate(bench.db),
		async ({ db, serverCpuMs }) => {
			const roomTypeIds = loadedRoomTypes
			const results = []
			for (const scenario of [
				{ name: 'trip, any date of the year', start: (n: number) => addDays(contractStart, 10 + ((n * 53) % 340)) },
				{ name: 'trip, peak week with stop-sales', start: () => '2026-12-20' },
			]) {
				let n = 0
				const { last, ...times } = await timed(async () => {
					const stays = tripStays(roomTypeIds, scenario.start(n), n)
					n++
					return readTripAvailability(db, stays, contractStart)
				}, serverCpuMs)
				results.push({ scenario: scenario.name, matched: last.filter((a) => a.status !== 'unavailable').length, ...times })
			}
			return results
		},
	)
})
