import { data } from 'react-router'
import { paymentLinkSchema, refundFormSchema } from '~/features/payments/domain/payments.ts'
import { isAppError } from '~/lib/errors.ts'
import { formatINR } from '~/lib/money.ts'
import type { Actor } from '~/server/db/audit.server.ts'
import { db } from '~/server/db/index.server.ts'
import { env } from '~/server/env.server.ts'
import { fieldErrors, intentFailure, newSubmissionKey } from '~/server/forms.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import { getBooking } from '~/features/bookings/server/bookings.server.ts'
import { paymentGateway } from './gateways.server.ts'
import { recordRefund } from './payments.server.ts'
import { createPaymentRequest, listPaymentRequests } from './requests.server.ts'
import { tripPath } from './trip.server.ts'

/** The booking page's online-payment intents. */
export const onlinePaymentIntents = new Set(['payment-link', 'refund'])

/** Handles a payment link or a refund from the booking page (the caller has checked staff access). */
export async function onlinePaymentAction(bookingId: string, values: Record<string, string>, actor: Actor) {
	const intent = values.intent!
	const back = `/admin/pending/${bookingId}`
	try {
		if (intent === 'payment-link') {
			const parsed = paymentLinkSchema.safeParse(values)
			if (!parsed.success) return data({ intent, errors: fieldErrors(parsed.error.issues), values }, { status: 400 })
			const result = await createPaymentRequest(db(), bookingId, parsed.data, actor, env().SITE_URL)
			return redirectWithToast(back, result.created ? { title: 'Payment link created', description: `${formatINR(parsed.data.amount)}: emailed when there is an address; send it on WhatsApp from the list.` } : { type: 'info', title: 'Already created' })
		}
		const parsed = refundFormSchema.safeParse(values)
		if (!parsed.success) return data({ intent, errors: fieldErrors(parsed.error.issues), values }, { status: 400 })
		const refund = await recordRefund(db(), paymentGateway(), bookingId, parsed.data, actor)
		return redirectWithToast(back, { title: 'Refund recorded', description: `${formatINR(parsed.data.amount)} (${refund.reference}), ${refund.status}.` })
	} catch (error) {
		if (isAppError(error) && error.code === 'unavailable') return data({ intent, errors: { form: error.message } as Record<string, string>, values }, { status: 503 })
		const failure = intentFailure(intent, error)
		return data({ ...failure.data, values }, { status: failure.init?.status ?? 400 })
	}
}

/** What the booking page shows of the online side. */
export async function onlinePaymentsOfBooking(bookingId: string) {
	const found = await getBooking(db(), bookingId)
	if (!found) return null
	const siteUrl = env().SITE_URL.replace(/\/$/, '')
	const [requests, refunds, cancellationRequest] = await Promise.all([
		listPaymentRequests(db(), bookingId, siteUrl),
		db().selectFrom('refunds').select(['id', 'amount', 'method', 'reference', 'status']).where('booking_id', '=', bookingId).orderBy('created_at').execute(),
		db().selectFrom('cancellation_requests').selectAll().where('booking_id', '=', bookingId).executeTakeFirst(),
	])
	return {
		tripUrl: `${siteUrl}${tripPath(found.booking.tripToken)}`,
		requests,
		refunds: refunds.map((refund) => ({ ...refund, amount: Number(refund.amount) })),
		gatewayPayments: found.payments.filter((payment) => payment.source === 'gateway' && payment.verified).map((payment) => ({ id: payment.id, label: `${formatINR(Number(payment.amount))} · ${payment.reference}` })),
		cancellationRequest: cancellationRequest ? { reason: cancellationRequest.reason, fee: Number(cancellationRequest.quoted_fee), refund: Number(cancellationRequest.quoted_refund) } : null,
		submissionKey: newSubmissionKey(),
	}
}
