import { expect, test } from 'vitest'
import { FIXTURE_BOOK, FIXTURE_SETTINGS, FIXTURE_TODAY, TEN_NIGHT_TRIP } from '#tests/support/pricing-fixtures.ts'
import { addDays } from '~/lib/dates.ts'
import { priceTrip } from '~/features/rates/domain/pricing/engine.ts'
import { type TripRequest } from '~/features/rates/domain/pricing/types.ts'
import { cheapestMonth, priceCalendar } from './price-calendar.ts'

// The fixtures' own dates (their seasons run June 2026 – September 2027), injected as "today": never the clock's.
const firstDate = addDays(FIXTURE_TODAY, 14)
const { startDate: _unused, ...tenNights } = TEN_NIGHT_TRIP
const twoAdults: Omit<TripRequest, 'startDate'> = {
	party: { adults: 2, childAges: [], infants: 0, rooms: 1 },
	stays: [
		{ island: 'port-blair', nights: 1, tier: 'standard' },
		{ island: 'havelock', nights: 2, tier: 'standard' },
		{ island: 'neil', nights: 1, tier: 'standard' },
	],
	transfers: 'airport-and-jetty',
}

/** Every start of every month priced one by one: what the calendar must agree with. */
function bruteForce(trip: Omit<TripRequest, 'startDate'>, months: number) {
	const result = new Map<string, { startDate: string; perPerson: number }>()
	const end = new Date(Date.UTC(Number(firstDate.slice(0, 4)), Number(firstDate.slice(5, 7)) - 1 + months, 1)).toISOString().slice(0, 10)
	for (let date = firstDate; date < end; date = addDays(date, 1)) {
		const quote = priceTrip(FIXTURE_BOOK, FIXTURE_SETTINGS, { ...trip, startDate: date }, FIXTURE_TODAY)
		const month = date.slice(0, 7)
		const seen = result.get(month)
		if (quote.ok && (!seen || quote.perPerson < seen.perPerson)) result.set(month, { startDate: date, perPerson: quote.perPerson })
	}
	return result
}

test('twelve months from the first bookable date, each its cheapest start: the monsoon is cheaper than Christmas', () => {
	const calendar = priceCalendar(FIXTURE_BOOK, FIXTURE_SETTINGS, twoAdults, firstDate, FIXTURE_TODAY)
	expect(calendar.map((month) => month.month)).toEqual([
		'2026-06',
		'2026-07',
		'2026-08',
		'2026-09',
		'2026-10',
		'2026-11',
		'2026-12',
		'2027-01',
		'2027-02',
		'2027-03',
		'2027-04',
		'2027-05',
	])
	// The first month starts at the first bookable date, not before.
	expect(calendar[0]!.startDate! >= firstDate).toBe(true)
	const july = calendar.find((month) => month.month === '2026-07')!
	const december = calendar.find((month) => month.month === '2026-12')!
	expect(july.perPerson!).toBeLessThan(december.perPerson!)
	// December's cheapest start is before the peak weeks (20 Dec on).
	expect(december.startDate! < '2026-12-20').toBe(true)
	expect(cheapestMonth(calendar)).toMatch(/^2026-0[6-9]$/)
})

test('pricing each season pattern once gives exactly what pricing every start date gives, for a long trip with activities by day', () => {
	for (const trip of [twoAdults, tenNights]) {
		const calendar = priceCalendar(FIXTURE_BOOK, FIXTURE_SETTINGS, trip, firstDate, FIXTURE_TODAY, 14)
		const expected = bruteForce(trip, 14)
		for (const month of calendar) {
			if (month.perPerson === null) expect(expected.has(month.month)).toBe(false)
			else expect({ startDate: month.startDate, perPerson: month.perPerson }).toEqual(expected.get(month.month))
		}
	}
})

test('a month no start of which can be priced says why, in plain words', () => {
	// The fixture seasons end on 30 Sep 2027: October 2027 has no prices; September's last starts run past it.
	const calendar = priceCalendar(FIXTURE_BOOK, FIXTURE_SETTINGS, twoAdults, firstDate, FIXTURE_TODAY, 17)
	const october = calendar.at(-1)!
	expect(october).toMatchObject({ month: '2027-10', startDate: null, perPerson: null })
	expect(october.perPerson === null && october.problem).toBe('No prices yet for this month.')
	const september = calendar.at(-2)!
	expect(september.startDate! < '2027-09-27').toBe(true)
	expect(cheapestMonth([october])).toBeNull()
})
