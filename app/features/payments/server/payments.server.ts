/**
 * Online payments through a gateway (docs/decisions/110-online-payments.md): orders for the amount due,
 * the checkout return, webhooks and gateway refunds. Every payment goes through `recordPayment`, keyed by
 * the gateway's payment id, so the return, the webhook and any replay of either record it once.
 */
import { advanceDue, paidSoFar } from '~/features/bookings/domain/booking.ts'
import { amountDueNow, orderMismatch, webhookBodySchema, type WebhookBody } from '~/features/payments/domain/payments.ts'
import { todayInIndia } from '~/lib/dates.ts'
import { AppError, isAppError } from '~/lib/errors.ts'
import { isId, newId } from '~/lib/ids.ts'
import { formatINR } from '~/lib/money.ts'
import { type Actor, recordAudit } from '~/server/db/audit.server.ts'
import type { DB } from '~/server/db/client.server.ts'
import { confirmBooking, getBooking, recordPayment } from '~/features/bookings/server/bookings.server.ts'
import { addBookingEvent } from '~/features/leads/server/trip-events.server.ts'
import { getSettings } from '~/server/settings.server.ts'
import { GatewayRefusedError, GatewayUnavailableError, type GatewayPayment, type PaymentGateway } from './gateway.ts'

/** Who records what the gateway reports. */
export const gatewayActor: Actor = { id: null, label: 'payment gateway' }

const unavailableMessage = 'The payment service did not answer in time. Nothing was charged for this attempt and your booking is as it was. Please try again in a minute, or pay by UPI.'

function gatewayFailure(error: unknown): never {
	if (error instanceof GatewayUnavailableError) throw new AppError('unavailable', unavailableMessage, { cause: error })
	if (error instanceof GatewayRefusedError) throw new AppError('failed-precondition', 'The payment service refused this payment. Please try again, or pay by UPI.', { cause: error })
	throw error
}

/** Creates a gateway order for what the traveller owes now (or a payment link's amount) and keeps it. */
export async function startOnlinePayment(db: DB, gateway: PaymentGateway, token: string, requestId: string | null) {
	const row = await db.selectFrom('bookings').select('id').where('trip_token', '=', token).executeTakeFirst()
	const found = row ? await getBooking(db, row.id) : null
	if (!found) throw new AppError('not-found', 'No trip has this address.')
	const { booking } = found
	const request = requestId && isId(requestId) ? await db.selectFrom('payment_requests').selectAll().where('id', '=', requestId).where('booking_id', '=', booking.id).where('paid_at', 'is', null).executeTakeFirst() : undefined
	const amount = amountDueNow(booking, paidSoFar(found.payments, { verifiedOnly: true }), request ? Number(request.amount) : null)
	if (amount <= 0) throw new AppError('failed-precondition', 'Nothing is due on this booking now.')
	const contact = { reference: booking.reference, title: booking.title, name: booking.contactName, email: booking.contactEmail, phone: booking.contactPhone }
	// A double click, or coming back to pay again soon, reuses the open order for the same amount.
	const recent = await db
		.selectFrom('gateway_orders')
		.select(['gateway_order_id'])
		.where('booking_id', '=', booking.id)
		.where('gateway', '=', gateway.name)
		.where('status', '=', 'created')
		.where('amount', '=', amount)
		.where('created_at', '>', new Date(Date.now() - orderReuseMs).toISOString())
		.orderBy('created_at', 'desc')
		.executeTakeFirst()
	if (recent) return { orderId: recent.gateway_order_id, amount, ...contact }
	const order = await gateway.createOrder({ amount, receipt: booking.reference, notes: { booking: booking.reference } }).catch(gatewayFailure)
	if (order.amount !== amount || order.currency !== 'INR') throw new AppError('unavailable', unavailableMessage)
	const now = new Date().toISOString()
	await db
		.insertInto('gateway_orders')
		.values({ id: newId(), booking_id: booking.id, gateway: gateway.name, gateway_order_id: order.orderId, amount, currency: order.currency, status: 'created', payment_request_id: request?.id ?? null, last_error: null, created_at: now, updated_at: now })
		.execute()
	return { orderId: order.orderId, amount, ...contact }
}

/** How long an unpaid order is offered again instead of a new one. */
const orderReuseMs = 15 * 60_000

/** The open order the payment page shows, only through its own trip's link. */
export async function orderForCheckout(db: DB, token: string, gatewayName: string, orderId: string) {
	const row = await db
		.selectFrom('gateway_orders')
		.innerJoin('bookings', 'bookings.id', 'gateway_orders.booking_id')
		.select(['gateway_orders.gateway_order_id', 'gateway_orders.amount', 'gateway_orders.status', 'bookings.reference', 'bookings.title', 'bookings.contact_name', 'bookings.contact_email', 'bookings.contact_phone'])
		.where('gateway_orders.gateway', '=', gatewayName)
		.where('gateway_orders.gateway_order_id', '=', orderId)
		.where('bookings.trip_token', '=', token)
		.executeTakeFirst()
	if (!row) return null
	return { orderId: row.gateway_order_id, amount: Number(row.amount), open: row.status === 'created', reference: row.reference, title: row.title, name: row.contact_name, email: row.contact_email, phone: row.contact_phone }
}

/**
 * The traveller is back from checkout with the gateway's signed fields. A bad signature changes
 * nothing (400); a gateway that cannot be asked leaves the booking as it was (503): the webhook
 * records the payment when it arrives.
 */
export async function completeCheckout(db: DB, gateway: PaymentGateway, token: string, fields: { orderId: string; paymentId: string; signature: string }) {
	if (!gateway.verifyCheckoutSignature(fields)) throw new AppError('invalid-argument', 'The payment could not be verified. If money left your account, send us the payment id on WhatsApp.')
	const order = await db
		.selectFrom('gateway_orders')
		.innerJoin('bookings', 'bookings.id', 'gateway_orders.booking_id')
		.select(['gateway_orders.id', 'gateway_orders.booking_id'])
		.where('gateway_orders.gateway', '=', gateway.name)
		.where('gateway_orders.gateway_order_id', '=', fields.orderId)
		.where('bookings.trip_token', '=', token)
		.executeTakeFirst()
	if (!order) throw new AppError('not-found', 'This payment is not for this trip.')
	const payment = await gateway.fetchPayment(fields.paymentId).catch((error: unknown) => {
		if (error instanceof GatewayUnavailableError) throw new AppError('unavailable', 'Razorpay did not answer when we checked your payment. If money left your account it is safe: this page shows it as soon as Razorpay confirms it, usually within minutes.', { cause: error })
		return gatewayFailure(error)
	})
	if (payment.orderId !== fields.orderId) throw new AppError('invalid-argument', 'The payment could not be verified. If money left your account, send us the payment id on WhatsApp.')
	return settleGatewayPayment(db, gateway.name, payment)
}

export type SettleOutcome = 'recorded' | 'already-recorded' | 'flagged' | 'not-captured' | 'unknown-order'

/** Records a payment the gateway reports as captured: verified when it matches its order, flagged (unverified) when not. */
export async function settleGatewayPayment(db: DB, gatewayName: string, payment: GatewayPayment): Promise<{ outcome: SettleOutcome; bookingId: string | null; amount?: number }> {
	const order = payment.orderId ? await db.selectFrom('gateway_orders').selectAll().where('gateway', '=', gatewayName).where('gateway_order_id', '=', payment.orderId).executeTakeFirst() : undefined
	if (!order) return { outcome: 'unknown-order', bookingId: null }
	if (payment.status !== 'captured' && payment.status !== 'refunded') return { outcome: 'not-captured', bookingId: order.booking_id }
	const mismatch = orderMismatch({ amount: Number(order.amount), currency: order.currency }, payment)
	const result = await recordPayment(
		db,
		order.booking_id,
		{ amount: payment.amount, method: 'gateway', reference: payment.paymentId, paidOn: todayInIndia(), verified: !mismatch, source: 'gateway', gateway: { name: gatewayName, paymentId: payment.paymentId, orderId: order.gateway_order_id }, flag: mismatch },
		gatewayActor,
	)
	if (!result.created) return { outcome: 'already-recorded', bookingId: order.booking_id, amount: payment.amount }
	const now = new Date().toISOString()
	await db.updateTable('gateway_orders').set({ status: mismatch ? 'flagged' : 'paid', last_error: mismatch, updated_at: now }).where('id', '=', order.id).execute()
	if (order.payment_request_id && !mismatch) await db.updateTable('payment_requests').set({ paid_at: now }).where('id', '=', order.payment_request_id).where('paid_at', 'is', null).execute()
	if (!mismatch) await confirmWhenAllowed(db, order.booking_id)
	return { outcome: mismatch ? 'flagged' : 'recorded', bookingId: order.booking_id, amount: payment.amount }
}

/** The owner's setting: a verified advance paid online confirms the booking without waiting for staff. */
async function confirmWhenAllowed(db: DB, bookingId: string) {
	const settings = await getSettings(db)
	if (!settings.onlinePayments.autoConfirm) return
	const found = await getBooking(db, bookingId)
	if (!found || found.booking.status !== 'pending_payment') return
	if (paidSoFar(found.payments, { verifiedOnly: true }) < advanceDue(found.booking.total, settings.advancePercent)) return
	try {
		await confirmBooking(db, bookingId, settings.advancePercent, { ...gatewayActor, isOwner: false }, null)
	} catch (error) {
		// Confirmed meanwhile (the return and the webhook at once): nothing more to do.
		if (isAppError(error) && (error.code === 'aborted' || error.code === 'failed-precondition')) return
		throw error
	}
}

/**
 * A webhook delivery. The signature is checked over the raw body before anything is read; the
 * event id makes a replay a no-op, and each effect is itself keyed (payment id, refund id) so
 * deliveries racing each other record once.
 */
export async function handleWebhook(db: DB, gateway: PaymentGateway, delivery: { rawBody: string; signature: string; eventId: string | null }) {
	if (!gateway.verifyWebhookSignature(delivery.rawBody, delivery.signature)) throw new AppError('invalid-argument', 'Signature does not match.')
	let json: unknown
	try {
		json = JSON.parse(delivery.rawBody)
	} catch {
		throw new AppError('invalid-argument', 'The body is not JSON.')
	}
	const eventType = typeof (json as { event?: unknown })?.event === 'string' ? String((json as { event: string }).event).slice(0, 64) : 'unknown'
	const eventId = delivery.eventId ?? null
	if (eventId) {
		const seen = await db.selectFrom('gateway_events').select('outcome').where('gateway', '=', gateway.name).where('event_id', '=', eventId).executeTakeFirst()
		if (seen) return { outcome: 'replay' as const, event: eventType }
	}
	const parsed = webhookBodySchema.safeParse(json)
	const outcome = parsed.success ? await applyWebhook(db, gateway, parsed.data) : 'ignored'
	if (eventId) {
		await db
			.insertInto('gateway_events')
			.values({ gateway: gateway.name, event_id: eventId, event_type: eventType, outcome, received_at: new Date().toISOString() })
			.onConflict((oc) => oc.columns(['gateway', 'event_id']).doNothing())
			.execute()
	}
	return { outcome, event: eventType }
}

async function applyWebhook(db: DB, gateway: PaymentGateway, body: WebhookBody): Promise<string> {
	if (body.event === 'payment.captured') {
		const entity = body.payload.payment.entity
		const { outcome } = await settleGatewayPayment(db, gateway.name, { paymentId: entity.id, orderId: entity.order_id ?? null, amount: entity.amount, currency: entity.currency, status: 'captured', method: entity.method ?? null })
		return outcome
	}
	if (body.event === 'payment.failed') {
		const entity = body.payload.payment.entity
		if (!entity.order_id) return 'unknown-order'
		const result = await db
			.updateTable('gateway_orders')
			.set({ status: 'failed', last_error: (entity.error_description ?? 'payment failed').slice(0, 500), updated_at: new Date().toISOString() })
			.where('gateway', '=', gateway.name)
			.where('gateway_order_id', '=', entity.order_id)
			.where('status', '=', 'created')
			.executeTakeFirst()
		return Number(result.numUpdatedRows) ? 'failed' : 'unchanged'
	}
	const refund = body.payload.refund.entity
	return (await markRefundProcessed(db, gateway.name, refund.id, refund.payment_id, refund.amount)) ? 'refund-processed' : 'unchanged'
}

/** A refund the gateway finished: ours is marked processed; one made on the gateway's dashboard is recorded. */
async function markRefundProcessed(db: DB, gatewayName: string, refundId: string, paymentId: string, amount: number) {
	const now = new Date().toISOString()
	const updated = await db.updateTable('refunds').set({ status: 'processed', processed_at: now }).where('gateway', '=', gatewayName).where('gateway_refund_id', '=', refundId).where('status', '!=', 'processed').executeTakeFirst()
	if (Number(updated.numUpdatedRows)) return true
	const known = await db.selectFrom('refunds').select('id').where('gateway', '=', gatewayName).where('gateway_refund_id', '=', refundId).executeTakeFirst()
	if (known) return false
	const payment = await db.selectFrom('payments').select(['id', 'booking_id']).where('gateway', '=', gatewayName).where('gateway_payment_id', '=', paymentId).executeTakeFirst()
	if (!payment) return false
	const inserted = await db
		.insertInto('refunds')
		.values({ id: newId(), booking_id: payment.booking_id, payment_id: payment.id, amount, method: 'gateway', reference: refundId, gateway: gatewayName, gateway_refund_id: refundId, status: 'processed', recorded_by: null, created_at: now, processed_at: now })
		.onConflict((oc) => oc.doNothing())
		.executeTakeFirst()
	if (Number(inserted?.numInsertedOrUpdatedRows ?? 0) === 0) return false
	await addBookingEvent(db, payment.booking_id, gatewayActor, 'payment', `refund of ${formatINR(amount)} processed by the gateway (${refundId})`, { amount })
	return true
}

/**
 * Staff record a refund on a cancelled booking: through the gateway when it refunds a gateway
 * payment (the gateway's refund id keys it), else by the UPI/bank reference staff sent it with.
 */
export async function recordRefund(db: DB, gateway: PaymentGateway | null, bookingId: string, refund: { amount: number; paymentId: string | null; method: 'gateway' | 'upi' | 'bank' | 'cash'; reference: string }, actor: Actor) {
	const found = await getBooking(db, bookingId)
	if (!found) throw new AppError('not-found', 'No such booking.')
	if (found.booking.status !== 'cancelled') throw new AppError('failed-precondition', 'Cancel the booking first: refunds follow a cancellation.')
	const refunded = (await db.selectFrom('refunds').select('amount').where('booking_id', '=', bookingId).where('status', '!=', 'failed').execute()).reduce((sum, row) => sum + Number(row.amount), 0)
	if (refund.amount + refunded > paidSoFar(found.payments, { verifiedOnly: true })) throw new AppError('out-of-range', `That is more than was paid: ${formatINR(paidSoFar(found.payments, { verifiedOnly: true }) - refunded)} can still be refunded.`, { fields: { amount: 'More than can be refunded.' } })
	const now = new Date().toISOString()
	let row: { gateway: string | null; gateway_refund_id: string | null; status: string; reference: string; payment_id: string | null }
	if (refund.method === 'gateway') {
		const payment = found.payments.find((candidate) => candidate.id === refund.paymentId && candidate.source === 'gateway')
		if (!payment || !payment.gateway_payment_id) throw new AppError('invalid-argument', 'Choose the online payment to refund.', { fields: { paymentId: 'Choose the online payment to refund.' } })
		if (!gateway || gateway.name !== payment.gateway) throw new AppError('failed-precondition', 'Online payments are not set up on this server: refund by UPI or bank and record it here.')
		const done = await gateway.refund({ paymentId: payment.gateway_payment_id, amount: refund.amount, receipt: found.booking.reference }).catch(gatewayFailure)
		row = { gateway: gateway.name, gateway_refund_id: done.refundId, status: done.status, reference: done.refundId, payment_id: payment.id }
	} else {
		row = { gateway: null, gateway_refund_id: null, status: 'processed', reference: refund.reference, payment_id: null }
	}
	const id = newId()
	await db.transaction().execute(async (trx) => {
		await trx
			.insertInto('refunds')
			.values({ id, booking_id: bookingId, amount: refund.amount, method: refund.method, recorded_by: actor.id, created_at: now, processed_at: row.status === 'processed' ? now : null, ...row })
			.execute()
		await recordAudit(trx, { actor, action: 'record-refund', entity: 'booking', entityId: bookingId, after: { amount: refund.amount, method: refund.method, reference: row.reference, status: row.status } })
		await addBookingEvent(trx, bookingId, actor, 'payment', `refund of ${formatINR(refund.amount)} ${row.status === 'processed' ? 'sent' : 'asked of the gateway'} (${row.reference})`, { amount: refund.amount })
	})
	return { id, status: row.status, reference: row.reference }
}
