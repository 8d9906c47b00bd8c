/**
 * Online payments (docs/decisions/110-online-payments.md): what the traveller pays now, the trip page's
 * forms and the gateway's webhook body. Pure functions and schemas, no database, no HTTP.
 */
import { type BookingStatus, paymentMethods } from '~/features/bookings/domain/booking.ts'
import { isIsoDate } from '~/lib/dates.ts'
import { formatINR, type Paise, rupeesField } from '~/lib/money.ts'
import { z } from '~/lib/zod.ts'
import { normaliseUpiReference } from './upi.ts'

/**
 * What the trip page asks for now: the rest of the advance while the booking awaits payment,
 * else the balance; nothing once it is cancelled or completed. A payment request (a link staff
 * sent) asks for its own amount, never more than the balance.
 */
export function amountDueNow(booking: { status: BookingStatus; total: Paise; advanceDue: Paise }, verifiedPaid: Paise, requested: Paise | null = null): Paise {
	if (booking.status === 'cancelled' || booking.status === 'completed') return 0
	const balance = Math.max(0, booking.total - verifiedPaid)
	if (requested !== null) return Math.min(requested, balance)
	if (booking.status === 'pending_payment' && verifiedPaid < booking.advanceDue) return booking.advanceDue - verifiedPaid
	return balance
}

export const upiReferenceSchema = z.object({
	reference: z
		.string()
		.max(64)
		.transform((value, ctx) => {
			const reference = normaliseUpiReference(value)
			if (!reference) {
				ctx.addIssue({ code: 'custom', message: 'Enter the UPI transaction id (UTR) from your UPI app: usually 12 digits.' })
				return z.NEVER
			}
			return reference
		}),
	amount: rupeesField('Enter the amount you paid in rupees, e.g. 15,000.'),
})

export const cancellationRequestSchema = z.object({
	reason: z.string().trim().min(5, 'Tell us in a few words why you are cancelling (at least 5 characters).').max(500, 'Keep it under 500 characters.'),
	confirm: z.literal('yes', { message: 'Tick the box to confirm you want to cancel.' }),
})

/** The fields Checkout posts back (or the callback URL receives) after a payment. */
export const checkoutReturnSchema = z.object({
	razorpay_payment_id: z.string().regex(/^pay_[A-Za-z0-9]{6,40}$/),
	razorpay_order_id: z.string().regex(/^order_[A-Za-z0-9]{6,40}$/),
	razorpay_signature: z.string().regex(/^[0-9a-f]{64}$/),
})

/** The longest part of a gateway's own failure text shown to the traveller. */
const maxFailureDescription = 200

const checkoutFailureSchema = z.object({ description: z.string() })

/**
 * What Checkout posts to the callback, as one form: the signed payment (`paid`), or for a failed or
 * abandoned payment (its `error.description`, or anything else) the gateway's own words if it sent
 * any. It never refuses: whatever comes back, the traveller lands on the trip page. The fields are
 * named so that nothing else posted is read.
 */
export const checkoutCallbackSchema = z
	.object({
		razorpay_payment_id: z.unknown().optional(),
		razorpay_order_id: z.unknown().optional(),
		razorpay_signature: z.unknown().optional(),
		error: z.unknown().optional(),
	})
	.transform((fields) => {
		const signed = checkoutReturnSchema.safeParse(fields)
		if (signed.success) return { paid: true as const, ...signed.data }
		const failure = checkoutFailureSchema.safeParse(fields.error)
		return { paid: false as const, description: failure.success ? failure.data.description.slice(0, maxFailureDescription) : undefined }
	})

const paymentEntity = z.object({
	id: z.string().min(1).max(64),
	order_id: z.string().max(64).nullable().optional(),
	amount: z.number().int().nonnegative(),
	currency: z.string().max(8),
	status: z.string().max(32),
	method: z.string().max(32).optional(),
	error_description: z.string().max(500).nullable().optional(),
})
const refundEntity = z.object({
	id: z.string().min(1).max(64),
	payment_id: z.string().min(1).max(64),
	amount: z.number().int().nonnegative(),
	status: z.string().max(32).optional(),
})

/** The webhook events we act on; others are acknowledged and ignored. */
export const handledWebhookEvents = ['payment.captured', 'payment.failed', 'refund.processed'] as const

export const webhookBodySchema = z.discriminatedUnion('event', [
	z.object({ event: z.literal('payment.captured'), payload: z.object({ payment: z.object({ entity: paymentEntity }) }) }),
	z.object({ event: z.literal('payment.failed'), payload: z.object({ payment: z.object({ entity: paymentEntity }) }) }),
	z.object({ event: z.literal('refund.processed'), payload: z.object({ refund: z.object({ entity: refundEntity }) }) }),
])
export type WebhookBody = z.infer<typeof webhookBodySchema>

/** Why a captured payment cannot count as paid: a different amount or currency than its order. Null when it matches. */
export function orderMismatch(order: { amount: Paise; currency: string }, payment: { amount: Paise; currency: string }): string | null {
	if (payment.currency !== order.currency) return `Paid in ${payment.currency}, the order was in ${order.currency}.`
	if (payment.amount !== order.amount) return `Paid ${payment.amount} paise, the order was for ${order.amount} paise.`
	return null
}

/** Staff asking for money: the balance or any amount, with an optional note the traveller sees. */
export const paymentLinkSchema = z.object({
	amount: rupeesField('Enter the amount to ask for in rupees, e.g. 28,959.'),
	note: z
		.string()
		.trim()
		.max(200, 'Keep the note under 200 characters.')
		.optional()
		.transform((value) => value || null),
	submissionKey: z.string().min(8).max(64),
})

/** Staff recording a refund after a cancellation: through the gateway (choose the payment) or sent by UPI/bank. */
export const refundFormSchema = z
	.object({
		amount: rupeesField('Enter the refund in rupees, e.g. 10,000.'),
		method: z.enum(['gateway', 'upi', 'bank', 'cash'], { message: 'Choose how the money goes back.' }),
		paymentId: z
			.string()
			.max(40)
			.optional()
			.transform((value) => value || null),
		reference: z
			.string()
			.trim()
			.max(80)
			.optional()
			.transform((value) => value ?? ''),
	})
	.refine((form) => form.method === 'gateway' || form.reference.length >= 3, {
		path: ['reference'],
		message: 'Give the UPI or bank reference the refund went with.',
	})

/** The WhatsApp message staff send with a payment link. */
export function paymentRequestMessage(input: { name: string; reference: string; amount: Paise; url: string }): string {
	return `Hello ${input.name}, please pay ${formatINR(input.amount)} for booking ${input.reference} on your trip page (UPI button for the exact amount): ${input.url}`
}

/** Staff rejecting a UPI transaction id the traveller sent that the bank statement does not show. */
export const rejectPaymentSchema = z.object({
	paymentId: z.string().min(1).max(40),
	reason: z
		.string()
		.trim()
		.min(3, 'Say in a few words why it does not match, e.g. “not on the statement of 24 Nov”.')
		.max(200, 'Keep the reason under 200 characters.'),
})

/** Staff recording that the traveller paid a payment link's amount another way (cash, bank transfer). */
export const paymentLinkPaidSchema = z.object({
	requestId: z.string().min(1).max(40),
	method: z.enum(paymentMethods, { message: 'Choose how it was paid.' }),
	reference: z
		.string()
		.trim()
		.min(3, 'Give the receipt number, bank UTR or UPI reference (at least 3 characters).')
		.max(80, 'Keep the reference under 80 characters.'),
	paidOn: z.string().max(10).refine(isIsoDate, 'Give the date the money arrived.'),
})

/** Staff sending a payment reminder now: the form's key makes a double submit one reminder. */
export const reminderNowSchema = z.object({ submissionKey: z.string().min(8).max(64) })
