import { describe, expect, test } from 'vitest'
import { type TripFacts, tripState } from './trip-state.ts'
import { formatINR } from '~/lib/money.ts'

const awaiting: TripFacts = { status: 'pending_payment', dueNow: 30_000_00, payments: [], cancellationRequested: false, voucherIssued: false }

describe('tripState', () => {
	test('a new booking awaits its advance and asks for it', () => {
		expect(tripState(awaiting)).toMatchObject({ label: 'Awaiting payment', pay: 'ask' })
	})

	test('after the traveller reports a UPI payment of what is due, the page checks it rather than asking again', () => {
		const state = tripState({ ...awaiting, payments: [{ amount: 30_000_00, verified: false, rejected: false }] })
		expect(state).toEqual({ label: 'Checking your payment', note: expect.stringContaining(`matching the ${formatINR(30_000_00)} you sent`), pay: 'folded' })
		// Less than is due: still awaiting, and says how much more.
		expect(tripState({ ...awaiting, payments: [{ amount: 10_000_00, verified: false, rejected: false }] })).toMatchObject({
			label: 'Awaiting payment',
			note: expect.stringContaining(`${formatINR(20_000_00)} more`),
			pay: 'ask',
		})
		// A reported payment staff could not match is not being checked any more.
		expect(tripState({ ...awaiting, payments: [{ amount: 30_000_00, verified: false, rejected: true }] })).toMatchObject({
			label: 'Awaiting payment',
			pay: 'ask',
		})
	})

	test('a cancellation request asks for no more money, whatever is due', () => {
		for (const status of ['pending_payment', 'confirmed'] as const)
			expect(tripState({ ...awaiting, status, cancellationRequested: true })).toMatchObject({ label: 'Cancellation requested', pay: 'none' })
	})

	test('a confirmed trip says its voucher is ready once issued, and follows otherwise', () => {
		const confirmed = { ...awaiting, status: 'confirmed' as const, dueNow: 0 }
		expect(tripState(confirmed)).toMatchObject({ label: 'Confirmed', note: expect.stringContaining('your voucher follows'), pay: 'none' })
		const issued = tripState({ ...confirmed, voucherIssued: true })
		expect(issued.note).toContain('your voucher is ready')
		expect(issued.note).not.toContain('follows')
		// The balance still due on a confirmed trip is asked for.
		expect(tripState({ ...confirmed, dueNow: 70_000_00 }).pay).toBe('ask')
	})

	test('cancelled and completed trips ask for nothing', () => {
		expect(tripState({ ...awaiting, status: 'cancelled' })).toMatchObject({ label: 'Cancelled', pay: 'none' })
		expect(tripState({ ...awaiting, status: 'completed', dueNow: 0 })).toMatchObject({ label: 'Completed', pay: 'none' })
	})
})
