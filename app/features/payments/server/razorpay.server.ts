/**
 * Razorpay over its documented REST API (https://razorpay.com/docs/api/): orders, payments, refunds,
 * HTTP basic auth with the key id and secret. A small client rather than the `razorpay` SDK: the SDK
 * fixes its host to api.razorpay.com and has no timeout (docs/decisions/110-online-payments.md).
 */
import { z } from '~/lib/zod.ts'
import { GatewayRefusedError, GatewayUnavailableError, type GatewayPayment, type GatewayRefund, type PaymentGateway } from './gateway.ts'
import { checkoutSignature, signatureMatches, webhookSignature } from './signatures.server.ts'

export type RazorpayConfig = { keyId: string; keySecret: string; webhookSecret: string; apiBaseUrl: string; checkoutScriptUrl: string; timeoutMs: number }

const orderSchema = z.object({ id: z.string(), amount: z.number().int(), currency: z.string() })
const paymentSchema = z.object({
	id: z.string(),
	order_id: z.string().nullable().optional(),
	amount: z.number().int(),
	currency: z.string(),
	status: z.enum(['created', 'authorized', 'captured', 'refunded', 'failed']),
	method: z.string().nullable().optional(),
})
const refundSchema = z.object({ id: z.string(), payment_id: z.string(), amount: z.number().int(), status: z.enum(['pending', 'processed', 'failed']) })
const errorSchema = z.object({ error: z.object({ description: z.string().optional(), code: z.string().optional() }) })

/** The largest answer read from the gateway (an order or payment is a few hundred bytes). */
const maxResponseBytes = 256 * 1024

export function razorpayGateway(config: RazorpayConfig): PaymentGateway {
	const base = config.apiBaseUrl.replace(/\/$/, '')
	const authorization = `Basic ${Buffer.from(`${config.keyId}:${config.keySecret}`).toString('base64')}`

	async function call<T>(method: 'GET' | 'POST', path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
		let response: Response
		try {
			response = await fetch(`${base}${path}`, {
				method,
				headers: { authorization, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
				body: body ? JSON.stringify(body) : undefined,
				signal: AbortSignal.timeout(config.timeoutMs),
				redirect: 'error',
			})
		} catch (error) {
			throw new GatewayUnavailableError(
				`Razorpay did not answer ${method} ${path}: ${(error as Error).name === 'TimeoutError' ? `no answer in ${config.timeoutMs} ms` : (error as Error).message}`,
			)
		}
		const length = Number(response.headers.get('content-length') ?? 0)
		if (length > maxResponseBytes) throw new GatewayUnavailableError(`Razorpay answered ${method} ${path} with ${length} bytes`)
		let json: unknown
		try {
			const text = await response.text()
			if (text.length > maxResponseBytes) throw new Error('answer too large')
			json = JSON.parse(text)
		} catch (error) {
			throw new GatewayUnavailableError(`Razorpay answered ${method} ${path} with ${response.status} and no JSON (${(error as Error).message})`)
		}
		if (response.status >= 500) throw new GatewayUnavailableError(`Razorpay answered ${method} ${path} with ${response.status}`)
		if (!response.ok) {
			const parsed = errorSchema.safeParse(json)
			throw new GatewayRefusedError(parsed.success ? (parsed.data.error.description ?? 'refused') : `status ${response.status}`, response.status)
		}
		const parsed = schema.safeParse(json)
		if (!parsed.success) throw new GatewayUnavailableError(`Razorpay answered ${method} ${path} with an unexpected body`)
		return parsed.data
	}

	const toPayment = (payment: z.infer<typeof paymentSchema>): GatewayPayment => ({
		paymentId: payment.id,
		orderId: payment.order_id ?? null,
		amount: payment.amount,
		currency: payment.currency,
		status: payment.status,
		method: payment.method ?? null,
	})

	return {
		name: 'razorpay',
		checkout: {
			scriptUrl: config.checkoutScriptUrl,
			keyId: config.keyId,
			scriptOrigin: new URL(config.checkoutScriptUrl).origin,
			// Checkout opens its own frames from these origins (and the API's, for a stand-in).
			frameOrigins: [...new Set([new URL(config.checkoutScriptUrl).origin, new URL(config.apiBaseUrl).origin, 'https://api.razorpay.com'])],
		},
		async createOrder({ amount, receipt, notes }) {
			const order = await call('POST', '/v1/orders', orderSchema, { amount, currency: 'INR', receipt, notes })
			return { orderId: order.id, amount: order.amount, currency: order.currency }
		},
		async fetchPayment(paymentId) {
			return toPayment(await call('GET', `/v1/payments/${encodeURIComponent(paymentId)}`, paymentSchema))
		},
		async refund({ paymentId, amount, receipt }): Promise<GatewayRefund> {
			const refund = await call('POST', `/v1/payments/${encodeURIComponent(paymentId)}/refund`, refundSchema, { amount, receipt, speed: 'normal' })
			return { refundId: refund.id, paymentId: refund.payment_id, amount: refund.amount, status: refund.status }
		},
		verifyCheckoutSignature({ orderId, paymentId, signature }) {
			return signatureMatches(checkoutSignature(config.keySecret, orderId, paymentId), signature)
		},
		verifyWebhookSignature(rawBody, signature) {
			return signatureMatches(webhookSignature(config.webhookSecret, rawBody), signature)
		},
	}
}
