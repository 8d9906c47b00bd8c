import { env } from '~/server/env.server.ts'
import type { PaymentGateway } from './gateway.ts'
import { razorpayGateway } from './razorpay.server.ts'

let cached: { gateway: PaymentGateway | null } | undefined

/** The configured gateway, or null when no keys are set (then nothing calls out: docs/payments.md). */
export function paymentGateway(): PaymentGateway | null {
	if (!cached) {
		const e = env()
		cached = {
			gateway:
				e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET && e.RAZORPAY_WEBHOOK_SECRET
					? razorpayGateway({
							keyId: e.RAZORPAY_KEY_ID,
							keySecret: e.RAZORPAY_KEY_SECRET,
							webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
							apiBaseUrl: e.RAZORPAY_API_BASE_URL,
							checkoutScriptUrl: e.RAZORPAY_CHECKOUT_SCRIPT_URL,
							timeoutMs: e.RAZORPAY_TIMEOUT_MS,
						})
					: null,
		}
	}
	return cached.gateway
}
