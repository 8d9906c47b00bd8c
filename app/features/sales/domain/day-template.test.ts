import { describe, expect, test } from 'vitest'
import {
	activitiesWithPriced,
	dayTemplateFormInput,
	dayTemplateSchema,
	type Meal,
	mealPlanMeals,
	pricedActivityLabel,
	tagsColumn,
	tagsFromColumn,
	templateMismatches,
} from './day-template.ts'

const valid = {
	island: 'havelock',
	title: 'Radhanagar beach sunset',
	description: 'Afternoon at Radhanagar (Beach No. 7), one of Asia’s finest beaches.',
	activities: 'Swimming\n\n Sunset walk ',
	transfers: 'Hotel → Radhanagar → hotel (cab)',
	ferryFrom: '',
	ferryTo: '',
	meals: ['dinner', 'breakfast'],
	tags: 'Beach, sunset, beach',
	active: 'on',
}

test('a valid day parses: one item per line, meals in order, tags lower-cased once', () => {
	expect(dayTemplateSchema.parse(valid)).toEqual({
		island: 'havelock',
		title: 'Radhanagar beach sunset',
		description: valid.description,
		activities: ['Swimming', 'Sunset walk'],
		transfers: ['Hotel → Radhanagar → hotel (cab)'],
		ferryFrom: null,
		ferryTo: null,
		priced: [],
		meals: ['breakfast', 'dinner'],
		tags: ['beach', 'sunset'],
		active: true,
	})
})

test('every bad field says what to do', () => {
	const result = dayTemplateSchema.safeParse({
		...valid,
		island: 'atlantis',
		title: 'x',
		description: 'short',
		tags: 'ok, <b>',
		meals: ['brunch'],
		activities: Array.from({ length: 21 }, () => 'a').join('\n'),
	})
	const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]))
	expect(Object.keys(messages).sort()).toEqual(['activities', 'description', 'island', 'meals', 'tags', 'title'])
})

test('a ferry leg needs both ends and two different islands', () => {
	expect(dayTemplateSchema.safeParse({ ...valid, ferryFrom: 'port-blair' }).error?.issues[0]).toMatchObject({ path: ['ferryTo'] })
	expect(dayTemplateSchema.safeParse({ ...valid, ferryFrom: 'neil', ferryTo: 'neil' }).error?.issues[0]).toMatchObject({ path: ['ferryTo'] })
	expect(dayTemplateSchema.parse({ ...valid, ferryFrom: 'port-blair', ferryTo: 'havelock' })).toMatchObject({ ferryFrom: 'port-blair', ferryTo: 'havelock' })
})

test('form data and the tags column', () => {
	const form = new FormData()
	form.append('meals', 'lunch')
	expect(dayTemplateFormInput(form)).toMatchObject({ title: '', meals: ['lunch'] })
	expect(tagsColumn(['beach', 'sunset'])).toBe(',beach,sunset,')
	expect(tagsFromColumn(',beach,sunset,')).toEqual(['beach', 'sunset'])
	expect(tagsFromColumn(',')).toEqual([])
})

describe('priced activities', () => {
	test('a day lists each priced activity its text does not name yet, once', () => {
		const free = { title: 'Free day', description: 'A day at leisure.', activities: ['Radhanagar beach'], priced: ['scuba-diving@havelock'] }
		expect(activitiesWithPriced(free)).toEqual(['Radhanagar beach', `${pricedActivityLabel('scuba-diving@havelock')}, included`])
		expect(activitiesWithPriced({ ...free, description: 'An introductory scuba dive at Nemo Reef.' })).toEqual(['Radhanagar beach'])
		expect(activitiesWithPriced({ ...free, priced: [] })).toEqual(['Radhanagar beach'])
	})

	test('are engine activity ids done from the island where the day is spent', () => {
		expect(dayTemplateSchema.parse({ ...valid, priced: ['scuba-diving@havelock', 'scuba-diving@havelock'] }).priced).toEqual(['scuba-diving@havelock'])
		expect(dayTemplateSchema.parse({ ...valid, island: 'north-bay', priced: ['snorkeling@north-bay'] }).priced).toEqual(['snorkeling@north-bay'])
		const away = dayTemplateSchema.safeParse({ ...valid, priced: ['snorkeling@neil'] })
		expect(away.error?.issues[0]).toMatchObject({ path: ['priced'] })
		expect(away.error?.issues[0]?.message).toContain('Snorkeling (Neil)')
		expect(dayTemplateSchema.safeParse({ ...valid, priced: ['<script>'] }).error?.issues[0]).toMatchObject({ path: ['priced'] })
	})

	test('come from every ticked box of the form', () => {
		const form = new FormData()
		form.append('priced', 'scuba-diving@havelock')
		form.append('priced', 'snorkeling@havelock')
		expect(dayTemplateFormInput(form).priced).toEqual(['scuba-diving@havelock', 'snorkeling@havelock'])
		expect(pricedActivityLabel('scuba-diving@north-bay')).toBe('Scuba diving (North bay)')
	})
})

describe('text against items', () => {
	const scubaDay = {
		title: 'Scuba diving introductory dive at Havelock',
		description: 'A PADI introductory (Discover Scuba) dive with an instructor.',
		activities: ['Discover Scuba dive'],
		priced: [] as string[],
		meals: ['breakfast'] as Meal[],
	}

	test('an activity named in the text but not priced is flagged, and clears when priced', () => {
		const found = templateMismatches(scubaDay)
		expect(found).toEqual([expect.objectContaining({ kind: 'activity', item: 'scuba-diving' })])
		expect(found[0]!.message).toContain('Priced activities')
		expect(templateMismatches({ ...scubaDay, priced: ['scuba-diving@havelock'] })).toEqual([])
	})

	test('snorkelling in any spelling, in the title, text or activity lines', () => {
		for (const words of ['Snorkelling (included)', 'snorkeling at the reef', 'Swim, snorkel and picnic']) {
			expect(
				templateMismatches({ ...scubaDay, title: 'A beach day', description: 'A quiet day on the beach.', activities: [words] }).map((m) => m.item),
			).toEqual(['snorkeling'])
		}
	})

	test('a phrase that says optional, own gear or paid there promises nothing', () => {
		const day = {
			...scubaDay,
			title: 'North Bay',
			description: 'Coral reef. Glass-bottom boat rides and sea walks are optional and paid there.',
			activities: ['Snorkelling (own gear)', 'Jet ski (optional)'],
		}
		expect(templateMismatches(day)).toEqual([])
		// …but only that phrase: the next sentence still promises.
		expect(templateMismatches({ ...day, description: `${day.description} Parasailing over the bay.` }).map((m) => m.item)).toEqual(['parasailing'])
	})

	test('a meal named in the text but not ticked is flagged', () => {
		const day = { ...scubaDay, priced: ['scuba-diving@havelock'], description: 'Dive in the morning, back for lunch. Dinner on the beach.' }
		expect(templateMismatches(day).map((m) => `${m.kind}:${m.item}`)).toEqual(['meal:lunch', 'meal:dinner'])
		expect(templateMismatches({ ...day, meals: ['breakfast', 'lunch', 'dinner'] })).toEqual([])
	})

	test('meal plans and their meals', () => {
		expect(mealPlanMeals).toEqual({ EP: [], CP: ['breakfast'], MAP: ['breakfast', 'dinner'], AP: ['breakfast', 'lunch', 'dinner'] })
	})
})
