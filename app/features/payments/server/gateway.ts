/**
 * A payment gateway, as the rest of the app sees it (docs/decisions/110-online-payments.md). Razorpay
 * is the one implementation; another gateway implements the same interface and registers in
 * `paymentGateway()` (gateways.server.ts). Money in paise.
 */
export type GatewayOrder = { orderId: string; amount: number; currency: string }
export type GatewayPayment = {
	paymentId: string
	orderId: string | null
	amount: number
	currency: string
	status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed'
	method: string | null
}
export type GatewayRefund = { refundId: string; paymentId: string; amount: number; status: 'pending' | 'processed' | 'failed' }

/** What the payment page needs to open the gateway's checkout in the browser. */
export type CheckoutSettings = { scriptUrl: string; keyId: string; scriptOrigin: string; frameOrigins: string[] }

export interface PaymentGateway {
	/** Stored with every order, payment and refund ('razorpay'). */
	readonly name: string
	readonly checkout: CheckoutSettings
	createOrder(input: { amount: number; receipt: string; notes: Record<string, string> }): Promise<GatewayOrder>
	fetchPayment(paymentId: string): Promise<GatewayPayment>
	refund(input: { paymentId: string; amount: number; receipt: string }): Promise<GatewayRefund>
	/** The signature Checkout returns over order and payment ids, checked in constant time. */
	verifyCheckoutSignature(input: { orderId: string; paymentId: string; signature: string }): boolean
	/** The webhook signature over the raw body, checked in constant time. */
	verifyWebhookSignature(rawBody: string, signature: string): boolean
}

/** The gateway did not answer in time or could not be reached: nothing changed on our side. */
export class GatewayUnavailableError extends Error {
	constructor(message: string) {
		super(message)
		this.name = 'GatewayUnavailableError'
	}
}

/** The gateway answered with an error (bad request, wrong keys). */
export class GatewayRefusedError extends Error {
	constructor(
		message: string,
		readonly status: number,
	) {
		super(message)
		this.name = 'GatewayRefusedError'
	}
}
