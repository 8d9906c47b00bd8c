/**
 * When a trip can be booked, when its money is due and which cancellation band
 * applies (docs/decisions/080-booking-dates-and-money-rules.md). Pure functions:
 * every date is a `YYYY-MM-DD` string in India; "today" is passed in.
 */
import { addDays, formatTravelDate } from '~/lib/dates.ts'
import { advanceDue, daysBetween } from './booking.ts'
import { type CancellationTier, describeCancellationTiers } from './cancellation.ts'

/** The owner's booking rules (settings). */
export type BookingRules = {
	/** The earliest arrival taken online, in days from today: the team needs time to book ferries and hotels. */
	earliestArrivalDays: number
	/** The balance is due this many days before the arrival (ferries and peak-season hotels are paid in full by then). */
	balanceDueDaysBeforeStart: number
}

export const defaultBookingRules: BookingRules = { earliestArrivalDays: 3, balanceDueDaysBeforeStart: 15 }

/** The first arrival date travellers may book online. */
export function earliestArrival(today: string, rules: Pick<BookingRules, 'earliestArrivalDays'>): string {
	return addDays(today, rules.earliestArrivalDays)
}

/** Why this arrival cannot be booked online (or null). */
export function arrivalProblem(startDate: string, today: string, rules: Pick<BookingRules, 'earliestArrivalDays'>, phone: string): string | null {
	const earliest = earliestArrival(today, rules)
	if (startDate >= earliest) return null
	return `Online bookings start from ${formatTravelDate(earliest)}. For sooner dates, call ${phone}.`
}

/**
 * The balance is due N days before the arrival, but never before the booking
 * was made: a trip booked inside the window owes everything on the day it is booked.
 */
export function balanceDueDate(startDate: string, bookedOn: string, daysBefore: number): string {
	const due = addDays(startDate, -daysBefore)
	return due < bookedOn ? bookedOn : due
}

/** The arrival is inside the balance window when the usual due date is already today or past. */
export function insideBalanceWindow(startDate: string, bookedOn: string, daysBefore: number): boolean {
	return addDays(startDate, -daysBefore) <= bookedOn
}

export type PaymentPlan = {
	/** True when the whole amount is due now (the arrival is inside the balance window). */
	fullNow: boolean
	/** What confirms the booking now: the advance, or the whole total inside the window. */
	dueNow: number
	/** What is left after that, and by when (the booking date when everything is due now). */
	balance: number
	balanceDueDate: string
	advancePercent: number
}

/** What the traveller pays now and later for a trip booked on `bookedOn`. */
export function paymentPlan(input: { total: number; advancePercent: number; startDate: string; bookedOn: string; daysBefore: number }): PaymentPlan {
	const fullNow = insideBalanceWindow(input.startDate, input.bookedOn, input.daysBefore)
	const dueNow = fullNow ? input.total : Math.min(input.total, advanceDue(input.total, input.advancePercent))
	return {
		fullNow,
		dueNow,
		balance: input.total - dueNow,
		balanceDueDate: balanceDueDate(input.startDate, input.bookedOn, input.daysBefore),
		advancePercent: input.advancePercent,
	}
}

/** A balance is overdue only the day after its due date, so never on the day the booking is made. */
export function isPastDue(dueDate: string, today: string): boolean {
	return today > dueDate
}

export type CancellationBand = {
	daysBefore: number
	feePercent: number
	/** The policy row that applies, e.g. "15 to 29 days before the trip". */
	when: string
	/** When the next, dearer band starts (the last day of this one is the day before), or null in the last band. */
	next: { from: string; feePercent: number } | null
}

/** The cancellation band a traveller is in today for a trip starting on `startDate`, and when it gets dearer. */
export function cancellationBand(tiers: readonly CancellationTier[], today: string, startDate: string): CancellationBand {
	const daysBefore = daysBetween(today, startDate)
	const rows = describeCancellationTiers(tiers)
	const ordered = [...tiers].sort((a, b) => b.minDaysBefore - a.minDaysBefore)
	const index = ordered.findIndex((tier) => daysBefore >= tier.minDaysBefore)
	if (index === -1) return { daysBefore, feePercent: 100, when: rows.at(-1)?.when ?? 'Less than the shortest notice, or no-show', next: null }
	const tier = ordered[index]!
	const following = ordered[index + 1]
	return {
		daysBefore,
		feePercent: tier.feePercent,
		when: rows[index]!.when,
		// The next band starts when fewer days than this band's minimum remain.
		next: following ? { from: addDays(startDate, -(tier.minDaysBefore - 1)), feePercent: following.feePercent } : null,
	}
}

/** One sentence for the booking page: what cancelling would cost from today, and until when. */
export function describeCancellationBand(band: CancellationBand): string {
	const now =
		band.feePercent >= 100
			? 'Your dates are inside the last cancellation band: cancelling costs the full price (100%).'
			: `For your dates, cancelling now costs ${band.feePercent}% of the price.`
	if (!band.next) return now
	return `${now} From ${formatTravelDate(band.next.from)} it rises to ${band.next.feePercent}%.`
}

/** Price lines as travellers read them: "Adults × 2", but never "GST (5%) × 1". */
export function priceLineLabel(line: { label: string; quantity: number }): string {
	return line.quantity === 1 ? line.label : `${line.label} × ${line.quantity}`
}

export type PaymentDetails = { upiId: string; bankName: string; accountName: string; accountNumber: string; ifsc: string }
export type PaymentMethodShown =
	{ method: 'upi'; upiId: string } | { method: 'bank'; bankName: string; accountName: string; accountNumber: string; ifsc: string }

/** A placeholder the owner has not replaced is not a way to pay. */
function filled(value: string | null | undefined): value is string {
	return Boolean(value?.trim()) && !/^set in settings$/i.test(value!.trim())
}

/** The ways to pay that the owner has actually set up: UPI when it has an id, bank transfer when all four fields are filled. */
export function configuredPaymentMethods(payment: PaymentDetails): PaymentMethodShown[] {
	const methods: PaymentMethodShown[] = []
	if (filled(payment.upiId)) methods.push({ method: 'upi', upiId: payment.upiId.trim() })
	if (filled(payment.bankName) && filled(payment.accountName) && filled(payment.accountNumber) && filled(payment.ifsc))
		methods.push({ method: 'bank', bankName: payment.bankName, accountName: payment.accountName, accountNumber: payment.accountNumber, ifsc: payment.ifsc })
	return methods
}
