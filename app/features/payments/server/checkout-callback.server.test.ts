/** The checkout callback (routes/resources/trip-paid.ts) parsed as the route parses it: what the gateway posts back. */
import { describe, expect, test } from 'vitest'
import { checkoutCallbackSchema } from '~/features/payments/domain/payments.ts'
import { parseForm } from '~/server/forms.server.ts'
import { checkoutCallbackFields } from './checkout-callback.server.ts'

const signed = { razorpay_payment_id: 'pay_ABCDEF123456', razorpay_order_id: 'order_ABCDEF123456', razorpay_signature: 'a'.repeat(64) }

function callback(fields: Array<[string, string | Blob]>) {
	const form = new FormData()
	for (const [name, value] of fields) form.append(name, value)
	const submission = parseForm(checkoutCallbackFields(form), checkoutCallbackSchema)
	expect(submission.status).toBe('success')
	return submission.status === 'success' ? submission.value : null
}

describe('the checkout callback', () => {
	test('a signed payment is read as paid, with its three fields', () => {
		expect(callback(Object.entries(signed))).toEqual({ paid: true, ...signed })
		// The gateway's extra fields change nothing.
		expect(callback([...Object.entries(signed), ['error[description]', 'ignored'], ['extra', 'x']])).toEqual({ paid: true, ...signed })
	})

	test("a failed payment keeps the gateway's own words, at most 200 characters", () => {
		expect(
			callback([
				['error[code]', 'BAD_REQUEST_ERROR'],
				['error[description]', 'Your card was declined.'],
			]),
		).toEqual({ paid: false, description: 'Your card was declined.' })
		expect(callback([['error[description]', 'x'.repeat(500)]])).toEqual({ paid: false, description: 'x'.repeat(200) })
		expect(callback([['error[description]', '']])).toEqual({ paid: false, description: '' })
	})

	test('anything else is not paid and has no description: junk, a bad signature, a file, nothing at all', () => {
		const notPaid = { paid: false, description: undefined }
		expect(callback([])).toEqual(notPaid)
		expect(callback([['razorpay_payment_id', 'junk']])).toEqual(notPaid)
		expect(callback(Object.entries({ ...signed, razorpay_signature: 'not-hex' }))).toEqual(notPaid)
		expect(callback([['error[description]', new Blob(['a file'])]])).toEqual(notPaid)
		expect(
			callback([
				['error', 'flat'],
				['__state__', 'not json'],
				['__intent__', 'junk'],
			]),
		).toEqual(notPaid)
	})
})
