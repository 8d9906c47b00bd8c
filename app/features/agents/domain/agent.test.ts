import { describe, expect, test } from 'vitest'
import { transition } from '~/lib/state-machine.ts'
import { agentFormSchema, agentMachine, commissionOn, commissionSummary, isGstin, isPan } from './agent.ts'

describe('agent status', () => {
	const allowed = new Set(['applied>approved', 'applied>rejected', 'approved>suspended', 'suspended>approved', 'rejected>applied'])
	test('every allowed move, and every other one refused', () => {
		for (const from of agentMachine.states)
			for (const to of agentMachine.states) expect(transition(agentMachine, from, to).ok, `${from} → ${to}`).toBe(allowed.has(`${from}>${to}`))
	})
})

test('PAN and GSTIN formats', () => {
	expect(isPan('ABCDE1234F')).toBe(true)
	expect(isPan('ABCD1234F')).toBe(false)
	expect(isPan('abcde1234f')).toBe(false)
	expect(isGstin('35ABCDE1234F1Z5')).toBe(true)
	expect(isGstin('35ABCDE1234F1Y5')).toBe(false)
	expect(isGstin('35ABCDE1234F1Z')).toBe(false)
})

test('the agent form upper-cases PAN and GSTIN, checks they match, and turns % into basis points', () => {
	const base = { company: 'Island Hoppers Travels', contactPerson: 'Ravi Kumar', phone: '9876543210', commissionPercent: '7.5' }
	expect(agentFormSchema.parse({ ...base, pan: 'abcde1234f', gstin: '35abcde1234f1z3' })).toMatchObject({
		pan: 'ABCDE1234F',
		gstin: '35ABCDE1234F1Z3',
		commissionPercent: 750,
		phone: '+919876543210',
	})
	const mismatch = agentFormSchema.safeParse({ ...base, pan: 'ABCDE1234F', gstin: '35ZZZZZ1234F1Z5' })
	expect(mismatch.success).toBe(false)
	expect(agentFormSchema.safeParse({ ...base, pan: 'ABC' }).error?.issues[0]?.message).toMatch(/5 letters, 4 digits/)
	// The check character is checked (a typing mistake in the last character is caught), and the state matches the GSTIN's.
	expect(agentFormSchema.safeParse({ ...base, gstin: '35ABCDE1234F1Z5' }).error?.issues[0]?.message).toMatch(/typing mistake/)
	expect(agentFormSchema.safeParse({ ...base, gstin: '35ABCDE1234F1Z3', stateCode: '07' }).error?.issues[0]?.path).toEqual(['stateCode'])
	expect(agentFormSchema.parse({ ...base, gstin: '35ABCDE1234F1Z3', stateCode: '35', billingAddress: ' 1 Aberdeen Bazaar ' })).toMatchObject({
		stateCode: '35',
		billingAddress: '1 Aberdeen Bazaar',
	})
	expect(agentFormSchema.safeParse({ ...base, commissionPercent: '60' }).error?.issues[0]?.message).toMatch(/50 or less/)
})

test('commission is earned on confirmed and completed bookings, due once completed', () => {
	expect(commissionOn(1_000_00, 1000)).toBe(100_00)
	expect(commissionOn(333, 1000)).toBe(33)
	expect(
		commissionSummary([
			{ status: 'confirmed', commission: commissionOn(50_000_00, 1000) },
			{ status: 'completed', commission: commissionOn(20_000_00, 1000) },
			{ status: 'cancelled', commission: commissionOn(99_000_00, 1000) },
			{ status: 'pending_payment', commission: commissionOn(10_000_00, 1000) },
			// A booking the agency made at net carries its own commission (sell − net).
			{ status: 'confirmed', commission: 4_321_00 },
		]),
	).toEqual({ earned: 11_321_00, due: 2_000_00 })
})
