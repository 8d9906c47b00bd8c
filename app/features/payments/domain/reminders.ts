/**
 * Payment reminders before the balance due date (docs/decisions/133-payment-reminders.md): which
 * reminder step a booking is at on a given day in India, the owner's schedule, and the words the
 * traveller reads. Pure functions: dates are `YYYY-MM-DD` strings already in Asia/Kolkata.
 */
import type { BookingStatus } from '~/features/bookings/domain/booking.ts'
import { addDays, formatTravelDate } from '~/lib/dates.ts'
import { formatINR, type Paise } from '~/lib/money.ts'

/** The owner's setting: reminders this many days before the due date, and one the day after it (overdue). */
export type ReminderSchedule = { daysBefore: number[]; whenOverdue: boolean }

export const defaultReminderSchedule: ReminderSchedule = { daysBefore: [7, 2], whenOverdue: true }

/** At most this many reminders before the due date, each at most this many days before it (docs/security.md). */
export const reminderLimits = { maxSteps: 5, maxDaysBefore: 60 } as const

/** A step: `before-7` (7 days before the due date), `before-0` (on it) or `overdue` (the day after). */
export type ReminderStep = `before-${number}` | 'overdue'

export type DueReminder = { step: ReminderStep; on: string; dueDate: string }

/** The steps of a schedule for one due date, earliest first. */
export function reminderSteps(schedule: ReminderSchedule, dueDate: string): DueReminder[] {
	const before = [...new Set(schedule.daysBefore)]
		.sort((a, b) => b - a)
		.map((days) => ({ step: `before-${days}` as ReminderStep, on: addDays(dueDate, -days), dueDate }))
	return schedule.whenOverdue ? [...before, { step: 'overdue', on: addDays(dueDate, 1), dueDate }] : before
}

export type RemindableBooking = { status: BookingStatus; balance: Paise; balanceDueDate: string; bookedOn: string; startDate: string }

/**
 * The reminder step a booking is at on `today`: the latest step whose day has come, so a server that
 * was down on a step's day sends it late rather than never, and never sends two at once. Nothing
 * for a booking that is not confirmed (cancelled, completed, or still awaiting its advance), that owes
 * nothing, whose trip has started (staff call then), or for a step that fell before the booking was
 * made (the traveller was just told the due date).
 */
export function reminderDue(booking: RemindableBooking, schedule: ReminderSchedule, today: string): DueReminder | null {
	if (booking.status !== 'confirmed' || booking.balance <= 0 || today >= booking.startDate) return null
	const reached = reminderSteps(schedule, booking.balanceDueDate).filter((step) => step.on <= today)
	const current = reached.at(-1)
	return current && current.on >= booking.bookedOn ? current : null
}

/** The next step still to come (shown on the booking page), or null. */
export function nextReminder(booking: RemindableBooking, schedule: ReminderSchedule, today: string): DueReminder | null {
	if (booking.status !== 'confirmed' || booking.balance <= 0) return null
	return reminderSteps(schedule, booking.balanceDueDate).find((step) => step.on > today && step.on >= booking.bookedOn && step.on < booking.startDate) ?? null
}

/** The key that makes a step once per booking: a moved due date is a new key, so its steps apply again. */
export function reminderKey(reminder: { step: ReminderStep | 'manual'; dueDate: string }): string {
	return `${reminder.step}:${reminder.dueDate}`
}

export function reminderStepLabel(step: string): string {
	if (step === 'overdue') return 'Overdue (the day after the due date)'
	if (step === 'manual') return 'Sent by hand'
	const days = Number(step.replace('before-', ''))
	return days === 0 ? 'On the due date' : `${days} ${days === 1 ? 'day' : 'days'} before the due date`
}

/** Reads the owner's "7, 2" into whole days, largest first; null with a message when it does not fit the limits. */
export function parseReminderDays(text: string): { days: number[]; error: null } | { days: null; error: string } {
	const parts = text
		.split(/[\s,]+/)
		.map((part) => part.trim())
		.filter(Boolean)
	if (parts.length > reminderLimits.maxSteps) return { days: null, error: `Give at most ${reminderLimits.maxSteps} reminder days.` }
	const days: number[] = []
	for (const part of parts) {
		if (!/^\d{1,2}$/.test(part) || Number(part) > reminderLimits.maxDaysBefore)
			return { days: null, error: `Reminder days are whole numbers from 0 to ${reminderLimits.maxDaysBefore}, separated by commas, e.g. 7, 2.` }
		days.push(Number(part))
	}
	return { days: [...new Set(days)].sort((a, b) => b - a), error: null }
}

/** A schedule read from settings, tolerating a stored value from before the setting existed. */
export function reminderScheduleOf(stored: Partial<ReminderSchedule> | null | undefined): ReminderSchedule {
	const days = Array.isArray(stored?.daysBefore)
		? stored.daysBefore.filter((day) => Number.isInteger(day) && day >= 0 && day <= reminderLimits.maxDaysBefore).slice(0, reminderLimits.maxSteps)
		: defaultReminderSchedule.daysBefore
	return { daysBefore: days, whenOverdue: typeof stored?.whenOverdue === 'boolean' ? stored.whenOverdue : defaultReminderSchedule.whenOverdue }
}

export type ReminderText = { name: string; reference: string; balance: Paise; dueDate: string; url: string; today: string }

function reminderSentence(input: ReminderText): string {
	const exact = formatINR(input.balance)
	if (input.today > input.dueDate)
		return `The balance of ${exact} for booking ${input.reference} was due on ${formatTravelDate(input.dueDate)} and is still open.`
	if (input.today === input.dueDate) return `The balance of ${exact} for booking ${input.reference} is due today, ${formatTravelDate(input.dueDate)}.`
	return `The balance of ${exact} for booking ${input.reference} is due by ${formatTravelDate(input.dueDate)}.`
}

/** The WhatsApp text staff send from the booking page (the same facts as the email). */
export function paymentReminderMessage(input: ReminderText): string {
	return `Hello ${input.name}, a reminder: ${reminderSentence(input)} Pay on your trip page (UPI button for the exact amount): ${input.url}`
}

/** The reminder email's subject and first paragraph (the email module adds greeting and signature). */
export function paymentReminderLines(input: ReminderText): { subject: string; body: string } {
	const overdue = input.today > input.dueDate
	return {
		subject: overdue
			? `Balance overdue for ${input.reference}`
			: `Balance of ${formatINR(input.balance)} due by ${formatTravelDate(input.dueDate)} for ${input.reference}`,
		body: `${reminderSentence(input)} Your trip page has a UPI pay button for the exact amount and shows your payment as soon as it arrives:\n${input.url}\n\nAlready paid? Thank you: reply with the transaction id and we will match it. Questions, or need more time? Call or WhatsApp us.`,
	}
}
