import { describe, expect, test } from 'vitest'
import { leadStatuses, type LeadStatus } from './lead.ts'
import { canTransition, lostReasons, transitionLead } from './status.ts'

/** Every allowed move, written out by hand: anything not here must be refused. */
const allowed = new Set([
	'new→contacted',
	'new→quoted',
	'new→on_hold',
	'new→lost',
	'contacted→quoted',
	'contacted→on_hold',
	'contacted→won',
	'contacted→lost',
	'quoted→on_hold',
	'quoted→won',
	'quoted→lost',
	'on_hold→contacted',
	'on_hold→quoted',
	'on_hold→won',
	'on_hold→lost',
	'lost→contacted',
])

describe('every pair of statuses', () => {
	for (const from of leadStatuses) {
		for (const to of leadStatuses) {
			const key = `${from}→${to}`
			const ok = allowed.has(key)
			test(`${key} is ${ok ? 'allowed' : 'refused'}`, () => {
				expect(canTransition(from, to)).toBe(ok)
				const result = transitionLead(from, to, to === 'lost' ? 'price' : null)
				expect(result.ok).toBe(ok)
				if (!result.ok) expect(result.error).toMatch(/\.$/)
			})
		}
	}
})

test('lost needs one of the known reasons', () => {
	const open: LeadStatus[] = ['new', 'contacted', 'quoted', 'on_hold']
	for (const from of open) {
		expect(transitionLead(from, 'lost')).toEqual({ ok: false, error: 'Choose why the lead was lost.' })
		expect(transitionLead(from, 'lost', 'bored')).toEqual({ ok: false, error: 'Choose why the lead was lost.' })
		for (const reason of lostReasons) expect(transitionLead(from, 'lost', reason)).toEqual({ ok: true, status: 'lost', lostReason: reason })
	}
})

test('reopening a lost lead clears its reason; other moves never carry one', () => {
	expect(transitionLead('lost', 'contacted', 'price')).toEqual({ ok: true, status: 'contacted', lostReason: null })
	expect(transitionLead('new', 'contacted', 'price')).toEqual({ ok: true, status: 'contacted', lostReason: null })
})

test('won is final and says so', () => {
	expect(transitionLead('won', 'lost', 'price')).toEqual({ ok: false, error: 'A won lead is final and cannot change status.' })
	expect(transitionLead('quoted', 'quoted')).toEqual({ ok: false, error: 'The lead is already quoted.' })
	expect(transitionLead('quoted', 'new')).toMatchObject({ ok: false, error: expect.stringContaining('It can become on hold, won, lost') })
})
