import { expect, test } from 'vitest'
import { checkoutSignature, hmacSha256Hex, signatureMatches, webhookSignature } from './signatures.server.ts'

test('HMAC-SHA256 matches the published test vector (RFC 4231, test case 2)', () => {
	expect(hmacSha256Hex('Jefe', 'what do ya want for nothing?')).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843')
})

test('the checkout signature is HMAC-SHA256 over "order_id|payment_id" with the key secret (vector from openssl)', () => {
	// printf '%s' 'order_IEIaMR65cu6nz3|pay_IH4NVgf4Dreq1l' | openssl dgst -sha256 -hmac 'EnLs21M47BllR3X8PSFtjtbd'
	const expected = '0d4e745a1838664ad6c9c9902212a32d627d68e917290b0ad5f08ff4561bc50f'
	expect(checkoutSignature('EnLs21M47BllR3X8PSFtjtbd', 'order_IEIaMR65cu6nz3', 'pay_IH4NVgf4Dreq1l')).toBe(expected)
	expect(signatureMatches(checkoutSignature('EnLs21M47BllR3X8PSFtjtbd', 'order_IEIaMR65cu6nz3', 'pay_IH4NVgf4Dreq1l'), expected)).toBe(true)
	// The same ids the other way round, or another secret, do not verify.
	expect(signatureMatches(checkoutSignature('EnLs21M47BllR3X8PSFtjtbd', 'pay_IH4NVgf4Dreq1l', 'order_IEIaMR65cu6nz3'), expected)).toBe(false)
	expect(signatureMatches(checkoutSignature('another-secret', 'order_IEIaMR65cu6nz3', 'pay_IH4NVgf4Dreq1l'), expected)).toBe(false)
})

test('the webhook signature is HMAC-SHA256 over the raw body: one changed byte fails', () => {
	const body = '{"entity":"event","event":"payment.captured"}'
	// printf '%s' "$body" | openssl dgst -sha256 -hmac 'webhook-secret-123'
	const expected = '05eca6d7ef818a97e861a6e888d158a6678e96d67113dc1a732ad892923c4e47'
	expect(webhookSignature('webhook-secret-123', body)).toBe(expected)
	expect(signatureMatches(webhookSignature('webhook-secret-123', body.replace('captured', 'capturEd')), expected)).toBe(false)
	// Re-serialised JSON (spaces) is a different body: the raw bytes are what is signed.
	expect(signatureMatches(webhookSignature('webhook-secret-123', JSON.stringify(JSON.parse(body), null, 1)), expected)).toBe(false)
})

test('a malformed signature is false, never an exception', () => {
	const expected = webhookSignature('s3cret-webhook', 'x')
	for (const bad of ['', 'zz', expected.toUpperCase(), `${expected}00`, expected.slice(0, 63)]) expect(signatureMatches(expected, bad)).toBe(false)
})
