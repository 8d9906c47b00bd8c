import type { Kysely, Transaction } from 'kysely'
import { createRateBook } from '~/features/rates/domain/pricing/engine.ts'
import {
	type ActivityPrice,
	type FerryOperator,
	type Hotel,
	type HotelTier,
	type Island,
	type MealPlan,
	type PricingSettings,
	type RateBook,
	type RateTables,
	type TransferUnit,
	type Vehicle,
} from '~/features/rates/domain/pricing/types.ts'
import { activityIsland, activityRateName, engineActivityId } from '~/features/rates/domain/activities.ts'
import { toEngineSeasons } from '~/features/rates/domain/seasons.ts'
import { todayInIndia } from '~/lib/dates.ts'
import { nextSequence } from '~/server/db/audit.server.ts'
import type { Database } from '~/server/db/schema.ts'
import { publicPagesChanged } from '~/server/page-cache-signal.server.ts'
import { getSettings, type Settings } from '~/features/settings/server/settings.server.ts'
import { refreshPackagePrices } from './package-prices.server.ts'
import type { Executor } from '~/server/db/client.server.ts'

/**
 * The rate book the pricing engine reads, cached per server instance and
 * rebuilt when any rate or pricing setting changes (docs/decisions/023-cached-rate-book.md).
 * Writers call `ratesChanged(trx)` in their transaction: it bumps a generation
 * counter in the database (other instances notice within a second), marks the
 * public pages changed (public prices move) and recomputes the package tier prices.
 */
const generationName = 'rate_book_generation'
/** How long an instance trusts its cached book before asking the database for the generation. */
const checkEveryMs = 1000

export type Pricing = { book: RateBook; settings: PricingSettings; raw: Settings; generation: number }

let cached: { pricing: Pricing; checkedAt: number } | null = null
let building: Promise<Pricing> | null = null

export function toPricingSettings(raw: Settings): PricingSettings {
	return {
		seasons: toEngineSeasons(raw.seasons),
		markupBp: Math.round(raw.markupPercent * 100),
		gstBp: Math.round(raw.gstPercent * 100),
		ageBands: raw.childAgeBands,
		defaultMealPlan: 'CP',
	}
}

export async function loadRateTables(db: Executor): Promise<RateTables> {
	const [hotelRows, roomRows, rateRows, ferryRows, activityRows, transferRows] = await Promise.all([
		db.selectFrom('hotels').selectAll().orderBy('id').execute(),
		db.selectFrom('room_types').selectAll().orderBy('hotel_id').orderBy('name').execute(),
		db.selectFrom('hotel_rates').selectAll().orderBy('id').execute(),
		db.selectFrom('ferry_fares').selectAll().where('active', '=', 1).orderBy('id').execute(),
		db.selectFrom('activity_prices').selectAll().where('active', '=', 1).orderBy('id').execute(),
		db.selectFrom('transfer_rates').selectAll().where('active', '=', 1).orderBy('id').execute(),
	])
	const hotels = new Map<string, Hotel>()
	for (const row of hotelRows) {
		hotels.set(row.id, { id: row.id, name: row.name, island: row.island as Island, tier: row.tier as HotelTier, active: row.active === 1, roomTypes: [] })
	}
	for (const row of roomRows) {
		const hotel = hotels.get(row.hotel_id)
		if (!hotel) continue
		hotel.roomTypes.push({ id: row.id, name: row.name, maxAdults: row.max_adults, maxChildren: row.max_children, extraBedAllowed: row.extra_bed === 1 })
		if (row.is_default === 1) hotel.defaultRoomTypeId = row.id
	}
	const activityPrices: ActivityPrice[] = []
	for (const row of activityRows) {
		const island = activityIsland(row.location)
		if (!island) continue
		const base = { activity: engineActivityId(row.activity, row.location), name: activityRateName(row.activity, row.location), island, season: row.season }
		activityPrices.push(
			row.unit === 'per_group'
				? { ...base, unit: 'per_group', groupSize: row.group_size ?? 1, group: { sell: row.adult_sell, cost: row.adult_cost } }
				: { ...base, unit: 'per_person', adult: { sell: row.adult_sell, cost: row.adult_cost }, child: { sell: row.child_sell, cost: row.child_cost } },
		)
	}
	return {
		hotels: [...hotels.values()],
		hotelRates: rateRows.map((row) => ({
			hotelId: row.hotel_id,
			roomTypeId: row.room_type_id,
			mealPlan: row.meal_plan as MealPlan,
			season: row.season,
			double: { sell: row.double_sell, cost: row.double_cost },
			extraAdult: { sell: row.extra_adult_sell, cost: row.extra_adult_cost },
			childWithBed: { sell: row.child_bed_sell, cost: row.child_bed_cost },
			childWithoutBed: { sell: row.child_no_bed_sell, cost: row.child_no_bed_cost },
		})),
		ferryFares: ferryRows.map((row) => ({
			operator: row.operator as FerryOperator,
			from: row.from_island as Island,
			to: row.to_island as Island,
			class: row.class,
			adult: { sell: row.adult_sell, cost: row.adult_cost },
			...(row.child_sell === null || row.child_cost === null ? {} : { child: { sell: row.child_sell, cost: row.child_cost } }),
			infant: { sell: row.infant_sell, cost: row.infant_cost },
			departures: JSON.parse(row.departures_json) as string[],
		})),
		activityPrices,
		transferRates: transferRows.map((row) => ({
			island: row.island as Island,
			vehicle: row.vehicle as Vehicle,
			unit: row.unit as TransferUnit,
			price: { sell: row.sell, cost: row.cost },
		})),
	}
}

async function readGeneration(db: Executor): Promise<number> {
	const row = await db.selectFrom('counters').select('value').where('name', '=', generationName).where('year', '=', 0).executeTakeFirst()
	return row?.value ?? 0
}

/** Builds the pricing inputs straight from the database (no cache): for writers inside a transaction. */
export async function buildPricing(db: Executor): Promise<Pricing> {
	const [generation, raw, tables] = await Promise.all([readGeneration(db), getSettings(db as Kysely<Database>), loadRateTables(db)])
	return { book: createRateBook(tables), settings: toPricingSettings(raw), raw, generation }
}

let packagesRefreshedFor: string | null = null

/** The cached rate book and settings; rebuilt when the generation moved. */
export async function getPricing(db: Kysely<Database>): Promise<Pricing> {
	const now = Date.now()
	if (cached && now - cached.checkedAt < checkEveryMs) return cached.pricing
	if (cached) {
		const generation = await readGeneration(db)
		if (generation === cached.pricing.generation) {
			cached.checkedAt = now
			return cached.pricing
		}
	}
	building ??= buildPricing(db).finally(() => {
		building = null
	})
	const pricing = await building
	cached = { pricing, checkedAt: Date.now() }
	// "From" prices are for the next bookable date, which moves with the calendar: refresh once a day.
	const today = todayInIndia()
	if (packagesRefreshedFor !== today) {
		packagesRefreshedFor = today
		void db
			.transaction()
			.execute(async (trx) => {
				if (await refreshPackagePrices(trx, pricing, today)) await publicPagesChanged(trx)
			})
			.catch(() => {
				packagesRefreshedFor = null
			})
	}
	return pricing
}

/** What `perRateBook` keeps: per book, by name and key; the oldest entry of a name goes past `maxEntries`. */
const derived = new WeakMap<Pricing, Map<string, Map<string, unknown>>>()

/**
 * A value worked out from one rate book (its rates, hotels, activities and pricing settings) and nothing
 * else that changes: computed once per book and kept on the cached `Pricing`, so a rate or settings change
 * (a new book) drops it, as the price calendars are (docs/decisions/216-price-calendar.md). A promise that
 * fails is not kept.
 */
export function perRateBook<T>(pricing: Pricing, name: string, key: string, build: () => T, maxEntries = 500): T {
	let names = derived.get(pricing)
	if (!names) derived.set(pricing, (names = new Map()))
	let entries = names.get(name)
	if (!entries) names.set(name, (entries = new Map()))
	if (entries.has(key)) return entries.get(key) as T
	const value = build()
	if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!)
	entries.set(key, value)
	if (value instanceof Promise) value.catch(() => entries.delete(key))
	return value
}

/** Forget this instance's cached book (after a write commits). */
export function invalidateRateBook(): void {
	cached = null
}

/**
 * Call in the transaction of every change to rates or pricing settings: bumps
 * the shared generation, recomputes the package "from" prices with the new
 * rates and marks the public pages changed.
 */
export async function ratesChanged(trx: Transaction<Database>): Promise<void> {
	await nextSequence(trx, generationName, 0)
	cached = null
	const pricing = await buildPricing(trx)
	await refreshPackagePrices(trx, pricing, todayInIndia())
	await publicPagesChanged(trx)
}
