import { describe, expect, test } from 'vitest'
import { toCsv } from '~/lib/csv.ts'
import {
	componentInvoiceSchema,
	payableCost,
	payableSchedule,
	paysBeforeTraveller,
	statementCsvRows,
	statementEntries,
	supplierPaymentProblem,
	supplierPaymentSchema,
} from './payables.ts'

const advance = { terms: 'advance' as const, advancePercent: 30, days: 7 }
const credit = { terms: 'credit' as const, advancePercent: 0, days: 15 }

describe('what a component costs us', () => {
	test('the invoice replaces the planned cost; a cancelled booking owes only what was invoiced', () => {
		expect(payableCost({ plannedCost: 900_000, invoiceAmount: null }, false)).toEqual({ amount: 900_000, source: 'planned' })
		expect(payableCost({ plannedCost: 900_000, invoiceAmount: 870_000 }, false)).toEqual({ amount: 870_000, source: 'invoice' })
		expect(payableCost({ plannedCost: 900_000, invoiceAmount: null }, true)).toBeNull()
		expect(payableCost({ plannedCost: 900_000, invoiceAmount: 200_000 }, true)).toEqual({ amount: 200_000, source: 'invoice' })
		expect(payableCost({ plannedCost: null, invoiceAmount: null }, false)).toBeNull()
	})
})

describe('terms → due dates, with payments set against the earliest', () => {
	const components = [
		{ componentId: 'stay-2', cost: 600_000, serviceStart: '2027-01-13', serviceEnd: '2027-01-15' },
		{ componentId: 'stay-1', cost: 1_000_000, serviceStart: '2027-01-10', serviceEnd: '2027-01-13' },
	]
	test('advance terms: both advances on the booking day, each balance 7 days before its stay, in date order', () => {
		const schedule = payableSchedule(components, advance, '2026-11-27', 0)
		expect(schedule.map((part) => [part.componentId, part.what, part.dueOn, part.amount])).toEqual([
			['stay-2', 'advance', '2026-11-27', 180_000],
			['stay-1', 'advance', '2026-11-27', 300_000],
			['stay-1', 'balance', '2027-01-03', 700_000],
			['stay-2', 'balance', '2027-01-06', 420_000],
		])
		expect(schedule.reduce((sum, part) => sum + part.amount, 0)).toBe(1_600_000)
	})
	test('a payment settles the earliest instalments first, then part of the next', () => {
		const schedule = payableSchedule(components, advance, '2026-11-27', 600_000)
		expect(schedule.map((part) => [part.paid, part.outstanding])).toEqual([
			[180_000, 0],
			[300_000, 0],
			[120_000, 580_000],
			[0, 420_000],
		])
	})
	test('paying more than owed settles everything, never a negative instalment', () => {
		expect(payableSchedule(components, advance, '2026-11-27', 5_000_000).every((part) => part.outstanding === 0)).toBe(true)
	})
	test('credit terms: due 15 days after each service ends', () => {
		expect(payableSchedule(components, credit, '2026-11-27', 0).map((part) => part.dueOn)).toEqual(['2027-01-28', '2027-01-30'])
	})
	test('booked late: a balance already past its date is due the day we book', () => {
		expect(
			payableSchedule([{ componentId: 'c', cost: 100_000, serviceStart: '2026-11-30', serviceEnd: null }], advance, '2026-11-27', 0).map((part) => part.dueOn),
		).toEqual(['2026-11-27', '2026-11-27'])
	})
})

describe('paying a supplier', () => {
	test('up to what is owed by anyone; more only by an owner who confirms', () => {
		expect(supplierPaymentProblem(500_000, 500_000, { isOwner: false, confirmedOver: false })).toBeNull()
		expect(supplierPaymentProblem(500_001, 500_000, { isOwner: false, confirmedOver: true })).toMatch(/Only an owner/)
		expect(supplierPaymentProblem(600_000, 500_000, { isOwner: true, confirmedOver: false })).toMatch(/Tick “Pay more than is owed”/)
		expect(supplierPaymentProblem(600_000, 500_000, { isOwner: true, confirmedOver: true })).toBeNull()
		expect(supplierPaymentProblem(100, 0, { isOwner: false, confirmedOver: false })).toMatch(/₹0 outstanding/)
	})
	test('the form reads rupees, the method, the reference and the date; bad input says what to type', () => {
		const parsed = supplierPaymentSchema.safeParse({
			bookingId: 'b1',
			amount: '12,500',
			method: 'upi',
			reference: 'UTR 1234',
			paidOn: '2026-11-27',
			confirmOver: 'on',
		})
		expect(parsed.success && parsed.data).toMatchObject({ amount: 1_250_000, method: 'upi', confirmOver: true, note: null })
		const bad = supplierPaymentSchema.safeParse({ bookingId: 'b1', amount: 'lots', method: 'barter', reference: 'x', paidOn: 'yesterday' })
		expect(bad.success).toBe(false)
		expect(bad.error!.issues.map((issue) => issue.path[0])).toEqual(['amount', 'method', 'reference', 'paidOn'])
	})
	test('an invoice amount may be cleared (back to the planned cost)', () => {
		expect(componentInvoiceSchema.parse({ componentId: 'c1', invoiceAmount: '', invoiceReference: '' })).toEqual({
			componentId: 'c1',
			invoiceAmount: null,
			invoiceReference: null,
		})
		expect(componentInvoiceSchema.parse({ componentId: 'c1', invoiceAmount: '8,400.50', invoiceReference: 'INV-7' }).invoiceAmount).toBe(840_050)
	})
})

describe('a supplier due before the traveller has paid us', () => {
	const traveller = { balance: 2_000_000, balanceDueDate: '2027-01-01' }
	test('warns when due before the traveller’s due date, or already due, while the traveller still owes', () => {
		expect(paysBeforeTraveller({ dueOn: '2026-12-20', outstanding: 100 }, traveller, '2026-11-27')).toMatch(/₹20,000 is still to come/)
		expect(paysBeforeTraveller({ dueOn: '2027-01-05', outstanding: 100 }, traveller, '2027-01-05')).toMatch(/Due before the traveller/)
		expect(paysBeforeTraveller({ dueOn: '2027-01-05', outstanding: 100 }, traveller, '2026-11-27')).toBeNull()
		expect(paysBeforeTraveller({ dueOn: '2026-12-20', outstanding: 100 }, { ...traveller, balance: 0 }, '2026-11-27')).toBeNull()
		expect(paysBeforeTraveller({ dueOn: '2026-12-20', outstanding: 0 }, traveller, '2026-11-27')).toBeNull()
	})
})

describe('a supplier statement', () => {
	test('charges and payments in date order with a running balance; the CSV guards against formulas', () => {
		const statement = statementEntries(
			[
				{ date: '2027-01-10', reference: 'AIT-1', description: 'Hotel stay', amount: 1_000_000 },
				{ date: '2026-12-01', reference: 'AIT-2', description: '=HYPERLINK("x")', amount: 50_000 },
			],
			[{ date: '2026-12-01', reference: 'AIT-1', description: 'Payment, UPI UTR1', amount: 300_000 }],
		)
		expect(statement.entries.map((entry) => [entry.date, entry.charge, entry.payment, entry.balance])).toEqual([
			['2026-12-01', 50_000, 0, 50_000],
			['2026-12-01', 0, 300_000, -250_000],
			['2027-01-10', 1_000_000, 0, 750_000],
		])
		expect(statement).toMatchObject({ charged: 1_050_000, paid: 300_000, balance: 750_000 })
		const csv = toCsv(statementCsvRows('Sea Shell', statement))
		expect(csv).toContain(`2026-12-01,AIT-2,"'=HYPERLINK(""x"")",500,,500`)
		expect(csv).toContain('We owe,,,,,7500')
	})
})
