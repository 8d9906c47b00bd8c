import { expect, test } from 'vitest'
import { dayTemplateFormInput, dayTemplateSchema, tagsColumn, tagsFromColumn } from './day-template.ts'

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
		meals: ['breakfast', 'dinner'],
		tags: ['beach', 'sunset'],
		active: true,
	})
})

test('every bad field says what to do', () => {
	const result = dayTemplateSchema.safeParse({ ...valid, island: 'atlantis', title: 'x', description: 'short', tags: 'ok, <b>', meals: ['brunch'], activities: Array.from({ length: 21 }, () => 'a').join('\n') })
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
