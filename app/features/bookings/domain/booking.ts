/**
 * Bookings (docs/product.md): the states, what may follow what, and the money
 * rules. Pure functions, no database.
 */
import { cancellationFeePercent, type CancellationTier } from './cancellation.ts'

export const bookingStatuses = ['pending_payment', 'confirmed', 'completed', 'cancelled'] as const
export type BookingStatus = (typeof bookingStatuses)[number]

const transitions: Record<BookingStatus, readonly BookingStatus[]> = {
	pending_payment: ['confirmed', 'cancelled'],
	confirmed: ['completed', 'cancelled'],
	completed: [],
	cancelled: [],
}

export function canTransition(from: BookingStatus, to: BookingStatus): boolean {
	return transitions[from].includes(to)
}

export const bookingStatusLabels: Record<BookingStatus, string> = {
	pending_payment: 'Awaiting payment',
	confirmed: 'Confirmed',
	completed: 'Completed',
	cancelled: 'Cancelled',
}

/**
 * Views of the bookings list besides its status tabs (arrivals in 7 days, balance overdue, booked this month),
 * and the dashboard's work queues (cancellation requests, UPI references to verify, supplier confirmations pending).
 */
export const bookingFilters = ['arrivals', 'overdue', 'month', 'cancellation-requests', 'upi-to-verify', 'suppliers-pending', 'suppliers-unanswered'] as const
export type BookingFilter = (typeof bookingFilters)[number]

/** The ways staff record money by hand; `gateway` is recorded only by the payment gateway's signed messages. */
export const paymentMethods = ['upi', 'bank', 'card', 'cash'] as const
export type PaymentMethod = (typeof paymentMethods)[number] | 'gateway'
export const paymentMethodLabels: Record<PaymentMethod, string> = {
	upi: 'UPI',
	bank: 'Bank transfer',
	card: 'Card',
	cash: 'Cash',
	gateway: 'Online (payment gateway)',
}

/** Who recorded a payment: staff by hand, the traveller (a UPI reference typed on the trip page: unverified) or the gateway. */
export type PaymentSource = 'staff' | 'traveller' | 'gateway'

/** The advance that confirms a booking: a share of the total, rounded up to the rupee. */
export function advanceDue(total: number, advancePercent: number): number {
	return Math.ceil((total * advancePercent) / 100 / 100) * 100
}

export type PaymentLike = { amount: number; verified: boolean }

export function paidSoFar(payments: readonly PaymentLike[], options: { verifiedOnly?: boolean } = {}): number {
	return payments.filter((payment) => !options.verifiedOnly || payment.verified).reduce((sum, payment) => sum + payment.amount, 0)
}

/**
 * Whether staff may confirm: only from pending_payment, and only when verified
 * payments cover the advance, unless an owner overrides (with a reason).
 */
export function confirmationProblem(
	booking: { status: BookingStatus; total: number },
	payments: readonly PaymentLike[],
	advancePercent: number,
	override: { byOwner: boolean; reason: string | null } | null,
): string | null {
	if (!canTransition(booking.status, 'confirmed')) return `A booking that is ${bookingStatusLabels[booking.status].toLowerCase()} cannot be confirmed.`
	const needed = advanceDue(booking.total, advancePercent)
	if (paidSoFar(payments, { verifiedOnly: true }) >= needed) return null
	if (override?.byOwner && override.reason && override.reason.trim().length >= 5) return null
	if (override && !override.byOwner) return 'Only an owner can confirm before the advance is paid.'
	if (override) return 'Say why the booking is confirmed without the advance (at least 5 characters).'
	return 'The verified payments do not cover the advance yet. Record and verify the payment first, or ask an owner to override.'
}

/**
 * What a cancellation costs and returns: the fee is a share of the total by
 * how many days before the start the traveller cancels; the refund is what was
 * paid beyond the fee, never negative.
 */
export function cancellationSettlement(total: number, paid: number, daysBefore: number, tiers: readonly CancellationTier[]) {
	const feePercent = cancellationFeePercent(tiers, daysBefore)
	const fee = Math.round((total * feePercent) / 100)
	return { feePercent, fee, refund: Math.max(0, paid - fee) }
}

/** Whole days from `today` to `start` (both YYYY-MM-DD); negative when the trip has begun. */
export function daysBetween(today: string, start: string): number {
	return Math.round((Date.parse(`${start}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000)
}
