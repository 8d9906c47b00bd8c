import { data } from 'react-router'
import { paymentLinkPaidSchema, paymentLinkSchema, refundFormSchema, rejectPaymentSchema, reminderNowSchema } from '~/domain/payments/payments.ts'
import { nextReminder, reminderScheduleOf } from '~/domain/payments/reminders.ts'
import { todayInIndia } from '~/lib/dates.ts'
import { isAppError } from '~/lib/errors.ts'
import { formatINR } from '~/lib/money.ts'
import type { Actor } from '../db/audit.server.ts'
import { db } from '../db/index.server.ts'
import { env } from '../env.server.ts'
import { fieldErrors, intentFailure, newSubmissionKey } from '../forms.server.ts'
import { redirectWithToast } from '../toast.server.ts'
import { getBooking } from '../bookings/bookings.server.ts'
import { paymentGateway } from './gateways.server.ts'
import { recordRefund } from './payments.server.ts'
import { remindersOfBooking, sendReminderNow } from './reminders.server.ts'
import { markPaymentRequestPaid, rejectTravellerPayment } from './staff-payments.server.ts'
import { getSettings } from '../settings.server.ts'
import { createPaymentRequest, listPaymentRequests } from './requests.server.ts'
import { tripPath } from './trip.server.ts'

/** The booking page's online-payment intents. */
export const onlinePaymentIntents = new Set(['payment-link', 'refund', 'payment-reminder', 'reject-payment', 'link-paid'])

/** Handles a payment link, a refund, a reminder, a rejected UPI claim or a link paid another way from the booking page (the caller has checked staff access). */
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
		if (intent === 'payment-reminder') {
			const parsed = reminderNowSchema.safeParse(values)
			if (!parsed.success) return data({ intent, errors: { form: 'The form was out of date: reload the page and try again.' } as Record<string, string>, values }, { status: 400 })
			const result = await sendReminderNow(db(), bookingId, parsed.data.submissionKey, actor, env().SITE_URL)
			if (result.outcome === 'already-sent') return redirectWithToast(`${back}#reminders-heading`, { type: 'info', title: 'Already sent' })
			return redirectWithToast(`${back}#reminders-heading`, { title: 'Reminder sent', description: result.emailed ? 'Emailed to the traveller. Send it on WhatsApp too from the reminders list.' : 'No email address on the booking: send it on WhatsApp from the reminders list.' })
		}
		if (intent === 'reject-payment') {
			const parsed = rejectPaymentSchema.safeParse(values)
			if (!parsed.success) return data({ intent, errors: fieldErrors(parsed.error.issues), values }, { status: 400 })
			const result = await rejectTravellerPayment(db(), bookingId, parsed.data.paymentId, parsed.data.reason, actor)
			return redirectWithToast(`${back}#payments-heading`, result.rejected ? { type: 'warning', title: 'UPI transaction id rejected', description: 'The trip page now asks the traveller to check it and try again, or call.' } : { type: 'info', title: 'Already rejected' })
		}
		if (intent === 'link-paid') {
			const parsed = paymentLinkPaidSchema.safeParse(values)
			if (!parsed.success) return data({ intent, errors: fieldErrors(parsed.error.issues), values }, { status: 400 })
			const { requestId, ...paid } = parsed.data
			const result = await markPaymentRequestPaid(db(), bookingId, requestId, paid, actor)
			return redirectWithToast(`${back}#online-heading`, result.created ? { title: 'Payment link marked paid', description: 'One verified payment recorded; the link no longer takes payments.' } : { type: 'info', title: 'Already paid', description: 'This link was paid already: nothing more was recorded.' })
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
	const today = todayInIndia()
	const [requests, refunds, cancellationRequest, reminders, settings] = await Promise.all([
		listPaymentRequests(db(), bookingId, siteUrl),
		db().selectFrom('refunds').select(['id', 'amount', 'method', 'reference', 'status']).where('booking_id', '=', bookingId).orderBy('created_at').execute(),
		db().selectFrom('cancellation_requests').selectAll().where('booking_id', '=', bookingId).executeTakeFirst(),
		remindersOfBooking(db(), bookingId, siteUrl, today),
		getSettings(db()),
	])
	return {
		tripUrl: `${siteUrl}${tripPath(found.booking.tripToken)}`,
		requests,
		refunds: refunds.map((refund) => ({ ...refund, amount: Number(refund.amount) })),
		gatewayPayments: found.payments.filter((payment) => payment.source === 'gateway' && payment.verified).map((payment) => ({ id: payment.id, label: `${formatINR(Number(payment.amount))} · ${payment.reference}` })),
		cancellationRequest: cancellationRequest ? { reason: cancellationRequest.reason, fee: Number(cancellationRequest.quoted_fee), refund: Number(cancellationRequest.quoted_refund) } : null,
		today,
		reminders: { sent: reminders?.sent ?? [], whatsapp: reminders?.whatsapp ?? null, next: reminders ? nextReminder(reminders.booking, reminderScheduleOf(settings.paymentReminders), today) : null },
		submissionKey: newSubmissionKey(),
	}
}
