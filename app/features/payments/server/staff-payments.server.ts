/**
 * Two staff actions on the booking page (docs/decisions/133-payment-reminders.md): rejecting a UPI
 * reference the traveller typed that the bank statement does not show, and closing a payment link the
 * traveller paid another way (cash, bank transfer) with exactly one payment.
 */
import type { PaymentMethod } from '~/features/bookings/domain/booking.ts'
import { AppError } from '~/lib/errors.ts'
import { formatINR } from '~/lib/money.ts'
import { type Actor, recordAudit } from '~/server/db/audit.server.ts'
import { isUniqueViolation, type DB } from '~/server/db/client.server.ts'
import { rowById } from '~/server/db/row-by-id.server.ts'
import { insertPayment } from '~/features/bookings/server/bookings.server.ts'
import { addBookingEvent } from '~/features/leads/server/trip-events.server.ts'

/**
 * Rejects an unverified UPI reference the traveller sent from the trip page, with the reason staff
 * give. It stays on the booking, never counts, and the trip page says it could not be matched. A
 * second rejection (double submit, two staff) changes nothing: `rejected` is false.
 */
export async function rejectTravellerPayment(db: DB, bookingId: string, paymentId: string, reason: string, actor: Actor) {
	return db.transaction().execute(async (trx) => {
		const payment = await trx.selectFrom('payments').selectAll().where('id', '=', paymentId).where('booking_id', '=', bookingId).executeTakeFirst()
		if (!payment) throw new AppError('not-found', 'No such payment on this booking.')
		if (payment.source !== 'traveller' || payment.method !== 'upi')
			throw new AppError('failed-precondition', 'Only a UPI transaction id the traveller sent can be rejected.')
		if (payment.verified === 1) throw new AppError('failed-precondition', 'This payment is already verified: it counts as paid.')
		if (payment.rejected_at) return { rejected: false }
		const now = new Date().toISOString()
		// The guard in the WHERE makes two rejections at once reject once.
		const result = await trx
			.updateTable('payments')
			.set({ rejected_at: now, rejected_reason: reason, rejected_by: actor.id })
			.where('id', '=', paymentId)
			.where('rejected_at', 'is', null)
			.where('verified', '=', 0)
			.executeTakeFirst()
		if (Number(result.numUpdatedRows) !== 1) return { rejected: false }
		await recordAudit(trx, {
			actor,
			action: 'reject-payment',
			entity: 'booking',
			entityId: bookingId,
			before: { paymentId, reference: payment.reference, rejected: false },
			after: { paymentId, rejected: true, reason },
		})
		await addBookingEvent(trx, bookingId, actor, 'payment', `UPI transaction id ${payment.reference} (${formatINR(payment.amount)}) rejected: ${reason}`, {
			paymentId,
			amount: payment.amount,
		})
		return { rejected: true }
	})
}

/**
 * The traveller paid a payment link's amount another way: one verified payment of the link's amount
 * is recorded and the link is closed, in one transaction. The link row is claimed first
 * (`paid_at IS NULL` in the WHERE), so two submits, with the same or different references, record
 * one payment; the second answers `created: false`.
 */
export async function markPaymentRequestPaid(
	db: DB,
	bookingId: string,
	requestId: string,
	paid: { method: Exclude<PaymentMethod, 'gateway'>; reference: string; paidOn: string },
	actor: Actor,
) {
	try {
		return await db.transaction().execute(async (trx) => {
			// The booking first, as every money movement takes it (docs/payments.md): a gateway settling this
			// link at the same moment waits here rather than each holding what the other needs.
			await rowById(trx, 'bookings', bookingId, 'No such payment link on this booking.', { forUpdate: true })
			const request = await trx.selectFrom('payment_requests').selectAll().where('id', '=', requestId).where('booking_id', '=', bookingId).executeTakeFirst()
			if (!request) throw new AppError('not-found', 'No such payment link on this booking.')
			if (request.paid_at) return { created: false, paymentId: request.payment_id }
			const now = new Date().toISOString()
			const claimed = await trx
				.updateTable('payment_requests')
				.set({ paid_at: now })
				.where('id', '=', requestId)
				.where('paid_at', 'is', null)
				.executeTakeFirst()
			if (Number(claimed.numUpdatedRows) !== 1) return { created: false, paymentId: null }
			const amount = Number(request.amount)
			const paymentId = await insertPayment(
				trx,
				bookingId,
				{ amount, method: paid.method, reference: paid.reference, paidOn: paid.paidOn, verified: true, source: 'staff' },
				actor,
			)
			await trx.updateTable('payment_requests').set({ payment_id: paymentId }).where('id', '=', requestId).execute()
			await recordAudit(trx, {
				actor,
				action: 'payment-link-paid',
				entity: 'booking',
				entityId: bookingId,
				before: { requestId, paid: false },
				after: { requestId, paid: true, paymentId, amount, method: paid.method, reference: paid.reference },
			})
			await addBookingEvent(trx, bookingId, actor, 'payment', `payment link for ${formatINR(amount)} marked paid (${paid.method} ${paid.reference})`, {
				requestId,
				paymentId,
				amount,
			})
			return { created: true, paymentId }
		})
	} catch (error) {
		// The same method and reference is already a payment on this booking: nothing was recorded or closed.
		if (isUniqueViolation(error))
			throw new AppError(
				'already-exists',
				'A payment with this reference is already on the booking: check the payments above, or give the receipt or UTR of this one.',
				{ fields: { reference: 'Already used for another payment on this booking.' } },
			)
		throw error
	}
}
