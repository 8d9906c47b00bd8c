import { expect, test } from 'vitest'
import { AppError } from '~/lib/errors.ts'
import { echoFields, intentFailure, maxEchoedValueLength } from './forms.server.ts'

test('an expected failure goes back to the form that sent it, with its status, message and field errors', () => {
	const answer = intentFailure('status', new AppError('failed-precondition', 'Enter the PNR first.', { fields: { pnr: 'Enter the PNR.' } }))
	expect(answer.init?.status).toBe(409)
	expect(answer.data).toEqual({ intent: 'status', errors: { pnr: 'Enter the PNR.', form: 'Enter the PNR first.' } })
})

test('server faults and unknown errors are rethrown for the error boundary', () => {
	const fault = new AppError('internal', 'The database is gone.')
	expect(() => intentFailure('status', fault)).toThrow(fault)
	const unknown = new TypeError('x is undefined')
	expect(() => intentFailure('status', unknown)).toThrow(unknown)
})

test('a refused form echoes back only the fields it shows, each cut to the longest value a field accepts', () => {
	const posted: Record<string, string> = { name: 'Asha', message: 'm'.repeat(1_000_000), submissionKey: 'k'.repeat(20) }
	for (let i = 0; i < 1000; i++) posted[`junk${i}`] = 'x'.repeat(1000)
	const echoed = echoFields(posted, /^(name|message|submissionKey)$/)
	expect(Object.keys(echoed)).toEqual(['name', 'message', 'submissionKey'])
	expect(echoed.message).toHaveLength(maxEchoedValueLength)
	expect(JSON.stringify(echoed).length).toBeLessThan(10_000)
})
