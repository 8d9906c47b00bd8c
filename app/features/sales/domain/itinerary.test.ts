import { describe, expect, test } from 'vitest'
import type { DayTemplate } from './day-template.ts'
import {
	appendDays,
	blankDay,
	dayDate,
	dayFromTemplate,
	itineraryTrip,
	moveDay,
	newPlan,
	parseItineraryForm,
	planNights,
	planStays,
	removeDay,
	type ItineraryPlan,
} from './itinerary.ts'

const template = (id: string, island: DayTemplate['island'], title: string): DayTemplate => ({
	priced: [],
	id: id.padEnd(20, 'x'),
	island,
	title,
	description: `${title}, described.`,
	activities: ['Cellular Jail light and sound show'],
	transfers: ['Airport to hotel'],
	ferry: null,
	meals: ['breakfast'],
	tags: [],
	position: 1,
	active: true,
	archived: false,
	updatedAt: '2026-11-01T00:00:00.000Z',
})

function planWith(...titles: Array<[string, DayTemplate['island']]>): ItineraryPlan {
	const plan = newPlan('2026-11-22')
	return appendDays(
		plan,
		titles.map(([title, island], index) => dayFromTemplate(template(`t${index}`, island, title), `k${index}`)),
	)
}

describe('days', () => {
	test('a template is copied: changing the copy never changes the template', () => {
		const source = template('a', 'havelock', 'Radhanagar beach')
		const day = dayFromTemplate(source)
		day.activities.push('Sunset')
		expect(source.activities).toEqual(['Cellular Jail light and sound show'])
		expect(day.templateId).toBe(source.id)
	})

	test('every day but the last has a night; adding, removing and moving keep that true', () => {
		let plan = planWith(['Arrival', 'port-blair'], ['Havelock', 'havelock'], ['Departure', 'port-blair'])
		expect(plan.days.map((day) => day.stay !== null)).toEqual([true, true, false])
		plan = appendDays(plan, [blankDay('neil', 'k9')])
		expect(plan.days.map((day) => day.stay !== null)).toEqual([true, true, true, false])
		plan = moveDay(plan, 3, 'up')
		expect(plan.days.map((day) => day.key)).toEqual(['k0', 'k1', 'k9', 'k2'])
		expect(plan.days.at(-1)!.stay).toBeNull()
		plan = removeDay(plan, 3)
		expect(plan.days.map((day) => day.key)).toEqual(['k0', 'k1', 'k9'])
		expect(plan.days.at(-1)!.stay).toBeNull()
		expect(moveDay(plan, 0, 'up')).toBe(plan)
		expect(removeDay(plan, 7)).toBe(plan)
	})

	test('dates follow the start date', () => {
		expect(dayDate('2026-12-30', 0)).toBe('2026-12-30')
		expect(dayDate('2026-12-30', 3)).toBe('2027-01-02')
	})

	test('day trips (Ross, North Bay) sleep in Port Blair', () => {
		expect(dayFromTemplate(template('r', 'ross', 'Ross Island')).stay?.island).toBe('port-blair')
	})
})

describe('the engine trip', () => {
	test('consecutive nights in the same hotel are one stay; activities land on their day', () => {
		const plan = planWith(['Arrival', 'port-blair'], ['Havelock', 'havelock'], ['Elephant beach', 'havelock'], ['Departure', 'port-blair'])
		plan.days[2]!.priced = ['snorkeling@elephant-beach']
		plan.markupPercent = 12.5
		plan.discount = 250000
		expect(planNights(plan)).toBe(3)
		expect(planStays(plan)).toEqual([
			{ island: 'port-blair', nights: 1, tier: 'deluxe', mealPlan: 'CP' },
			{ island: 'havelock', nights: 2, tier: 'deluxe', mealPlan: 'CP' },
		])
		const { trip, errors } = itineraryTrip(plan)
		expect(errors).toEqual({})
		expect(trip.activities).toEqual([
			{
				activity: 'snorkeling@elephant-beach',
				island: 'havelock',
				dayIndex: 2,
			},
		])
		expect(trip.markupBp).toBe(1250)
		expect(trip.discount).toEqual({ kind: 'amount', amount: 250000 })
	})

	test('a named hotel with a room type is its own stay', () => {
		const plan = planWith(['Arrival', 'port-blair'], ['Day two', 'port-blair'], ['Departure', 'port-blair'])
		plan.days[1]!.stay = {
			island: 'port-blair',
			hotel: 'hotel1',
			roomTypeId: 'room1',
			mealPlan: 'MAP',
		}
		expect(planStays(plan)).toEqual([
			{ island: 'port-blair', nights: 1, tier: 'deluxe', mealPlan: 'CP' },
			{
				island: 'port-blair',
				nights: 1,
				hotelId: 'hotel1',
				roomTypeId: 'room1',
				mealPlan: 'MAP',
			},
		])
	})

	test('one day cannot be priced', () => {
		expect(itineraryTrip(planWith(['Arrival', 'port-blair'])).errors.days).toMatch(/at least two days/)
	})
})

describe('the editor form', () => {
	const good = {
		title: 'Havelock escape',
		startDate: '2026-12-20',
		adults: '2',
		childAges: '5, 9',
		infants: '0',
		rooms: '1',
		transfers: 'airport-and-jetty',
		markupPercent: '',
		discount: '2,500',
		inclusions: 'Hotels\nFerries',
		exclusions: 'Flights',
		dayCount: '2',
		d0_key: 'abc',
		d0_island: 'port-blair',
		d0_title: 'Arrival',
		d0_description: 'Arrive and rest.',
		d0_meals: ['breakfast', 'dinner'],
		d0_hotel: 'tier:premium',
		d0_mealPlan: 'MAP',
		d1_key: 'def',
		d1_island: 'port-blair',
		d1_title: 'Departure',
	}

	test('reads a good form', () => {
		const { plan, errors } = parseItineraryForm(good)
		expect(errors).toEqual({})
		expect(plan.childAges).toEqual([5, 9])
		expect(plan.discount).toBe(250000)
		expect(plan.markupPercent).toBeNull()
		expect(plan.days[0]).toMatchObject({
			key: 'abc',
			meals: ['breakfast', 'dinner'],
			stay: {
				island: 'port-blair',
				hotel: 'tier:premium',
				mealPlan: 'MAP',
				roomTypeId: null,
			},
		})
		expect(plan.days[1]!.stay).toBeNull()
	})

	test('every bad field says what to do', () => {
		const { errors } = parseItineraryForm({
			...good,
			title: 'x',
			startDate: '2026-13-01',
			adults: '0',
			rooms: '9',
			childAges: 'five',
			markupPercent: '-3',
			discount: 'lots',
			d0_title: '',
			d0_island: 'atlantis',
			d0_ferryFrom: 'havelock',
			d0_hotel: 'tier:palace',
			d0_mealPlan: 'XX',
			d0_priced: 'not an id',
		})
		for (const field of [
			'title',
			'startDate',
			'adults',
			'childAges',
			'markupPercent',
			'discount',
			'd0_title',
			'd0_island',
			'd0_ferryTo',
			'd0_hotel',
			'd0_mealPlan',
			'd0_priced',
		]) {
			expect(errors[field], field).toMatch(/\.$/)
		}
		expect(parseItineraryForm({ ...good, adults: '1', rooms: '2' }).errors.rooms).toMatch(/no more rooms than adults/)
		expect(parseItineraryForm({ ...good, dayCount: '99' }).errors.days).toMatch(/at most/)
	})
})
