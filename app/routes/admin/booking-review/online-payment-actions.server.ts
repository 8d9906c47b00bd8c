// The booking page's online-payment intents: request handling for the booking screen (parse, call payments, answer with a redirect and toast).
import type { Submission } from '@conform-to/react'
import { paymentLinkPaidSchema, paymentLinkSchema, refundFormSchema, rejectPaymentSchema, reminderNowSchema } from '~/features/payments/domain/payments.ts'
import { isAppError } from '~/lib/errors.ts'
import { formatINR } from '~/lib/money.ts'
import type { Kysely } from 'kysely'
import type { Actor } from '~/server/db/audit.server.ts'
import type { Database } from '~/server/db/schema.ts'
import { env } from '~/server/env.server.ts'
import { parseForm, refuse, refuseOnAppError } from '~/server/forms.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import { paymentGateway } from '~/features/payments/server/gateways.server.ts'
import { recordRefund } from '~/features/payments/server/payments.server.ts'
import { sendReminderNow } from '~/features/payments/server/reminders.server.ts'
import { markPaymentRequestPaid, rejectTravellerPayment } from '~/features/payments/server/staff-payments.server.ts'
import { createPaymentRequest } from '~/features/payments/server/requests.server.ts'

/** An expected failure goes back to the form that sent `intent`; an unreachable gateway is a 503 with its message. */
function refuseOnlineFailure(submission: Submission<unknown, string[]>, intent: string, error: unknown) {
	if (isAppError(error) && error.code === 'unavailable') return refuse(submission, { intent, status: 503, formError: error.message })
	return refuseOnAppError(submission, error, { intent })
}

async function paymentLink(db: Kysely<Database>, bookingId: string, form: FormData, actor: Actor) {
	const submission = parseForm(form, paymentLinkSchema)
	if (submission.status !== 'success') return refuse(submission, { intent: 'payment-link' })
	try {
		const result = await createPaymentRequest(db, bookingId, submission.value, actor, env().SITE_URL)
		return redirectWithToast(
			`/admin/pending/${bookingId}`,
			result.created
				? {
						title: 'Payment link created',
						description: `${formatINR(submission.value.amount)}: emailed when there is an address; send it on WhatsApp from the list.`,
					}
				: { type: 'info', title: 'Already created' },
		)
	} catch (error) {
		return refuseOnlineFailure(submission, 'payment-link', error)
	}
}

async function paymentReminder(db: Kysely<Database>, bookingId: string, form: FormData, actor: Actor) {
	const submission = parseForm(form, reminderNowSchema)
	if (submission.status !== 'success')
		return refuse(submission, { intent: 'payment-reminder', formError: 'The form was out of date: reload the page and try again.' })
	const back = `/admin/pending/${bookingId}#reminders-heading`
	try {
		const result = await sendReminderNow(db, bookingId, submission.value.submissionKey, actor, env().SITE_URL)
		if (result.outcome === 'already-sent') return redirectWithToast(back, { type: 'info', title: 'Already sent' })
		return redirectWithToast(back, {
			title: 'Reminder sent',
			description: result.emailed
				? 'Emailed to the traveller. Send it on WhatsApp too from the reminders list.'
				: 'No email address on the booking: send it on WhatsApp from the reminders list.',
		})
	} catch (error) {
		return refuseOnlineFailure(submission, 'payment-reminder', error)
	}
}

async function rejectPayment(db: Kysely<Database>, bookingId: string, form: FormData, actor: Actor) {
	const submission = parseForm(form, rejectPaymentSchema)
	if (submission.status !== 'success') return refuse(submission, { intent: 'reject-payment' })
	try {
		const result = await rejectTravellerPayment(db, bookingId, submission.value.paymentId, submission.value.reason, actor)
		return redirectWithToast(
			`/admin/pending/${bookingId}#payments-heading`,
			result.rejected
				? { type: 'warning', title: 'UPI transaction id rejected', description: 'The trip page now asks the traveller to check it and try again, or call.' }
				: { type: 'info', title: 'Already rejected' },
		)
	} catch (error) {
		return refuseOnlineFailure(submission, 'reject-payment', error)
	}
}

async function linkPaid(db: Kysely<Database>, bookingId: string, form: FormData, actor: Actor) {
	const submission = parseForm(form, paymentLinkPaidSchema)
	if (submission.status !== 'success') return refuse(submission, { intent: 'link-paid' })
	const { requestId, ...paid } = submission.value
	try {
		const result = await markPaymentRequestPaid(db, bookingId, requestId, paid, actor)
		return redirectWithToast(
			`/admin/pending/${bookingId}#online-heading`,
			result.created
				? { title: 'Payment link marked paid', description: 'One verified payment recorded; the link no longer takes payments.' }
				: { type: 'info', title: 'Already paid', description: 'This link was paid already: nothing more was recorded.' },
		)
	} catch (error) {
		return refuseOnlineFailure(submission, 'link-paid', error)
	}
}

async function refund(db: Kysely<Database>, bookingId: string, form: FormData, actor: Actor) {
	const submission = parseForm(form, refundFormSchema)
	if (submission.status !== 'success') return refuse(submission, { intent: 'refund' })
	try {
		const recorded = await recordRefund(db, paymentGateway(), bookingId, submission.value, actor)
		return redirectWithToast(`/admin/pending/${bookingId}`, {
			title: 'Refund recorded',
			description: `${formatINR(submission.value.amount)} (${recorded.reference}), ${recorded.status}.`,
		})
	} catch (error) {
		return refuseOnlineFailure(submission, 'refund', error)
	}
}

/**
 * The booking page's online-payment intents, one handler each (the caller has checked staff access):
 * a payment link, a reminder sent now, a rejected UPI claim, a link paid another way, a refund.
 */
export const onlinePaymentHandlers = {
	'payment-link': paymentLink,
	'payment-reminder': paymentReminder,
	'reject-payment': rejectPayment,
	'link-paid': linkPaid,
	refund,
} satisfies Record<string, (db: Kysely<Database>, bookingId: string, form: FormData, actor: Actor) => Promise<unknown>>
