import { expect, test } from 'vitest'
import { cancellationFeePercent, describeCancellationTiers } from './cancellation.ts'

const tiers = [
	{ minDaysBefore: 30, feePercent: 10 },
	{ minDaysBefore: 15, feePercent: 50 },
	{ minDaysBefore: 0, feePercent: 100 },
]

test('the default policy reads as three plain rows', () => {
	expect(describeCancellationTiers(tiers)).toEqual([
		{ when: '30 or more days before the trip', feePercent: 10 },
		{ when: '15 to 29 days before the trip', feePercent: 50 },
		{ when: 'Less than 15 days before the trip, or no-show', feePercent: 100 },
	])
})

test('fees at the tier edges', () => {
	expect(cancellationFeePercent(tiers, 45)).toBe(10)
	expect(cancellationFeePercent(tiers, 30)).toBe(10)
	expect(cancellationFeePercent(tiers, 29)).toBe(50)
	expect(cancellationFeePercent(tiers, 15)).toBe(50)
	expect(cancellationFeePercent(tiers, 14)).toBe(100)
	expect(cancellationFeePercent(tiers, -1)).toBe(100)
})
