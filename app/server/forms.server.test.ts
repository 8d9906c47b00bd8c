import { expect, test } from 'vitest'
import { AppError } from '~/lib/errors.ts'
import { errorsOf, resultFor } from '~/lib/forms.ts'
import { z } from '~/lib/zod.ts'
import { maxEchoedFields, maxEchoedValueLength, parseForm, refuse, refuseOnAppError } from './forms.server.ts'

test('a refused Conform submission comes back as the one ActionResult: errors by field, the values capped, hidden fields dropped', () => {
	const form = new FormData()
	form.set('name', '')
	form.set('password', 'secret')
	form.set('message', 'm'.repeat(1_000_000))
	for (let i = 0; i < 1000; i++) form.set(`junk${i}`, 'x')
	const schema = z.object({ name: z.string().min(1, 'Enter your name.'), password: z.string(), message: z.string() })
	const submission = parseForm(form, schema)
	expect(submission.status).toBe('error')
	const answer = refuse(submission, { intent: 'contact', hideFields: ['password'], fieldErrors: { message: 'Keep the message shorter.' } })
	expect(answer.init?.status).toBe(400)
	expect(answer.data.intent).toBe('contact')
	expect(errorsOf(answer.data.result)).toEqual({ name: 'Enter your name.', message: 'Keep the message shorter.' })
	const values = answer.data.result.initialValue ?? {}
	expect(values.password).toBeUndefined()
	expect(values.message).toHaveLength(maxEchoedValueLength)
	expect(Object.keys(values).length).toBeLessThanOrEqual(maxEchoedFields)
})

test('a domain failure on a parsed form goes back with its status and messages; a fault is rethrown', () => {
	const form = new FormData()
	form.set('pnr', '')
	const submission = parseForm(form, z.object({ pnr: z.string() }))
	const answer = refuseOnAppError(submission, new AppError('failed-precondition', 'Enter the PNR first.', { fields: { pnr: 'Enter the PNR.' } }), {
		intent: 'status',
	})
	expect(answer.init?.status).toBe(409)
	expect(errorsOf(answer.data.result)).toEqual({ form: 'Enter the PNR first.', pnr: 'Enter the PNR.' })
	expect(resultFor(answer.data, 'status')).toBe(answer.data.result)
	expect(resultFor(answer.data, 'other')).toBeUndefined()
	const fault = new AppError('unavailable', 'The database is busy.')
	expect(() => refuseOnAppError(submission, fault)).toThrow(fault)
})

test('a required field left out of a post counts as empty and gets its own message; an optional one stays absent', () => {
	const schema = z.object({ name: z.string().trim().min(1, 'Enter your name.'), note: z.string().optional(), agree: z.literal('on').optional() })
	const submission = parseForm(new FormData(), schema)
	expect(submission.status).toBe('error')
	expect(errorsOf(submission.reply())).toEqual({ name: 'Enter your name.' })
	const filled = new FormData()
	filled.set('name', 'Asha')
	const accepted = parseForm(filled, schema)
	expect(accepted.status === 'success' ? accepted.value : null).toEqual({ name: 'Asha' })
})

test('a refused form sends back a field the visitor cleared as empty, so it does not reappear with its default', () => {
	const form = new FormData()
	form.set('paidOn', '')
	form.set('amount', 'ten')
	const submission = parseForm(form, z.object({ paidOn: z.string(), amount: z.string().regex(/^\d+$/, 'Enter the amount in rupees.') }))
	const values = refuse(submission).data.result.initialValue ?? {}
	expect(values).toEqual({ paidOn: '', amount: 'ten' })
})

test('the form library’s reserved names never reach it: unreadable values in them are ignored, for any schema', () => {
	const union = z.discriminatedUnion('intent', [z.object({ intent: z.literal('save'), name: z.string().min(1) }), z.object({ intent: z.literal('delete') })])
	const object = z.object({ name: z.string().min(1) })
	for (const schema of [union, object]) {
		const form = new FormData()
		form.set('intent', 'save')
		form.set('name', 'Havelock')
		form.set('__intent__', 'not json')
		form.set('__state__', '{')
		const submission = parseForm(form, schema)
		expect(submission.status).toBe('success')
		expect(submission.status === 'success' ? submission.value : null).toMatchObject({ name: 'Havelock' })
	}
	// Without them the union's form is passed as it came.
	const plain = new URLSearchParams({ intent: 'delete' })
	expect(parseForm(plain, union).status).toBe('success')
})

test('an object schema with a transform still drops fields it does not name and fills a missing required one', () => {
	const form = new FormData()
	form.set('extra', 'x'.repeat(50))
	const schema = z.object({ name: z.string().trim().min(1, 'Enter your name.') }).transform((value) => ({ ...value, upper: value.name.toUpperCase() }))
	const submission = parseForm(form, schema)
	if (submission.status !== 'error') throw new Error('expected a refused submission')
	expect(submission.payload).toEqual({ name: '' })
	expect(submission.error).toEqual({ name: ['Enter your name.'] })
})
