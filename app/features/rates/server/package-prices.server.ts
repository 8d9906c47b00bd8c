import { addDays } from '~/lib/dates.ts'
import { priceTrip } from '~/features/rates/domain/pricing/engine.ts'
import { type HotelTier, type Island, type TripRequest } from '~/features/rates/domain/pricing/types.ts'
import type { Pricing } from './rate-book.server.ts'
import type { Executor } from '~/server/db/client.server.ts'

/** Tiers stored on package rows (docs/decisions/022-package-prices-from-rates.md). */
export const packageTiers = ['standard', 'deluxe', 'premium', 'luxury'] as const satisfies readonly HotelTier[]
/** Packages are priced for trips starting at least this many days ahead (hotels and ferries need notice). */
export const bookingLeadDays = 14
/** How far ahead to look for a date every night of which has rates. */
const searchDays = 120

/** The trip a package's "from ₹X per person, twin sharing" price stands for: 2 adults in 1 room, airport and jetty transfers. */
export function packageTrip(stays: ReadonlyArray<{ island: string; nights: number }>, tier: HotelTier, startDate: string): TripRequest {
	return {
		startDate,
		party: { adults: 2, childAges: [], infants: 0, rooms: 1 },
		stays: stays.map((stay) => ({ island: stay.island as Island, nights: stay.nights, tier })),
		transfers: 'airport-and-jetty',
	}
}

/** Per-person price of a package in one tier on the first bookable date on or after today + 14 days, or null. */
export function packageTierPrice(
	pricing: Pricing,
	stays: ReadonlyArray<{ island: string; nights: number }>,
	tier: HotelTier,
	today: string,
): { perPerson: number; date: string } | null {
	const first = addDays(today, bookingLeadDays)
	for (let offset = 0; offset < searchDays; offset++) {
		const date = addDays(first, offset)
		const result = priceTrip(pricing.book, pricing.settings, packageTrip(stays, tier, date), today)
		if (result.ok) return { perPerson: result.perPerson, date }
		// A tier with no hotel on an island never becomes bookable by waiting.
		if (result.problems.some((problem) => problem.code === 'NO_HOTEL_FOR_TIER' && !/rate/i.test(problem.message))) return null
	}
	return null
}

/**
 * Recomputes every package's tier prices from the rates and stores those that
 * changed. Returns true when any row changed (the caller marks public pages changed).
 */
export async function refreshPackagePrices(db: Executor, pricing: Pricing, today: string, onlyPackageId?: string): Promise<boolean> {
	let query = db.selectFrom('packages').select(['id', 'stays_json', 'price_standard', 'price_deluxe', 'price_premium', 'price_luxury', 'prices_as_of'])
	if (onlyPackageId) query = query.where('id', '=', onlyPackageId)
	const rows = await query.execute()
	let changed = false
	for (const row of rows) {
		const stays = JSON.parse(row.stays_json) as Array<{ island: string; nights: number }>
		const prices = Object.fromEntries(packageTiers.map((tier) => [tier, packageTierPrice(pricing, stays, tier, today)])) as Record<
			(typeof packageTiers)[number],
			{ perPerson: number; date: string } | null
		>
		const next = {
			price_standard: prices.standard?.perPerson ?? null,
			price_deluxe: prices.deluxe?.perPerson ?? null,
			price_premium: prices.premium?.perPerson ?? null,
			price_luxury: prices.luxury?.perPerson ?? null,
			prices_as_of: prices.standard?.date ?? prices.deluxe?.date ?? prices.premium?.date ?? null,
		}
		if (
			next.price_standard === row.price_standard &&
			next.price_deluxe === row.price_deluxe &&
			next.price_premium === row.price_premium &&
			next.price_luxury === row.price_luxury &&
			next.prices_as_of === row.prices_as_of
		)
			continue
		await db.updateTable('packages').set(next).where('id', '=', row.id).execute()
		changed = true
	}
	return changed
}
