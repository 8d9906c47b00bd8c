import { describe, expect, test } from 'vitest'
import { ferryBookingMachine, ferryLeadMachine, offlineTicketMachine } from './status.ts'
import { type Machine, transition } from '~/lib/state-machine.ts'

function allPairs<S extends string>(machine: Machine<S>) {
	return machine.states.flatMap((from) => machine.states.map((to) => [from, to] as const))
}

const expectedAllowed: Record<string, string[]> = {
	'ferry lead': [
		'new>fare_quoted',
		'new>unavailable',
		'new>lost',
		'fare_quoted>payment_pending',
		'fare_quoted>unavailable',
		'fare_quoted>lost',
		'payment_pending>booked',
		'payment_pending>unavailable',
		'payment_pending>lost',
	],
	'ferry booking': [
		'requested>confirmed',
		'requested>failed',
		'confirmed>cancelled',
		'confirmed>refunded',
		'confirmed>rescheduled',
		'rescheduled>cancelled',
		'rescheduled>refunded',
		'cancelled>refunded',
	],
	ticket: [
		'requested>purchased',
		'requested>cancelled',
		'purchased>delivered',
		'purchased>cancelled',
		'purchased>refunded',
		'delivered>refunded',
		'cancelled>refunded',
	],
}

describe.each([ferryLeadMachine, ferryBookingMachine, offlineTicketMachine] as Machine<string>[])('$noun states', (machine) => {
	test('every allowed move is allowed and every other move is refused with a message', () => {
		const allowed = new Set(expectedAllowed[machine.noun])
		for (const [from, to] of allPairs(machine)) {
			const result = transition(machine, from, to)
			if (allowed.has(`${from}>${to}`)) expect(result, `${from} → ${to}`).toEqual({ ok: true, status: to })
			else {
				expect(result.ok, `${from} → ${to}`).toBe(false)
				if (!result.ok) expect(result.error).toMatch(from === to ? /already/ : /cannot become|final/)
			}
		}
	})
})

test('messages name the moves that are possible', () => {
	expect(transition(ferryLeadMachine, 'new', 'booked')).toEqual({
		ok: false,
		error: 'A new ferry lead cannot become booked. It can become fare quoted, unavailable, lost.',
	})
	expect(transition(ferryBookingMachine, 'failed', 'confirmed')).toEqual({ ok: false, error: 'A failed ferry booking is final and cannot change status.' })
})
