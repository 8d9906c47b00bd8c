import { paymentMethodLabels, type PaymentMethod } from '~/features/bookings/domain/booking.ts'
import { paymentRequestEmail } from '~/features/email/domain/emails.ts'
import { paymentRequestMessage } from '~/features/payments/domain/payments.ts'
import { AppError } from '~/lib/errors.ts'
import { newId } from '~/lib/ids.ts'
import { formatINR } from '~/lib/money.ts'
import { type Actor, recordAudit } from '~/server/db/audit.server.ts'
import { isUniqueViolation, type DB } from '~/server/db/client.server.ts'
import { rowById } from '~/server/db/row-by-id.server.ts'
import { enqueueEmail } from '~/features/email/server/outbox.server.ts'
import { addBookingEvent } from '~/features/leads/server/trip-events.server.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'
import { queuePaymentLink } from '~/features/messaging/server/booking-messages.server.ts'
import { tripPath } from './trip.server.ts'

/**
 * A payment link for a booking (the balance or any amount): kept, emailed through the outbox when the
 * traveller gave an email, and returned with its WhatsApp text. The form's key makes a double submit one link.
 */
export async function createPaymentRequest(
	db: DB,
	bookingId: string,
	request: { amount: number; note: string | null; submissionKey: string },
	actor: Actor,
	siteUrl: string,
) {
	const id = newId()
	try {
		await db.transaction().execute(async (trx) => {
			// The status is checked under the booking's lock: a cancellation at the same moment leaves no payable link behind.
			const booking = await rowById(trx, 'bookings', bookingId, 'No such booking.', { forUpdate: true })
			if (booking.status !== 'pending_payment' && booking.status !== 'confirmed')
				throw new AppError('failed-precondition', 'Only an open booking can be sent a payment link.')
			await trx
				.insertInto('payment_requests')
				.values({
					id,
					booking_id: bookingId,
					amount: request.amount,
					note: request.note,
					submission_key: request.submissionKey,
					created_by: actor.id,
					created_at: new Date().toISOString(),
					paid_at: null,
				})
				.execute()
			await recordAudit(trx, { actor, action: 'payment-link', entity: 'booking', entityId: bookingId, after: { amount: request.amount, note: request.note } })
			await addBookingEvent(trx, bookingId, actor, 'payment', `payment link sent for ${formatINR(request.amount)}`, { amount: request.amount })
			await queuePaymentLink(
				trx,
				{ id: bookingId, reference: booking.reference, name: booking.contact_name },
				id,
				request.amount,
				`${siteUrl.replace(/\/$/, '')}${tripPath(booking.trip_token, id)}`,
			)
			if (booking.contact_email) {
				const settings = await getSettings(trx)
				const email = paymentRequestEmail({
					reference: booking.reference,
					name: booking.contact_name,
					amount: request.amount,
					note: request.note,
					url: `${siteUrl.replace(/\/$/, '')}${tripPath(booking.trip_token, id)}`,
					company: settings.company,
				})
				await enqueueEmail(trx, { ...email, kind: 'payment-request', to: booking.contact_email, bookingId, dedupeKey: `payment-request:${id}` })
			}
		})
		return { id, created: true }
	} catch (error) {
		if (isUniqueViolation(error)) {
			const first = await db.selectFrom('payment_requests').select('id').where('submission_key', '=', request.submissionKey).executeTakeFirst()
			if (first) return { id: first.id, created: false }
		}
		throw error
	}
}

/** The booking's payment links, newest first, with the WhatsApp text and link for each. */
export async function listPaymentRequests(db: DB, bookingId: string, siteUrl: string) {
	const booking = await db
		.selectFrom('bookings')
		.select(['reference', 'contact_name', 'contact_phone', 'trip_token'])
		.where('id', '=', bookingId)
		.executeTakeFirst()
	if (!booking) return []
	const rows = await db
		.selectFrom('payment_requests')
		.leftJoin('payments', 'payments.id', 'payment_requests.payment_id')
		.selectAll('payment_requests')
		.select(['payments.method as paid_method', 'payments.reference as paid_reference'])
		.where('payment_requests.booking_id', '=', bookingId)
		.orderBy('payment_requests.created_at', 'desc')
		.limit(20)
		.execute()
	return rows.map((row) => {
		const url = `${siteUrl.replace(/\/$/, '')}${tripPath(booking.trip_token, row.id)}`
		const text = paymentRequestMessage({ name: booking.contact_name, reference: booking.reference, amount: Number(row.amount), url })
		// Paid through the gateway, or by other means staff recorded against the link (method and reference).
		const paidHow = row.paid_at
			? row.paid_method
				? `paid by ${paymentMethodLabels[row.paid_method as PaymentMethod] ?? row.paid_method} (${row.paid_reference})`
				: 'paid online'
			: null
		return {
			id: row.id,
			amount: Number(row.amount),
			note: row.note,
			createdAt: row.created_at,
			paidAt: row.paid_at,
			paidHow,
			url,
			whatsapp: `https://wa.me/${booking.contact_phone.replace(/[^\d]/g, '')}?text=${encodeURIComponent(text)}`,
		}
	})
}
