/** Test-only (vitest): the Razorpay stand-in for one test file, a gateway client pointed at it and signed webhook deliveries. */
import { afterAll, beforeAll } from 'vitest'
import { handleWebhook, startOnlinePayment } from '~/features/payments/server/payments.server.ts'
import { razorpayGateway } from '~/features/payments/server/razorpay.server.ts'
import { webhookSignature } from '~/features/payments/server/signatures.server.ts'
import type { DB } from '~/server/db/client.server.ts'
import { startRazorpayStandIn } from './razorpay-stand-in.ts'

export const standInKeys = { keyId: 'rzp_test_StandIn123', keySecret: 'stand-in-key-secret', webhookSecret: 'stand-in-webhook-secret' }

/** Starts the stand-in before the file's tests and stops it after them. */
export function gatewayStandInForFile() {
	const standIn = startRazorpayStandIn({ port: 0, ...standInKeys, webhookUrl: null })
	beforeAll(() => standIn.listening)
	afterAll(() => standIn.stop())
	/** A webhook delivery as Razorpay sends it: the body, its signature (with `secret`) and the event id. */
	const delivery = (body: { event: string; payload: unknown }, eventId: string, secret = standInKeys.webhookSecret) => {
		const rawBody = JSON.stringify({ entity: 'event', ...body })
		return { rawBody, signature: webhookSignature(secret, rawBody), eventId }
	}
	/** A client of the stand-in; a short `timeoutMs` with `standIn.state.delayMs` makes it time out. */
	const gateway = (timeoutMs = 5000) =>
		razorpayGateway({ ...standInKeys, apiBaseUrl: standIn.url, checkoutScriptUrl: `${standIn.url}/v1/checkout.js`, timeoutMs })
	/** `payment.captured` for a stand-in payment. */
	const captured = (payment: { id: string; order_id: string; amount: number }, eventId: string, secret?: string) =>
		delivery(
			{ event: 'payment.captured', payload: { payment: { entity: { ...payment, currency: 'INR', status: 'captured', method: 'upi' } } } },
			eventId,
			secret,
		)
	return {
		standIn,
		gateway,
		delivery,
		captured,
		/** Pays the trip of `token` in full through the stand-in, recorded by its webhook (`eventId`). */
		payInFull: async (db: DB, token: string, eventId: string) => {
			const client = gateway()
			const order = await startOnlinePayment(db, client, token, null)
			const { payment } = standIn.pay(order.orderId)
			await handleWebhook(db, client, captured(payment, eventId))
			return { gateway: client, amount: order.amount }
		},
		/** `refund.processed` for a refund of a stand-in payment. */
		refundProcessed: (refund: { id: string; payment_id: string; amount: number }, eventId: string) =>
			delivery({ event: 'refund.processed', payload: { refund: { entity: { ...refund, status: 'processed' } } } }, eventId),
	}
}
