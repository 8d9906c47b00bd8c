import type { Transaction } from 'kysely'
import { addDays } from '~/lib/dates.ts'
import { newId } from '~/lib/ids.ts'
import type { Database } from '../db/schema.ts'
import { demoInventory } from './demo-inventory.ts'

async function hotelId(trx: Transaction<Database>, name: string, island: string) {
	return (await trx.selectFrom('hotels').select('id').where('name', '=', name).where('island', '=', island).executeTakeFirst())?.id ?? null
}

/**
 * Contracts for a few demo hotels: allotments for a year from today, the last room on two nights, a
 * stop-sold peak week and a minimum-stay period. Only what is missing is added (a hotel with terms is
 * left as staff set it), so seeding again never overwrites an edit.
 */
export async function seedDemoInventory(trx: Transaction<Database>, today: string, now: string): Promise<number> {
	let hotels = 0
	for (const contract of demoInventory.freeSale) {
		const id = await hotelId(trx, contract.hotel, contract.island)
		if (!id || (await trx.selectFrom('hotel_sale_terms').select('hotel_id').where('hotel_id', '=', id).executeTakeFirst())) continue
		await trx.insertInto('hotel_sale_terms').values({ hotel_id: id, mode: 'free_sale', release_days: 0, updated_at: now }).execute()
		hotels++
	}
	for (const contract of demoInventory.allotments) {
		const id = await hotelId(trx, contract.hotel, contract.island)
		if (!id || (await trx.selectFrom('hotel_sale_terms').select('hotel_id').where('hotel_id', '=', id).executeTakeFirst())) continue
		await trx.insertInto('hotel_sale_terms').values({ hotel_id: id, mode: 'allotment', release_days: demoInventory.releaseDays, updated_at: now }).execute()
		hotels++
		const roomTypes = await trx.selectFrom('room_types').select(['id', 'name']).where('hotel_id', '=', id).execute()
		const { lastRoom, minimumStay } = demoInventory
		for (const roomType of roomTypes) {
			const rows = Array.from({ length: demoInventory.contractDays }, (_, day) => {
				const tight =
					contract.hotel === lastRoom.hotel && roomType.name === lastRoom.roomType && day >= lastRoom.fromDay && day < lastRoom.fromDay + lastRoom.nights
				const minimum = contract.hotel === minimumStay.hotel && day >= minimumStay.fromDay && day <= minimumStay.toDay
				return {
					room_type_id: roomType.id,
					night: addDays(today, day),
					hotel_id: id,
					allotment: tight ? lastRoom.rooms : contract.rooms,
					release_days: null,
					min_stay: minimum ? minimumStay.nights : 1,
					closed_to_arrival: 0,
					updated_at: now,
				}
			})
			for (let start = 0; start < rows.length; start += 200)
				await trx
					.insertInto('room_nights')
					.values(rows.slice(start, start + 200))
					.onConflict((oc) => oc.columns(['room_type_id', 'night']).doNothing())
					.execute()
		}
		const { stopSale } = demoInventory
		if (contract.hotel === stopSale.hotel) {
			await trx
				.insertInto('stop_sales')
				.values({
					id: newId(),
					hotel_id: id,
					room_type_id: null,
					first_night: addDays(today, stopSale.fromDay),
					last_night: addDays(today, stopSale.toDay),
					reason: stopSale.reason,
					created_at: now,
				})
				.execute()
		}
	}
	return hotels
}
