import { Form, Link } from 'react-router'
import { FormError } from '~/components/admin/panel.tsx'
import { Field } from '~/components/ui/field.tsx'
import { Breadcrumbs } from '~/components/breadcrumbs.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button } from '~/components/ui/button.tsx'
import { HoldCountdown } from '~/features/ferries/components/hold-countdown.tsx'
import { ferryIslandLabels } from '~/features/ferries/domain/enquiry.ts'
import { liveOperatorLabels } from '~/features/ferries/domain/live/operator.ts'
import { PassengerRows } from '~/features/ferries/components/passenger-rows.tsx'
import { checkoutFormSchema } from '~/features/ferries/domain/live/checkout.ts'
import { getHold, releaseTravellerHold } from '~/features/ferries/server/live/holds.server.ts'
import { ferryLiveSettings } from '~/features/ferries/server/live/operators.server.ts'
import { holdCheckout, startFerryCheckout } from '~/features/ferries/server/live/tickets.server.ts'
import { errorsOf, resultFor, valuesOf } from '~/lib/forms.ts'
import { parseForm, refuse, refuseOnAppError } from '~/server/forms.server.ts'
import { checkPublicFormRate } from '~/server/public-form-limit.server.ts'
import { formatTravelDate } from '~/lib/dates.ts'
import { isAppError, notFound, toResponse } from '~/lib/errors.ts'
import { isId } from '~/lib/ids.ts'
import { formatINR } from '~/lib/money.ts'
import { seo } from '~/lib/seo.ts'
import { db } from '~/server/db/index.server.ts'
import { env } from '~/server/env.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/ferry-hold'

/** A traveller's seat hold (its address is its only key): what is held, until when, and letting it go. */
export async function loader({ params }: Route.LoaderArgs) {
	if (!isId(params.id)) notFound('This hold does not exist. Search for sailings again.')
	try {
		const settings = await ferryLiveSettings(db())
		const hold = await getHold(db(), params.id, settings.markupPercent)
		const endsLabel = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit', hour12: false }).format(new Date(hold.expiresAt))
		const checkout = await holdCheckout(db(), hold.id)
		return { siteUrl: env().SITE_URL, hold, endsLabel, tripPath: checkout ? `/trip/${checkout.tripToken}` : null }
	} catch (error) {
		if (isAppError(error)) throw toResponse(error)
		throw error
	}
}

export async function action({ params, request, context }: Route.ActionArgs) {
	if (!isId(params.id)) notFound('This hold does not exist.')
	const form = await request.formData()
	if (form.get('intent') === 'checkout') return checkout(params.id, form, context)
	if (form.get('intent') !== 'release') throw new Response('Unknown request: reload the page.', { status: 400, statusText: 'Bad Request' })
	try {
		await releaseTravellerHold(db(), params.id)
	} catch (error) {
		if (isAppError(error)) throw toResponse(error)
		throw error
	}
	return redirectWithToast('/ferries#live-heading', { type: 'success', title: 'Seats released', description: 'The seats are free again for other travellers.' })
}

/** The passengers and contact: a trip booking to pay in full, then the ticket (docs/ferries.md). */
async function checkout(id: string, form: FormData, context: Route.ActionArgs['context']) {
	let hold
	try {
		hold = await getHold(db(), id, 0)
	} catch (error) {
		if (isAppError(error)) throw toResponse(error)
		throw error
	}
	const submission = parseForm(form, checkoutFormSchema({ adults: hold.adults, infants: hold.infants, travelDate: hold.sailing.date }))
	if (submission.status !== 'success') return refuse(submission, { intent: 'checkout' })
	const limited = await checkPublicFormRate(context, 'ferry-checkout')
	if (limited) return refuse(submission, { intent: 'checkout', status: 429, formError: limited })
	try {
		const made = await startFerryCheckout(db(), id, submission.value)
		return redirectWithToast(`/trip/${made.tripToken}`, { title: 'Passengers saved: now pay to get the ticket', description: 'We book the ferry with the operator as soon as the payment arrives; the PNR and ticket appear on this page.' })
	} catch (error) {
		return refuseOnAppError(submission, error, { intent: 'checkout' })
	}
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	...seo({ title: 'Your ferry seats on hold', description: 'Ferry seats held for you for a few minutes.', path: '/ferries/hold', siteUrl: loaderData?.siteUrl ?? 'http://localhost:3000' }),
	{ name: 'robots', content: 'noindex' },
]

const statusText = {
	released: 'You let these seats go; they are free again for other travellers.',
	lapsed: 'This hold has lapsed and the seats are free again. Search again to hold seats.',
	booked: 'These seats are booked.',
} as const

export default function FerryHold({ loaderData, actionData }: Route.ComponentProps) {
	const { hold, endsLabel, tripPath } = loaderData
	const errors = errorsOf(resultFor(actionData, 'checkout'))
	const values = valuesOf(resultFor(actionData, 'checkout'))
	const sailing = hold.sailing
	return (
		<main id="main" className="mx-auto max-w-3xl px-4 py-8">
			<Breadcrumbs trail={[{ name: 'Home', path: '/' }, { name: 'Ferries', path: '/ferries' }, { name: 'Your hold', path: '/ferries' }]} />
			<h1 className="mt-4 text-3xl font-bold">{hold.status === 'held' ? 'Your seats are held' : 'Seat hold ended'}</h1>
			<dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
				<dt className="font-medium">Sailing</dt>
				<dd>
					{ferryIslandLabels[sailing.from]} → {ferryIslandLabels[sailing.to]}, {formatTravelDate(sailing.date)}, {sailing.departs} → {sailing.arrives}
				</dd>
				<dt className="font-medium">Ferry</dt>
				<dd>
					{sailing.vessel} · {liveOperatorLabels[hold.operator]} · {hold.className}
				</dd>
				<dt className="font-medium">Seats</dt>
				<dd>{hold.seats.length ? hold.seats.join(', ') : `${hold.adults} (given out at the jetty)`}</dd>
				<dt className="font-medium">Travellers</dt>
				<dd>
					{hold.adults} {hold.adults === 1 ? 'adult' : 'adults'}
					{hold.infants ? `, ${hold.infants} ${hold.infants === 1 ? 'infant' : 'infants'}` : ''}
				</dd>
				<dt className="font-medium">Price</dt>
				<dd className="font-semibold">{formatINR(hold.sellTotal)}</dd>
			</dl>
			{hold.status === 'held' ? (
				<div className="mt-6 space-y-4">
					<HoldCountdown expiresAt={hold.expiresAt} endsLabel={endsLabel} />
					{tripPath ? (
						<p className="text-slate-700">
							The passengers are saved. <Link to={tripPath}>Pay and get your ticket on your trip page</Link>.
						</p>
					) : (
						<Form method="post" className="space-y-4 rounded-lg border border-slate-300 p-4" noValidate aria-labelledby="passengers-heading">
							<h2 id="passengers-heading" className="text-xl font-semibold">
								Passengers and payment
							</h2>
							<p className="text-slate-700">The operator needs each traveller’s name and ID as printed, checked at the gate. You pay the full price next; we book the ferry as soon as the payment arrives.</p>
							<FormError error={errors.form} />
							<input type="hidden" name="intent" value="checkout" />
							<div className="grid gap-4 sm:grid-cols-3">
								<Field label="Your name" name="name" autoComplete="name" required defaultValue={values.name} error={errors.name} />
								<Field label="Phone" name="phone" type="tel" autoComplete="tel" required defaultValue={values.phone} error={errors.phone} />
								<Field label="Email (the ticket is sent here)" name="email" type="email" autoComplete="email" required defaultValue={values.email} error={errors.email} />
							</div>
							<PassengerRows passengers={[]} expected={hold.adults + hold.infants} values={values} errors={errors} live />
							<Button type="submit">Continue to payment</Button>
						</Form>
					)}
					<Form method="post">
						<input type="hidden" name="intent" value="release" />
						<Button type="submit" variant="outline">
							Let these seats go
						</Button>
					</Form>
				</div>
			) : (
				<p className="mt-6" role="status">
					{statusText[hold.status]} <Link to="/ferries#live-heading">Search sailings</Link>
				</p>
			)}
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
