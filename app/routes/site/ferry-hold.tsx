import { Form, Link, redirect } from 'react-router'
import { FormError } from '~/components/admin/panel.tsx'
import { Field, SelectField } from '~/components/ui/field.tsx'
import { Breadcrumbs } from '~/components/breadcrumbs.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button } from '~/components/ui/button.tsx'
import { HoldCountdown } from '~/features/ferries/components/hold-countdown.tsx'
import { ferryIslandLabels, ferryIslands } from '~/features/ferries/domain/enquiry.ts'
import { maxBasketLegs } from '~/features/ferries/domain/live/basket.ts'
import { liveOperatorLabels } from '~/features/ferries/domain/live/operator.ts'
import { PassengerRows } from '~/features/ferries/components/passenger-rows.tsx'
import { checkoutFormSchema } from '~/features/ferries/domain/live/checkout.ts'
import { dropLastLeg, getBasket, releaseTravellerHold } from '~/features/ferries/server/live/holds.server.ts'
import { ferryLiveSettings } from '~/features/ferries/server/live/operators.server.ts'
import { holdCheckout, startFerryCheckout } from '~/features/ferries/server/live/tickets.server.ts'
import { errorsOf, resultFor, valuesOf } from '~/lib/forms.ts'
import { parseForm, refuse, refuseOnAppError } from '~/server/forms.server.ts'
import { checkPublicFormRate } from '~/server/public-form-limit.server.ts'
import { formatTravelDate, todayInIndia } from '~/lib/dates.ts'
import { isAppError, notFound, toResponse } from '~/lib/errors.ts'
import { isId } from '~/lib/ids.ts'
import { formatINR } from '~/lib/money.ts'
import { seo } from '~/lib/seo.ts'
import { db } from '~/server/db/index.server.ts'
import { env } from '~/server/env.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/ferry-hold'

/** A traveller's basket of held legs (its address is its only key): what is held, until when, adding a leg, letting it go. */
export async function loader({ params }: Route.LoaderArgs) {
	if (!isId(params.id)) notFound('This hold does not exist. Search for sailings again.')
	try {
		const settings = await ferryLiveSettings(db())
		const basket = await getBasket(db(), params.id, settings.markupPercent)
		// Any leg's address opens the basket's page.
		if (basket.id !== params.id) throw redirect(`/ferries/hold/${basket.id}`)
		const endsLabel = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit', hour12: false }).format(
			new Date(basket.expiresAt),
		)
		const checkout = await holdCheckout(db(), basket.id)
		const heldLegs = basket.legs.filter((leg) => leg.status === 'held')
		const last = heldLegs.at(-1)
		return {
			siteUrl: env().SITE_URL,
			basket,
			endsLabel,
			tripPath: checkout ? `/trip/${checkout.tripToken}` : null,
			canAdd: heldLegs.length < maxBasketLegs,
			next: last ? { from: last.sailing.to, date: last.sailing.date } : null,
			today: todayInIndia(),
		}
	} catch (error) {
		if (isAppError(error)) throw toResponse(error)
		throw error
	}
}

export async function action({ params, request, context }: Route.ActionArgs) {
	if (!isId(params.id)) notFound('This hold does not exist.')
	const form = await request.formData()
	const intent = form.get('intent')
	if (intent === 'checkout') return checkout(params.id, form, context)
	if (intent !== 'release' && intent !== 'drop-last') throw new Response('Unknown request: reload the page.', { status: 400, statusText: 'Bad Request' })
	try {
		if (intent === 'drop-last') {
			await dropLastLeg(db(), params.id)
			return redirectWithToast(`/ferries/hold/${params.id}`, {
				type: 'success',
				title: 'Last leg let go',
				description: 'Its seats are free again; the other legs stay held.',
			})
		}
		await releaseTravellerHold(db(), params.id)
	} catch (error) {
		if (isAppError(error)) throw toResponse(error)
		throw error
	}
	return redirectWithToast('/ferries#live-heading', { type: 'success', title: 'Seats released', description: 'The seats are free again for other travellers.' })
}

/** The passengers and contact: a trip booking to pay in full, then the ticket (docs/ferries.md). */
async function checkout(id: string, form: FormData, context: Route.ActionArgs['context']) {
	let basket
	try {
		basket = await getBasket(db(), id, 0)
	} catch (error) {
		if (isAppError(error)) throw toResponse(error)
		throw error
	}
	const held = basket.legs.filter((leg) => leg.status === 'held')
	// Passports must be valid on the last sailing day.
	const submission = parseForm(
		form,
		checkoutFormSchema({ adults: basket.adults, infants: basket.infants, travelDate: (held.at(-1) ?? basket.legs.at(-1)!).sailing.date }),
	)
	if (submission.status !== 'success') return refuse(submission, { intent: 'checkout' })
	const limited = await checkPublicFormRate(context, 'ferry-checkout')
	if (limited) return refuse(submission, { intent: 'checkout', status: 429, formError: limited })
	try {
		const made = await startFerryCheckout(db(), id, submission.value)
		return redirectWithToast(`/trip/${made.tripToken}`, {
			title: 'Passengers saved: now pay to get the ticket',
			description: 'We book the ferry with the operator as soon as the payment arrives; the PNR and ticket appear on this page.',
		})
	} catch (error) {
		return refuseOnAppError(submission, error, { intent: 'checkout' })
	}
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	...seo({
		title: 'Your ferry seats on hold',
		description: 'Ferry seats held for you for a few minutes.',
		path: '/ferries/hold',
		siteUrl: loaderData?.siteUrl ?? 'http://localhost:3000',
	}),
	{ name: 'robots', content: 'noindex' },
]

const statusText = {
	released: 'You let these seats go; they are free again for other travellers.',
	lapsed: 'This hold has lapsed and the seats are free again. Search again to hold seats.',
	booked: 'These seats are booked.',
} as const

export default function FerryHold({ loaderData, actionData }: Route.ComponentProps) {
	const { basket, endsLabel, tripPath, canAdd, next, today } = loaderData
	const errors = errorsOf(resultFor(actionData, 'checkout'))
	const values = valuesOf(resultFor(actionData, 'checkout'))
	const legs = basket.status === 'held' ? basket.legs.filter((leg) => leg.status === 'held' || leg.status === 'booked') : basket.legs
	const several = legs.length > 1
	const islandOptions = ferryIslands.map((island) => ({ value: island, label: ferryIslandLabels[island] }))
	return (
		<main id="main" className="mx-auto max-w-3xl px-4 py-8">
			<Breadcrumbs
				trail={[
					{ name: 'Home', path: '/' },
					{ name: 'Ferries', path: '/ferries' },
					{ name: 'Your hold', path: '/ferries' },
				]}
			/>
			<h1 className="mt-4 text-3xl font-bold">
				{basket.status === 'held' ? (several ? `Your ${legs.length} ferry legs are held` : 'Your seats are held') : 'Seat hold ended'}
			</h1>
			<ol className="mt-6 space-y-4" aria-label="Ferry legs">
				{legs.map((hold, i) => (
					<li key={hold.id} className="rounded-lg border border-slate-200 p-4" data-testid="held-leg">
						{several ? <h2 className="font-semibold">Leg {i + 1}</h2> : null}
						<dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
							<dt className="font-medium">Sailing</dt>
							<dd>
								{ferryIslandLabels[hold.sailing.from]} → {ferryIslandLabels[hold.sailing.to]}, {formatTravelDate(hold.sailing.date)}, {hold.sailing.departs} →{' '}
								{hold.sailing.arrives}
							</dd>
							<dt className="font-medium">Ferry</dt>
							<dd>
								{hold.sailing.vessel} · {liveOperatorLabels[hold.operator]} · {hold.className}
							</dd>
							<dt className="font-medium">Seats</dt>
							<dd>{hold.seats.length ? hold.seats.join(', ') : `${hold.adults} (given out at the jetty)`}</dd>
							{several ? (
								<>
									<dt className="font-medium">Leg price</dt>
									<dd>{formatINR(hold.sellTotal)}</dd>
								</>
							) : null}
						</dl>
					</li>
				))}
			</ol>
			<dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
				<dt className="font-medium">Travellers</dt>
				<dd>
					{basket.adults} {basket.adults === 1 ? 'adult' : 'adults'}
					{basket.infants ? `, ${basket.infants} ${basket.infants === 1 ? 'infant' : 'infants'}` : ''}
				</dd>
				<dt className="font-medium">{several ? 'Price of every leg' : 'Price'}</dt>
				<dd className="font-semibold">{formatINR(basket.sellTotal)}</dd>
			</dl>
			{basket.status === 'held' ? (
				<div className="mt-6 space-y-4">
					<HoldCountdown expiresAt={basket.expiresAt} endsLabel={endsLabel} />
					{several ? <p className="text-sm text-slate-600">Every leg is held until the same time and lapses together.</p> : null}
					{tripPath ? (
						<p className="text-slate-700">
							The passengers are saved. <Link to={tripPath}>Pay and get your ticket on your trip page</Link>.
						</p>
					) : (
						<>
							{canAdd && next ? (
								<Form
									method="get"
									action="/ferries#live-heading"
									className="space-y-3 rounded-lg border border-slate-300 p-4"
									aria-labelledby="add-leg-heading"
								>
									<h2 id="add-leg-heading" className="text-xl font-semibold">
										Add the way back or the next island
									</h2>
									<p className="text-slate-700">
										The next leg sails from {ferryIslandLabels[next.from]}, on {formatTravelDate(next.date)} or later. You pay once for every leg.
									</p>
									<input type="hidden" name="search" value="1" />
									<input type="hidden" name="basket" value={basket.id} />
									<input type="hidden" name="from" value={next.from} />
									<input type="hidden" name="adults" value={basket.adults} />
									<input type="hidden" name="infants" value={basket.infants} />
									<div className="grid gap-4 sm:grid-cols-2">
										<SelectField
											label="Sail to"
											name="to"
											options={islandOptions.filter((option) => option.value !== next.from)}
											defaultValue={islandOptions.find((option) => option.value !== next.from)?.value}
										/>
										<Field label="Sailing date" name="date" type="date" min={next.date > today ? next.date : today} defaultValue={next.date} />
									</div>
									<Button type="submit" variant="secondary">
										Find sailings for the next leg
									</Button>
								</Form>
							) : null}
							<Form method="post" className="space-y-4 rounded-lg border border-slate-300 p-4" noValidate aria-labelledby="passengers-heading">
								<h2 id="passengers-heading" className="text-xl font-semibold">
									Passengers and payment
								</h2>
								<p className="text-slate-700">
									The operator needs each traveller’s name and ID as printed, checked at the gate{several ? '; the same travellers sail on every leg' : ''}. You
									pay the full price next, once{several ? ' for every leg' : ''}; we book {several ? 'each ferry' : 'the ferry'} as soon as the payment arrives.
								</p>
								<FormError error={errors.form} />
								<input type="hidden" name="intent" value="checkout" />
								<div className="grid gap-4 sm:grid-cols-3">
									<Field label="Your name" name="name" autoComplete="name" required defaultValue={values.name} error={errors.name} />
									<Field label="Phone" name="phone" type="tel" autoComplete="tel" required defaultValue={values.phone} error={errors.phone} />
									<Field
										label="Email (the ticket is sent here)"
										name="email"
										type="email"
										autoComplete="email"
										required
										defaultValue={values.email}
										error={errors.email}
									/>
								</div>
								<PassengerRows passengers={[]} expected={basket.adults + basket.infants} values={values} errors={errors} live />
								<Button type="submit">Continue to payment</Button>
							</Form>
						</>
					)}
					<div className="flex flex-wrap gap-3">
						{several && !tripPath ? (
							<Form method="post">
								<input type="hidden" name="intent" value="drop-last" />
								<Button type="submit" variant="outline">
									Let the last leg go
								</Button>
							</Form>
						) : null}
						<Form method="post">
							<input type="hidden" name="intent" value="release" />
							<Button type="submit" variant="outline">
								{several ? 'Let every leg go' : 'Let these seats go'}
							</Button>
						</Form>
					</div>
				</div>
			) : (
				<p className="mt-6" role="status">
					{statusText[basket.status]} <Link to="/ferries#live-heading">Search sailings</Link>
				</p>
			)}
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
