import { describe, expect, test } from 'vitest'
import { FIXTURE_BOOK, FIXTURE_SETTINGS, FIXTURE_TODAY, TEN_NIGHT_TRIP } from '#tests/support/pricing-fixtures.ts'
import { priceTrip } from './pricing/engine.ts'
import type { ActivityPrice } from './pricing/types.ts'
import {
	activityPriceForGroup,
	ageLimitProblem,
	builderDayPlan,
	differenceText,
	type HotelCandidate,
	hotelAlternatives,
	hotelArea,
	tripTotal,
} from './builder-choices.ts'
import { activityDayIndex, builderSearchParams, builderTrip, defaultBuilderConfig, hotelOfferKey, parseBuilderParams } from './builder.ts'

const today = '2026-06-01'
const free = { status: 'available', note: null } as const
const candidate = (hotelId: string, tier: HotelCandidate['tier'], total: number, availability: HotelCandidate['availability'] = free): HotelCandidate => ({
	hotelId,
	tier,
	total,
	availability,
})

describe('hotel alternatives', () => {
	const chosen = { hotelId: 'radhanagar', tier: 'deluxe' as const, total: 100_000_00 }

	test('the same category first, then the nearest, then the nearest in price; at most three, cheapest first, never the chosen hotel', () => {
		const alternatives = hotelAlternatives(chosen, [
			candidate('radhanagar', 'deluxe', 100_000_00),
			candidate('luxury-far', 'luxury', 160_000_00),
			candidate('standard-a', 'standard', 92_000_00),
			candidate('premium-a', 'premium', 112_000_00),
			candidate('deluxe-b', 'deluxe', 103_200_00),
		])
		expect(alternatives.map((hotel) => [hotel.hotelId, hotel.difference])).toEqual([
			['standard-a', -8_000_00],
			['deluxe-b', 3_200_00],
			['premium-a', 12_000_00],
		])
		expect(alternatives.every((hotel) => hotel.selectable)).toBe(true)
	})

	test('a sold-out hotel is shown (not selectable) only when too few others can take the stay; on request is selectable', () => {
		const soldOut = { status: 'unavailable', note: 'No rooms left on 12 Jan 2027.' } as const
		const onRequest = { status: 'on-request', note: 'On request: we confirm with the hotel within a day.' } as const
		const few = hotelAlternatives(chosen, [candidate('deluxe-b', 'deluxe', 101_000_00, soldOut), candidate('standard-a', 'standard', 90_000_00, onRequest)])
		expect(few.map((hotel) => [hotel.hotelId, hotel.selectable])).toEqual([
			['standard-a', true],
			['deluxe-b', false],
		])
		const many = hotelAlternatives(chosen, [
			candidate('deluxe-b', 'deluxe', 101_000_00, soldOut),
			candidate('s1', 'standard', 90_000_00),
			candidate('s2', 'standard', 91_000_00),
			candidate('p1', 'premium', 120_000_00),
		])
		expect(many.map((hotel) => hotel.hotelId)).toEqual(['s1', 's2', 'p1'])
	})

	test('differences and areas read as a traveller reads them', () => {
		expect(differenceText(3_200_00)).toBe('+₹3,200')
		expect(differenceText(-1_100_00)).toBe('−₹1,100')
		expect(differenceText(0)).toBe('Same price')
		expect(differenceText(12_345_50)).toBe('+₹12,345.50')
		expect(hotelArea('Radhanagar Road, Swaraj Dweep 744211')).toBe('Radhanagar Road')
		expect(hotelArea('Beach No. 3, Govind Nagar, Swaraj Dweep 744211')).toBe('Beach No. 3')
		expect(hotelArea('Swaraj Dweep 744211')).toBe('Swaraj Dweep')
		expect(hotelArea(null)).toBeNull()
		expect(hotelArea(' ')).toBeNull()
	})
})

describe('prices as the traveller pays them', () => {
	test('tripTotal is the engine’s total for a subtotal (markup then GST, each rounded half up)', () => {
		const quote = priceTrip(FIXTURE_BOOK, FIXTURE_SETTINGS, { ...TEN_NIGHT_TRIP, discount: undefined }, FIXTURE_TODAY)
		expect(quote.ok).toBe(true)
		if (!quote.ok) return
		expect(tripTotal(quote.subtotal, quote.markupBp, quote.gstBp)).toBe(quote.total)
		expect(tripTotal(1_000_01, 1000, 500)).toBe(1_155_01)
	})

	test('an activity per person: adults and children at their prices; per group: whole groups; per person is the group price shared', () => {
		const perPerson: ActivityPrice = {
			activity: 'scuba@havelock',
			island: 'havelock',
			season: 'high',
			unit: 'per_person',
			adult: { sell: 4_000_00, cost: 0 },
			child: { sell: 2_000_00, cost: 0 },
		}
		expect(activityPriceForGroup(perPerson, { adults: 2, children: 1 }, { markupBp: 0, gstBp: 500 })).toEqual({ group: 10_500_00, perPerson: 3_500_00 })
		const perGroup: ActivityPrice = {
			activity: 'boat@neil',
			island: 'neil',
			season: 'high',
			unit: 'per_group',
			groupSize: 4,
			group: { sell: 6_000_00, cost: 0 },
		}
		expect(activityPriceForGroup(perGroup, { adults: 5, children: 0 }, { markupBp: 1000, gstBp: 500 })).toEqual({ group: 13_860_00, perPerson: 2_772_00 })
	})
})

describe('the day plan', () => {
	test('one day per night and the departure day: where the traveller is, the ferries, hotels and activities of each day', () => {
		const trip = { ...TEN_NIGHT_TRIP, transfers: 'none' as const }
		const quote = priceTrip(FIXTURE_BOOK, FIXTURE_SETTINGS, trip, FIXTURE_TODAY)
		if (!quote.ok) throw new Error('not priced')
		const days = builderDayPlan(quote.startDate, quote.nights, quote.lines)
		expect(days).toHaveLength(11)
		expect(days[0]).toMatchObject({ day: 1, date: '2026-12-28', island: 'Port Blair' })
		expect(days[0]!.items[0]).toBe('Arrive at Port Blair airport')
		expect(days[0]!.items.some((item) => item.startsWith('Check in: '))).toBe(true)
		expect(days[2]).toMatchObject({ island: 'Havelock' })
		expect(days[2]!.items[0]).toBe('Ferry Port Blair → Havelock')
		expect(days[10]).toMatchObject({ island: 'Port Blair', date: '2027-01-07' })
		expect(days[10]!.items.at(-1)).toBe('Fly home from Port Blair')
		// A day with nothing planned is a free day where the traveller sleeps.
		expect(days.find((day) => day.items[0]!.startsWith('A free day'))?.items).toEqual([
			`A free day on ${days.find((day) => day.items[0]!.startsWith('A free day'))!.island}`,
		])
	})
})

describe('the builder’s hotel choice in the address', () => {
	const base = defaultBuilderConfig(today)
	const params = (extra: Record<string, string>) => new URLSearchParams({ ...Object.fromEntries(builderSearchParams(base)), ...extra })

	test('hotel<N> names the stay’s hotel; it goes back into the address and the engine’s trip names it', () => {
		const { config, errors } = parseBuilderParams(params({ hotel2: 'h-radhanagar', hotelFor2: hotelOfferKey('havelock', 'deluxe') }), today)
		expect(errors).toEqual({})
		expect(config.stays[1]).toEqual({ island: 'havelock', nights: 2, hotel: 'h-radhanagar' })
		expect(config.stays[0]).toEqual({ island: 'port-blair', nights: 1 })
		expect(builderSearchParams(config).get('hotel2')).toBe('h-radhanagar')
		expect(builderSearchParams(config).has('hotel1')).toBe(false)
		const { trip } = builderTrip(config)
		expect(trip.stays[1]).toEqual({ island: 'havelock', nights: 2, hotelId: 'h-radhanagar', mealPlan: 'CP' })
		expect(trip.stays[0]).toEqual({ island: 'port-blair', nights: 1, tier: 'deluxe', mealPlan: 'CP' })
	})

	test('a choice made for another island or category no longer applies; a link without the marker keeps it; a value that is no hotel id is refused', () => {
		expect(parseBuilderParams(params({ hotel2: 'h-radhanagar', hotelFor2: 'neil:deluxe' }), today).config.stays[1]!.hotel).toBeUndefined()
		expect(parseBuilderParams(params({ hotel2: 'h-radhanagar', hotelFor2: 'havelock:deluxe', tier: 'luxury' }), today).config.stays[1]!.hotel).toBeUndefined()
		expect(parseBuilderParams(params({ hotel2: 'h-radhanagar' }), today).config.stays[1]!.hotel).toBe('h-radhanagar')
		expect(parseBuilderParams(params({ hotel2: '' }), today).config.stays[1]!.hotel).toBeUndefined()
		expect(parseBuilderParams(params({ hotel2: '<script>' }), today).errors.hotel2).toBe('Choose a hotel from the list.')
	})

	test('an activity fits the first full day on its island (the arrival day for one night), none when the trip has no stay there', () => {
		expect(activityDayIndex(base.stays, 'port-blair')).toBe(0)
		expect(activityDayIndex(base.stays, 'havelock')).toBe(2)
		expect(activityDayIndex(base.stays, 'neil')).toBe(3)
		expect(activityDayIndex(base.stays, 'diglipur')).toBeNull()
	})
})

describe('age limits', () => {
	test('an activity with a minimum age does not suit a group with a younger child or an infant; no limit suits everyone', () => {
		expect(ageLimitProblem('Scuba diving at Havelock', 10, { childAges: [12, 6, 8], infants: 0 })).toBe(
			'Scuba diving at Havelock is for ages 10 and over, and your group has a child of 6. Untick it, or ask us to book it for the others.',
		)
		expect(ageLimitProblem('Sea walking at North Bay', 7, { childAges: [], infants: 1 })).toMatch(/has an infant\./)
		expect(ageLimitProblem('Scuba diving at Havelock', 10, { childAges: [10, 11], infants: 0 })).toBeNull()
		expect(ageLimitProblem('Glass bottom boat', null, { childAges: [3], infants: 2 })).toBeNull()
	})
})
