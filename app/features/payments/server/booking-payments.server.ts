import { nextReminder, reminderScheduleOf } from '~/features/payments/domain/reminders.ts'
import { todayInIndia } from '~/lib/dates.ts'
import { formatINR } from '~/lib/money.ts'
import type { Kysely } from 'kysely'
import type { Database } from '~/server/db/schema.ts'
import { env } from '~/server/env.server.ts'
import { newSubmissionKey } from '~/server/forms.server.ts'
import { getBooking } from '~/features/bookings/server/bookings.server.ts'
import { remindersOfBooking } from './reminders.server.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'
import { listPaymentRequests } from './requests.server.ts'
import { tripPath } from './trip.server.ts'

/** What the booking page shows of the online side. */
export async function onlinePaymentsOfBooking(db: Kysely<Database>, bookingId: string) {
	const found = await getBooking(db, bookingId)
	if (!found) return null
	const siteUrl = env().SITE_URL.replace(/\/$/, '')
	const today = todayInIndia()
	const [requests, refunds, cancellationRequest, reminders, settings] = await Promise.all([
		listPaymentRequests(db, bookingId, siteUrl),
		db.selectFrom('refunds').select(['id', 'amount', 'method', 'reference', 'status']).where('booking_id', '=', bookingId).orderBy('created_at').execute(),
		db.selectFrom('cancellation_requests').selectAll().where('booking_id', '=', bookingId).executeTakeFirst(),
		remindersOfBooking(db, bookingId, siteUrl, today),
		getSettings(db),
	])
	return {
		tripUrl: `${siteUrl}${tripPath(found.booking.tripToken)}`,
		requests,
		refunds: refunds.map((refund) => ({ ...refund, amount: Number(refund.amount) })),
		gatewayPayments: found.payments
			.filter((payment) => payment.source === 'gateway' && payment.verified)
			.map((payment) => ({ id: payment.id, label: `${formatINR(Number(payment.amount))} · ${payment.reference}` })),
		cancellationRequest: cancellationRequest
			? { reason: cancellationRequest.reason, fee: Number(cancellationRequest.quoted_fee), refund: Number(cancellationRequest.quoted_refund) }
			: null,
		today,
		reminders: {
			sent: reminders?.sent ?? [],
			whatsapp: reminders?.whatsapp ?? null,
			next: reminders ? nextReminder(reminders.booking, reminderScheduleOf(settings.paymentReminders), today) : null,
		},
		submissionKey: newSubmissionKey(),
	}
}
