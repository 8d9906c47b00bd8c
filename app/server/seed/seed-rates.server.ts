import type { Transaction } from 'kysely'
import { newId } from '~/lib/ids.ts'
import type { Database } from '../db/schema.ts'
import { demoFerryRoutes, demoHotels, demoTransfers, mealSupplements, seasonFactors } from './demo-rates.ts'

const rupees = (value: number) => Math.round(value) * 100
/** Rounds a rupee amount to the nearest ₹50, as hotels quote. */
const round50 = (value: number) => Math.round(value / 50) * 50
const share = (paise: number, num: number, den: number) => Math.round((paise * num) / den)

/** Inserts the demo hotels, room types, rates, ferry fares and transfers that are missing (matched by natural key). */
export async function seedDemoRates(
	trx: Transaction<Database>,
	now: string,
): Promise<{ hotels: number; hotelRates: number; ferryFares: number; transferRates: number }> {
	const counts = { hotels: 0, hotelRates: 0, ferryFares: 0, transferRates: 0 }
	for (const spec of demoHotels) {
		let hotel = await trx.selectFrom('hotels').select('id').where('name', '=', spec.name).where('island', '=', spec.island).executeTakeFirst()
		if (!hotel) {
			hotel = { id: newId() }
			await trx
				.insertInto('hotels')
				.values({
					id: hotel.id,
					name: spec.name,
					island: spec.island,
					tier: spec.tier,
					stars: spec.stars,
					address: spec.address,
					phone: spec.phone,
					email: spec.email,
					check_in: '12:00',
					check_out: '10:00',
					active: 1,
					notes: null,
					created_at: now,
					updated_at: now,
				})
				.execute()
			counts.hotels++
		}
		for (const room of spec.rooms) {
			let roomType = await trx.selectFrom('room_types').select('id').where('hotel_id', '=', hotel.id).where('name', '=', room.name).executeTakeFirst()
			if (!roomType) {
				roomType = { id: newId() }
				await trx
					.insertInto('room_types')
					.values({
						id: roomType.id,
						hotel_id: hotel.id,
						name: room.name,
						max_adults: room.maxAdults,
						max_children: room.maxChildren,
						extra_bed: room.extraBed ? 1 : 0,
						is_default: room.isDefault ? 1 : 0,
						created_at: now,
						updated_at: now,
					})
					.execute()
			}
			for (const [season, factor] of Object.entries(seasonFactors)) {
				for (const [mealPlan, [adultSup, childSup]] of Object.entries(mealSupplements)) {
					const [double, extraAdult, childBed, childNoBed] = spec.high.map((value) => round50(value * factor * room.factor)) as [number, number, number, number]
					const sell = {
						double: rupees(double + 2 * adultSup),
						extraAdult: rupees(extraAdult + adultSup),
						childBed: rupees(childBed + childSup),
						childNoBed: rupees(Math.max(0, childNoBed + childSup)),
					}
					const result = await trx
						.insertInto('hotel_rates')
						.values({
							hotel_id: hotel.id,
							room_type_id: roomType.id,
							meal_plan: mealPlan,
							season,
							double_sell: sell.double,
							double_cost: share(sell.double, 4, 5),
							extra_adult_sell: sell.extraAdult,
							extra_adult_cost: share(sell.extraAdult, 4, 5),
							child_bed_sell: sell.childBed,
							child_bed_cost: share(sell.childBed, 4, 5),
							child_no_bed_sell: sell.childNoBed,
							child_no_bed_cost: share(sell.childNoBed, 4, 5),
							updated_at: now,
						})
						.onConflict((oc) => oc.columns(['room_type_id', 'meal_plan', 'season']).doNothing())
						.executeTakeFirst()
					counts.hotelRates += Number(result.numInsertedOrUpdatedRows ?? 0)
				}
			}
		}
	}
	for (const [a, b, fares] of demoFerryRoutes) {
		for (const [operator, cls, adult, infant, child, there, back] of fares) {
			const [num, den] = operator === 'government' ? [1, 1] : [9, 10]
			for (const [from, to, departures] of [
				[a, b, there],
				[b, a, back],
			] as const) {
				const result = await trx
					.insertInto('ferry_fares')
					.values({
						operator,
						from_island: from,
						to_island: to,
						class: cls,
						adult_sell: rupees(adult),
						adult_cost: share(rupees(adult), num, den),
						child_sell: child === null ? null : rupees(child),
						child_cost: child === null ? null : share(rupees(child), num, den),
						infant_sell: rupees(infant),
						infant_cost: share(rupees(infant), num, den),
						departures_json: JSON.stringify(departures),
						updated_at: now,
					})
					.onConflict((oc) => oc.columns(['operator', 'from_island', 'to_island', 'class']).doNothing())
					.executeTakeFirst()
				counts.ferryFares += Number(result.numInsertedOrUpdatedRows ?? 0)
			}
		}
	}
	for (const [island, unit, byVehicle, notes] of demoTransfers) {
		for (const [vehicle, sellRupees] of Object.entries(byVehicle)) {
			const sell = rupees(sellRupees)
			const result = await trx
				.insertInto('transfer_rates')
				.values({ island, vehicle, unit, sell, cost: share(sell, 4, 5), notes, updated_at: now })
				.onConflict((oc) => oc.columns(['island', 'vehicle', 'unit']).doNothing())
				.executeTakeFirst()
			counts.transferRates += Number(result.numInsertedOrUpdatedRows ?? 0)
		}
	}
	return counts
}
