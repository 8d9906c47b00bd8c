import { describe, expect, test } from 'vitest'
import { advanceDue, bookingStatuses, canTransition, cancellationSettlement, confirmationProblem, daysBetween, paidSoFar } from './booking.ts'

const tiers = [
	{ minDaysBefore: 30, feePercent: 10 },
	{ minDaysBefore: 15, feePercent: 50 },
	{ minDaysBefore: 0, feePercent: 100 },
]

describe('booking states', () => {
	test('every allowed and forbidden transition', () => {
		const allowed = new Set(['pending_payment>confirmed', 'pending_payment>cancelled', 'confirmed>completed', 'confirmed>cancelled'])
		for (const from of bookingStatuses) {
			for (const to of bookingStatuses) expect(canTransition(from, to), `${from} → ${to}`).toBe(allowed.has(`${from}>${to}`))
		}
	})
})

describe('money', () => {
	test('the advance is 30% rounded up to the rupee', () => {
		expect(advanceDue(5_800_000, 30)).toBe(1_740_000)
		expect(advanceDue(5_800_050, 30)).toBe(1_740_100)
	})
	test('only verified payments count towards confirmation', () => {
		const payments = [
			{ amount: 1_000_000, verified: true },
			{ amount: 800_000, verified: false },
		]
		expect(paidSoFar(payments)).toBe(1_800_000)
		expect(paidSoFar(payments, { verifiedOnly: true })).toBe(1_000_000)
		expect(confirmationProblem({ status: 'pending_payment', total: 5_800_000 }, payments, 30, null)).toMatch(/do not cover the advance/)
		expect(confirmationProblem({ status: 'pending_payment', total: 5_800_000 }, [{ amount: 1_740_000, verified: true }], 30, null)).toBeNull()
	})
	test('an owner may override with a reason; staff may not', () => {
		const booking = { status: 'pending_payment' as const, total: 5_800_000 }
		expect(confirmationProblem(booking, [], 30, { byOwner: true, reason: 'Agent guarantee, paying Monday' })).toBeNull()
		expect(confirmationProblem(booking, [], 30, { byOwner: true, reason: '' })).toMatch(/Say why/)
		expect(confirmationProblem(booking, [], 30, { byOwner: false, reason: 'please' })).toMatch(/Only an owner/)
		expect(confirmationProblem({ status: 'cancelled', total: 1 }, [], 30, null)).toMatch(/cannot be confirmed/)
	})
	test('cancellation refunds what was paid beyond the fee', () => {
		expect(cancellationSettlement(5_000_000, 1_500_000, 45, tiers)).toEqual({ feePercent: 10, fee: 500_000, refund: 1_000_000 })
		expect(cancellationSettlement(5_000_000, 1_500_000, 20, tiers)).toEqual({ feePercent: 50, fee: 2_500_000, refund: 0 })
		expect(cancellationSettlement(5_000_000, 5_000_000, 20, tiers)).toEqual({ feePercent: 50, fee: 2_500_000, refund: 2_500_000 })
		expect(cancellationSettlement(5_000_000, 5_000_000, 3, tiers).refund).toBe(0)
	})
	test('days between travel dates', () => {
		expect(daysBetween('2026-11-22', '2026-12-22')).toBe(30)
		expect(daysBetween('2026-11-22', '2026-11-21')).toBe(-1)
	})
})
