import { expect, test } from 'vitest'
import { leadFieldsFromQuoteForm, quoteFormSchema, travelMonthOptions } from './quote-form.ts'

const valid = {
	name: 'Kavya Menon',
	phone: '098765 43210',
	email: 'kavya@example.com',
	travelMonth: '2027-01',
	travelStart: '',
	travelEnd: '',
	nights: '6',
	adults: '2',
	childAges: '4, 9',
	budget: '40k-60k',
	tier: 'deluxe',
	islands: ['havelock', 'neil', 'havelock'],
	message: 'Scuba for one of us',
	packageSlug: '',
	submissionKey: 'abcdefghij0123456789',
}

test('a full request parses to what the lead stores', () => {
	const parsed = quoteFormSchema.parse(valid)
	expect(parsed).toMatchObject({
		phone: '+919876543210',
		nights: 6,
		adults: 2,
		childAges: [4, 9],
		islands: ['havelock', 'neil'],
		budget: '40k-60k',
		tier: 'deluxe',
		travelMonth: '2027-01',
	})
	expect(parsed.travelStart).toBeUndefined()
	expect(parsed.packageSlug).toBeUndefined()
})

test('only name, phone and adults are required', () => {
	const parsed = quoteFormSchema.parse({ name: 'Ravi', phone: '+44 7700 900123', adults: '1', submissionKey: 'abcdefghij0123456789' })
	expect(parsed).toMatchObject({ phone: '+447700900123', childAges: [], islands: [] })
})

test('the brief becomes lead fields, with what was left blank stored as null', () => {
	const {
		packageSlug: _slug,
		submissionKey: _key,
		...brief
	} = quoteFormSchema.parse({ name: 'Ravi', phone: '+44 7700 900123', adults: '1', submissionKey: 'abcdefghij0123456789' })
	expect(leadFieldsFromQuoteForm(brief)).toEqual({
		name: 'Ravi',
		phone: '+447700900123',
		email: null,
		travelMonth: null,
		travelStart: null,
		travelEnd: null,
		nights: null,
		adults: 1,
		childAges: [],
		budget: null,
		tier: null,
		islands: [],
		message: null,
	})
})

test('every bad field gets a message that says what to do', () => {
	const result = quoteFormSchema.safeParse({
		...valid,
		name: '',
		phone: '12345',
		email: 'kavya@',
		travelMonth: '2027-13',
		travelStart: '2027-02-30',
		nights: '0',
		adults: 'two',
		childAges: '4, 19',
		budget: 'lots',
		tier: 'seven-star',
		islands: ['atlantis'],
		message: 'x'.repeat(4001),
		packageSlug: '../etc',
	})
	expect(result.success).toBe(false)
	const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]))
	expect(messages).toEqual({
		name: 'Tell us your name.',
		phone: expect.stringMatching(/10-digit Indian mobile/),
		email: expect.stringMatching(/name@example.com/),
		travelMonth: expect.stringMatching(/month/),
		travelStart: expect.stringMatching(/real date/),
		nights: expect.stringMatching(/1 to 30/),
		adults: expect.stringMatching(/1 to 40/),
		childAges: expect.stringMatching(/0 to 17/),
		budget: expect.stringMatching(/budget/),
		tier: expect.stringMatching(/hotel category/),
		islands: expect.stringMatching(/islands/),
		message: expect.stringMatching(/4,000/),
		packageSlug: expect.stringMatching(/package/),
	})
})

test('the return date cannot come before the start', () => {
	const result = quoteFormSchema.safeParse({ ...valid, travelStart: '2027-01-10', travelEnd: '2027-01-01' })
	expect(result.error?.issues[0]).toMatchObject({ path: ['travelEnd'] })
})

test('travel months start with the current month', () => {
	const options = travelMonthOptions('2026-11-22')
	expect(options).toHaveLength(18)
	expect(options[0]).toEqual({ value: '2026-11', label: 'November 2026' })
	expect(options[2]!.value).toBe('2027-01')
})
