/**
 * What the traveller's trip page says about where the booking stands and whether it asks for money
 * (docs/decisions/178-trip-page-states.md). Pure: the page's facts in, its words and its pay box out.
 */
import type { BookingStatus } from '~/features/bookings/domain/booking.ts'
import { formatINR, type Paise } from '~/lib/money.ts'

export type TripFacts = {
	status: BookingStatus
	/** What the booking asks for now (`amountDueNow`). */
	dueNow: Paise
	payments: ReadonlyArray<{ amount: Paise; verified: boolean; rejected: boolean }>
	cancellationRequested: boolean
	voucherIssued: boolean
}

export type TripState = {
	/** The status badge. */
	label: string
	/** The sentence under it. */
	note: string
	/** Whether the page offers the ways to pay, and how: up front, or folded away while a payment is being checked. */
	pay: 'ask' | 'folded' | 'none'
}

/**
 * A cancellation asked for asks no more money; a UPI payment the traveller reported is being checked, not
 * awaited; a confirmed trip whose voucher is issued says so instead of promising it.
 */
export function tripState(facts: TripFacts): TripState {
	const { status, dueNow } = facts
	if (status === 'cancelled') return { label: 'Cancelled', note: 'This booking is cancelled.', pay: 'none' }
	if (status === 'completed') return { label: 'Completed', note: 'Your trip is complete. Thank you for travelling with us.', pay: 'none' }
	if (facts.cancellationRequested)
		return {
			label: 'Cancellation requested',
			note: 'You asked to cancel this trip: there is nothing more to pay. We call you to confirm, then refund what the policy gives.',
			pay: 'none',
		}
	const checking = facts.payments.filter((payment) => !payment.verified && !payment.rejected).reduce((sum, payment) => sum + payment.amount, 0)
	const voucher = facts.voucherIssued
	if (dueNow > 0 && checking >= dueNow)
		return {
			label: 'Checking your payment',
			note: `We are matching the ${formatINR(checking)} you sent with our bank, usually within a few hours, and tell you once it is received.${status === 'pending_payment' ? ' Your trip is confirmed then.' : ''}`,
			pay: 'folded',
		}
	if (status === 'pending_payment')
		return {
			label: 'Awaiting payment',
			note:
				checking > 0
					? `We are checking the ${formatINR(checking)} you sent; ${formatINR(dueNow - checking)} more confirms your trip.`
					: 'Pay the advance below to confirm your trip. We then book your hotels, ferries and pickups.',
			pay: dueNow > 0 ? 'ask' : 'none',
		}
	return {
		label: 'Confirmed',
		note: voucher
			? 'Your trip is confirmed and your voucher is ready: open it under Documents and keep it on your phone for the trip.'
			: 'Your trip is confirmed. We are booking your hotels, ferries and pickups; your voucher follows once all are confirmed.',
		pay: dueNow > 0 ? 'ask' : 'none',
	}
}
