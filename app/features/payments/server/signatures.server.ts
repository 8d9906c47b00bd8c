import { createHmac, timingSafeEqual } from 'node:crypto'

/** HMAC-SHA256 of `message` with `secret`, as lowercase hex (how Razorpay signs checkout returns and webhooks). */
export function hmacSha256Hex(secret: string, message: string): string {
	return createHmac('sha256', secret).update(message, 'utf8').digest('hex')
}

/** Compares a received hex signature with the expected one in constant time; anything not 64 hex digits is false. */
export function signatureMatches(expectedHex: string, receivedHex: string): boolean {
	if (!/^[0-9a-f]{64}$/.test(receivedHex)) return false
	return timingSafeEqual(Buffer.from(expectedHex, 'hex'), Buffer.from(receivedHex, 'hex'))
}

/** Razorpay Checkout: signature = HMAC-SHA256(order_id + "|" + payment_id, key secret). */
export function checkoutSignature(keySecret: string, orderId: string, paymentId: string): string {
	return hmacSha256Hex(keySecret, `${orderId}|${paymentId}`)
}

/** Razorpay webhooks: X-Razorpay-Signature = HMAC-SHA256(raw request body, webhook secret). */
export function webhookSignature(webhookSecret: string, rawBody: string): string {
	return hmacSha256Hex(webhookSecret, rawBody)
}
