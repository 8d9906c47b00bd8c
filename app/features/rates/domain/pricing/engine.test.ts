import { describe, expect, test } from 'vitest'
import { FIXTURE_BOOK, FIXTURE_SETTINGS, FIXTURE_TABLES, FIXTURE_TODAY, TEN_NIGHT_TRIP as tenNights } from '#tests/support/pricing-fixtures.ts'
import { addDays, fromDayNumber, isIsoDate, nightDates, nightsBetween, toDayNumber } from '~/lib/dates.ts'
import { applyBp, divideRoundHalfUp, spreadProportionally } from './money'
import { classifyParty, createRateBook, distributeParty, priceTrip, selectVehicles } from './engine'
import { createSeasonCalendar, validateSeasons } from './seasons'
import { formatINR } from '~/lib/money.ts'
import type { LineItem, Party, PricingSettings, Quote, RateBook, TripRequest } from './types'

// ─── Helpers ────────────────────────────────────────────────────────────────

function run(trip: TripRequest, settings: PricingSettings = FIXTURE_SETTINGS, book: RateBook = FIXTURE_BOOK, today = FIXTURE_TODAY) {
	return priceTrip(book, settings, trip, today)
}

/** Prices a trip that must succeed. */
function quote(trip: TripRequest, settings?: PricingSettings, book?: RateBook): Quote {
	const r = run(trip, settings, book)
	if (!r.ok) throw new Error(`expected a quote, got ${JSON.stringify(r.problems, null, 2)}`)
	return r
}

/** Problem codes of a trip that must fail. */
function failure(trip: unknown, settings: unknown = FIXTURE_SETTINGS, today: unknown = FIXTURE_TODAY) {
	const r = priceTrip(FIXTURE_BOOK, settings as PricingSettings, trip as TripRequest, today as string)
	if (r.ok) throw new Error('expected a failure, got a quote')
	return r.problems
}

function codes(trip: unknown, settings?: unknown, today?: unknown): string[] {
	return failure(trip, settings, today).map((p) => p.code)
}

/** A compact view of lines: kind, dates, sell, cost. */
function compact(lines: LineItem[]) {
	return lines.map((l) => [l.kind, l.dates.join(' '), l.sell, l.cost])
}

function totals(q: Quote) {
	const { subtotal, totalCost, markupBp, markup, discount, taxableAmount, gstBp, gst, total, perPerson, margin, payingTravellers } = q
	return { subtotal, totalCost, markupBp, markup, discount, taxableAmount, gstBp, gst, total, perPerson, margin, payingTravellers }
}

function assertInvariants(q: Quote) {
	expect(q.subtotal).toBe(q.lines.reduce((s, l) => s + l.sell, 0))
	expect(q.totalCost).toBe(q.lines.reduce((s, l) => s + l.cost, 0))
	expect(q.total).toBe(q.subtotal + q.markup - q.discount + q.gst)
	expect(q.taxableAmount).toBe(q.subtotal + q.markup - q.discount)
	expect(q.margin).toBe(q.taxableAmount - q.totalCost)
	for (const n of [q.subtotal, q.totalCost, q.markup, q.discount, q.taxableAmount, q.gst, q.total, q.perPerson]) {
		expect(Number.isSafeInteger(n)).toBe(true)
		expect(n).toBeGreaterThanOrEqual(0)
	}
	for (const l of q.lines) {
		expect(Number.isSafeInteger(l.sell) && Number.isSafeInteger(l.cost)).toBe(true)
	}
}

const couple: Party = { adults: 2, childAges: [], infants: 0, rooms: 1 }

function simple(overrides: Partial<TripRequest> = {}): TripRequest {
	return {
		startDate: '2026-11-20',
		party: couple,
		stays: [{ island: 'port-blair', nights: 2, tier: 'standard' }],
		transfers: 'none',
		...overrides,
	}
}

// ─── Worked examples (docs/pricing.md) ──────────────────────────────────────

/** Lines as `compact` shows them, each followed by its description. */
function described(lines: LineItem[]) {
	return lines.map((l) => [l.kind, l.dates.join(' '), l.sell, l.cost, l.description])
}

/**
 * A worked example that prices: its trip, its lines (`describedLines` where the example gives their
 * descriptions, else `lines`), its totals, and anything else it shows.
 */
type WorkedExample = { name: string; trip: TripRequest; totals: ReturnType<typeof totals>; also?: (q: Quote) => void } & (
	{ describedLines: ReturnType<typeof described> } | { lines: ReturnType<typeof compact> }
)

const workedExamples: WorkedExample[] = [
	{
		name: 'Example 1: couple, deluxe, Port Blair 2 + Havelock 2 nights, high season',
		trip: {
			startDate: '2026-11-20',
			party: { adults: 2, childAges: [], infants: 0, rooms: 1 },
			stays: [
				{ island: 'port-blair', nights: 2, tier: 'deluxe' },
				{ island: 'havelock', nights: 2, tier: 'deluxe' },
			],
			transfers: 'airport-and-jetty',
			activities: [{ activity: 'scuba-try-dive', island: 'havelock', dayIndex: 3 }],
		},
		describedLines: [
			['transfer', '2026-11-20 2026-11-22', 3_000_00, 2_400_00, 'Airport & jetty transfers, Port Blair: 2 transfers × 1 sedan (2 passengers)'],
			['hotel', '2026-11-20 2026-11-21', 12_000_00, 9_600_00, 'Sea Breeze Port Blair, Port Blair: Deluxe Sea View, CP, 1 room × 2 nights (high)'],
			['ferry', '2026-11-22', 2_600_00, 2_340_00, 'Ferry Port Blair → Havelock, Green Ocean Economy: 2 adults'],
			['transfer', '2026-11-22 2026-11-24', 3_000_00, 2_400_00, 'Airport & jetty transfers, Havelock: 2 transfers × 1 sedan (2 passengers)'],
			['hotel', '2026-11-22 2026-11-23', 14_000_00, 11_200_00, 'Radhanagar Sands Resort, Havelock: Deluxe Cottage, CP, 1 room × 2 nights (high)'],
			['activity', '2026-11-23', 11_000_00, 8_250_00, 'Scuba try-dive, Havelock: 2 adults'],
			['ferry', '2026-11-24', 2_600_00, 2_340_00, 'Ferry Havelock → Port Blair, Green Ocean Economy: 2 adults'],
			['transfer', '2026-11-24', 1_500_00, 1_200_00, 'Airport & jetty transfers, Port Blair: 1 transfer × 1 sedan (2 passengers)'],
		],
		totals: {
			subtotal: 49_700_00,
			totalCost: 39_730_00,
			markupBp: 1000,
			markup: 4_970_00,
			discount: 0,
			taxableAmount: 54_670_00,
			gstBp: 500,
			gst: 2_733_50,
			total: 57_403_50,
			perPerson: 28_701_75,
			margin: 14_940_00,
			payingTravellers: 2,
		},
		also: (q) => {
			expect(q.endDate).toBe('2026-11-24')
			expect(q.problems).toEqual([])
		},
	},
	{
		name: 'Example 2: family with children aged 1, 5 and 12 across the peak → high boundary',
		trip: {
			startDate: '2027-01-04',
			party: { adults: 2, childAges: [1, 5, 12], infants: 0, rooms: 1 },
			stays: [
				{ island: 'port-blair', nights: 1, tier: 'standard' },
				{ island: 'havelock', nights: 3, tier: 'standard' },
			],
			transfers: 'daily-cab',
			activities: [
				{ activity: 'glass-bottom-boat', island: 'port-blair', dayIndex: 0 },
				{ activity: 'snorkelling', island: 'havelock', dayIndex: 2 },
			],
			discount: { kind: 'percent', bp: 500 },
		},
		lines: [
			['transfer', '2027-01-04', 4_000_00, 3_200_00],
			['hotel', '2027-01-04', 6_500_00, 5_200_00],
			['activity', '2027-01-04', 3_600_00, 2_700_00],
			['ferry', '2027-01-05', 5_500_00, 4_950_00],
			['transfer', '2027-01-05 2027-01-06 2027-01-07', 13_500_00, 10_800_00],
			['hotel', '2027-01-05 2027-01-06 2027-01-07', 19_800_00, 15_840_00],
			['activity', '2027-01-06', 9_300_00, 6_975_00],
			['ferry', '2027-01-08', 5_500_00, 4_950_00],
			['transfer', '2027-01-08', 4_000_00, 3_200_00],
		],
		totals: {
			subtotal: 71_700_00,
			totalCost: 57_815_00,
			markupBp: 1000,
			markup: 7_170_00,
			discount: 3_943_50,
			taxableAmount: 74_926_50,
			gstBp: 500,
			gst: 3_746_33,
			total: 78_672_83,
			perPerson: 19_668_21,
			margin: 17_111_50,
			payingTravellers: 4,
		},
		also: (q) => {
			expect(q.travellers).toEqual({ adults: 3, children: 1, infants: 1 })
			const [, pbHotel, , , , hlHotel] = q.lines
			expect(pbHotel?.kind === 'hotel' && pbHotel.details).toMatchObject({
				hotelId: 'pb-coral-bay',
				extraAdults: 1,
				childrenWithoutBed: 1,
				childrenWithBed: 0,
				infants: 1,
			})
			expect(hlHotel?.kind === 'hotel' && hlHotel.details.breakdown).toEqual([
				{ date: '2027-01-05', season: 'peak', sell: 7_800_00, cost: 6_240_00 },
				{ date: '2027-01-06', season: 'high', sell: 6_000_00, cost: 4_800_00 },
				{ date: '2027-01-07', season: 'high', sell: 6_000_00, cost: 4_800_00 },
			])
		},
	},
	{
		name: 'Example 3: group of 7 in 3 rooms, named hotels on MAP, Makruzz, markup override and ₹2,000 off (monsoon)',
		trip: {
			startDate: '2026-07-10',
			party: { adults: 7, childAges: [], infants: 0, rooms: 3 },
			stays: [
				{ island: 'neil', nights: 2, hotelId: 'nl-laxmanpur-sunset', mealPlan: 'MAP' },
				{ island: 'havelock', nights: 2, hotelId: 'hl-radhanagar-sands', roomTypeId: 'deluxe', mealPlan: 'MAP' },
				{ island: 'port-blair', nights: 1, hotelId: 'pb-sea-breeze', mealPlan: 'MAP' },
			],
			transfers: 'airport-and-jetty',
			ferry: { operator: 'makruzz', class: 'premium' },
			activities: [
				{ activity: 'glass-bottom-boat', island: 'neil', dayIndex: 1 },
				{ activity: 'private-boat-north-bay', island: 'port-blair', date: '2026-07-14' },
			],
			markupBp: 1500,
			discount: { kind: 'amount', amount: 2_000_00 },
		},
		describedLines: [
			['ferry', '2026-07-10', 10_850_00, 9_765_00, 'Ferry Port Blair → Neil, Makruzz Premium: 7 adults'],
			['transfer', '2026-07-10', 3_500_00, 2_800_00, 'Airport & jetty transfers, Port Blair: 1 transfer × 1 tempo traveller (7 passengers)'],
			['transfer', '2026-07-10 2026-07-12', 6_000_00, 4_800_00, 'Airport & jetty transfers, Neil: 2 transfers × 1 SUV + 1 sedan (7 passengers)'],
			[
				'hotel',
				'2026-07-10 2026-07-11',
				41_400_00,
				33_120_00,
				'Laxmanpur Sunset Resort, Neil: Deluxe Room, MAP, 3 rooms × 2 nights (low); 1 extra adult (extra bed)',
			],
			['activity', '2026-07-11', 6_300_00, 4_725_00, 'Glass-bottom boat, Neil: 7 adults'],
			['ferry', '2026-07-12', 8_750_00, 7_875_00, 'Ferry Neil → Havelock, Makruzz Premium: 7 adults'],
			['transfer', '2026-07-12 2026-07-14', 7_000_00, 5_600_00, 'Airport & jetty transfers, Havelock: 2 transfers × 1 tempo traveller (7 passengers)'],
			[
				'hotel',
				'2026-07-12 2026-07-13',
				46_000_00,
				36_800_00,
				'Radhanagar Sands Resort, Havelock: Deluxe Cottage, MAP, 3 rooms × 2 nights (low); 1 extra adult (extra bed)',
			],
			['ferry', '2026-07-14', 11_550_00, 10_395_00, 'Ferry Havelock → Port Blair, Makruzz Premium: 7 adults'],
			['transfer', '2026-07-14 2026-07-15', 7_000_00, 5_600_00, 'Airport & jetty transfers, Port Blair: 2 transfers × 1 tempo traveller (7 passengers)'],
			[
				'hotel',
				'2026-07-14',
				20_800_00,
				16_640_00,
				'Sea Breeze Port Blair, Port Blair: Deluxe Sea View, MAP, 3 rooms × 1 night (low); 1 extra adult (extra bed)',
			],
			['activity', '2026-07-14', 6_500_00, 4_875_00, 'Private boat to Ross & North Bay, Port Blair: 7 adults (1 group of up to 8)'],
		],
		totals: {
			subtotal: 175_650_00,
			totalCost: 142_995_00,
			markupBp: 1500,
			markup: 26_347_50,
			discount: 2_000_00,
			taxableAmount: 199_997_50,
			gstBp: 500,
			gst: 9_999_88,
			total: 209_997_38,
			perPerson: 29_999_63,
			margin: 57_002_50,
			payingTravellers: 7,
		},
	},
	{
		name: 'Example 4: solo traveller in Port Blair, no markup, an extra line and 7.5% off across low → high',
		trip: {
			startDate: '2026-09-29',
			party: { adults: 1, childAges: [], infants: 0, rooms: 1 },
			stays: [{ island: 'port-blair', nights: 3, tier: 'standard' }],
			transfers: 'none',
			activities: [
				{ activity: 'light-and-sound-show', island: 'port-blair', dayIndex: 0 },
				{ activity: 'baratang-caves', island: 'baratang', dayIndex: 1 },
			],
			extras: [
				{
					description: 'Baratang day trip: shared car from Port Blair',
					unit: { sell: 1_500_00, cost: 1_200_00 },
					island: 'port-blair',
					date: '2026-09-30',
				},
			],
			markupBp: 0,
			discount: { kind: 'percent', bp: 750 },
		},
		describedLines: [
			['hotel', '2026-09-29 2026-09-30 2026-10-01', 8_500_00, 6_800_00, 'Aberdeen Bazaar Inn, Port Blair: Standard Room, CP, 1 room × 3 nights (low + high)'],
			['activity', '2026-09-29', 300_00, 225_00, 'Cellular Jail light & sound show, Port Blair: 1 adult'],
			['activity', '2026-09-30', 1_500_00, 1_125_00, 'Baratang limestone caves & mangrove boat, Baratang: 1 adult'],
			['other', '2026-09-30', 1_500_00, 1_200_00, 'Baratang day trip: shared car from Port Blair'],
		],
		totals: {
			subtotal: 11_800_00,
			totalCost: 9_350_00,
			markupBp: 0,
			markup: 0,
			discount: 885_00,
			taxableAmount: 10_915_00,
			gstBp: 500,
			gst: 545_75,
			total: 11_460_75,
			perPerson: 11_460_75,
			margin: 1_565_00,
			payingTravellers: 1,
		},
		also: (q) => {
			const hotel = q.lines[0]
			expect(hotel?.kind === 'hotel' && hotel.details.breakdown.map((n) => [n.season, n.sell])).toEqual([
				['low', 2_600_00],
				['low', 2_600_00],
				['high', 3_300_00],
			])
			// Baratang is a road day trip from Port Blair: no "not on island" warning.
			expect(q.problems).toEqual([])
		},
	},
]

describe('worked examples from docs/pricing.md', () => {
	test.each(workedExamples)('$name', (example) => {
		const q = quote(example.trip)
		if ('describedLines' in example) expect(described(q.lines)).toEqual(example.describedLines)
		else expect(compact(q.lines)).toEqual(example.lines)
		example.also?.(q)
		expect(totals(q)).toEqual(example.totals)
		assertInvariants(q)
	})

	test('Example 5: a trip that cannot be priced lists every problem', () => {
		const problems = failure({
			startDate: '2026-05-20',
			party: { adults: 9, childAges: [], infants: 0, rooms: 2 },
			stays: [
				{ island: 'neil', nights: 2, tier: 'premium' },
				{ island: 'port-blair', nights: 1, tier: 'luxury' },
			],
			transfers: 'none',
			ferry: { operator: 'itt-majestic' },
			activities: [{ activity: 'sea-walk', island: 'neil', dayIndex: 1 }],
		})
		expect(problems.map((p) => [p.code, p.date ?? p.island ?? ''])).toEqual([
			['DATE_IN_PAST', '2026-05-20'],
			['TOO_MANY_PEOPLE_FOR_ROOMS', 'neil'],
			['NO_HOTEL_FOR_TIER', 'port-blair'],
			['NO_FERRY_FARE', '2026-05-20'],
			['NO_FERRY_FARE', '2026-05-22'],
			['NO_ACTIVITY_PRICE', '2026-05-21'],
		])
		expect(problems.every((p) => p.severity === 'error' && p.message.length > 0)).toBe(true)
		expect(problems[1]?.message).toBe(
			'No premium room on Neil fits 9 adults in 2 rooms (Coral Garden Retreat: Premium Room takes at most 3 adults; 5 would share a room). Add rooms.',
		)
	})
})

// ─── Money ──────────────────────────────────────────────────────────────────

describe('money', () => {
	test('spreadProportionally splits a price over the lines in whole paise that add up exactly', () => {
		expect(spreadProportionally([100_00, 300_00], 500_00)).toEqual([125_00, 375_00])
		// 100 paise over three equal lines: 34 + 33 + 33, the leftover paisa to the first.
		expect(spreadProportionally([1, 1, 1], 100)).toEqual([34, 33, 33])
		const shares = spreadProportionally([7_999_00, 12_345_67, 3_00], 24_999_99)
		expect(shares.reduce((sum, share) => sum + share, 0)).toBe(24_999_99)
		expect(spreadProportionally([0, 0], 500)).toEqual([0, 0])
	})
	test('applyBp rounds half up to the nearest paise', () => {
		expect(applyBp(1_234_50, 500)).toBe(6173) // 6172.5 → 6173
		expect(applyBp(10, 500)).toBe(1) // 0.5 → 1
		expect(applyBp(9, 500)).toBe(0) // 0.45 → 0
		expect(applyBp(74_926_50, 500)).toBe(3_746_33) // 374632.5 → 374633
		expect(applyBp(0, 500)).toBe(0)
		expect(applyBp(10_000_000_000_00, 100_000)).toBe(100_000_000_000_00) // no overflow
	})

	test('divideRoundHalfUp', () => {
		expect(divideRoundHalfUp(78_672_83, 4)).toBe(19_668_21) // 1966820.75
		expect(divideRoundHalfUp(5, 2)).toBe(3) // 2.5 → 3
		expect(divideRoundHalfUp(7, 2)).toBe(4)
		expect(divideRoundHalfUp(1, 3)).toBe(0)
	})

	test('formatINR uses Indian digit grouping', () => {
		expect(formatINR(1_500_00)).toBe('₹1,500')
		expect(formatINR(1_23_456_78)).toBe('₹1,23,456.78')
		expect(formatINR(1_00_00_000_00)).toBe('₹1,00,00,000')
		expect(formatINR(5)).toBe('₹0.05')
		expect(formatINR(-2_000_00)).toBe('-₹2,000')
	})
})

// ─── Dates and seasons ──────────────────────────────────────────────────────

describe('dates', () => {
	test('validates real YYYY-MM-DD dates only', () => {
		expect(isIsoDate('2028-02-29')).toBe(true)
		expect(isIsoDate('2027-02-29')).toBe(false)
		expect(isIsoDate('2026-04-31')).toBe(false)
		expect(isIsoDate('2026-4-01')).toBe(false)
		expect(isIsoDate('2026-04-01T00:00')).toBe(false)
		expect(isIsoDate('0099-01-01')).toBe(false)
		expect(isIsoDate(20260401)).toBe(false)
	})

	test('arithmetic across months, years and leap days', () => {
		expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
		expect(addDays('2028-02-28', 1)).toBe('2028-02-29')
		expect(addDays('2027-02-28', 1)).toBe('2027-03-01')
		expect(addDays('2027-03-01', -1)).toBe('2027-02-28')
		expect(nightsBetween('2026-12-30', '2027-01-02')).toBe(3)
		expect(nightDates('2026-10-30', 3)).toEqual(['2026-10-30', '2026-10-31', '2026-11-01'])
		// Day numbers are whole days whatever the process time zone (Date.UTC).
		expect(toDayNumber('1970-01-02')).toBe(1)
		expect(toDayNumber('2026-03-29')! - toDayNumber('2026-03-28')!).toBe(1)
	})

	test('day numbers round-trip with Date.UTC for every day 1900–2100', () => {
		for (let day = toDayNumber('1900-01-01')!; day <= toDayNumber('2100-12-31')!; day++) {
			const iso = new Date(day * 86_400_000).toISOString().slice(0, 10)
			if (fromDayNumber(day) !== iso || toDayNumber(iso) !== day) throw new Error(`day ${day}: ${iso} vs ${fromDayNumber(day)}`)
		}
		expect(toDayNumber('2000-02-29')).not.toBeNull()
		expect(toDayNumber('1900-02-29')).toBeNull()
	})
})

describe('seasons', () => {
	const calendar = createSeasonCalendar(FIXTURE_SETTINGS.seasons)

	test('peak wins over high where they overlap; ranges are inclusive', () => {
		expect(calendar.seasonOf('2026-12-19')).toBe('high')
		expect(calendar.seasonOf('2026-12-20')).toBe('peak')
		expect(calendar.seasonOf('2027-01-05')).toBe('peak')
		expect(calendar.seasonOf('2027-01-06')).toBe('high')
		expect(calendar.seasonOf('2026-11-10')).toBe('peak') // Diwali week
		expect(calendar.seasonOf('2026-09-30')).toBe('low')
		expect(calendar.seasonOf('2026-10-01')).toBe('high')
		expect(calendar.seasonOf('2027-05-01')).toBe('low')
	})

	test('dates outside every season have none', () => {
		expect(calendar.seasonOf('2026-04-30')).toBeNull()
		expect(calendar.seasonOf('2027-10-01')).toBeNull()
	})

	test('listing order decides priority', () => {
		const reversed = createSeasonCalendar([...FIXTURE_SETTINGS.seasons].reverse())
		expect(reversed.seasonOf('2026-12-25')).toBe('high')
	})

	test('invalid seasons are reported', () => {
		expect(validateSeasons([])).toHaveLength(1)
		const problems = validateSeasons([
			{ name: 'a', ranges: [{ from: '2026-02-01', to: '2026-01-01' }] },
			{ name: 'a', ranges: [{ from: '2026-02-30', to: '2026-03-01' }] },
			{ name: '', ranges: [] },
		])
		expect(problems.map((p) => p.field)).toEqual(['seasons[0].ranges[0]', 'seasons[1].name', 'seasons[1].ranges[0]', 'seasons[2].name', 'seasons[2].ranges'])
		expect(problems.every((p) => p.code === 'INVALID_SETTINGS')).toBe(true)
	})
})

// ─── Hotels and occupancy ───────────────────────────────────────────────────

describe('hotels', () => {
	test('a stay across a season boundary takes each night at its own season', () => {
		const q = quote(simple({ startDate: '2027-01-04', stays: [{ island: 'havelock', nights: 3, hotelId: 'hl-palm-grove' }] }))
		const hotel = q.lines.find((l) => l.kind === 'hotel')
		expect(hotel?.kind === 'hotel' && hotel.details.breakdown.map((n) => [n.date, n.season, n.sell])).toEqual([
			['2027-01-04', 'peak', 5_500_00],
			['2027-01-05', 'peak', 5_500_00],
			['2027-01-06', 'high', 4_200_00],
		])
		expect(hotel?.sell).toBe(15_200_00)
	})

	test('one stay, one line: a night named by hotel after a night picked by tier that chose the same hotel joins its line', () => {
		const tier = quote(simple({ startDate: '2027-01-04', stays: [{ island: 'havelock', nights: 1, tier: 'standard' }] }))
		const chosen = tier.lines.find((l) => l.kind === 'hotel')
		const hotelId = chosen?.kind === 'hotel' ? chosen.details.hotelId : ''
		const q = quote(
			simple({
				startDate: '2027-01-04',
				stays: [
					{ island: 'havelock', nights: 1, tier: 'standard' },
					{ island: 'havelock', nights: 1, hotelId },
				],
			}),
		)
		const hotels = q.lines.filter((l) => l.kind === 'hotel')
		expect(hotels).toHaveLength(1)
		expect(hotels[0]!.dates).toEqual(['2027-01-04', '2027-01-05'])
		expect(hotels[0]!.description).toContain('1 room × 2 nights')
		expect(hotels[0]?.kind === 'hotel' && [hotels[0].details.nights, hotels[0].details.breakdown.length]).toEqual([2, 2])
		expect(hotels[0]!.sell).toBe(2 * chosen!.sell)
		assertInvariants(q)
	})

	test('tier picks the cheapest active hotel; inactive hotels are skipped', () => {
		const q = quote(simple())
		const hotel = q.lines[0]
		// Old Harbour Lodge is cheaper but inactive; Aberdeen Bazaar Inn is the cheapest active one.
		expect(hotel?.kind === 'hotel' && hotel.details.hotelId).toBe('pb-aberdeen-inn')
		expect(hotel?.sell).toBe(2 * 3_300_00)
	})

	test('a third adult needs an extra bed: the tier choice moves to a hotel that has one', () => {
		const q = quote(simple({ party: { adults: 3, childAges: [], infants: 0, rooms: 1 } }))
		const hotel = q.lines[0]
		expect(hotel?.kind === 'hotel' && [hotel.details.hotelId, hotel.details.extraAdults, hotel.details.adultsInBase]).toEqual(['pb-coral-bay', 1, 2])
		// 3,500 double + 1,100 extra adult, high season, 2 nights
		expect(hotel?.sell).toBe(2 * (3_500_00 + 1_100_00))
	})

	test('a named hotel without extra beds cannot take a third adult', () => {
		const problems = failure(
			simple({ party: { adults: 3, childAges: [], infants: 0, rooms: 1 }, stays: [{ island: 'port-blair', nights: 2, hotelId: 'pb-aberdeen-inn' }] }),
		)
		expect(problems).toMatchObject([{ code: 'TOO_MANY_PEOPLE_FOR_ROOMS', hotelId: 'pb-aberdeen-inn', roomTypeId: 'standard' }])
	})

	test('the default room type is used when it fits, otherwise the cheapest room type that fits', () => {
		const four = { adults: 4, childAges: [], infants: 0, rooms: 1 }
		const q = quote(simple({ party: four, stays: [{ island: 'port-blair', nights: 1, hotelId: 'pb-sea-breeze' }] }))
		const hotel = q.lines[0]
		expect(hotel?.kind === 'hotel' && [hotel.details.roomTypeId, hotel.details.extraAdults]).toEqual(['suite', 2])
		expect(hotel?.sell).toBe(9_000_00 + 2 * 2_400_00)
		const two = quote(simple({ stays: [{ island: 'port-blair', nights: 1, hotelId: 'pb-sea-breeze' }] }))
		expect(two.lines[0]?.kind === 'hotel' && two.lines[0].details.roomTypeId).toBe('deluxe')
	})

	test('too many people for the rooms is a named problem', () => {
		expect(codes(simple({ party: { adults: 5, childAges: [], infants: 0, rooms: 1 } }))).toEqual(['TOO_MANY_PEOPLE_FOR_ROOMS'])
		// Children above maxChildren (2 per room in Coral Bay / Aberdeen Inn)
		expect(codes(simple({ party: { adults: 2, childAges: [4, 6, 8], infants: 0, rooms: 1 } }))).toEqual(['TOO_MANY_PEOPLE_FOR_ROOMS'])
		// Same party in two rooms fits
		expect(run(simple({ party: { adults: 2, childAges: [4, 6, 8], infants: 0, rooms: 2 } })).ok).toBe(true)
	})

	test('children: a free base place first, then the first child per room without bed, then with bed', () => {
		expect(distributeParty(3, 2, 2)).toEqual([
			{ adults: 2, children: 1 },
			{ adults: 1, children: 1 },
		])
		const twoKids = quote(simple({ party: { adults: 2, childAges: [5, 8], infants: 0, rooms: 1 } }))
		const h1 = twoKids.lines[0]
		expect(h1?.kind === 'hotel' && [h1.details.hotelId, h1.details.childrenWithoutBed, h1.details.childrenWithBed]).toEqual(['pb-coral-bay', 1, 1])
		// 3,500 + 500 (without bed) + 900 (with bed), 2 nights
		expect(h1?.sell).toBe(2 * (3_500_00 + 500_00 + 900_00))

		const single = quote(simple({ party: { adults: 1, childAges: [7], infants: 0, rooms: 1 } }))
		const h2 = single.lines[0]
		expect(h2?.kind === 'hotel' && [h2.details.childrenInBase, h2.details.childrenWithoutBed]).toEqual([1, 0])
		expect(h2?.sell).toBe(2 * 3_300_00)

		const oneKid = quote(simple({ party: { adults: 2, childAges: [7], infants: 0, rooms: 1 } }))
		const h3 = oneKid.lines[0]
		// Aberdeen Inn (no extra bed) takes one child without bed
		expect(h3?.kind === 'hotel' && [h3.details.hotelId, h3.details.childrenWithoutBed]).toEqual(['pb-aberdeen-inn', 1])
		expect(h3?.sell).toBe(2 * (3_300_00 + 400_00))
	})

	test('infants are free in hotels', () => {
		const withInfant = quote(simple({ party: { adults: 2, childAges: [0], infants: 1, rooms: 1 } }))
		expect(withInfant.travellers.infants).toBe(2)
		expect(withInfant.lines[0]?.sell).toBe(quote(simple()).lines[0]?.sell)
	})

	test('meal plans change the rate; the default is CP', () => {
		const cp = quote(simple({ stays: [{ island: 'havelock', nights: 1, tier: 'standard' }] }))
		const map = quote(simple({ stays: [{ island: 'havelock', nights: 1, tier: 'standard', mealPlan: 'MAP' }] }))
		expect(cp.lines.find((l) => l.kind === 'hotel')?.sell).toBe(4_200_00)
		expect(map.lines.find((l) => l.kind === 'hotel')?.sell).toBe(5_600_00)
		const settings = { ...FIXTURE_SETTINGS, defaultMealPlan: 'EP' as const }
		expect(quote(simple({ stays: [{ island: 'havelock', nights: 1, tier: 'standard' }] }), settings).lines.find((l) => l.kind === 'hotel')?.sell).toBe(3_800_00)
	})
})

describe('child age bands', () => {
	test('ages 1, 5 and 12 are infant, child and adult by default', () => {
		expect(classifyParty(2, [1, 5, 12], 0)).toEqual({ adults: 3, children: 1, infants: 1 })
		expect(classifyParty(1, [0, 2, 11], 1)).toEqual({ adults: 1, children: 2, infants: 2 })
	})

	test('a 12-year-old pays the adult price for activities and ferries', () => {
		const trip = (age: number): TripRequest => ({
			startDate: '2026-11-20',
			party: { adults: 1, childAges: [age], infants: 0, rooms: 1 },
			stays: [{ island: 'havelock', nights: 1, tier: 'standard' }],
			transfers: 'none',
			activities: [{ activity: 'snorkelling', island: 'havelock', dayIndex: 0 }],
		})
		const activity = (q: Quote) => q.lines.find((l) => l.kind === 'activity')?.sell
		const ferry = (q: Quote) => q.lines.find((l) => l.kind === 'ferry')?.sell
		expect(activity(quote(trip(11)))).toBe(2_500_00 + 1_800_00)
		expect(activity(quote(trip(12)))).toBe(2 * 2_500_00)
		expect(activity(quote(trip(1)))).toBe(2_500_00)
		expect(ferry(quote(trip(5)))).toBe(2 * 1_300_00) // child pays the adult fare (no child fare)
		expect(ferry(quote(trip(1)))).toBe(1_300_00 + 300_00) // infant fare
	})

	test('bands are configurable', () => {
		const settings = { ...FIXTURE_SETTINGS, ageBands: { infantMaxAge: 2, childMaxAge: 9 } }
		const q = quote(simple({ party: { adults: 2, childAges: [2, 10], infants: 0, rooms: 1 } }), settings)
		expect(q.travellers).toEqual({ adults: 3, children: 0, infants: 1 })
	})
})

// ─── Ferries, transfers, activities ─────────────────────────────────────────

describe('ferries', () => {
	const hl = (ferry?: TripRequest['ferry'], party = couple) =>
		quote(simple({ stays: [{ island: 'havelock', nights: 1, tier: 'standard' }], ferry, party })).lines.filter((l) => l.kind === 'ferry')

	test('legs follow the island order, starting and ending in Port Blair', () => {
		const q = quote(
			simple({
				stays: [
					{ island: 'havelock', nights: 2, tier: 'standard' },
					{ island: 'neil', nights: 1, tier: 'standard' },
				],
			}),
		)
		expect(q.lines.filter((l) => l.kind === 'ferry').map((l) => [l.kind === 'ferry' && `${l.details.from}→${l.details.to}`, l.dates[0]])).toEqual([
			['port-blair→havelock', '2026-11-20'],
			['havelock→neil', '2026-11-22'],
			['neil→port-blair', '2026-11-23'],
		])
	})

	test('the cheapest private operator is the default; preferences filter', () => {
		expect(hl()[0]?.description).toBe('Ferry Port Blair → Havelock, Green Ocean Economy: 2 adults')
		expect(hl({ operator: 'makruzz' })[0]?.sell).toBe(2 * 1_650_00)
		expect(hl({ class: 'deluxe' })[0]?.description).toContain('ITT Majestic Deluxe')
		expect(hl({ operator: 'makruzz', class: 'royal' })[0]?.sell).toBe(2 * 3_300_00)
	})

	test('government ferries are used only when asked for; their child fare applies', () => {
		const lines = hl({ operator: 'government' }, { adults: 2, childAges: [6, 1], infants: 0, rooms: 1 })
		expect(lines[0]?.kind === 'ferry' && lines[0].details.childFare).toBe(true)
		expect(lines[0]?.sell).toBe(2 * 550_00 + 275_00 + 0)
	})

	test('a missing fare for a needed leg is NO_FERRY_FARE', () => {
		const problems = failure(simple({ stays: [{ island: 'neil', nights: 1, tier: 'standard' }], ferry: { operator: 'itt-majestic' } }))
		expect(problems).toMatchObject([
			{ code: 'NO_FERRY_FARE', from: 'port-blair', to: 'neil', date: '2026-11-20' },
			{ code: 'NO_FERRY_FARE', from: 'neil', to: 'port-blair', date: '2026-11-21' },
		])
	})

	test('road islands have no ferry leg: the road transfer is priced on the island', () => {
		const q = quote(
			simple({
				startDate: '2026-11-20',
				stays: [
					{ island: 'port-blair', nights: 1, tier: 'standard' },
					{ island: 'baratang', nights: 1, tier: 'standard' },
					{ island: 'port-blair', nights: 1, tier: 'standard' },
				],
				transfers: 'airport-and-jetty',
			}),
		)
		expect(q.lines.filter((l) => l.kind === 'ferry')).toEqual([])
		expect(q.lines.filter((l) => l.kind === 'transfer').map((l) => [l.island, l.sell])).toEqual([
			['port-blair', 2 * 1_500_00],
			['baratang', 2 * 5_500_00],
			['port-blair', 2 * 1_500_00],
		])
		expect(q.problems).toEqual([])
	})

	test('travel the engine cannot price is a warning', () => {
		const none = quote(
			simple({
				stays: [
					{ island: 'port-blair', nights: 1, tier: 'standard' },
					{ island: 'baratang', nights: 1, tier: 'standard' },
				],
			}),
		)
		expect(none.problems.map((p) => [p.code, p.from, p.to])).toEqual([
			['TRAVEL_NOT_PRICED', 'port-blair', 'baratang'],
			['TRAVEL_NOT_PRICED', 'baratang', 'port-blair'],
		])
		expect(none.problems.every((p) => p.severity === 'warning')).toBe(true)
	})
})

describe('island visits', () => {
	test('a hotel change on the same island: two hotel lines, no ferry, one set of transfers', () => {
		const q = quote(
			simple({
				stays: [
					{ island: 'havelock', nights: 1, tier: 'standard' },
					{ island: 'havelock', nights: 1, tier: 'premium' },
				],
				transfers: 'airport-and-jetty',
			}),
		)
		expect(q.lines.map((l) => [l.kind, l.island, l.dates.join(' ')])).toEqual([
			['ferry', 'port-blair', '2026-11-20'],
			['transfer', 'port-blair', '2026-11-20'],
			['transfer', 'havelock', '2026-11-20 2026-11-22'],
			['hotel', 'havelock', '2026-11-20'],
			['hotel', 'havelock', '2026-11-21'],
			['ferry', 'havelock', '2026-11-22'],
			['transfer', 'port-blair', '2026-11-22'],
		])
	})

	test('islands outside the ferry network and impossible hops are warned about, not priced', () => {
		const book = createRateBook({
			...FIXTURE_TABLES,
			hotels: [
				...FIXTURE_TABLES.hotels,
				{
					id: 'li-blue-planet',
					name: 'Blue Planet Long Island',
					island: 'long-island',
					tier: 'standard',
					active: true,
					roomTypes: [{ id: 'room', name: 'Room', maxAdults: 3, maxChildren: 2, extraBedAllowed: true }],
				},
			],
			hotelRates: [
				...FIXTURE_TABLES.hotelRates,
				{
					hotelId: 'li-blue-planet',
					roomTypeId: 'room',
					mealPlan: 'CP',
					season: 'high',
					double: { sell: 2_500_00, cost: 2_000_00 },
					extraAdult: { sell: 800_00, cost: 640_00 },
					childWithBed: { sell: 600_00, cost: 480_00 },
					childWithoutBed: { sell: 300_00, cost: 240_00 },
				},
			],
		})
		const q = quote(simple({ stays: [{ island: 'long-island', nights: 1, tier: 'standard' }] }), FIXTURE_SETTINGS, book)
		expect(q.lines.map((l) => l.kind)).toEqual(['hotel'])
		expect(q.problems.map((p) => [p.code, p.from, p.to, p.severity])).toEqual([
			['TRAVEL_NOT_PRICED', 'port-blair', 'long-island', 'warning'],
			['TRAVEL_NOT_PRICED', 'long-island', 'port-blair', 'warning'],
		])
		const hop = quote(
			simple({
				stays: [
					{ island: 'havelock', nights: 1, tier: 'standard' },
					{ island: 'baratang', nights: 1, tier: 'standard' },
				],
				transfers: 'airport-and-jetty',
			}),
		)
		expect(hop.problems.map((p) => [p.code, p.from, p.to])).toEqual([['TRAVEL_NOT_PRICED', 'havelock', 'baratang']])
	})
})

describe('transfers', () => {
	test('the smallest vehicle that fits, several when needed', () => {
		const all = FIXTURE_BOOK.transferRates.get('port-blair|per_transfer')
		const neil = FIXTURE_BOOK.transferRates.get('neil|per_transfer')
		expect(selectVehicles(3, all)).toEqual([{ vehicle: 'sedan', count: 1 }])
		expect(selectVehicles(4, all)).toEqual([{ vehicle: 'suv', count: 1 }])
		expect(selectVehicles(7, all)).toEqual([{ vehicle: 'tempo-traveller', count: 1 }])
		expect(selectVehicles(13, all)).toEqual([
			{ vehicle: 'tempo-traveller', count: 1 },
			{ vehicle: 'sedan', count: 1 },
		])
		expect(selectVehicles(8, neil)).toEqual([
			{ vehicle: 'suv', count: 1 },
			{ vehicle: 'sedan', count: 1 },
		])
		expect(selectVehicles(2, undefined)).toBeNull()
	})

	test('infants do not take a seat', () => {
		const q = quote(simple({ party: { adults: 3, childAges: [0], infants: 1, rooms: 1 }, transfers: 'airport-and-jetty' }))
		expect(q.lines.filter((l) => l.kind === 'transfer').every((l) => l.kind === 'transfer' && l.details.vehicles[0]?.vehicle === 'sedan')).toBe(true)
	})

	test('daily cab: one day per night on that island plus the departure day in Port Blair', () => {
		const q = quote(simple({ stays: [{ island: 'havelock', nights: 2, tier: 'standard' }], transfers: 'daily-cab' }))
		expect(q.lines.filter((l) => l.kind === 'transfer').map((l) => [l.island, l.dates.length, l.sell])).toEqual([
			['havelock', 2, 2 * 3_500_00],
			['port-blair', 1, 3_000_00],
		])
	})

	test('a missing vehicle rate is NO_TRANSFER_RATE', () => {
		const book = createRateBook({ ...FIXTURE_TABLES, transferRates: FIXTURE_TABLES.transferRates.filter((t) => t.island !== 'neil') })
		const problems = run(simple({ stays: [{ island: 'neil', nights: 1, tier: 'standard' }], transfers: 'airport-and-jetty' }), FIXTURE_SETTINGS, book)
		expect(!problems.ok && problems.problems).toMatchObject([{ code: 'NO_TRANSFER_RATE', island: 'neil' }])
	})
})

describe('activities', () => {
	test('per person: children at the child price, infants free; participants can be limited', () => {
		const q = quote(
			simple({
				stays: [{ island: 'havelock', nights: 2, tier: 'standard' }],
				party: { adults: 2, childAges: [8, 1], infants: 0, rooms: 1 },
				activities: [
					{ activity: 'scuba-try-dive', island: 'havelock', date: '2026-11-21', adults: 1, children: 0 },
					{ activity: 'glass-bottom-boat', island: 'havelock', dayIndex: 1 },
				],
			}),
		)
		const acts = q.lines.filter((l) => l.kind === 'activity')
		expect(acts.map((l) => [l.description, l.sell])).toEqual([
			['Scuba try-dive, Havelock: 1 adult, 1 infant free', 5_500_00],
			['Glass-bottom boat, Havelock: 2 adults, 1 child, 1 infant free', 2 * 1_000_00 + 600_00],
		])
	})

	test('per group: one price per group of up to groupSize', () => {
		const group = (adults: number) =>
			quote(
				simple({
					party: { adults, childAges: [], infants: 0, rooms: adults },
					activities: [{ activity: 'private-boat-north-bay', island: 'port-blair', dayIndex: 1 }],
				}),
			).lines.find((l) => l.kind === 'activity')
		expect(group(8)?.sell).toBe(7_500_00)
		const nine = group(9)
		expect(nine?.kind === 'activity' && nine.details.groups).toBe(2)
		expect(nine?.sell).toBe(2 * 7_500_00)
	})

	test('missing price, outside the trip, wrong island', () => {
		expect(failure(simple({ activities: [{ activity: 'sea-walk', island: 'neil', dayIndex: 0 }] }))).toMatchObject([
			{ code: 'NO_ACTIVITY_PRICE', activity: 'sea-walk', island: 'neil', season: 'high', date: '2026-11-20' },
		])
		expect(codes(simple({ activities: [{ activity: 'snorkelling', island: 'port-blair', dayIndex: 3 }] }))).toEqual(['ACTIVITY_OUTSIDE_TRIP'])
		expect(codes(simple({ activities: [{ activity: 'snorkelling', island: 'port-blair', date: '2026-11-19' }] }))).toEqual(['ACTIVITY_OUTSIDE_TRIP'])
		const q = quote(simple({ activities: [{ activity: 'snorkelling', island: 'havelock', dayIndex: 1 }] }))
		expect(q.problems).toMatchObject([{ code: 'ACTIVITY_NOT_ON_ISLAND', severity: 'warning', island: 'havelock' }])
	})
})

// ─── Markup, discount, GST ──────────────────────────────────────────────────

describe('markup, discount and GST', () => {
	// Subtotal: Aberdeen Bazaar Inn, 2 high nights = ₹6,600.
	test('settings markup, and a per-trip override that replaces it', () => {
		expect(totals(quote(simple()))).toMatchObject({ subtotal: 6_600_00, markupBp: 1000, markup: 660_00 })
		expect(totals(quote(simple({ markupBp: 2500 })))).toMatchObject({ markupBp: 2500, markup: 1_650_00, taxableAmount: 8_250_00 })
		expect(totals(quote(simple({ markupBp: 0 })))).toMatchObject({ markupBp: 0, markup: 0, taxableAmount: 6_600_00, gst: 330_00, total: 6_930_00 })
		expect(totals(quote(simple({ markupBp: 1 })))).toMatchObject({ markup: 66 }) // 0.01% of ₹6,600 = 66 paise
	})

	test('amount discount after markup, before GST', () => {
		expect(totals(quote(simple({ discount: { kind: 'amount', amount: 1_000_00 } })))).toMatchObject({
			subtotal: 6_600_00,
			markup: 660_00,
			discount: 1_000_00,
			taxableAmount: 6_260_00,
			gst: 313_00,
			total: 6_573_00,
		})
	})

	test('percent discount is on subtotal + markup, rounded half up', () => {
		// 3.33% of 7,26,000 paise = 24175.8 → 24176
		expect(totals(quote(simple({ discount: { kind: 'percent', bp: 333 } })))).toMatchObject({
			discount: 241_76,
			taxableAmount: 7_018_24,
			gst: 350_91,
			total: 7_369_15,
		})
	})

	test('a discount never takes the total below zero', () => {
		const q = quote(simple({ discount: { kind: 'amount', amount: 10_000_00 } }))
		expect(totals(q)).toMatchObject({ discount: 7_260_00, taxableAmount: 0, gst: 0, total: 0, perPerson: 0, margin: -5_280_00 })
		expect(q.problems.map((p) => p.code)).toEqual(['DISCOUNT_CAPPED', 'NEGATIVE_MARGIN'])
		expect(totals(quote(simple({ discount: { kind: 'percent', bp: 10_000 } })))).toMatchObject({ discount: 7_260_00, total: 0 })
	})

	test('GST is on the taxable amount, from settings (default 5%)', () => {
		const { gstBp: _gst, ...withoutGst } = FIXTURE_SETTINGS
		expect(totals(quote(simple(), withoutGst))).toMatchObject({ gstBp: 500, gst: 363_00 })
		expect(totals(quote(simple(), { ...FIXTURE_SETTINGS, gstBp: 1800 }))).toMatchObject({ gstBp: 1800, gst: 1_306_80, total: 8_566_80 })
		expect(totals(quote(simple(), { ...FIXTURE_SETTINGS, gstBp: 0 }))).toMatchObject({ gst: 0, total: 7_260_00 })
	})

	test('per person divides by adults + children, not infants', () => {
		const q = quote(simple({ party: { adults: 2, childAges: [0, 4], infants: 0, rooms: 1 } }))
		expect(q.payingTravellers).toBe(3)
		expect(q.perPerson).toBe(divideRoundHalfUp(q.total, 3))
	})
})

// ─── Failure cases ──────────────────────────────────────────────────────────

describe('problems', () => {
	test('DATE_IN_PAST: today is an input; starting today is fine', () => {
		expect(codes(simple({ startDate: '2026-05-31' }))).toEqual(['DATE_IN_PAST'])
		expect(run(simple({ startDate: '2026-06-01', stays: [{ island: 'port-blair', nights: 1, tier: 'standard' }] })).ok).toBe(true)
	})

	test('NO_SEASON_FOR_DATE for each uncovered night', () => {
		const problems = failure(simple({ startDate: '2027-09-29', stays: [{ island: 'port-blair', nights: 3, tier: 'standard' }] }))
		expect(problems.map((p) => [p.code, p.date])).toEqual([['NO_SEASON_FOR_DATE', '2027-10-01']])
	})

	test('NO_RATE_FOR_NIGHT names the date and hotel', () => {
		const problems = failure(simple({ startDate: '2026-12-19', stays: [{ island: 'baratang', nights: 2, hotelId: 'bt-forest-lodge' }] }))
		expect(problems).toMatchObject([
			{ code: 'NO_RATE_FOR_NIGHT', hotelId: 'bt-forest-lodge', roomTypeId: 'standard', mealPlan: 'CP', date: '2026-12-20', season: 'peak' },
		])
		expect(codes(simple({ stays: [{ island: 'baratang', nights: 1, hotelId: 'bt-forest-lodge', mealPlan: 'MAP' }] }))).toEqual(['NO_RATE_FOR_NIGHT'])
	})

	test('NO_HOTEL_FOR_TIER names island and tier', () => {
		expect(failure(simple({ stays: [{ island: 'havelock', nights: 1, tier: 'luxury' }] }))).toMatchObject([
			{ code: 'NO_HOTEL_FOR_TIER', island: 'havelock', tier: 'luxury' },
		])
		// The only Baratang hotel has no peak rate
		expect(failure(simple({ startDate: '2026-12-24', stays: [{ island: 'baratang', nights: 1, tier: 'standard' }] }))).toMatchObject([
			{ code: 'NO_HOTEL_FOR_TIER', island: 'baratang', tier: 'standard' },
		])
		expect(codes(simple({ stays: [{ island: 'rangat', nights: 1, tier: 'standard' }] }))).toEqual(['NO_HOTEL_FOR_TIER'])
	})

	test('named hotel problems', () => {
		expect(codes(simple({ stays: [{ island: 'port-blair', nights: 1, hotelId: 'nope' }] }))).toEqual(['UNKNOWN_HOTEL'])
		expect(codes(simple({ stays: [{ island: 'port-blair', nights: 1, hotelId: 'pb-old-harbour' }] }))).toEqual(['HOTEL_INACTIVE'])
		expect(codes(simple({ stays: [{ island: 'port-blair', nights: 1, hotelId: 'hl-palm-grove' }] }))).toEqual(['HOTEL_NOT_ON_ISLAND'])
		expect(codes(simple({ stays: [{ island: 'port-blair', nights: 1, hotelId: 'pb-sea-breeze', roomTypeId: 'penthouse' }] }))).toEqual(['UNKNOWN_ROOM_TYPE'])
	})

	test('INVALID_INPUT for malformed trips, never a throw', () => {
		const bad: unknown[] = [
			null,
			42,
			{},
			simple({ startDate: '2026-02-30' }),
			simple({ party: { adults: 0, childAges: [], infants: 0, rooms: 1 } }),
			simple({ party: { adults: 2, childAges: [18], infants: 0, rooms: 1 } }),
			simple({ party: { adults: 2, childAges: [], infants: 0, rooms: 3 } }),
			simple({ party: { adults: 2.5, childAges: [], infants: 0, rooms: 1 } }),
			simple({ stays: [] }),
			simple({ stays: [{ island: 'port-blair', nights: 0, tier: 'standard' }] }),
			simple({ stays: [{ island: 'atlantis' as never, nights: 1, tier: 'standard' }] }),
			simple({ stays: [{ island: 'port-blair', nights: 1, tier: 'standard', hotelId: 'pb-coral-bay' } as never] }),
			simple({ stays: [{ island: 'port-blair', nights: 1 } as never] }),
			simple({ transfers: 'helicopter' as never }),
			simple({ activities: [{ activity: 'snorkelling', island: 'port-blair' }] }),
			simple({ activities: [{ activity: 'snorkelling', island: 'port-blair', dayIndex: 0, adults: 3 }] }),
			simple({ discount: { kind: 'percent', bp: 10_001 } }),
			simple({ discount: { kind: 'amount', amount: -1 } }),
			simple({ discount: { kind: 'free' } as never }),
			simple({ markupBp: 12.5 }),
			simple({ ferry: { operator: 'titanic' as never } }),
			simple({ extras: [{ description: 'x', unit: { sell: 1.5, cost: 0 } }] }),
			simple({ stays: Array.from({ length: 3 }, () => ({ island: 'port-blair' as const, nights: 40, tier: 'standard' as const })) }),
		]
		for (const trip of bad) {
			const problems = failure(trip)
			expect(problems.length).toBeGreaterThan(0)
			expect(problems.every((p) => p.code === 'INVALID_INPUT' && p.severity === 'error')).toBe(true)
		}
		expect(failure(simple(), FIXTURE_SETTINGS, '1/6/2026')).toMatchObject([{ code: 'INVALID_INPUT', field: 'today' }])
	})

	test('INVALID_SETTINGS', () => {
		expect(codes(simple(), null)).toEqual(['INVALID_SETTINGS'])
		expect(codes(simple(), { ...FIXTURE_SETTINGS, markupBp: -1 })).toEqual(['INVALID_SETTINGS'])
		expect(codes(simple(), { ...FIXTURE_SETTINGS, gstBp: 0.05 })).toEqual(['INVALID_SETTINGS'])
		expect(codes(simple(), { ...FIXTURE_SETTINGS, ageBands: { infantMaxAge: 5, childMaxAge: 2 } })).toEqual(['INVALID_SETTINGS'])
		expect(codes(simple(), { ...FIXTURE_SETTINGS, seasons: [] })).toEqual(['INVALID_SETTINGS'])
	})
})

// ─── Rate book ──────────────────────────────────────────────────────────────

describe('createRateBook', () => {
	test('the fixture tables are clean', () => {
		expect(FIXTURE_BOOK.issues).toEqual([])
		expect(FIXTURE_BOOK.hotels.size).toBe(FIXTURE_TABLES.hotels.length)
		expect(FIXTURE_BOOK.hotelRates.size).toBe(FIXTURE_TABLES.hotelRates.length)
	})

	test('missing tables give an empty rate book, and pricing reports problems instead of throwing', () => {
		const empty = createRateBook(null as never)
		expect(empty.issues).toHaveLength(1)
		expect(createRateBook({} as never).issues).toEqual([])
		expect(run(simple(), FIXTURE_SETTINGS, empty)).toMatchObject({ ok: false, problems: [{ code: 'NO_HOTEL_FOR_TIER' }] })
	})

	test('invalid rows are skipped and duplicates ignored (first wins), with issues', () => {
		const first = FIXTURE_TABLES.hotelRates[0]!
		const book = createRateBook({
			...FIXTURE_TABLES,
			hotels: [...FIXTURE_TABLES.hotels, { ...FIXTURE_TABLES.hotels[0]!, name: 'Copy' }],
			hotelRates: [
				...FIXTURE_TABLES.hotelRates,
				{ ...first, double: { sell: 1, cost: 1 } },
				{ ...first, hotelId: 'ghost' },
				{ ...first, mealPlan: 'XX' as never },
				{ ...first, season: 'other', double: { sell: -5, cost: 0 } },
			],
			ferryFares: [...FIXTURE_TABLES.ferryFares, { ...FIXTURE_TABLES.ferryFares[0]!, to: 'port-blair' }],
			transferRates: [...FIXTURE_TABLES.transferRates, { ...FIXTURE_TABLES.transferRates[0]!, vehicle: 'bus' as never }],
			activityPrices: [...FIXTURE_TABLES.activityPrices, { ...FIXTURE_TABLES.activityPrices[0]! }],
		})
		expect(book.issues.map((i) => i.code)).toEqual([
			'DUPLICATE_RATE',
			'DUPLICATE_RATE',
			'INVALID_RATE_ROW',
			'INVALID_RATE_ROW',
			'INVALID_RATE_ROW',
			'INVALID_RATE_ROW',
			'DUPLICATE_RATE',
			'INVALID_RATE_ROW',
		])
		expect(book.hotels.get(first.hotelId)?.hotel.name).not.toBe('Copy')
		expect(book.hotelRates.get(`${first.hotelId}|${first.roomTypeId}|${first.mealPlan}|${first.season}`)).toBe(first)
	})
})

// ─── Purity ─────────────────────────────────────────────────

// Speed is measured in bench/ (npm run bench), never in unit tests.
describe('purity', () => {
	test('same input, same output; inputs are not mutated', () => {
		const before = JSON.stringify([tenNights, FIXTURE_SETTINGS])
		const a = run(tenNights)
		const b = run(tenNights)
		expect(a).toEqual(b)
		expect(JSON.stringify([tenNights, FIXTURE_SETTINGS])).toBe(before)
		expect(a.ok && a.nights).toBe(10)
	})
})
