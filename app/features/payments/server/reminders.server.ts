/**
 * Payment reminders before the balance due date (docs/decisions/133-payment-reminders.md). The rule
 * (which step a booking is at today) is `reminderDue` in app/features/payments/domain/reminders.ts; this module
 * finds the bookings, and sends each step once: the reminder row's unique (booking, step key) decides,
 * in the same transaction as the email, so any number of servers running the schedule send one.
 */
import { balanceDue } from '~/features/bookings/domain/balance.ts'
import type { BookingStatus } from '~/features/bookings/domain/booking.ts'
import { balanceDueDate } from '~/features/bookings/domain/rules.ts'
import { paymentReminderEmail } from '~/features/email/domain/emails.ts'
import {
	type DueReminder,
	paymentReminderMessage,
	type RemindableBooking,
	reminderDue,
	reminderKey,
	reminderScheduleOf,
	type ReminderSchedule,
	type ReminderStep,
} from '~/features/payments/domain/reminders.ts'
import { addDays, todayInIndia } from '~/lib/dates.ts'
import { AppError } from '~/lib/errors.ts'
import { newId } from '~/lib/ids.ts'
import { formatINR } from '~/lib/money.ts'
import { type Actor, recordAudit } from '~/server/db/audit.server.ts'
import type { DB } from '~/server/db/client.server.ts'
import { bookedOn, getBooking, verifiedPaidByBooking } from '~/features/bookings/server/bookings.server.ts'
import { enqueueEmail } from '~/features/email/server/outbox.server.ts'
import { queuePaymentReminder } from '~/features/messaging/server/booking-messages.server.ts'
import { addBookingEvent } from '~/features/leads/server/trip-events.server.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'
import { tripPath } from './trip.server.ts'

/** Who sends the scheduled reminders (the timer and `npm run reminders`). */
export const reminderActor: Actor = { id: null, label: 'payment reminders' }

/** The most bookings one run looks at, earliest arrival first (docs/security.md). */
export const maxRemindersPerRun = 500

export type ReminderOutcome = 'sent' | 'already-sent' | 'not-due'

type Send = { step: ReminderStep | 'manual'; key: (dueDate: string) => string }

/**
 * Sends one reminder for a booking if `plan` still applies when read inside the transaction: the
 * booking, its payments and its due date are read again there, so a payment or a moved date that
 * arrived meanwhile skips the step ('not-due'). The unique key makes a second sender find the first.
 */
async function sendOne(db: DB, bookingId: string, plan: (booking: RemindableBooking) => Send | null, actor: Actor, siteUrl: string, today: string) {
	return db.transaction().execute(async (trx) => {
		const found = await getBooking(trx, bookingId)
		if (!found) throw new AppError('not-found', 'No such booking.')
		const { booking } = found
		const balance = balanceDue(booking.total, found.payments)
		const send = plan({ status: booking.status, balance, balanceDueDate: booking.balanceDueDate, bookedOn: booking.bookedOn, startDate: booking.startDate })
		if (!send) return { outcome: 'not-due' as ReminderOutcome, emailed: false }
		const id = newId()
		const now = new Date().toISOString()
		const inserted = await trx
			.insertInto('payment_reminders')
			.values({
				id,
				booking_id: bookingId,
				step: send.step,
				step_key: send.key(booking.balanceDueDate),
				due_date: booking.balanceDueDate,
				balance,
				emailed: booking.contactEmail ? 1 : 0,
				sent_by: actor.id,
				sent_by_label: actor.label,
				sent_at: now,
			})
			.onConflict((oc) => oc.columns(['booking_id', 'step_key']).doNothing())
			.executeTakeFirst()
		if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return { outcome: 'already-sent' as ReminderOutcome, emailed: false }
		const text = {
			name: booking.contactName,
			reference: booking.reference,
			balance,
			dueDate: booking.balanceDueDate,
			url: `${siteUrl.replace(/\/$/, '')}${tripPath(booking.tripToken)}`,
			today,
		}
		await queuePaymentReminder(trx, { id: bookingId, reference: booking.reference, name: booking.contactName }, id, balance, booking.balanceDueDate, text.url)
		if (booking.contactEmail) {
			const settings = await getSettings(trx)
			await enqueueEmail(trx, {
				...paymentReminderEmail({ ...text, company: settings.company }),
				kind: 'payment-reminder',
				to: booking.contactEmail,
				bookingId,
				dedupeKey: `payment-reminder:${id}`,
			})
		}
		const what = `payment reminder (${send.step}) for the balance of ${formatINR(balance)} due ${booking.balanceDueDate}${booking.contactEmail ? ', emailed' : ': no email address, send it on WhatsApp'}`
		await recordAudit(trx, {
			actor,
			action: 'payment-reminder',
			entity: 'booking',
			entityId: bookingId,
			after: { step: send.step, dueDate: booking.balanceDueDate, balance, emailed: Boolean(booking.contactEmail) },
		})
		await addBookingEvent(trx, bookingId, actor, 'payment', what, { step: send.step, balance })
		return { outcome: 'sent' as ReminderOutcome, emailed: Boolean(booking.contactEmail) }
	})
}

/** Sends the reminder a booking is due today, if any and not sent yet. `expected` skips it when the step has changed since it was planned. */
export async function sendScheduledReminder(db: DB, bookingId: string, schedule: ReminderSchedule, siteUrl: string, today: string, expected?: DueReminder) {
	return sendOne(
		db,
		bookingId,
		(booking) => {
			const due = reminderDue(booking, schedule, today)
			if (!due || (expected && reminderKey(expected) !== reminderKey(due))) return null
			return { step: due.step, key: () => reminderKey(due) }
		},
		reminderActor,
		siteUrl,
		today,
	)
}

/**
 * One run of the schedule: every confirmed booking whose first reminder day may have come (the due
 * date is never before start − the setting's days, so arrivals up to that many days plus the
 * earliest reminder ahead) and whose trip has not started. Safe to run anywhere, any number of times.
 */
export async function sendDueReminders(db: DB, options: { siteUrl: string; today?: string }) {
	const today = options.today ?? todayInIndia()
	const settings = await getSettings(db)
	const schedule = reminderScheduleOf(settings.paymentReminders)
	const result = { checked: 0, sent: 0, emailed: 0, alreadySent: 0 }
	if (!schedule.daysBefore.length && !schedule.whenOverdue) return result
	const reach = settings.bookingRules.balanceDueDaysBeforeStart + Math.max(0, ...schedule.daysBefore)
	const rows = await db
		.selectFrom('bookings')
		.select(['id', 'status', 'total', 'start_date', 'created_at'])
		.where('status', '=', 'confirmed')
		.where('start_date', '>', today)
		.where('start_date', '<=', addDays(today, reach))
		.orderBy('start_date')
		.orderBy('id')
		.limit(maxRemindersPerRun)
		.execute()
	if (!rows.length) return result
	// Planned from three queries; only bookings with a step due and not sent open a transaction,
	// which reads everything again and skips the step if a payment or a new date changed it.
	const ids = rows.map((row) => row.id)
	const [paid, sent] = await Promise.all([
		verifiedPaidByBooking(db, ids),
		db.selectFrom('payment_reminders').select(['booking_id', 'step_key']).where('booking_id', 'in', ids).execute(),
	])
	const sentKeys = new Set(sent.map((row) => `${row.booking_id} ${row.step_key}`))
	for (const row of rows) {
		result.checked++
		const booked = bookedOn(row)
		const due = reminderDue(
			{
				status: row.status as BookingStatus,
				balance: Math.max(0, Number(row.total) - (paid.get(row.id) ?? 0)),
				balanceDueDate: balanceDueDate(row.start_date, booked, settings.bookingRules.balanceDueDaysBeforeStart),
				bookedOn: booked,
				startDate: row.start_date,
			},
			schedule,
			today,
		)
		if (!due) continue
		if (sentKeys.has(`${row.id} ${reminderKey(due)}`)) {
			result.alreadySent++
			continue
		}
		const outcome = await sendScheduledReminder(db, row.id, schedule, options.siteUrl, today, due)
		if (outcome.outcome === 'sent') result.sent++
		if (outcome.outcome === 'already-sent') result.alreadySent++
		if (outcome.emailed) result.emailed++
	}
	return result
}

/** Staff send a reminder now from the booking page; the form's key makes a double submit one reminder. */
export async function sendReminderNow(db: DB, bookingId: string, submissionKey: string, actor: Actor, siteUrl: string, today = todayInIndia()) {
	const result = await sendOne(
		db,
		bookingId,
		(booking) => (booking.status === 'confirmed' && booking.balance > 0 ? { step: 'manual', key: () => `manual:${submissionKey}` } : null),
		actor,
		siteUrl,
		today,
	)
	if (result.outcome === 'not-due')
		throw new AppError('failed-precondition', 'Reminders are for confirmed bookings with a balance to pay. To ask for the advance, send a payment link.')
	return result
}

/** What the booking page shows: the reminders sent (newest first) and the WhatsApp text for today. */
export async function remindersOfBooking(db: DB, bookingId: string, siteUrl: string, today = todayInIndia()) {
	const found = await getBooking(db, bookingId)
	if (!found) return null
	const { booking } = found
	const balance = balanceDue(booking.total, found.payments)
	const rows = await db.selectFrom('payment_reminders').selectAll().where('booking_id', '=', bookingId).orderBy('sent_at', 'desc').limit(50).execute()
	const text = paymentReminderMessage({
		name: booking.contactName,
		reference: booking.reference,
		balance,
		dueDate: booking.balanceDueDate,
		url: `${siteUrl.replace(/\/$/, '')}${tripPath(booking.tripToken)}`,
		today,
	})
	return {
		sent: rows.map((row) => ({
			id: row.id,
			step: row.step,
			dueDate: row.due_date,
			balance: Number(row.balance),
			emailed: row.emailed === 1,
			by: row.sent_by_label,
			at: row.sent_at,
		})),
		whatsapp:
			booking.status === 'confirmed' && balance > 0 ? `https://wa.me/${booking.contactPhone.replace(/[^\d]/g, '')}?text=${encodeURIComponent(text)}` : null,
		booking: { status: booking.status, balance, balanceDueDate: booking.balanceDueDate, bookedOn: booking.bookedOn, startDate: booking.startDate },
	}
}
