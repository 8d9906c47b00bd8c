import { describe, expect, test } from 'vitest'
import { isBalanceOverdue } from './balance.ts'
import {
	arrivalProblem,
	balanceDueDate,
	cancellationBand,
	configuredPaymentMethods,
	defaultBookingRules,
	describeCancellationBand,
	earliestArrival,
	insideBalanceWindow,
	paymentPlan,
	priceLineLabel,
} from './rules.ts'

const tiers = [
	{ minDaysBefore: 30, feePercent: 10 },
	{ minDaysBefore: 15, feePercent: 50 },
	{ minDaysBefore: 0, feePercent: 100 },
]
const today = '2026-11-12'
const plan = (startDate: string, bookedOn = today) => paymentPlan({ total: 5_000_000, advancePercent: 30, startDate, bookedOn, daysBefore: 15 })

describe('earliest arrival', () => {
	test('is today plus the setting; earlier dates are refused with the date and a phone number', () => {
		expect(earliestArrival(today, defaultBookingRules)).toBe('2026-11-15')
		expect(earliestArrival(today, { earliestArrivalDays: 0 })).toBe(today)
		expect(arrivalProblem('2026-11-15', today, defaultBookingRules, '+91 1')).toBeNull()
		expect(arrivalProblem('2026-11-14', today, defaultBookingRules, '+91 1')).toBe('Online bookings start from 15 Nov 2026. For sooner dates, call +91 1.')
		expect(arrivalProblem(today, today, defaultBookingRules, '+91 1')).toMatch(/start from/)
	})
})

describe('balance due date = max(booking date, arrival − N days)', () => {
	test('outside the window: N days before the arrival', () => {
		expect(balanceDueDate('2027-01-20', today, 15)).toBe('2027-01-05')
		expect(insideBalanceWindow('2027-01-20', today, 15)).toBe(false)
	})
	test('exactly N days ahead: due today, the whole amount now', () => {
		expect(balanceDueDate('2026-11-27', today, 15)).toBe(today)
		expect(insideBalanceWindow('2026-11-27', today, 15)).toBe(true)
		expect(insideBalanceWindow('2026-11-28', today, 15)).toBe(false)
		expect(balanceDueDate('2026-11-28', today, 15)).toBe('2026-11-13')
	})
	test('inside the window (arriving in 3 days): due on the booking date, never before it', () => {
		expect(balanceDueDate('2026-11-15', today, 15)).toBe(today)
	})
	test('a booking is never overdue on the day it is made, and is the day after when unpaid', () => {
		const due = balanceDueDate('2026-11-15', today, 15)
		expect(isBalanceOverdue({ status: 'confirmed', balanceDueDate: due }, 100, today)).toBe(false)
		expect(isBalanceOverdue({ status: 'confirmed', balanceDueDate: due }, 100, '2026-11-13')).toBe(true)
	})
})

describe('payment plan', () => {
	test('outside the window: the advance now, the rest by the due date', () => {
		expect(plan('2027-01-20')).toEqual({ fullNow: false, dueNow: 1_500_000, balance: 3_500_000, balanceDueDate: '2027-01-05', advancePercent: 30 })
	})
	test('inside the window (today, in 3 days, exactly N days): everything now, nothing later', () => {
		for (const start of [today, '2026-11-15', '2026-11-27'])
			expect(plan(start)).toEqual({ fullNow: true, dueNow: 5_000_000, balance: 0, balanceDueDate: today, advancePercent: 30 })
	})
	test('one day outside the window: the advance', () => {
		expect(plan('2026-11-28').fullNow).toBe(false)
	})
})

describe('cancellation band for the traveller’s dates', () => {
	test('every band, with when the next one starts', () => {
		expect(cancellationBand(tiers, today, '2027-01-20')).toEqual({
			daysBefore: 69,
			feePercent: 10,
			when: '30 or more days before the trip',
			next: { from: '2026-12-22', feePercent: 50 },
		})
		expect(cancellationBand(tiers, today, '2026-12-02')).toEqual({
			daysBefore: 20,
			feePercent: 50,
			when: '15 to 29 days before the trip',
			next: { from: '2026-11-18', feePercent: 100 },
		})
		expect(cancellationBand(tiers, today, '2026-11-15')).toEqual({
			daysBefore: 3,
			feePercent: 100,
			when: 'Less than 15 days before the trip, or no-show',
			next: null,
		})
	})
	test('edges: exactly 30 and 15 days are the cheaper band, one day fewer the dearer', () => {
		expect(cancellationBand(tiers, today, '2026-12-12').feePercent).toBe(10)
		expect(cancellationBand(tiers, today, '2026-12-11').feePercent).toBe(50)
		expect(cancellationBand(tiers, today, '2026-11-27').feePercent).toBe(50)
		expect(cancellationBand(tiers, today, '2026-11-26').feePercent).toBe(100)
		expect(cancellationBand(tiers, today, today).feePercent).toBe(100)
		// The "next" date is the first day of the dearer band.
		const band = cancellationBand(tiers, today, '2026-12-12')
		expect(cancellationBand(tiers, band.next!.from, '2026-12-12').feePercent).toBe(50)
	})
	test('said in one sentence, warning inside the last band', () => {
		expect(describeCancellationBand(cancellationBand(tiers, today, '2027-01-20'))).toBe(
			'For your dates, cancelling now costs 10% of the price. From 22 Dec 2026 it rises to 50%.',
		)
		expect(describeCancellationBand(cancellationBand(tiers, today, '2026-11-15'))).toMatch(/full price \(100%\)/)
	})
})

test('price lines show a quantity only when there is more than one', () => {
	expect(priceLineLabel({ label: 'GST (5%)', quantity: 1 })).toBe('GST (5%)')
	expect(priceLineLabel({ label: 'Adults', quantity: 2 })).toBe('Adults × 2')
})

test('only the payment methods the owner set up are shown', () => {
	expect(configuredPaymentMethods({ upiId: 'x@upi', bankName: 'SBI', accountName: 'A', accountNumber: 'Set in settings', ifsc: 'Set in settings' })).toEqual([
		{ method: 'upi', upiId: 'x@upi' },
	])
	expect(configuredPaymentMethods({ upiId: '', bankName: 'SBI', accountName: 'A', accountNumber: '123', ifsc: 'SBIN0000001' })).toEqual([
		{ method: 'bank', bankName: 'SBI', accountName: 'A', accountNumber: '123', ifsc: 'SBIN0000001' },
	])
	expect(configuredPaymentMethods({ upiId: ' ', bankName: '', accountName: '', accountNumber: '', ifsc: '' })).toEqual([])
})
