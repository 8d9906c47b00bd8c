import { redirect } from 'react-router'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { CheckoutScripts } from '~/features/payments/components/checkout-scripts.tsx'
import { isAppError, notFound, notFoundOn } from '~/lib/errors.ts'
import { isTripToken } from '~/lib/ids.ts'
import { formatINR } from '~/lib/money.ts'
import { z } from '~/lib/zod.ts'
import { db } from '~/server/db/index.server.ts'
import { env } from '~/server/env.server.ts'
import { parseForm, refuse } from '~/server/forms.server.ts'
import { paymentGateway } from '~/features/payments/server/gateways.server.ts'
import { orderForCheckout, startOnlinePayment } from '~/features/payments/server/payments.server.ts'
import { tripPath } from '~/features/payments/server/trip.server.ts'
import { checkPublicFormRate } from '~/server/public-form-limit.server.ts'
import { checkoutOriginsHeader } from '~/server/security.server.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'
import type { Route } from './+types/trip-pay'

/** The payment page (docs/decisions/110-online-payments.md): never cached or indexed; only it may load the gateway's checkout. */
export const headers: Route.HeadersFunction = () => {
	const gateway = paymentGateway()
	return {
		'Cache-Control': 'no-store',
		'X-Robots-Tag': 'noindex, nofollow',
		...(gateway ? { [checkoutOriginsHeader]: [gateway.checkout.scriptOrigin, ...gateway.checkout.frameOrigins].join(' ') } : {}),
	}
}

const noTrip = 'No trip has this address. Check the link in your email or WhatsApp message.'
const orderSchema = z.object({ order: z.string().regex(/^order_[A-Za-z0-9]{6,40}$/) })
/** "Pay online" names the payment link it pays, when it came from one (read to 40 characters; an unknown one is refused by the domain). */
const payOnlineSchema = z.object({
	request: z
		.string()
		.optional()
		.transform((value) => (value === undefined ? null : value.slice(0, 40))),
})

export async function loader({ request, params }: Route.LoaderArgs) {
	const gateway = paymentGateway()
	if (!isTripToken(params.token) || !gateway) notFound(noTrip)
	const parsed = orderSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams))
	const order = parsed.success ? await orderForCheckout(db(), params.token, gateway.name, parsed.data.order) : null
	if (!order) notFound(noTrip)
	if (!order.open) throw redirect(tripPath(params.token))
	const site = env().SITE_URL.replace(/\/$/, '')
	const company = (await getSettings(db())).company
	return {
		order,
		scriptUrl: gateway.checkout.scriptUrl,
		tripPath: tripPath(params.token),
		// Razorpay Checkout's documented options; with redirect it posts the signed result to callback_url (works in every browser, no pop-up).
		options: {
			key: gateway.checkout.keyId,
			amount: order.amount,
			currency: 'INR',
			name: company.name,
			description: `${order.reference}: ${order.title}`.slice(0, 255),
			order_id: order.orderId,
			callback_url: `${site}/trip/${params.token}/paid`,
			redirect: true,
			prefill: { name: order.name, email: order.email ?? '', contact: order.phone },
			notes: { booking: order.reference },
			theme: { color: '#0f766e' },
		},
	}
}

/** "Pay online" on the trip page: an order for what is due (a double click reuses it), then this page. */
export async function action({ request, params, context }: Route.ActionArgs) {
	const gateway = paymentGateway()
	if (!isTripToken(params.token) || !gateway) notFound(noTrip)
	const submission = parseForm(await request.formData(), payOnlineSchema)
	const limited = await checkPublicFormRate(context, 'trip-pay')
	if (limited) return refuse(submission, { status: 429, formError: limited })
	if (submission.status !== 'success') return refuse(submission)
	try {
		const order = await startOnlinePayment(db(), gateway, params.token, submission.value.request)
		return redirect(`/trip/${params.token}/pay?order=${order.orderId}`)
	} catch (error) {
		notFoundOn(error, noTrip)
		// The gateway did not answer (503) or nothing is due (409): the booking is unchanged; say so plainly.
		if (isAppError(error)) return refuse(submission, { status: error.status, formError: error.message })
		throw error
	}
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: loaderData ? `Pay ${formatINR(loaderData.order.amount)} for ${loaderData.order.reference}` : 'Pay online' },
	{ name: 'robots', content: 'noindex, nofollow' },
]

export default function TripPayPage({ loaderData }: Route.ComponentProps) {
	const { order, options, scriptUrl } = loaderData
	return (
		<main id="main" className="mx-auto max-w-xl space-y-4 px-4 py-10">
			<h1 className="text-2xl font-bold">Pay {formatINR(order.amount)}</h1>
			<p>
				Booking <strong className="font-mono">{order.reference}</strong>: {order.title}
			</p>
			<p>The secure Razorpay checkout opens on this page: pay by UPI, card, netbanking or wallet. When it is done you come back to your trip page.</p>
			<button
				type="button"
				id="open-checkout"
				className="inline-flex h-12 items-center rounded-md bg-primary-700 px-6 text-lg font-medium text-white hover:bg-primary-800"
			>
				Open the secure checkout
			</button>
			<noscript>
				<p className="rounded-md bg-warning-50 p-3">The online checkout needs JavaScript. Go back and pay by UPI instead: it works without it.</p>
			</noscript>
			<p>
				<a href={loaderData.tripPath}>Back to your trip page</a>
			</p>
			<CheckoutScripts options={options} scriptUrl={scriptUrl} />
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
