import type { Kysely } from 'kysely'
import { gatewayFailure, gatewayActor } from '~/features/payments/server/payments.server.ts'
import { GatewayUnavailableError, type GatewayPayment, type PaymentGateway } from '~/features/payments/server/gateway.ts'
import { orderMismatch } from '~/features/payments/domain/payments.ts'
import { AppError } from '~/lib/errors.ts'
import { newId } from '~/lib/ids.ts'
import { formatINR } from '~/lib/money.ts'
import { type Actor, recordAudit } from '~/server/db/audit.server.ts'
import { isUniqueViolation } from '~/server/db/client.server.ts'
import { rowById } from '~/server/db/row-by-id.server.ts'
import type { Database } from '~/server/db/schema.ts'
import { topUpLimits } from '~/features/agents/domain/credit.ts'
import { addFunds } from './credit-ledger.server.ts'

type DB = Kysely<Database>

/**
 * An agency's wallet topped up online (docs/decisions/233-agent-quote-credit-holds-and-online-top-ups.md): the agency's
 * admin asks for an amount, a gateway order is made for it, and the captured payment credits the wallet once. The
 * ledger entry's submission key is the gateway's payment id, so the checkout return and the webhook (or two deliveries
 * of either) racing each other credit once; a payment whose amount differs from its order credits nothing.
 */

const paymentKey = (gateway: string, paymentId: string) => `gateway:${gateway}:${paymentId}`

/** A gateway order for the top-up, kept against the agency. */
export async function startTopUp(db: DB, gateway: PaymentGateway, actor: Actor, agentId: string, amount: number) {
	if (!Number.isInteger(amount) || amount < topUpLimits.min || amount > topUpLimits.max)
		throw new AppError('invalid-argument', `Top up between ${formatINR(topUpLimits.min)} and ${formatINR(topUpLimits.max)} online.`)
	const agency = await rowById(db, 'agents', agentId, 'There is no agent with that id.')
	if (agency.status !== 'approved') throw new AppError('permission-denied', 'Your agency cannot top up at the moment. Contact us.')
	const id = newId()
	const order = await gateway.createOrder({ amount, receipt: `topup-${id}`, notes: { agency: agency.company.slice(0, 200), topUp: id } }).catch(gatewayFailure)
	if (order.amount !== amount || order.currency !== 'INR')
		throw new AppError('unavailable', 'The payment service answered with another amount. Nothing was charged; try again.')
	const now = new Date().toISOString()
	await db
		.insertInto('agent_top_ups')
		.values({ id, agent_id: agentId, gateway: gateway.name, gateway_order_id: order.orderId, amount, created_by: actor.id, created_at: now, updated_at: now })
		.execute()
	return { orderId: order.orderId, amount, company: agency.company, email: agency.email, phone: agency.phone }
}

/** The agency's own open top-up order, for the checkout page; another agency's is null. */
export async function topUpForCheckout(db: DB, agentId: string, gatewayName: string, orderId: string) {
	const row = await db
		.selectFrom('agent_top_ups')
		.select(['gateway_order_id', 'amount', 'status'])
		.where('agent_id', '=', agentId)
		.where('gateway', '=', gatewayName)
		.where('gateway_order_id', '=', orderId)
		.executeTakeFirst()
	return row ? { orderId: row.gateway_order_id, amount: Number(row.amount), open: row.status === 'created' } : null
}

export type TopUpOutcome = 'recorded' | 'already-recorded' | 'flagged' | 'not-captured' | 'unknown-order'

/**
 * Credits the agency's wallet for a captured payment of its top-up order, once per gateway payment id: the wallet update
 * and the ledger entry (keyed by the payment id, unique) are one transaction, so of two racing the loser rolls back whole.
 */
export async function settleTopUp(
	db: DB,
	gatewayName: string,
	payment: GatewayPayment,
): Promise<{ outcome: TopUpOutcome; agentId: string | null; amount?: number }> {
	const order = payment.orderId
		? await db.selectFrom('agent_top_ups').selectAll().where('gateway', '=', gatewayName).where('gateway_order_id', '=', payment.orderId).executeTakeFirst()
		: undefined
	if (!order) return { outcome: 'unknown-order', agentId: null }
	if (payment.status !== 'captured') return { outcome: 'not-captured', agentId: order.agent_id }
	const mismatch = orderMismatch({ amount: Number(order.amount), currency: 'INR' }, payment)
	if (mismatch) {
		await db
			.updateTable('agent_top_ups')
			.set({ status: 'flagged', gateway_payment_id: payment.paymentId, updated_at: new Date().toISOString() })
			.where('id', '=', order.id)
			.where('status', 'in', ['created', 'failed'])
			.execute()
		return { outcome: 'flagged', agentId: order.agent_id }
	}
	try {
		await db.transaction().execute(async (trx) => {
			await addFunds(trx, {
				agentId: order.agent_id,
				kind: 'top_up',
				amount: payment.amount,
				note: `Online top-up, ${payment.paymentId}`,
				submissionKey: paymentKey(gatewayName, payment.paymentId),
				actor: gatewayActor,
			})
			await trx
				.updateTable('agent_top_ups')
				.set({ status: 'paid', gateway_payment_id: payment.paymentId, updated_at: new Date().toISOString() })
				.where('id', '=', order.id)
				.execute()
			await recordAudit(trx, {
				actor: gatewayActor,
				action: 'top_up',
				entity: 'agent',
				entityId: order.agent_id,
				after: { amount: payment.amount, payment: payment.paymentId },
			})
		})
	} catch (error) {
		if (isUniqueViolation(error)) return { outcome: 'already-recorded', agentId: order.agent_id, amount: payment.amount }
		throw error
	}
	return { outcome: 'recorded', agentId: order.agent_id, amount: payment.amount }
}

/**
 * A failed payment attempt on a top-up order: the order shows as failed to the agency until another attempt on it is
 * captured (Razorpay lets the payer retry on the same order; settleTopUp credits it then). True when an open order was marked.
 */
export async function failTopUp(db: DB, gatewayName: string, orderId: string, paymentId: string): Promise<boolean> {
	const result = await db
		.updateTable('agent_top_ups')
		.set({ status: 'failed', gateway_payment_id: paymentId, updated_at: new Date().toISOString() })
		.where('gateway', '=', gatewayName)
		.where('gateway_order_id', '=', orderId)
		.where('status', '=', 'created')
		.executeTakeFirst()
	return Number(result.numUpdatedRows) > 0
}

/**
 * The admin is back from checkout with the gateway's signed fields: a bad signature, or a payment of another order,
 * credits nothing (400); the payment is read from the gateway before it counts. The order need not be this session's
 * (the gateway's page posts here without our cookie): the signature proves it.
 */
export async function completeTopUpCheckout(db: DB, gateway: PaymentGateway, fields: { orderId: string; paymentId: string; signature: string }) {
	if (!gateway.verifyCheckoutSignature(fields))
		throw new AppError('invalid-argument', 'The payment could not be verified. If money left your account, send us the payment id.')
	const payment = await gateway.fetchPayment(fields.paymentId).catch((error: unknown) => {
		if (error instanceof GatewayUnavailableError)
			throw new AppError('unavailable', 'The payment service did not answer when we checked your payment. Your wallet shows it as soon as it confirms.', {
				cause: error,
			})
		return gatewayFailure(error)
	})
	if (payment.orderId !== fields.orderId)
		throw new AppError('invalid-argument', 'The payment could not be verified. If money left your account, send us the payment id.')
	return settleTopUp(db, gateway.name, payment)
}

/** The agency's recent online top-ups, newest first. */
export async function listTopUps(db: DB, agentId: string) {
	const rows = await db
		.selectFrom('agent_top_ups')
		.select(['id', 'amount', 'status', 'gateway_payment_id as paymentId', 'created_at as createdAt'])
		.where('agent_id', '=', agentId)
		.where('status', '!=', 'created')
		.orderBy('created_at', 'desc')
		.limit(20)
		.execute()
	return rows.map((row) => ({ ...row, amount: Number(row.amount) }))
}
