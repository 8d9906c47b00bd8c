/**
 * Property tests with a hand-written seeded generator (no extra packages): a few
 * hundred random valid trips against the fixture rate book. A failing case prints its
 * seed and trip so it can be replayed.
 */
import { describe, expect, test } from 'vitest'
import { FIXTURE_BOOK, FIXTURE_HOTELS, FIXTURE_SETTINGS, FIXTURE_TODAY } from '#tests/support/pricing-fixtures.ts'
import { addDays } from '~/lib/dates.ts'
import { applyBp } from './money'
import { classifyParty, priceTrip } from './engine'
import type {
	Discount,
	FerryPreference,
	HotelTier,
	Island,
	MealPlan,
	PriceResult,
	PricingSettings,
	Quote,
	StayRequest,
	TransferMode,
	TripActivity,
	TripRequest,
} from './types'

/** mulberry32: a small, fast, well-spread 32-bit PRNG. */
function mulberry32(seed: number): () => number {
	let a = seed >>> 0
	return () => {
		a = (a + 0x6d2b79f5) >>> 0
		let t = a
		t = Math.imul(t ^ (t >>> 15), t | 1)
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296
	}
}

class Rng {
	private readonly next: () => number
	constructor(seed: number) {
		this.next = mulberry32(seed)
	}
	/** Integer in [min, max]. */
	int(min: number, max: number): number {
		return min + Math.floor(this.next() * (max - min + 1))
	}
	pick<T>(items: readonly T[]): T {
		return items[this.int(0, items.length - 1)] as T
	}
	chance(p: number): boolean {
		return this.next() < p
	}
}

const ISLANDS: readonly Island[] = ['port-blair', 'havelock', 'neil']
const TIERS: readonly HotelTier[] = ['standard', 'deluxe', 'premium']
const MEALS: readonly MealPlan[] = ['EP', 'CP', 'MAP', 'AP']
const MODES: readonly TransferMode[] = ['none', 'airport-and-jetty', 'daily-cab']
const FERRY_PREFS: readonly (FerryPreference | undefined)[] = [
	undefined,
	undefined,
	{ operator: 'makruzz' },
	{ class: 'premium' },
	{ operator: 'green-ocean', class: 'economy' },
]
/** Activities priced in every season on these islands. */
const ACTIVITIES: readonly [string, Island][] = [
	['snorkelling', 'havelock'],
	['snorkelling', 'neil'],
	['snorkelling', 'port-blair'],
	['glass-bottom-boat', 'neil'],
	['glass-bottom-boat', 'port-blair'],
	['scuba-try-dive', 'havelock'],
	['light-and-sound-show', 'port-blair'],
	['private-boat-north-bay', 'port-blair'],
]

/** Start dates from here, so every trip (≤ 16 nights) ends inside the fixture seasons. */
const FIRST_START = '2026-06-01'
const START_SPAN_DAYS = 470

function randomTrip(rng: Rng): TripRequest {
	for (;;) {
		const adults = rng.int(1, 6)
		const childAges = Array.from({ length: rng.int(0, 3) }, () => rng.int(0, 15))
		const infants = rng.int(0, 1)
		const t = classifyParty(adults, childAges, infants)
		const lo = Math.max(1, Math.ceil(t.adults / 3), Math.ceil(t.children / 2))
		if (lo > adults) continue
		const rooms = rng.int(lo, adults)

		const stays: StayRequest[] = Array.from({ length: rng.int(1, 4) }, () => {
			const island = rng.pick(ISLANDS)
			const nights = rng.int(1, 4)
			const mealPlan = rng.chance(0.5) ? rng.pick(MEALS) : undefined
			const meal = mealPlan ? { mealPlan } : {}
			if (rng.chance(0.25)) {
				const hotel = rng.pick(FIXTURE_HOTELS.filter((h) => h.island === island && h.active))
				return { island, nights, hotelId: hotel.id, ...meal }
			}
			return { island, nights, tier: rng.pick(TIERS), ...meal }
		})
		const nights = stays.reduce((n, s) => n + s.nights, 0)

		const activities: TripActivity[] = Array.from({ length: rng.int(0, 3) }, () => {
			const [activity, island] = rng.pick(ACTIVITIES)
			const a: TripActivity = { activity, island, dayIndex: rng.int(0, nights) }
			if (rng.chance(0.2)) a.adults = rng.int(t.children > 0 ? 0 : 1, t.adults)
			return a
		})

		const discountKind = rng.int(0, 3)
		const discount: Discount | undefined =
			discountKind === 1
				? { kind: 'amount', amount: rng.int(0, 30_000) * 100 + rng.int(0, 99) }
				: discountKind === 2
					? { kind: 'percent', bp: rng.chance(0.05) ? 10_000 : rng.int(0, 2_500) }
					: undefined

		const trip: TripRequest = {
			startDate: addDays(FIRST_START, rng.int(0, START_SPAN_DAYS)),
			party: { adults, childAges, infants, rooms },
			stays,
			transfers: rng.pick(MODES),
			activities,
		}
		const ferry = rng.pick(FERRY_PREFS)
		if (ferry) trip.ferry = ferry
		if (rng.chance(0.3)) trip.markupBp = rng.int(0, 3_000)
		if (discount) trip.discount = discount
		if (rng.chance(0.2))
			trip.extras = [
				{ description: 'Travel insurance', unit: { sell: rng.int(1, 2000) * 100 + rng.int(0, 99), cost: rng.int(0, 1500) * 100 }, quantity: rng.int(1, 3) },
			]
		return trip
	}
}

/** Same trip with one more night on stay `index`. */
function withExtraNight(trip: TripRequest, index: number): TripRequest {
	return { ...trip, stays: trip.stays.map((s, i) => (i === index ? { ...s, nights: s.nights + 1 } : s)) }
}

const TRIPS = 400
const SEED = 20_261_120

function price(trip: TripRequest, settings: PricingSettings = FIXTURE_SETTINGS): PriceResult {
	return priceTrip(FIXTURE_BOOK, settings, trip, FIXTURE_TODAY)
}

function describeCase(seed: number, trip: TripRequest): string {
	return `seed ${seed}: ${JSON.stringify(trip)}`
}

function checkInvariants(q: Quote, context: string): void {
	const sum = (f: (l: Quote['lines'][number]) => number) => q.lines.reduce((s, l) => s + f(l), 0)
	const amounts = [q.subtotal, q.totalCost, q.markup, q.discount, q.taxableAmount, q.gst, q.total, q.perPerson, q.margin]
	for (const l of q.lines) amounts.push(l.sell, l.cost)
	expect(amounts.every(Number.isSafeInteger), context).toBe(true)
	expect(
		[q.subtotal, q.totalCost, q.markup, q.discount, q.taxableAmount, q.gst, q.total, q.perPerson].every((n) => n >= 0),
		context,
	).toBe(true)
	expect(
		q.lines.every((l) => l.sell >= 0 && l.cost >= 0),
		context,
	).toBe(true)
	expect(q.subtotal, context).toBe(sum((l) => l.sell))
	expect(q.totalCost, context).toBe(sum((l) => l.cost))
	expect(q.total, context).toBe(q.subtotal + q.markup - q.discount + q.gst)
	expect(q.taxableAmount, context).toBe(q.subtotal + q.markup - q.discount)
	expect(q.markup, context).toBe(applyBp(q.subtotal, q.markupBp))
	expect(q.gst, context).toBe(applyBp(q.taxableAmount, q.gstBp))
	expect(q.margin, context).toBe(q.taxableAmount - q.totalCost)
	expect(q.discount, context).toBeLessThanOrEqual(q.subtotal + q.markup)
	expect(Math.abs(q.perPerson * q.payingTravellers - q.total) * 2, context).toBeLessThanOrEqual(q.payingTravellers)
}

describe('properties over random valid trips', () => {
	const cases = Array.from({ length: TRIPS }, (_, i) => {
		const seed = SEED + i
		return { seed, trip: randomTrip(new Rng(seed)) }
	})

	test('totals: total = subtotal + markup − discount + GST, all integers, never negative', () => {
		let priced = 0
		for (const { seed, trip } of cases) {
			const r = price(trip)
			if (!r.ok) {
				// Only room-capacity problems are expected from the generator.
				expect(
					r.problems.every((p) => p.code === 'TOO_MANY_PEOPLE_FOR_ROOMS'),
					`${describeCase(seed, trip)} → ${JSON.stringify(r.problems)}`,
				).toBe(true)
				continue
			}
			priced++
			checkInvariants(r, describeCase(seed, trip))
		}
		expect(priced).toBeGreaterThan(TRIPS * 0.9)
	})

	test('same input → same output, and the input is not mutated', () => {
		for (const { seed, trip } of cases) {
			const snapshot = JSON.stringify(trip)
			const a = price(trip)
			const b = price(structuredClone(trip))
			expect(b, describeCase(seed, trip)).toEqual(a)
			expect(JSON.stringify(trip)).toBe(snapshot)
		}
	})

	test('adding a night to the last stay never lowers the total', () => {
		let compared = 0
		for (const { seed, trip } of cases) {
			const a = price(trip)
			const b = price(withExtraNight(trip, trip.stays.length - 1))
			if (!a.ok || !b.ok) continue
			compared++
			expect(b.total, describeCase(seed, trip)).toBeGreaterThanOrEqual(a.total)
			expect(b.subtotal, describeCase(seed, trip)).toBeGreaterThan(a.subtotal)
		}
		expect(compared).toBeGreaterThan(TRIPS * 0.9)
	})

	test('with one season all year, adding a night to any stay never lowers the total', () => {
		// With real seasons, lengthening an early stay slides later stays to other dates,
		// which can move them into a cheaper season (see docs/pricing.md).
		const flat: PricingSettings = { ...FIXTURE_SETTINGS, seasons: [{ name: 'high', ranges: [{ from: '2026-01-01', to: '2028-12-31' }] }] }
		let compared = 0
		for (const { seed, trip } of cases) {
			const index = new Rng(seed * 7 + 1).int(0, trip.stays.length - 1)
			const a = price(trip, flat)
			const b = price(withExtraNight(trip, index), flat)
			if (!a.ok || !b.ok) continue
			compared++
			expect(b.total, `${describeCase(seed, trip)} stay ${index}`).toBeGreaterThanOrEqual(a.total)
		}
		expect(compared).toBeGreaterThan(TRIPS * 0.9)
	})
})
