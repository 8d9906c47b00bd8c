import { Form } from 'react-router'
import { FormError } from '~/components/admin/panel.tsx'
import { Button } from '~/components/ui/button.tsx'
import QRCode from 'qrcode'
import { z } from 'zod'
import { BareHeader } from '~/components/bare-header.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { TripCancel } from '~/features/payments/components/trip-cancel.tsx'
import { TripPay } from '~/features/payments/components/trip-pay.tsx'
import { TripSummary } from '~/features/payments/components/trip-summary.tsx'
import { TripFlights } from '~/features/operations/components/trip-flights.tsx'
import { TripFerries } from '~/features/ferries/components/trip-ferries.tsx'
import { liveOperatorSetup } from '~/features/ferries/server/live/operators.server.ts'
import { tripFerries } from '~/features/ferries/server/live/tickets.server.ts'
import { flightsFormSchema } from '~/features/operations/domain/day-sheet.ts'
import { saveTripFlights, tripFlights } from '~/features/operations/server/operations.server.ts'
import { cancellationRequestSchema, upiReferenceSchema } from '~/features/payments/domain/payments.ts'
import { tripState } from '~/features/payments/domain/trip-state.ts'
import { todayInIndia } from '~/lib/dates.ts'
import { notFound, notFoundOn } from '~/lib/errors.ts'
import { isTripToken } from '~/lib/ids.ts'
import { formatINR } from '~/lib/money.ts'
import { db } from '~/server/db/index.server.ts'
import { errorsOf, resultFor, valuesOf } from '~/lib/forms.ts'
import { parseForm, refuse, refuseOnAppError } from '~/server/forms.server.ts'
import { paymentGateway } from '~/features/payments/server/gateways.server.ts'
import { getTrip, requestCancellation, submitUpiReference, tripPath } from '~/features/payments/server/trip.server.ts'
import { checkPublicFormRate } from '~/server/public-form-limit.server.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'
import { optOutFromTrip, tripMessaging } from '~/features/messaging/server/booking-messages.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import { staticPage } from '~/lib/static-page.ts'
import type { Route } from './+types/trip'

/** The link is the traveller's secret (docs/decisions/110-online-payments.md): never stored by a cache, never indexed. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' })

/**
 * Plain HTML in the browser (app/lib/static-page.ts, ADR 219): every form on the page posts and
 * redirects with a toast, or comes back from the server with its messages.
 */
export const handle = staticPage

const noTrip = 'No trip has this address. Check the link in your email or WhatsApp message.'

export async function loader({ request, params }: Route.LoaderArgs) {
	if (!isTripToken(params.token)) notFound(noTrip)
	// Live ferry legs paid for are ticketed before the page is read, so it shows their PNR (docs/ferries.md).
	const ferries = await tripFerries(db(), liveOperatorSetup(), paymentGateway(), params.token)
	const trip = await getTrip(db(), params.token, { requestId: new URL(request.url).searchParams.get('request') })
	if (!trip) notFound(noTrip)
	const qrSvg = trip.upi ? await QRCode.toString(trip.upi.link, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }) : null
	return {
		trip,
		qrSvg,
		token: params.token,
		online: paymentGateway() !== null,
		flights: await tripFlights(db(), params.token),
		ferries,
		messaging: await tripMessaging(db(), params.token),
	}
}

type Submission<Schema extends z.ZodType> = ReturnType<typeof parseForm<Schema>>

/** An expected failure goes back to the form; a trip that is gone is the not-found page. */
function tripFailure(submission: Submission<z.ZodType>, intent: string, error: unknown) {
	notFoundOn(error, noTrip)
	return refuseOnAppError(submission, error, { intent })
}

/** "I have paid by UPI": the transaction id and amount, matched by staff with the bank statement. */
async function upiReference(token: string, submission: Submission<typeof upiReferenceSchema>, limited: string | null) {
	const intent = 'upi-reference'
	if (limited) return refuse(submission, { intent, status: 429, formError: limited })
	if (submission.status !== 'success') return refuse(submission, { intent })
	const payment = submission.value
	try {
		const result = await submitUpiReference(db(), token, payment)
		return await redirectWithToast(
			tripPath(token),
			result.created
				? {
						title: 'Thank you, we are checking your payment',
						description: `We match ${formatINR(payment.amount)} (UTR ${payment.reference}) with our bank, usually within a few hours.`,
					}
				: { type: 'info', title: 'We already have this transaction id' },
		)
	} catch (error) {
		return tripFailure(submission, intent, error)
	}
}

/** Asking to cancel: the policy's fee and refund are quoted, and staff call to confirm. */
async function cancellationRequest(token: string, submission: Submission<typeof cancellationRequestSchema>, limited: string | null) {
	const intent = 'request-cancellation'
	if (limited) return refuse(submission, { intent, status: 429, formError: limited })
	if (submission.status !== 'success') return refuse(submission, { intent })
	try {
		const settings = await getSettings(db())
		const result = await requestCancellation(db(), token, submission.value.reason, todayInIndia(), settings.cancellationTiers)
		return await redirectWithToast(tripPath(token), {
			type: 'warning',
			title: 'We have your cancellation request',
			description: `Refund ${formatINR(result.refund)} after the ${formatINR(result.fee)} fee. We call you to confirm.`,
		})
	} catch (error) {
		return tripFailure(submission, intent, error)
	}
}

/** "Your flights": the traveller's arrival and departure flights, for the operations desk (docs/decisions/194-trip-messages-are-text-built-from-the-sheet.md). */
async function flights(token: string, submission: Submission<typeof flightsFormSchema>, limited: string | null) {
	const intent = 'flights'
	if (limited) return refuse(submission, { intent, status: 429, formError: limited })
	if (submission.status !== 'success') return refuse(submission, { intent })
	try {
		await saveTripFlights(db(), token, submission.value)
		return await redirectWithToast(tripPath(token), {
			title: 'Thank you, we have your flights',
			description: 'Our driver will meet you; we message you the day before.',
		})
	} catch (error) {
		return tripFailure(submission, intent, error)
	}
}

/** "Stop WhatsApp and SMS messages": the booking's number opts out (docs/messaging.md#consent). */
async function messageOptOut(token: string, submission: Submission<z.ZodType>, limited: string | null) {
	const intent = 'message-opt-out'
	if (limited) return refuse(submission, { intent, status: 429, formError: limited })
	try {
		await optOutFromTrip(db(), token)
		return await redirectWithToast(tripPath(token), {
			title: 'No more WhatsApp or SMS messages',
			description: 'We still email you about this booking when you gave an email.',
		})
	} catch (error) {
		return tripFailure(submission, intent, error)
	}
}

/** The trip page's forms, each with its own schema; every post counts toward the public form limit, valid or not. */
export async function action({ request, params, context }: Route.ActionArgs) {
	if (!isTripToken(params.token)) notFound(noTrip)
	const form = await request.formData()
	const intent = form.get('intent')
	const limited = await checkPublicFormRate(context, 'trip')
	switch (intent) {
		case 'upi-reference':
			return upiReference(params.token, parseForm(form, upiReferenceSchema), limited)
		case 'request-cancellation':
			return cancellationRequest(params.token, parseForm(form, cancellationRequestSchema), limited)
		case 'flights':
			return flights(params.token, parseForm(form, flightsFormSchema), limited)
		case 'message-opt-out':
			return messageOptOut(params.token, parseForm(form, z.object({})), limited)
		default:
			return refuse(parseForm(form, z.object({})), {
				intent: typeof intent === 'string' ? intent.slice(0, 40) : undefined,
				status: limited ? 429 : 400,
				formError: limited ?? 'Choose what to do on the page and try again.',
			})
	}
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: loaderData ? `Your trip ${loaderData.trip.booking.reference} | ${loaderData.trip.company.name}` : 'Your trip' },
	{ name: 'robots', content: 'noindex, nofollow' },
]

export default function TripPage({ loaderData, actionData }: Route.ComponentProps) {
	const { trip, qrSvg, token, online, flights, ferries, messaging } = loaderData
	const errorsFor = (intent: string) => errorsOf(resultFor(actionData, intent))
	const valuesFor = (intent: string) => valuesOf(resultFor(actionData, intent))
	const formError = errorsOf(resultFor(actionData)).form
	const open = trip.booking.status === 'pending_payment' || trip.booking.status === 'confirmed'
	// Where the booking really stands: a cancellation asked for, a payment being checked, a voucher issued.
	const state = tripState({
		status: trip.booking.status,
		dueNow: trip.dueNow,
		payments: trip.payments,
		cancellationRequested: Boolean(trip.cancellationRequest),
		voucherIssued: Boolean(trip.voucher),
	})
	const pay =
		state.pay === 'none' ? null : (
			<TripPay
				reference={trip.booking.reference}
				dueNow={trip.dueNow}
				balance={trip.balance}
				balanceDueDate={trip.booking.balanceDueDate}
				upi={trip.upi}
				qrSvg={qrSvg}
				onlineAction={online ? `/trip/${token}/pay` : null}
				requestId={trip.request && !trip.request.paid ? trip.request.id : null}
				errors={errorsFor('upi-reference')}
				values={valuesFor('upi-reference')}
			/>
		)
	return (
		<>
			{/* An agency's client sees the agency's brand, not our header (docs/decisions/232). */}
			{trip.agency ? null : <BareHeader whatsappMessage={`About my trip ${trip.booking.reference}: `} />}
			<main id="main" className="mx-auto max-w-3xl space-y-6 px-4 py-6 text-slate-900 sm:px-6">
				<FormError error={formError} />
				{trip.request?.paid ? (
					<p role="status" className="rounded-md bg-success-50 p-3 font-medium text-success-700" data-testid="request-paid">
						This payment link for {formatINR(trip.request.amount)} is paid. Thank you: nothing more to pay on it.
					</p>
				) : null}
				<TripSummary
					trip={trip}
					state={state}
					documents={trip.taxDocuments.map((document) => (
						<li key={document.id}>
							<a href={`/invoice/${document.id}`}>
								{document.kind === 'invoice' ? 'Tax invoice' : 'Credit note'} {document.number}
							</a>{' '}
							({formatINR(document.total)}, <a href={`/invoice/${document.id}/pdf`}>PDF</a>)
						</li>
					))}
				>
					{state.pay === 'folded' ? (
						<details className="rounded-lg border border-slate-300 p-4" data-testid="pay-again">
							<summary className="cursor-pointer font-semibold">The payment failed, or you sent a different amount? Pay here</summary>
							<div className="mt-3">{pay}</div>
						</details>
					) : (
						pay
					)}
				</TripSummary>
				<TripFerries legs={ferries} token={token} />
				{open ? <TripFlights flights={flights} trip={trip.booking} errors={errorsFor('flights')} values={valuesFor('flights')} /> : null}
				{messaging ? (
					<section aria-labelledby="messages-heading" className="rounded-lg border border-slate-200 p-4" data-testid="trip-messages">
						<h2 id="messages-heading" className="text-lg font-semibold">
							Messages on your phone
						</h2>
						{messaging.optedOut ? (
							<p className="mt-1">You have opted out: we send no WhatsApp or SMS messages to the number ending {messaging.phoneEnding}.</p>
						) : (
							<Form method="post" className="mt-1">
								<p>
									We send updates about this trip by {messaging.channel === 'whatsapp' ? 'WhatsApp' : 'SMS'} to the number ending {messaging.phoneEnding}. You
									can also reply STOP.
								</p>
								<input type="hidden" name="intent" value="message-opt-out" />
								<Button type="submit" variant="secondary" className="mt-2">
									Stop WhatsApp and SMS messages
								</Button>
							</Form>
						)}
					</section>
				) : null}
				{open && trip.ifCancelledToday ? (
					<TripCancel
						settlement={trip.ifCancelledToday}
						paid={trip.verifiedPaid}
						request={trip.cancellationRequest}
						errors={errorsFor('request-cancellation')}
						values={valuesFor('request-cancellation')}
					/>
				) : null}
			</main>
		</>
	)
}

export const ErrorBoundary = RouteErrorBoundary
