import QRCode from 'qrcode'
import { data } from 'react-router'
import { BareHeader } from '~/components/bare-header.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { TripCancel } from '~/features/payments/components/trip-cancel.tsx'
import { TripPay } from '~/features/payments/components/trip-pay.tsx'
import { TripSummary } from '~/features/payments/components/trip-summary.tsx'
import { cancellationRequestSchema, upiReferenceSchema } from '~/features/payments/domain/payments.ts'
import { todayInIndia } from '~/lib/dates.ts'
import { isAppError } from '~/lib/errors.ts'
import { isTripToken } from '~/lib/ids.ts'
import { formatINR } from '~/lib/money.ts'
import { db } from '~/server/db/index.server.ts'
import { fieldErrors } from '~/server/forms.server.ts'
import { paymentGateway } from '~/features/payments/server/gateways.server.ts'
import { getTrip, requestCancellation, submitUpiReference, tripPath } from '~/features/payments/server/trip.server.ts'
import { checkPublicFormRate } from '~/server/public-form-limit.server.ts'
import { getSettings } from '~/server/settings.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/trip'

/** The link is the traveller's secret (docs/decisions/110-online-payments.md): never stored by a cache, never indexed. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' })

const notFound = () => new Response('No trip has this address. Check the link in your email or WhatsApp message.', { status: 404, statusText: 'Page Not Found' })

export async function loader({ request, params }: Route.LoaderArgs) {
	if (!isTripToken(params.token)) throw notFound()
	const trip = await getTrip(db(), params.token, { requestId: new URL(request.url).searchParams.get('request') })
	if (!trip) throw notFound()
	const qrSvg = trip.upi ? await QRCode.toString(trip.upi.link, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }) : null
	return { trip, qrSvg, token: params.token, online: paymentGateway() !== null }
}

export async function action({ request, params, context }: Route.ActionArgs) {
	if (!isTripToken(params.token)) throw notFound()
	const form = await request.formData()
	const values = Object.fromEntries([...form].filter(([, v]) => typeof v === 'string')) as Record<string, string>
	const intent = values.intent
	const echo = { reference: values.reference?.slice(0, 64), amount: values.amount?.slice(0, 20), reason: values.reason?.slice(0, 500) }
	const limited = await checkPublicFormRate(context, 'trip')
	if (limited) return data({ intent, errors: { form: limited } as Record<string, string>, values: echo }, { status: 429 })
	const back = tripPath(params.token)
	try {
		if (intent === 'upi-reference') {
			const parsed = upiReferenceSchema.safeParse(values)
			if (!parsed.success) return data({ intent, errors: fieldErrors(parsed.error.issues), values: echo }, { status: 400 })
			const result = await submitUpiReference(db(), params.token, parsed.data)
			return redirectWithToast(back, result.created ? { title: 'Thank you, we are checking your payment', description: `We match ${formatINR(parsed.data.amount)} (UTR ${parsed.data.reference}) with our bank, usually within a few hours.` } : { type: 'info', title: 'We already have this transaction id' })
		}
		if (intent === 'request-cancellation') {
			const parsed = cancellationRequestSchema.safeParse(values)
			if (!parsed.success) return data({ intent, errors: fieldErrors(parsed.error.issues), values: echo }, { status: 400 })
			const settings = await getSettings(db())
			const result = await requestCancellation(db(), params.token, parsed.data.reason, todayInIndia(), settings.cancellationTiers)
			return redirectWithToast(back, { type: 'warning', title: 'We have your cancellation request', description: `Refund ${formatINR(result.refund)} after the ${formatINR(result.fee)} fee. We call you to confirm.` })
		}
		return data({ intent, errors: { form: 'Choose what to do on the page and try again.' } as Record<string, string>, values: echo }, { status: 400 })
	} catch (error) {
		if (isAppError(error) && error.code === 'not-found') throw notFound()
		if (isAppError(error) && error.status < 500) return data({ intent, errors: { form: error.message } as Record<string, string>, values: echo }, { status: error.status })
		throw error
	}
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: loaderData ? `Your trip ${loaderData.trip.booking.reference} | ${loaderData.trip.company.name}` : 'Your trip' },
	{ name: 'robots', content: 'noindex, nofollow' },
]

export default function TripPage({ loaderData, actionData }: Route.ComponentProps) {
	const { trip, qrSvg, token, online } = loaderData
	const errorsFor = (intent: string): Record<string, string | undefined> => (actionData?.intent === intent ? actionData.errors : {})
	const valuesFor = (intent: string): Record<string, string | undefined> => (actionData?.intent === intent ? actionData.values : {})
	const open = trip.booking.status === 'pending_payment' || trip.booking.status === 'confirmed'
	return (
		<>
		<BareHeader whatsappMessage={`About my trip ${trip.booking.reference}: `} />
		<main id="main" className="mx-auto max-w-3xl space-y-6 px-4 py-6 text-slate-900 sm:px-6">
			{actionData?.errors.form ? (
				<p role="alert" className="rounded-md bg-error-50 p-3 font-medium text-error-700">
					{actionData.errors.form}
				</p>
			) : null}
			<TripSummary
				trip={trip}
				documents={trip.taxDocuments.map((document) => (
					<li key={document.id}>
						<a href={`/invoice/${document.id}`}>
							{document.kind === 'invoice' ? 'Tax invoice' : 'Credit note'} {document.number}
						</a>{' '}
						({formatINR(document.total)}, <a href={`/invoice/${document.id}/pdf`}>PDF</a>)
					</li>
				))}
			>
				{open && trip.dueNow > 0 ? (
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
				) : null}
			</TripSummary>
			{open && trip.ifCancelledToday ? <TripCancel settlement={trip.ifCancelledToday} paid={trip.verifiedPaid} request={trip.cancellationRequest} errors={errorsFor('request-cancellation')} values={valuesFor('request-cancellation')} /> : null}
		</main>
		</>
	)
}

export const ErrorBoundary = RouteErrorBoundary

