/**
 * The balance after the advance, when it is due, and when a trip may be marked
 * completed (docs/decisions/040-balance-due-and-completion.md). Pure functions.
 */
import { addDays } from '~/lib/dates.ts'
import { type BookingStatus, type PaymentLike, paidSoFar } from './booking.ts'
import { isPastDue } from './rules.ts'

/** What is left to pay: the total less verified payments, never negative. */
export function balanceDue(total: number, payments: readonly PaymentLike[]): number {
	return Math.max(0, total - paidSoFar(payments, { verifiedOnly: true }))
}

/**
 * What to ask the traveller for now: the rest of the advance while the booking waits for it,
 * otherwise the balance (the payment link form's default amount).
 */
export function dueNow(status: BookingStatus, balance: number, advanceNeeded: number, verifiedPaid: number): number {
	if (status === 'pending_payment' && verifiedPaid < advanceNeeded) return Math.min(balance, advanceNeeded - verifiedPaid)
	return balance
}

/**
 * A confirmed booking with money left to pay after its due date is overdue. The due
 * date is never before the booking date (`balanceDueDate` in rules.ts), so nothing is
 * overdue on the day it is made.
 */
export function isBalanceOverdue(booking: { status: BookingStatus; balanceDueDate: string }, balance: number, today: string): boolean {
	return booking.status === 'confirmed' && balance > 0 && isPastDue(booking.balanceDueDate, today)
}

/** The last day of the trip (the departure day). */
export function tripEndDate(startDate: string, nights: number): string {
	return addDays(startDate, nights)
}

/** Why the trip cannot be marked completed yet (or null when it can). */
export function completionProblem(booking: { status: BookingStatus; startDate: string; nights: number }, today: string): string | null {
	if (booking.status !== 'confirmed') return 'Only a confirmed booking can be marked completed.'
	const end = tripEndDate(booking.startDate, booking.nights)
	if (today < end) return `The trip ends on ${end}: mark it completed on or after that day.`
	return null
}
