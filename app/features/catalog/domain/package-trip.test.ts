import { expect, test } from 'vitest'
import { ferryDuration, packageViewSchema, paymentTerms } from './package-trip.ts'

const tiers = [
	{ minDaysBefore: 30, feePercent: 10 },
	{ minDaysBefore: 15, feePercent: 50 },
	{ minDaysBefore: 0, feePercent: 100 },
]

test('a crossing’s time comes from our travel facts, either way round; private and government boats differ', () => {
	expect(ferryDuration('Port Blair', 'Havelock', false)).toBe('about 1.5 to 2.5 hours')
	expect(ferryDuration('Havelock', 'Port Blair', true)).toBe('about 2.5 to 3 hours')
	expect(ferryDuration('Havelock', 'Neil', false)).toBe('about an hour')
	expect(ferryDuration('Port Blair', 'Diglipur', false)).toBeNull()
})

test('what you pay and when: the advance now, the balance by its date before the trip, the cancellation bands from the policy', () => {
	const today = '2030-01-01'
	const terms = paymentTerms({ total: 2_688_000, startDate: '2030-05-01', today, advancePercent: 30, balanceDueDaysBefore: 15, cancellationTiers: tiers })
	expect(terms.plan).toMatchObject({ fullNow: false, dueNow: 806_400, balance: 1_881_600, balanceDueDate: '2030-04-16' })
	expect(terms.cancellation).toEqual([
		{ when: '30 or more days before the trip', feePercent: 10 },
		{ when: '15 to 29 days before the trip', feePercent: 50 },
		{ when: 'Less than 15 days before the trip, or no-show', feePercent: 100 },
	])
	// Inside the balance window everything is due now; with no dates chosen, only the rules.
	expect(
		paymentTerms({ total: 2_688_000, startDate: '2030-01-10', today, advancePercent: 30, balanceDueDaysBefore: 15, cancellationTiers: tiers }).plan,
	).toMatchObject({ fullNow: true, dueNow: 2_688_000, balance: 0 })
	expect(paymentTerms({ total: null, startDate: null, today, advancePercent: 30, balanceDueDaysBefore: 15, cancellationTiers: tiers }).plan).toBeNull()
})

test('the page’s query only chooses what is shown: a value it cannot show is no choice', () => {
	expect(packageViewSchema.parse({ tier: 'deluxe', month: '2030-05' })).toEqual({ tier: 'deluxe', month: '2030-05' })
	expect(packageViewSchema.parse({ tier: 'gold', month: '2030-13' })).toEqual({ tier: undefined, month: undefined })
	expect(packageViewSchema.parse({})).toEqual({})
})
