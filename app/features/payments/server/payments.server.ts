/**
 * Online payments through a gateway (docs/decisions/110-online-payments.md): orders for the amount due,
 * the checkout return, webhooks and gateway refunds. Every payment goes through `settleGatewayPayment`, keyed by
 * the gateway's payment id, so the return, the webhook and any replay of either record it once.
 */
import { advanceDue, paidSoFar } from '~/features/bookings/domain/booking.ts'
import { amountDueNow, orderMismatch, webhookBodySchema, type WebhookBody } from '~/features/payments/domain/payments.ts'
import { todayInIndia } from '~/lib/dates.ts'
import { AppError, isAppError } from '~/lib/errors.ts'
import { isId, newId } from '~/lib/ids.ts'
import { formatINR } from '~/lib/money.ts'
import { type Actor, recordAudit } from '~/server/db/audit.server.ts'
import type { Transaction } from 'kysely'
import { type DB, type Executor, isUniqueViolation } from '~/server/db/client.server.ts'
import type { Database } from '~/server/db/schema.ts'
import { rowById } from '~/server/db/row-by-id.server.ts'
import { confirmBookingIn, getBooking, insertPayment } from '~/features/bookings/server/bookings.server.ts'
import { addBookingEvent } from '~/features/leads/server/trip-events.server.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'
import { GatewayRefusedError, GatewayUnavailableError, type GatewayPayment, type PaymentGateway } from './gateway.ts'
import { refuseAgencyBooking } from './trip.server.ts'
import { failTopUp, settleTopUp } from '~/features/agents/server/agent-top-ups.server.ts'

/** Who records what the gateway reports. */
export const gatewayActor: Actor = { id: null, label: 'payment gateway' }

const unavailableMessage =
	'The payment service did not answer in time. Nothing was charged for this attempt and your booking is as it was. Please try again in a minute, or pay by UPI.'

export function gatewayFailure(error: unknown): never {
	if (error instanceof GatewayUnavailableError) throw new AppError('unavailable', unavailableMessage, { cause: error })
	if (error instanceof GatewayRefusedError)
		throw new AppError('failed-precondition', 'The payment service refused this payment. Please try again, or pay by UPI.', { cause: error })
	throw error
}

/** Creates a gateway order for what the traveller owes now (or a payment link's amount) and keeps it. */
export async function startOnlinePayment(db: DB, gateway: PaymentGateway, token: string, requestId: string | null) {
	const row = await db.selectFrom('bookings').select('id').where('trip_token', '=', token).executeTakeFirst()
	const found = row ? await getBooking(db, row.id) : null
	if (!found) throw new AppError('not-found', 'No trip has this address.')
	await refuseAgencyBooking(db, found.booking.id)
	const { booking } = found
	const request =
		requestId && isId(requestId)
			? await db
					.selectFrom('payment_requests')
					.selectAll()
					.where('id', '=', requestId)
					.where('booking_id', '=', booking.id)
					.where('paid_at', 'is', null)
					.executeTakeFirst()
			: undefined
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
		.values({
			id: newId(),
			booking_id: booking.id,
			gateway: gateway.name,
			gateway_order_id: order.orderId,
			amount,
			currency: order.currency,
			status: 'created',
			payment_request_id: request?.id ?? null,
			last_error: null,
			created_at: now,
			updated_at: now,
		})
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
		.select([
			'gateway_orders.gateway_order_id',
			'gateway_orders.amount',
			'gateway_orders.status',
			'bookings.reference',
			'bookings.title',
			'bookings.contact_name',
			'bookings.contact_email',
			'bookings.contact_phone',
		])
		.where('gateway_orders.gateway', '=', gatewayName)
		.where('gateway_orders.gateway_order_id', '=', orderId)
		.where('bookings.trip_token', '=', token)
		.executeTakeFirst()
	if (!row) return null
	return {
		orderId: row.gateway_order_id,
		amount: Number(row.amount),
		open: row.status === 'created',
		reference: row.reference,
		title: row.title,
		name: row.contact_name,
		email: row.contact_email,
		phone: row.contact_phone,
	}
}

/**
 * The traveller is back from checkout with the gateway's signed fields. A bad signature changes
 * nothing (400); a gateway that cannot be asked leaves the booking as it was (503): the webhook
 * records the payment when it arrives.
 */
export async function completeCheckout(db: DB, gateway: PaymentGateway, token: string, fields: { orderId: string; paymentId: string; signature: string }) {
	if (!gateway.verifyCheckoutSignature(fields))
		throw new AppError('invalid-argument', 'The payment could not be verified. If money left your account, send us the payment id on WhatsApp.')
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
		if (error instanceof GatewayUnavailableError)
			throw new AppError(
				'unavailable',
				'Razorpay did not answer when we checked your payment. If money left your account it is safe: this page shows it as soon as Razorpay confirms it, usually within minutes.',
				{ cause: error },
			)
		return gatewayFailure(error)
	})
	if (payment.orderId !== fields.orderId)
		throw new AppError('invalid-argument', 'The payment could not be verified. If money left your account, send us the payment id on WhatsApp.')
	return settleGatewayPayment(db, gateway.name, payment)
}

export type SettleOutcome = 'recorded' | 'already-recorded' | 'flagged' | 'not-captured' | 'unknown-order'

/**
 * Settles a payment the gateway reports as captured: verified when it matches its order, flagged
 * (unverified) when not. The steps run in one transaction that holds the booking's row:
 * 1. the payment, once per gateway payment id;
 * 2. the order marked paid (or flagged);
 * 3. the payment link it paid closed;
 * 4. the booking confirmed, when the owner allows it and the advance is covered.
 * Each step is also conditional (it does nothing when already done), so a fault anywhere rolls the
 * whole settlement back, and the next delivery of the webhook, or the checkout return, settles it
 * in full; a payment recorded before settlement was one transaction gets its missing steps then.
 */
export async function settleGatewayPayment(
	db: DB,
	gatewayName: string,
	payment: GatewayPayment,
): Promise<{ outcome: SettleOutcome; bookingId: string | null; amount?: number }> {
	const order = payment.orderId
		? await db.selectFrom('gateway_orders').selectAll().where('gateway', '=', gatewayName).where('gateway_order_id', '=', payment.orderId).executeTakeFirst()
		: undefined
	if (!order) return { outcome: 'unknown-order', bookingId: null }
	if (payment.status !== 'captured' && payment.status !== 'refunded') return { outcome: 'not-captured', bookingId: order.booking_id }
	const mismatch = orderMismatch({ amount: Number(order.amount), currency: order.currency }, payment)
	const created = await db.transaction().execute(async (trx) => {
		await rowById(trx, 'bookings', order.booking_id, 'No such booking.', { forUpdate: true })
		const now = new Date().toISOString()
		const existing = await trx
			.selectFrom('payments')
			.select('id')
			.where('gateway', '=', gatewayName)
			.where('gateway_payment_id', '=', payment.paymentId)
			.executeTakeFirst()
		if (!existing) {
			await insertPayment(
				trx,
				order.booking_id,
				{
					amount: payment.amount,
					method: 'gateway',
					reference: payment.paymentId,
					paidOn: todayInIndia(),
					verified: !mismatch,
					source: 'gateway',
					gateway: { name: gatewayName, paymentId: payment.paymentId, orderId: order.gateway_order_id },
					flag: mismatch,
				},
				gatewayActor,
			)
		}
		await trx
			.updateTable('gateway_orders')
			.set({ status: mismatch ? 'flagged' : 'paid', last_error: mismatch, updated_at: now })
			.where('id', '=', order.id)
			.where('status', 'in', ['created', 'failed'])
			.execute()
		if (order.payment_request_id && !mismatch)
			await trx.updateTable('payment_requests').set({ paid_at: now }).where('id', '=', order.payment_request_id).where('paid_at', 'is', null).execute()
		if (!mismatch) await confirmWhenAllowed(trx, order.booking_id)
		return !existing
	})
	if (!created) return { outcome: 'already-recorded', bookingId: order.booking_id, amount: payment.amount }
	return { outcome: mismatch ? 'flagged' : 'recorded', bookingId: order.booking_id, amount: payment.amount }
}

/** The owner's setting: a verified advance paid online confirms the booking without waiting for staff. */
async function confirmWhenAllowed(trx: Transaction<Database>, bookingId: string) {
	const settings = await getSettings(trx)
	if (!settings.onlinePayments.autoConfirm) return
	const found = await getBooking(trx, bookingId)
	if (!found || found.booking.status !== 'pending_payment') return
	if (paidSoFar(found.payments, { verifiedOnly: true }) < advanceDue(found.booking.total, settings.advancePercent)) return
	try {
		await confirmBookingIn(trx, bookingId, settings.advancePercent, { ...gatewayActor, isOwner: false }, null)
	} catch (error) {
		// A rule of confirming says no (checked before it writes anything): the payment stands, staff confirm.
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
		const payment = {
			paymentId: entity.id,
			orderId: entity.order_id ?? null,
			amount: entity.amount,
			currency: entity.currency,
			status: 'captured' as const,
			method: entity.method ?? null,
		}
		const { outcome } = await settleGatewayPayment(db, gateway.name, payment)
		// Not a booking's order: an agency's wallet top-up (docs/decisions/233), credited once by its payment id.
		if (outcome === 'unknown-order') return (await settleTopUp(db, gateway.name, payment)).outcome
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
		if (Number(result.numUpdatedRows)) return 'failed'
		// Not a booking's order: an agency's wallet top-up shows the attempt failed (a later attempt on the order still credits it).
		return (await failTopUp(db, gateway.name, entity.order_id, entity.id)) ? 'failed' : 'unchanged'
	}
	const refund = body.payload.refund.entity
	return (await markRefundProcessed(db, gateway.name, refund.id, refund.payment_id, refund.amount)) ? 'refund-processed' : 'unchanged'
}

/** A refund the gateway finished: ours is marked processed; one made on the gateway's dashboard is recorded. */
async function markRefundProcessed(db: DB, gatewayName: string, refundId: string, paymentId: string, amount: number) {
	const now = new Date().toISOString()
	const updated = await db
		.updateTable('refunds')
		.set({ status: 'processed', processed_at: now })
		.where('gateway', '=', gatewayName)
		.where('gateway_refund_id', '=', refundId)
		.where('status', '!=', 'processed')
		.executeTakeFirst()
	if (Number(updated.numUpdatedRows)) return true
	const known = await db.selectFrom('refunds').select('id').where('gateway', '=', gatewayName).where('gateway_refund_id', '=', refundId).executeTakeFirst()
	if (known) return false
	const payment = await db
		.selectFrom('payments')
		.select(['id', 'booking_id'])
		.where('gateway', '=', gatewayName)
		.where('gateway_payment_id', '=', paymentId)
		.executeTakeFirst()
	if (!payment) return false
	// Ours, whose answer never reached us (a time-out) or has not been written yet: the pending refund of this payment and amount.
	const pending = await db
		.selectFrom('refunds')
		.select('id')
		.where('payment_id', '=', payment.id)
		.where('gateway', '=', gatewayName)
		.where('gateway_refund_id', 'is', null)
		.where('status', '=', 'pending')
		.where('amount', '=', amount)
		.orderBy('created_at')
		.executeTakeFirst()
	if (pending) {
		const adopted = await db
			.updateTable('refunds')
			.set({ gateway_refund_id: refundId, reference: refundId, status: 'processed', processed_at: now })
			.where('id', '=', pending.id)
			.where('gateway_refund_id', 'is', null)
			.executeTakeFirst()
		if (Number(adopted.numUpdatedRows)) {
			await addBookingEvent(db, payment.booking_id, gatewayActor, 'payment', `refund of ${formatINR(amount)} processed by the gateway (${refundId})`, {
				amount,
			})
			return true
		}
	}
	const inserted = await db
		.insertInto('refunds')
		.values({
			id: newId(),
			booking_id: payment.booking_id,
			payment_id: payment.id,
			amount,
			method: 'gateway',
			reference: refundId,
			gateway: gatewayName,
			gateway_refund_id: refundId,
			status: 'processed',
			recorded_by: null,
			created_at: now,
			processed_at: now,
		})
		.onConflict((oc) => oc.doNothing())
		.executeTakeFirst()
	if (Number(inserted?.numInsertedOrUpdatedRows ?? 0) === 0) return false
	await addBookingEvent(db, payment.booking_id, gatewayActor, 'payment', `refund of ${formatINR(amount)} processed by the gateway (${refundId})`, { amount })
	return true
}

/** What can still be refunded on a booking: verified payments less every refund that has not failed (a pending one included). */
async function refundableOn(db: Executor, bookingId: string): Promise<number> {
	const [paid, refunded] = await Promise.all([
		db
			.selectFrom('payments')
			.select((eb) => eb.fn.sum<number>('amount').as('sum'))
			.where('booking_id', '=', bookingId)
			.where('verified', '=', 1)
			.executeTakeFirst(),
		db
			.selectFrom('refunds')
			.select((eb) => eb.fn.sum<number>('amount').as('sum'))
			.where('booking_id', '=', bookingId)
			.where('status', '!=', 'failed')
			.executeTakeFirst(),
	])
	return Number(paid?.sum ?? 0) - Number(refunded?.sum ?? 0)
}

/**
 * Staff record a refund on a cancelled booking (or, on one still on, of what was paid beyond its total): through the gateway when it refunds a gateway
 * payment (the gateway's refund id keys it), else by the UPI/bank reference staff sent it with.
 *
 * What can still be refunded is checked and the refund written in one transaction that holds the
 * booking's row (`FOR UPDATE` on PostgreSQL; SQLite's write transaction holds the database), so ten
 * refunds at once record only what was paid. A gateway refund is first written `pending` under that
 * lock (the amount is spoken for), then asked of the gateway outside it (no lock is held over the
 * network); a refusal marks it failed, and the gateway's answer fills in its refund id.
 */
export async function recordRefund(
	db: DB,
	gateway: PaymentGateway | null,
	bookingId: string,
	refund: { amount: number; paymentId: string | null; method: 'gateway' | 'upi' | 'bank' | 'cash'; reference: string },
	actor: Actor,
) {
	const id = newId()
	const claim = await db
		.transaction()
		.execute(async (trx) => {
			const booking = await rowById(trx, 'bookings', bookingId, 'No such booking.', { forUpdate: true })
			// A booking still on gives back only what was paid beyond its total (a refused ferry leg taken off it, ADR 211).
			const refundable = (await refundableOn(trx, bookingId)) - (booking.status === 'cancelled' ? 0 : Number(booking.total))
			if (booking.status !== 'cancelled' && refundable <= 0)
				throw new AppError('failed-precondition', 'Cancel the booking first: refunds follow a cancellation.')
			if (refund.amount > refundable)
				throw new AppError('out-of-range', `That is more than was paid: ${formatINR(Math.max(0, refundable))} can still be refunded.`, {
					fields: { amount: 'More than can be refunded.' },
				})
			const now = new Date().toISOString()
			if (refund.method !== 'gateway') {
				await trx
					.insertInto('refunds')
					.values({
						id,
						booking_id: bookingId,
						amount: refund.amount,
						method: refund.method,
						reference: refund.reference,
						gateway: null,
						gateway_refund_id: null,
						payment_id: null,
						status: 'processed',
						recorded_by: actor.id,
						created_at: now,
						processed_at: now,
					})
					.execute()
				await refundRecorded(trx, bookingId, actor, refund, { reference: refund.reference, status: 'processed' })
				return null
			}
			const payment = refund.paymentId
				? await trx
						.selectFrom('payments')
						.selectAll()
						.where('id', '=', refund.paymentId)
						.where('booking_id', '=', bookingId)
						.where('source', '=', 'gateway')
						.executeTakeFirst()
				: undefined
			if (!payment || !payment.gateway_payment_id)
				throw new AppError('invalid-argument', 'Choose the online payment to refund.', { fields: { paymentId: 'Choose the online payment to refund.' } })
			if (!gateway || gateway.name !== payment.gateway)
				throw new AppError('failed-precondition', 'Online payments are not set up on this server: refund by UPI or bank and record it here.')
			// Spoken for until the gateway answers; the placeholder reference keeps the (booking, method, reference) key unique.
			await trx
				.insertInto('refunds')
				.values({
					id,
					booking_id: bookingId,
					amount: refund.amount,
					method: 'gateway',
					reference: `pending ${id}`,
					gateway: gateway.name,
					gateway_refund_id: null,
					payment_id: payment.id,
					status: 'pending',
					recorded_by: actor.id,
					created_at: now,
					processed_at: null,
				})
				.execute()
			return { gateway, gatewayPaymentId: payment.gateway_payment_id, bookingReference: booking.reference }
		})
		.catch((error: unknown) => {
			if (isUniqueViolation(error))
				throw new AppError('already-exists', 'A refund with this reference is already recorded on the booking: check the refunds above.', {
					fields: { reference: 'Already used for another refund on this booking.' },
				})
			throw error
		})
	if (!claim) return { id, status: 'processed', reference: refund.reference }
	let done: Awaited<ReturnType<PaymentGateway['refund']>>
	try {
		done = await claim.gateway.refund({ paymentId: claim.gatewayPaymentId, amount: refund.amount, receipt: claim.bookingReference })
	} catch (error) {
		// Refused: nothing went back, the amount is free again. Not answered: it may have gone through, so it
		// stays pending (spoken for) and the gateway's refund.processed webhook completes it.
		if (error instanceof GatewayRefusedError)
			await db.updateTable('refunds').set({ status: 'failed' }).where('id', '=', id).where('status', '=', 'pending').execute()
		return gatewayFailure(error)
	}
	await db.transaction().execute(async (trx) => {
		const now = new Date().toISOString()
		// The webhook may have completed it first (it adopts a pending refund of the same payment and amount).
		const updated = await trx
			.updateTable('refunds')
			.set({ gateway_refund_id: done.refundId, reference: done.refundId, status: done.status, processed_at: done.status === 'processed' ? now : null })
			.where('id', '=', id)
			.where('gateway_refund_id', 'is', null)
			.executeTakeFirst()
		if (Number(updated.numUpdatedRows) === 1) await refundRecorded(trx, bookingId, actor, refund, { reference: done.refundId, status: done.status })
	})
	return { id, status: done.status, reference: done.refundId }
}

/** The audit row and timeline event of a refund staff recorded. */
async function refundRecorded(
	trx: Executor,
	bookingId: string,
	actor: Actor,
	refund: { amount: number; method: string },
	row: { reference: string; status: string },
) {
	await recordAudit(trx, {
		actor,
		action: 'record-refund',
		entity: 'booking',
		entityId: bookingId,
		after: { amount: refund.amount, method: refund.method, reference: row.reference, status: row.status },
	})
	await addBookingEvent(
		trx,
		bookingId,
		actor,
		'payment',
		`refund of ${formatINR(refund.amount)} ${row.status === 'processed' ? 'sent' : 'asked of the gateway'} (${row.reference})`,
		{ amount: refund.amount },
	)
}
