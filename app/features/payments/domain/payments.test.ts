import { expect, test } from 'vitest'
import { amountDueNow, cancellationRequestSchema, orderMismatch, upiReferenceSchema, webhookBodySchema } from './payments.ts'

const booking = { status: 'pending_payment' as const, total: 5_000_000, advanceDue: 1_500_000 }

test('the trip page asks for the rest of the advance, then the balance, and nothing once closed', () => {
	expect(amountDueNow(booking, 0)).toBe(1_500_000)
	expect(amountDueNow(booking, 500_000)).toBe(1_000_000)
	// Advance verified, waiting for staff to confirm: the balance.
	expect(amountDueNow(booking, 1_500_000)).toBe(3_500_000)
	expect(amountDueNow({ ...booking, status: 'confirmed' }, 1_500_000)).toBe(3_500_000)
	expect(amountDueNow({ ...booking, status: 'confirmed' }, 5_000_000)).toBe(0)
	expect(amountDueNow({ ...booking, status: 'cancelled' }, 0)).toBe(0)
	// A payment link's amount, never more than the balance.
	expect(amountDueNow({ ...booking, status: 'confirmed' }, 1_500_000, 1_000_000)).toBe(1_000_000)
	expect(amountDueNow({ ...booking, status: 'confirmed' }, 4_500_000, 1_000_000)).toBe(500_000)
})

test('a UPI reference form wants a transaction id and an amount; the cancellation form wants a reason and a tick', () => {
	expect(upiReferenceSchema.parse({ reference: '4123 5678 9012', amount: '15,000' })).toEqual({ reference: '412356789012', amount: 1_500_000 })
	expect(upiReferenceSchema.safeParse({ reference: 'x', amount: '15000' }).success).toBe(false)
	expect(upiReferenceSchema.safeParse({ reference: '412356789012', amount: '0' }).success).toBe(false)
	expect(upiReferenceSchema.safeParse({ reference: '412356789012', amount: '99999999999' }).success).toBe(false)
	expect(cancellationRequestSchema.safeParse({ reason: 'Flights cancelled', confirm: 'yes' }).success).toBe(true)
	expect(cancellationRequestSchema.safeParse({ reason: 'Flights cancelled' }).success).toBe(false)
})

test('webhook bodies are read strictly; a payment that does not match its order is named', () => {
	const captured = {
		event: 'payment.captured',
		payload: { payment: { entity: { id: 'pay_1', order_id: 'order_1', amount: 100, currency: 'INR', status: 'captured' } } },
	}
	expect(webhookBodySchema.parse(captured).event).toBe('payment.captured')
	expect(webhookBodySchema.safeParse({ event: 'payment.captured', payload: {} }).success).toBe(false)
	expect(webhookBodySchema.safeParse({ event: 'order.paid', payload: {} }).success).toBe(false)
	expect(orderMismatch({ amount: 100, currency: 'INR' }, { amount: 100, currency: 'INR' })).toBeNull()
	expect(orderMismatch({ amount: 100, currency: 'INR' }, { amount: 99, currency: 'INR' })).toMatch(/99 paise/)
	expect(orderMismatch({ amount: 100, currency: 'INR' }, { amount: 100, currency: 'USD' })).toMatch(/USD/)
})
