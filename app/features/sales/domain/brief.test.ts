import { describe, expect, test } from 'vitest'
import { builderSearchParams, parseBuilderParams } from '~/features/rates/domain/builder.ts'
import { briefFromBuilder, briefFromLead, planFromBrief, staysFromIslands, type TripBrief } from './brief.ts'
import type { DayTemplate, FerryLeg } from './day-template.ts'
import { itineraryTrip, planStays } from './itinerary.ts'

const today = '2026-11-24'
let n = 0
const template = (island: DayTemplate['island'], title: string, extra: Partial<DayTemplate> = {}): DayTemplate => ({
	id: `t${++n}`.padEnd(20, 'x'),
	island,
	title,
	description: `${title}.`,
	activities: [],
	priced: [],
	transfers: [],
	ferry: null,
	meals: ['breakfast', 'dinner'],
	tags: [],
	position: n,
	active: true,
	archived: false,
	updatedAt: '2026-11-01T00:00:00.000Z',
	...extra,
})
const leg = (from: FerryLeg['from'], to: FerryLeg['to']) => ({ ferry: { from, to } })

const templates: DayTemplate[] = [
	template('port-blair', 'Arrival in Port Blair', { tags: ['arrival'] }),
	template('port-blair', 'Ross Island and North Bay'),
	template('port-blair', 'North Bay sea walk', { priced: ['sea-walking@north-bay'] }),
	template('port-blair', 'Departure from Port Blair', { tags: ['departure'], meals: ['breakfast'] }),
	template('havelock', 'Ferry to Havelock', leg('port-blair', 'havelock')),
	template('havelock', 'Elephant Beach snorkelling', { priced: ['snorkeling@havelock'] }),
	template('havelock', 'Scuba at Havelock', { priced: ['scuba-diving@havelock'] }),
	template('havelock', 'Kalapathar beach'),
	template('neil', 'Ferry Havelock to Neil', leg('havelock', 'neil')),
	template('neil', 'Neil beaches'),
	template('neil', 'Ferry Neil to Port Blair', leg('neil', 'port-blair')),
	template('havelock', 'Ferry Havelock to Port Blair', leg('havelock', 'port-blair')),
	template('havelock', 'Archived day', { archived: true }),
]

const brief = (stays: TripBrief['stays'], extra: Partial<TripBrief> = {}): TripBrief => ({
	name: 'Asha Rao',
	start: '2027-01-10',
	stays,
	tier: 'premium',
	mealPlan: 'CP',
	adults: 2,
	childAges: [8],
	infants: 0,
	rooms: 1,
	activities: [],
	ferryOperator: 'makruzz',
	ferryClass: 'premium',
	transfers: 'daily-cab',
	...extra,
})

const nightsOf = (days: Array<{ stay: { island: string } | null }>) => days.map((day) => day.stay?.island ?? 'flight')

describe('the builder example: Port Blair 2 · Havelock 2 · Neil 1 · Port Blair 1 with scuba', () => {
	const { plan, notes } = planFromBrief(
		brief(
			[
				{ island: 'port-blair', nights: 2 },
				{ island: 'havelock', nights: 2 },
				{ island: 'neil', nights: 1 },
				{ island: 'port-blair', nights: 1 },
			],
			{ activities: ['scuba-diving@havelock'] },
		),
		templates,
		today,
	)

	test('keeps the islands in order with their nights, and the departure day last', () => {
		expect(nightsOf(plan.days)).toEqual(['port-blair', 'port-blair', 'havelock', 'havelock', 'neil', 'port-blair', 'flight'])
		expect(planStays(plan).map((stay) => [stay.island, stay.nights])).toEqual([
			['port-blair', 2],
			['havelock', 2],
			['neil', 1],
			['port-blair', 1],
		])
		expect(notes).toEqual([])
	})

	test('ferries on the first day of each island, Neil → Port Blair before the last night, none on the flight day', () => {
		expect(plan.days.map((day) => (day.ferry ? `${day.ferry.from}>${day.ferry.to}` : ''))).toEqual([
			'',
			'',
			'port-blair>havelock',
			'',
			'havelock>neil',
			'neil>port-blair',
			'',
		])
		expect(plan.days.at(-1)!.ferry).toBeNull()
	})

	test('picks matching templates per island, scuba on a Havelock day', () => {
		expect(plan.days.map((day) => day.title)).toEqual([
			'Arrival in Port Blair',
			'Ross Island and North Bay',
			'Ferry to Havelock',
			'Scuba at Havelock',
			'Ferry Havelock to Neil',
			'Ferry Neil to Port Blair',
			'Departure from Port Blair',
		])
		expect(plan.days.flatMap((day, index) => day.priced.map((id) => `${index}:${id}`))).toEqual(['3:scuba-diving@havelock'])
	})

	test('keeps the tier, meal plan, party, ferry class and transfers', () => {
		expect(plan.days.slice(0, -1).every((day) => day.stay?.hotel === 'tier:premium' && day.stay.mealPlan === 'CP')).toBe(true)
		expect(plan).toMatchObject({
			title: 'Andaman trip for Asha Rao',
			startDate: '2027-01-10',
			adults: 2,
			childAges: [8],
			infants: 0,
			rooms: 1,
			ferryOperator: 'makruzz',
			ferryClass: 'premium',
			transfers: 'daily-cab',
		})
		expect(itineraryTrip(plan).errors).toEqual({})
		expect(itineraryTrip(plan).trip.activities).toEqual([{ activity: 'scuba-diving@havelock', island: 'havelock', dayIndex: 3 }])
	})

	test('the meals shown are the meal plan’s: breakfast after each night, no dinner on a breakfast-only stay', () => {
		expect(plan.days.map((day) => day.meals)).toEqual([[], ['breakfast'], ['breakfast'], ['breakfast'], ['breakfast'], ['breakfast'], ['breakfast']])
	})
})

describe('other briefs', () => {
	test('a single island: arrival, sightseeing, departure, every night in Port Blair', () => {
		const { plan } = planFromBrief(brief([{ island: 'port-blair', nights: 2 }]), templates, today)
		expect(nightsOf(plan.days)).toEqual(['port-blair', 'port-blair', 'flight'])
		expect(plan.days.map((day) => day.title)).toEqual(['Arrival in Port Blair', 'Ross Island and North Bay', 'Departure from Port Blair'])
		expect(plan.days.every((day) => day.ferry === null)).toBe(true)
	})

	test('a revisit crosses the same way twice; days never repeat a sightseeing template; free days fill the rest', () => {
		const { plan } = planFromBrief(
			brief([
				{ island: 'port-blair', nights: 1 },
				{ island: 'havelock', nights: 1 },
				{ island: 'port-blair', nights: 1 },
				{ island: 'havelock', nights: 3 },
				{ island: 'port-blair', nights: 1 },
			]),
			templates,
			today,
		)
		expect(nightsOf(plan.days)).toEqual(['port-blair', 'havelock', 'port-blair', 'havelock', 'havelock', 'havelock', 'port-blair', 'flight'])
		expect(plan.days.filter((day) => day.ferry?.from === 'port-blair' && day.ferry.to === 'havelock')).toHaveLength(2)
		const titles = plan.days.map((day) => day.title)
		expect(titles[4]).toBe('Kalapathar beach')
		// Snorkelling and scuba were not asked for: their days are not picked, a free day is.
		expect(titles[5]).toBe('A day at leisure in Havelock')
		expect(plan.days.every((day) => day.priced.length === 0)).toBe(true)
	})

	test('a brief that ends on Neil gets a night in Port Blair before the flight, and says so', () => {
		const { plan, notes } = planFromBrief(
			brief([
				{ island: 'havelock', nights: 2 },
				{ island: 'neil', nights: 1 },
			]),
			templates,
			today,
		)
		expect(nightsOf(plan.days)).toEqual(['havelock', 'havelock', 'neil', 'port-blair', 'flight'])
		expect(plan.days[0]!.ferry).toEqual({ from: 'port-blair', to: 'havelock' })
		expect(plan.days.at(-1)!.ferry).toBeNull()
		expect(notes.join(' ')).toContain('a night in Port Blair was added')
	})

	test('zero nights: no days, and a note to add them by hand', () => {
		const { plan, notes } = planFromBrief(brief([{ island: 'havelock', nights: 0 }]), templates, today)
		expect(plan.days).toEqual([])
		expect(notes).toEqual(['The brief has no nights to plan: add the days by hand.'])
	})

	test('activities land on a day on the island where they are offered; one for an island not visited is left out with a note', () => {
		const { plan, notes } = planFromBrief(
			brief(
				[
					{ island: 'port-blair', nights: 2 },
					{ island: 'havelock', nights: 1 },
					{ island: 'port-blair', nights: 1 },
				],
				{ activities: ['sea-walking@north-bay', 'snorkeling@havelock', 'scuba-diving@neil'] },
			),
			templates,
			today,
		)
		const priced = plan.days.flatMap((day, index) => day.priced.map((id) => `${index}:${id}`))
		// Sea walk on the Port Blair sightseeing day that includes it; one night on Havelock: snorkelling on the day of arrival there.
		expect(priced).toEqual(['1:sea-walking@north-bay', '2:snorkeling@havelock'])
		expect(plan.days[1]!.title).toBe('North Bay sea walk')
		// A day that did not name the activity now says it is included.
		expect(plan.days[2]!.activities).toEqual(['Snorkeling (Havelock), included'])
		expect(notes).toEqual(['Scuba diving (Neil) was asked for, but the trip has no night on Neil: it is not in the plan.'])
	})

	test('a past arrival date moves to a future one and says so; archived and inactive templates are never used', () => {
		const { plan, notes } = planFromBrief(
			brief(
				[
					{ island: 'havelock', nights: 4 },
					{ island: 'port-blair', nights: 1 },
				],
				{ start: '2026-01-01' },
			),
			templates,
			today,
		)
		expect(plan.startDate > today).toBe(true)
		expect(notes[0]).toContain('has passed')
		expect(plan.days.some((day) => day.title === 'Archived day')).toBe(false)
	})

	test('the builder snapshot round-trips into a brief unchanged', () => {
		const params = new URLSearchParams(
			'start=2027-01-10&island1=port-blair&nights1=2&island2=havelock&nights2=2&island3=neil&nights3=1&island4=port-blair&nights4=1&tier=luxury&meal=MAP&adults=3&childAges=5&rooms=2&activity=scuba-diving%40havelock&ferry=nautika&ferryClass=royal&transfers=daily-cab',
		)
		const { config, errors } = parseBuilderParams(params, today)
		expect(errors).toEqual({})
		expect(builderSearchParams(config).get('island4')).toBe('port-blair')
		expect(briefFromBuilder(config, 'Asha')).toEqual({
			name: 'Asha',
			start: '2027-01-10',
			stays: [
				{ island: 'port-blair', nights: 2 },
				{ island: 'havelock', nights: 2 },
				{ island: 'neil', nights: 1 },
				{ island: 'port-blair', nights: 1 },
			],
			tier: 'luxury',
			mealPlan: 'MAP',
			adults: 3,
			childAges: [5],
			infants: 0,
			rooms: 2,
			activities: ['scuba-diving@havelock'],
			ferryOperator: 'nautika',
			ferryClass: 'royal',
			transfers: 'daily-cab',
		})
	})
})

test('a hotel the traveller chose in the builder is the hotel of those nights in the itinerary; the other nights keep the category', () => {
	const params = new URLSearchParams(
		'start=2027-01-10&island1=port-blair&nights1=1&island2=havelock&nights2=2&hotel2=h-radhanagar&island3=port-blair&nights3=1&tier=premium&meal=CP&adults=2&rooms=1&transfers=airport-and-jetty',
	)
	const brief = briefFromBuilder(parseBuilderParams(params, today).config)
	expect(brief.stays[1]).toEqual({ island: 'havelock', nights: 2, hotel: 'h-radhanagar' })
	const { plan } = planFromBrief(brief, templates, today)
	expect(plan.days.map((day) => day.stay?.hotel ?? null)).toEqual(['tier:premium', 'h-radhanagar', 'h-radhanagar', 'tier:premium', null])
	expect(itineraryTrip(plan).trip.stays).toContainEqual(expect.objectContaining({ island: 'havelock', nights: 2, hotelId: 'h-radhanagar' }))
})

describe('a brief from a lead’s islands and nights', () => {
	test('Port Blair first, the islands in order, the last night back in Port Blair', () => {
		expect(staysFromIslands(5, ['havelock', 'neil'])).toEqual([
			{ island: 'port-blair', nights: 1 },
			{ island: 'havelock', nights: 2 },
			{ island: 'neil', nights: 1 },
			{ island: 'port-blair', nights: 1 },
		])
		expect(staysFromIslands(3, ['port-blair', 'havelock', 'neil'])).toEqual([
			{ island: 'havelock', nights: 1 },
			{ island: 'neil', nights: 1 },
			{ island: 'port-blair', nights: 1 },
		])
		expect(staysFromIslands(2, ['havelock', 'neil'])).toEqual([
			{ island: 'havelock', nights: 1 },
			{ island: 'port-blair', nights: 1 },
		])
		expect(staysFromIslands(3, [])).toEqual([{ island: 'port-blair', nights: 3 }])
		expect(staysFromIslands(0, ['havelock'])).toEqual([])
	})

	test('every night is kept and the trip never ends away from Port Blair', () => {
		for (let nights = 1; nights <= 14; nights++)
			for (const islands of [[], ['havelock'], ['neil', 'havelock'], ['havelock', 'neil', 'baratang']]) {
				const stays = staysFromIslands(nights, islands)
				expect(stays.reduce((sum, stay) => sum + stay.nights, 0)).toBe(nights)
				expect(stays.at(-1)!.island).toBe('port-blair')
				expect(stays.every((stay) => stay.nights >= 1)).toBe(true)
			}
	})

	test('only engine activity ids among the interests are kept; an unknown tier becomes deluxe', () => {
		const lead = briefFromLead({
			name: 'Ravi',
			travelStart: '2027-02-01',
			nights: 4,
			islands: ['havelock'],
			interests: ['ferry', 'scuba-diving@havelock'],
			adults: 2,
			childAges: [],
			infants: 0,
			tier: 'castle',
		})
		expect(lead).toMatchObject({
			tier: 'deluxe',
			activities: ['scuba-diving@havelock'],
			stays: [
				{ island: 'port-blair', nights: 1 },
				{ island: 'havelock', nights: 2 },
				{ island: 'port-blair', nights: 1 },
			],
		})
	})
})

test('a crossing or arrival template that prices an activity the traveller did not ask for is not used', () => {
	const pricey = [template('havelock', 'Ferry to Havelock with a jet ski', { ...leg('port-blair', 'havelock'), priced: ['jet-ski@havelock'] }), ...templates]
	const { plan } = planFromBrief(
		brief([
			{ island: 'port-blair', nights: 1 },
			{ island: 'havelock', nights: 1 },
			{ island: 'port-blair', nights: 1 },
		]),
		pricey,
		today,
	)
	expect(plan.days[1]!.title).toBe('Ferry to Havelock')
	expect(plan.days.every((day) => day.priced.length === 0)).toBe(true)
})
