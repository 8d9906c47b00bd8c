import { expect, test } from 'vitest'
import { contactFormSchema } from './contact-form.ts'

const valid = {
	name: 'Arjun Rao',
	phone: '98765 43210',
	email: '',
	travelStart: '2027-01-10',
	travelEnd: '2027-01-15',
	message: 'Family of four, 5 nights',
	submissionKey: 'abcdefghij0123456789',
}

test('normalises the phone and drops empty optional fields', () => {
	const parsed = contactFormSchema.parse(valid)
	expect(parsed.phone).toBe('+919876543210')
	expect(parsed.email).toBeUndefined()
})

test('every bad field gets a message that says what to do', () => {
	const result = contactFormSchema.safeParse({ ...valid, name: '', phone: '123', email: 'nope', travelStart: '2027-02-30', message: '' })
	expect(result.success).toBe(false)
	const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]))
	expect(messages.name).toBe('Tell us your name.')
	expect(messages.phone).toMatch(/10-digit Indian mobile/)
	expect(messages.email).toMatch(/name@example.com/)
	expect(messages.travelStart).toMatch(/real date/)
	expect(messages.message).toMatch(/about your trip/)
})

test('the return date cannot come before the start', () => {
	const result = contactFormSchema.safeParse({ ...valid, travelEnd: '2027-01-01' })
	expect(result.error?.issues[0]).toMatchObject({ path: ['travelEnd'] })
})
