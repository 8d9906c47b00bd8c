import { describe, expect, test } from 'vitest'
import { acceptProblem, canAcceptQuote, canTransitionQuote, effectiveQuoteStatus, quoteStatuses, quoteValidUntil, transitionQuote } from './quote.ts'

/** Every allowed move, written out by hand: anything not here must be refused. */
const allowed = new Set([
	'draft→sent',
	'draft→superseded',
	'sent→viewed',
	'sent→accepted',
	'sent→declined',
	'sent→expired',
	'sent→superseded',
	'viewed→accepted',
	'viewed→declined',
	'viewed→expired',
	'viewed→superseded',
])

describe('every pair of quote statuses', () => {
	for (const from of quoteStatuses) {
		for (const to of quoteStatuses) {
			const key = `${from}→${to}`
			const ok = allowed.has(key)
			test(`${key} is ${ok ? 'allowed' : 'refused'}`, () => {
				expect(canTransitionQuote(from, to)).toBe(ok)
				const result = transitionQuote(from, to)
				expect(result.ok).toBe(ok)
				if (result.ok) expect(result.status).toBe(to)
				else expect(result.error).toMatch(/\.$/)
			})
		}
	}
})

describe('validity', () => {
	test('a quote is valid through its last day and expired the day after', () => {
		expect(effectiveQuoteStatus('sent', '2026-12-10', '2026-12-10')).toBe('sent')
		expect(effectiveQuoteStatus('viewed', '2026-12-10', '2026-12-11')).toBe('expired')
		expect(canAcceptQuote('viewed', '2026-12-10', '2026-12-10')).toBe(true)
		expect(canAcceptQuote('sent', '2026-12-10', '2026-12-11')).toBe(false)
		expect(acceptProblem('sent', '2026-12-10', '2026-12-11')).toMatch(/expired/)
	})

	test('final states stay final whatever the date', () => {
		for (const status of ['accepted', 'declined', 'superseded'] as const) expect(effectiveQuoteStatus(status, '2026-12-10', '2027-01-01')).toBe(status)
		expect(canAcceptQuote('accepted', '2026-12-10', '2026-12-01')).toBe(false)
		expect(acceptProblem('superseded', '2026-12-10', '2026-12-01')).toMatch(/newer version/)
		expect(acceptProblem('declined', '2026-12-10', '2026-12-01')).toMatch(/declined/)
		expect(acceptProblem('draft', '2026-12-10', '2026-12-01')).toMatch(/not been sent/)
		expect(acceptProblem('sent', '2026-12-10', '2026-12-01')).toBeNull()
	})

	test('validity runs from the day it is sent, across month and year ends', () => {
		expect(quoteValidUntil('2026-12-28', 7)).toBe('2027-01-04')
		expect(quoteValidUntil('2026-02-25', 7)).toBe('2026-03-04')
		expect(quoteValidUntil('2026-02-25', 0)).toBe('2026-02-25')
	})
})
