import { z } from 'zod'
import type { $ZodType, output } from 'zod/v4/core'
import {
	addComponentSchema,
	cancelBookingSchema,
	completeBookingSchema,
	confirmBookingSchema,
	bookingAgentSchema,
	recordPaymentSchema,
	updateComponentSchema,
	verifyPaymentSchema,
} from '~/features/bookings/domain/admin-forms.ts'
import { balanceDue, completionProblem, dueNow, isBalanceOverdue } from '~/features/bookings/domain/balance.ts'
import { advanceDue, cancellationSettlement, daysBetween, paidSoFar, paymentMethodLabels } from '~/features/bookings/domain/booking.ts'
import { componentKindLabels, confirmComponentsSchema, supplierStatusLabels } from '~/features/bookings/domain/components.ts'
import { unconfirmedParts } from '~/features/bookings/domain/voucher.ts'
import { todayInIndia } from '~/lib/dates.ts'
import { notFound, notFoundOn } from '~/lib/errors.ts'
import { formatINR } from '~/lib/money.ts'
import { plural } from '~/lib/words.ts'
import { agentOptions, setBookingAgent } from '~/features/agents/server/agents.server.ts'
import { reviewLinkOf } from '~/features/reviews/server/reviews.server.ts'
import { cancelBooking, completeBooking, confirmBooking, getBooking, recordPayment, verifyPayment } from '~/features/bookings/server/bookings.server.ts'
import { addComponent, confirmComponents, updateComponent } from '~/features/bookings/server/components.server.ts'
import { linksOfBooking } from '~/features/bookings/server/trip-links.server.ts'
import { db } from '~/server/db/index.server.ts'
import { newSubmissionKey, parseForm, refuse, refuseOnAppError } from '~/server/forms.server.ts'
import { actorOf, type User } from '~/features/identity/server/users.server.ts'
import { issueInvoiceAction } from '~/routes/admin/booking-review/invoice-actions.server.ts'
import { invoicePanel } from '~/features/invoices/server/invoices.server.ts'
import { onlinePaymentsOfBooking } from '~/features/payments/server/booking-payments.server.ts'
import { onlinePaymentHandlers } from './online-payment-actions.server.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import { tripParts, vouchersForBooking } from '~/features/bookings/server/vouchers.server.ts'
import { bookingMargin, componentSuppliersSchema } from '~/features/suppliers/domain/suppliers.ts'
import { assignComponentSuppliers, requestsOfBooking, sendSupplierRequests } from '~/features/suppliers/server/supplier-requests.server.ts'
import { supplierOptions } from '~/features/suppliers/server/suppliers.server.ts'
import { payablesOfBooking } from '~/features/suppliers/server/payables.server.ts'
import { env } from '~/server/env.server.ts'
import { staffMessageSchema } from '~/features/messaging/domain/messages.ts'
import { offeredChannels } from '~/features/messaging/server/channels.server.ts'
import { bookingMessaging, sendStaffMessage } from '~/features/messaging/server/booking-messages.server.ts'

const missingBooking = 'No booking has this address.'

/** Everything the booking page shows (the caller has checked staff access). */
export async function bookingPage(bookingId: string, user: User) {
	const found = await getBooking(db(), bookingId)
	if (!found) notFound(missingBooking)
	const settings = await getSettings(db())
	const today = todayInIndia()
	const verified = paidSoFar(found.payments, { verifiedOnly: true })
	const balance = balanceDue(found.booking.total, found.payments)
	const advanceNeeded = advanceDue(found.booking.total, settings.advancePercent)
	return {
		...found,
		agents: await agentOptions(db(), found.booking.agentId),
		suppliers: await supplierOptions(
			db(),
			found.components.flatMap((component) => (component.supplierId ? [component.supplierId] : [])),
		),
		supplierRequests: await requestsOfBooking(db(), bookingId, env().SITE_URL),
		reviewLink: await reviewLinkOf(db(), bookingId, env().SITE_URL),
		// What we owe its suppliers and when, with a warning when due before the traveller has paid (ADR 197).
		supplierDue: (await payablesOfBooking(db(), bookingId, today)).due,
		messaging: {
			...(await bookingMessaging(db(), bookingId)),
			configured: offeredChannels().whatsapp || offeredChannels().sms,
			submissionKey: newSubmissionKey(),
		},
		// Owners only, as the dashboard's margin chart (docs/decisions/191-booking-margin-from-component-costs.md).
		margin:
			user.role === 'owner'
				? bookingMargin({
						total: found.booking.total,
						gstPercent: settings.gstPercent,
						bookingCost: found.booking.cost,
						componentCosts: found.components.map((component) => component.invoiceAmount ?? component.plannedCost),
					})
				: null,
		vouchers: await vouchersForBooking(db(), bookingId),
		invoices: await invoicePanel(db(), bookingId),
		links: await linksOfBooking(db(), found.booking),
		online: (await onlinePaymentsOfBooking(db(), bookingId))!,
		unconfirmed: unconfirmedParts(await tripParts(db(), bookingId)).map((part) => part.description),
		balance,
		overdue: isBalanceOverdue(found.booking, balance, today),
		completionProblem: completionProblem(found.booking, today),
		isOwner: user.role === 'owner',
		today,
		verifiedPaid: verified,
		advanceNeeded,
		dueNow: dueNow(found.booking.status, balance, advanceNeeded, verified),
		ifCancelledToday: cancellationSettlement(found.booking.total, verified, daysBetween(today, found.booking.startDate), settings.cancellationTiers),
	}
}

type Handler = (bookingId: string, form: FormData, user: User) => Promise<unknown>

const staffMessageIntent: Handler = (bookingId, form, user) =>
	runForm(form, staffMessageSchema, 'staff-message', async ({ text, submissionKey }) => {
		const { channel } = await sendStaffMessage(db(), bookingId, { text, submissionKey }, actorOf(user))
		return redirectWithToast(`${back(bookingId)}#messages-heading`, {
			title: 'Message queued',
			description: `It goes by ${channel === 'whatsapp' ? 'WhatsApp' : 'SMS'}; its status shows under Messages.`,
		})
	})

const back = (bookingId: string) => `/admin/pending/${bookingId}`

/** One form of the page: parsed with its schema, refused with its own messages, or run; an expected failure goes back to the form. */
async function runForm<Schema extends $ZodType<{ intent: string }>>(
	form: FormData,
	schema: Schema,
	intent: string,
	run: (value: Omit<output<Schema>, 'intent'>) => Promise<Response>,
) {
	const submission = parseForm(form, schema)
	if (submission.status !== 'success') return refuse(submission, { intent })
	const { intent: _intent, ...value } = submission.value as output<Schema>
	try {
		return await run(value)
	} catch (error) {
		return refuseOnAppError(submission, error, { intent })
	}
}

const recordPaymentIntent: Handler = (bookingId, form, user) =>
	runForm(form, recordPaymentSchema, 'record-payment', async (payment) => {
		const result = await recordPayment(db(), bookingId, payment, actorOf(user))
		// Back to the payments, not the top of the page: without JavaScript the anchor scrolls there (with it, the form keeps the scroll).
		return redirectWithToast(
			`${back(bookingId)}#payments-heading`,
			result.created
				? { title: 'Payment recorded', description: `${formatINR(payment.amount)} by ${paymentMethodLabels[payment.method]}.` }
				: { type: 'info', title: 'Already recorded', description: 'A payment with this reference is already on the booking.' },
		)
	})

const verifyPaymentIntent: Handler = (bookingId, form, user) =>
	runForm(form, verifyPaymentSchema, 'verify-payment', async ({ paymentId }) => {
		await verifyPayment(db(), bookingId, paymentId, actorOf(user))
		return redirectWithToast(back(bookingId), { title: 'Payment verified' })
	})

const confirmIntent: Handler = (bookingId, form, user) =>
	runForm(form, confirmBookingSchema, 'confirm', async ({ overrideReason }) => {
		const settings = await getSettings(db())
		await confirmBooking(db(), bookingId, settings.advancePercent, { ...actorOf(user), isOwner: user.role === 'owner' }, overrideReason)
		return redirectWithToast(back(bookingId), { title: 'Booking confirmed', description: 'Next: request the hotels, ferries and activities from suppliers.' })
	})

const cancelIntent: Handler = (bookingId, form, user) =>
	runForm(form, cancelBookingSchema, 'cancel', async ({ reason }) => {
		const settings = await getSettings(db())
		const settlement = await cancelBooking(db(), bookingId, reason, todayInIndia(), settings.cancellationTiers, actorOf(user))
		return redirectWithToast(back(bookingId), {
			type: 'warning',
			title: 'Booking cancelled',
			description: `Fee ${formatINR(settlement.fee)}; refund due ${formatINR(settlement.refund)}.`,
		})
	})

const completeIntent: Handler = (bookingId, form, user) =>
	runForm(form, completeBookingSchema, 'complete', async () => {
		await completeBooking(db(), bookingId, todayInIndia(), actorOf(user))
		return redirectWithToast(back(bookingId), { title: 'Booking completed', description: 'The trip is over: the booking is closed.' })
	})

const addComponentIntent: Handler = (bookingId, form, user) =>
	runForm(form, addComponentSchema, 'add-component', async (component) => {
		await addComponent(db(), bookingId, component, actorOf(user))
		return redirectWithToast(back(bookingId), {
			title: 'Component added',
			description: `${componentKindLabels[component.kind]}: ${supplierStatusLabels[component.supplierStatus].toLowerCase()}.`,
		})
	})

const updateComponentIntent: Handler = (bookingId, form, user) =>
	runForm(form, updateComponentSchema, 'update-component', async ({ componentId, ...component }) => {
		const { amendment } = await updateComponent(db(), bookingId, componentId, component, actorOf(user), { siteUrl: env().SITE_URL, today: todayInIndia() })
		if (amendment)
			return redirectWithToast(`${back(bookingId)}#suppliers-heading`, {
				title: 'Component saved: amendment sent',
				description: `${amendment.supplierName} had confirmed it; they are asked to confirm the change${amendment.emailed ? ' by email' : ': send them the WhatsApp text'}.`,
			})
		return redirectWithToast(back(bookingId), {
			title: 'Component saved',
			description: `${componentKindLabels[component.kind]}: ${supplierStatusLabels[component.supplierStatus].toLowerCase()}.`,
		})
	})

const confirmComponentsIntent: Handler = (bookingId, form, user) =>
	runForm(form, confirmComponentsSchema, 'confirm-components', async ({ confirmations }) => {
		const confirmed = await confirmComponents(db(), bookingId, confirmations, actorOf(user))
		return redirectWithToast(`${back(bookingId)}#components-heading`, {
			title: `${plural(confirmed.length, 'component')} confirmed`,
			description: confirmed.join('; '),
		})
	})

/** Each component's supplier and cost (docs/decisions/189-suppliers-and-their-terms.md). */
async function componentSuppliersIntent(bookingId: string, form: FormData, user: User) {
	const submission = parseForm(form, componentSuppliersSchema)
	if (submission.status !== 'success') return refuse(submission, { intent: 'component-suppliers' })
	try {
		const changed = await assignComponentSuppliers(db(), bookingId, submission.value, actorOf(user))
		return await redirectWithToast(
			`${back(bookingId)}#suppliers-heading`,
			changed ? { title: 'Suppliers and costs saved', description: `${plural(changed, 'component')} changed.` } : { type: 'info', title: 'Nothing changed' },
		)
	} catch (error) {
		notFoundOn(error, missingBooking)
		return refuseOnAppError(submission, error, { intent: 'component-suppliers' })
	}
}

const sendRequestsSchema = z.object({ intent: z.literal('send-supplier-requests') })

/** One confirmation request per supplier (docs/decisions/190-supplier-confirmation-links.md). */
const sendSupplierRequestsIntent: Handler = (bookingId, form, user) =>
	runForm(form, sendRequestsSchema, 'send-supplier-requests', async () => {
		const sent = await sendSupplierRequests(db(), bookingId, actorOf(user), { siteUrl: env().SITE_URL, today: todayInIndia() })
		const unsent = sent.filter((request) => !request.emailed).map((request) => request.supplierName)
		return redirectWithToast(`${back(bookingId)}#suppliers-heading`, {
			title: `${plural(sent.length, 'request')} sent`,
			description: unsent.length ? `Send the WhatsApp text to ${unsent.join(', ')} (no email address).` : 'Emailed to each supplier.',
		})
	})

/** Partner attribution (docs/decisions/052-agents-and-commission.md). */
async function agentIntent(bookingId: string, form: FormData, user: User) {
	const submission = parseForm(form, bookingAgentSchema)
	if (submission.status !== 'success') return refuse(submission, { intent: 'agent' })
	const { agentId } = submission.value
	try {
		const changed = await setBookingAgent(db(), actorOf(user), bookingId, agentId)
		return redirectWithToast(back(bookingId), {
			title: changed ? (agentId ? 'Booking attributed to the agent' : 'Agent removed from the booking') : 'Nothing changed',
			type: changed ? 'success' : 'info',
		})
	} catch (error) {
		notFoundOn(error, missingBooking)
		return refuseOnAppError(submission, error, { intent: 'agent' })
	}
}

/** Tax invoices (docs/decisions/115-gst-tax-invoices.md). */
const issueInvoiceIntent: Handler = (bookingId, form, user) => issueInvoiceAction(db(), bookingId, form, actorOf(user))

/** Payment links, refunds, reminders and UPI claims (docs/payments.md). */
const onlinePaymentIntent =
	(intent: keyof typeof onlinePaymentHandlers): Handler =>
	(bookingId, form, user) =>
		onlinePaymentHandlers[intent](db(), bookingId, form, actorOf(user))

/** One handler per form of the booking page, by its `intent`. */
const handlers: Record<string, Handler> = {
	'record-payment': recordPaymentIntent,
	'verify-payment': verifyPaymentIntent,
	confirm: confirmIntent,
	cancel: cancelIntent,
	complete: completeIntent,
	'add-component': addComponentIntent,
	'update-component': updateComponentIntent,
	'confirm-components': confirmComponentsIntent,
	agent: agentIntent,
	'component-suppliers': componentSuppliersIntent,
	'send-supplier-requests': sendSupplierRequestsIntent,
	'issue-invoice': issueInvoiceIntent,
	'staff-message': staffMessageIntent,
	...Object.fromEntries(Object.keys(onlinePaymentHandlers).map((intent) => [intent, onlinePaymentIntent(intent as keyof typeof onlinePaymentHandlers)])),
}

const intentSchema = z.object({ intent: z.enum(Object.keys(handlers) as [string, ...string[]]) })

/** Runs the booking page form that `intent` names (the caller has checked staff access). */
export async function bookingAction(bookingId: string, form: FormData, user: User) {
	const intent = form.get('intent')
	const handler = typeof intent === 'string' && Object.hasOwn(handlers, intent) ? handlers[intent] : undefined
	if (!handler) {
		const submission = parseForm(form, intentSchema)
		return refuse(submission, {
			intent: typeof intent === 'string' ? intent.slice(0, 40) : undefined,
			formError: 'That form is out of date: reload the page and try again.',
		})
	}
	return handler(bookingId, form, user)
}
