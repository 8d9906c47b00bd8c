import { describe, expect, test } from 'vitest'
import { balanceDue, completionProblem, dueNow, isBalanceOverdue, tripEndDate } from './balance.ts'

describe('balance and completion', () => {
	test('what is due now: the rest of the advance while a booking waits for it, then the balance', () => {
		expect(dueNow('pending_payment', 50_000_00, 15_000_00, 0)).toBe(15_000_00)
		expect(dueNow('pending_payment', 45_000_00, 15_000_00, 5_000_00)).toBe(10_000_00)
		expect(dueNow('pending_payment', 30_000_00, 15_000_00, 20_000_00)).toBe(30_000_00)
		expect(dueNow('confirmed', 35_000_00, 15_000_00, 15_000_00)).toBe(35_000_00)
	})

	test('the balance is the total less verified payments', () => {
		expect(
			balanceDue(5_000_000, [
				{ amount: 1_500_000, verified: true },
				{ amount: 1_000_000, verified: false },
			]),
		).toBe(3_500_000)
		expect(balanceDue(5_000_000, [{ amount: 6_000_000, verified: true }])).toBe(0)
	})
	test('overdue only for confirmed bookings with money owed after the due date', () => {
		const booking = { status: 'confirmed' as const, balanceDueDate: '2027-01-05' }
		expect(isBalanceOverdue(booking, 100, '2027-01-05')).toBe(false)
		expect(isBalanceOverdue(booking, 100, '2027-01-06')).toBe(true)
		expect(isBalanceOverdue(booking, 0, '2027-01-06')).toBe(false)
		expect(isBalanceOverdue({ ...booking, status: 'pending_payment' }, 100, '2027-01-06')).toBe(false)
	})
	test('completed only when confirmed and the trip has ended', () => {
		const booking = { status: 'confirmed' as const, startDate: '2027-01-20', nights: 5 }
		expect(tripEndDate('2027-01-20', 5)).toBe('2027-01-25')
		expect(completionProblem(booking, '2027-01-24')).toMatch(/ends on 2027-01-25/)
		expect(completionProblem(booking, '2027-01-25')).toBeNull()
		expect(completionProblem({ ...booking, status: 'pending_payment' }, '2027-02-01')).toMatch(/Only a confirmed booking/)
	})
})
