/** Test-only (vitest): the Razorpay stand-in for one test file, a gateway client pointed at it and signed webhook deliveries. */
import { afterAll, beforeAll } from 'vitest'
import { razorpayGateway } from '~/features/payments/server/razorpay.server.ts'
import { webhookSignature } from '~/features/payments/server/signatures.server.ts'
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
	return {
		standIn,
		/** A client of the stand-in; a short `timeoutMs` with `standIn.state.delayMs` makes it time out. */
		gateway: (timeoutMs = 5000) => razorpayGateway({ ...standInKeys, apiBaseUrl: standIn.url, checkoutScriptUrl: `${standIn.url}/v1/checkout.js`, timeoutMs }),
		delivery,
		/** `payment.captured` for a stand-in payment. */
		captured: (payment: { id: string; order_id: string; amount: number }, eventId: string, secret?: string) => delivery({ event: 'payment.captured', payload: { payment: { entity: { ...payment, currency: 'INR', status: 'captured', method: 'upi' } } } }, eventId, secret),
		/** `refund.processed` for a refund of a stand-in payment. */
		refundProcessed: (refund: { id: string; payment_id: string; amount: number }, eventId: string) => delivery({ event: 'refund.processed', payload: { refund: { entity: { ...refund, status: 'processed' } } } }, eventId),
	}
}
