import { describe, expect, it } from 'vitest'
import { answerOf } from './forms.ts'

describe('answerOf', () => {
	it('reads the form a refusal answers, its first messages and the values sent back', () => {
		const refused = {
			intent: 'details',
			result: {
				status: 'error' as const,
				initialValue: { pnr: 'ab', fees: '' },
				error: { pnr: ['Enter the PNR as printed.', 'Second'], '': ['Some details need attention.'] },
			},
		}
		expect(answerOf(refused)).toEqual({
			intent: 'details',
			errors: { pnr: 'Enter the PNR as printed.', form: 'Some details need attention.' },
			values: { pnr: 'ab', fees: '' },
		})
	})

	it('answers no form, no errors and no values before any submit', () => {
		expect(answerOf(undefined)).toEqual({ intent: '', errors: {}, values: undefined })
	})

	it('keeps the intent of an answer that is not a refusal, and of a refusal without one as empty', () => {
		expect(answerOf({ intent: 'upload', uploaded: 'ticket.pdf' })).toEqual({ intent: 'upload', errors: {}, values: undefined })
		expect(answerOf({ result: { status: 'error' as const, initialValue: {}, error: { '': ['Try again.'] } } })).toEqual({
			intent: '',
			errors: { form: 'Try again.' },
			values: {},
		})
	})
})
