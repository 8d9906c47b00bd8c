import { useState } from 'react'
import { Form, Link, redirect } from 'react-router'
import { Breadcrumbs } from '~/components/breadcrumbs.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button } from '~/components/ui/button.tsx'
import { ErrorSummary } from '~/components/ui/error-summary.tsx'
import { ferryIslandLabels } from '~/features/ferries/domain/enquiry.ts'
import { holdFormSchema, searchParamsOf } from '~/features/ferries/domain/live/forms.ts'
import { durationLabel, durationMinutes } from '~/features/ferries/domain/live/pricing.ts'
import { holdSeats, SeatsTaken } from '~/features/ferries/server/live/holds.server.ts'
import { ferryLiveSettings, liveOperatorSetup } from '~/features/ferries/server/live/operators.server.ts'
import { seatsPage } from '~/features/ferries/server/live/pages.server.ts'
import { formatTravelDate, todayInIndia } from '~/lib/dates.ts'
import { isAppError, toResponse } from '~/lib/errors.ts'
import { detailsFor, errorsOf, resultFor, useIsPending } from '~/lib/forms.ts'
import { formatINR } from '~/lib/money.ts'
import { seo } from '~/lib/seo.ts'
import { db } from '~/server/db/index.server.ts'
import { env } from '~/server/env.server.ts'
import { parseForm, refuse, refuseOnAppError } from '~/server/forms.server.ts'
import { checkPublicFormRate } from '~/server/public-form-limit.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/ferry-seats'

/** One class of one live sailing: the seats to tick (a list that is the seat map), then a hold. */
export async function loader({ request }: Route.LoaderArgs) {
	const query = new URL(request.url).searchParams
	// A step of the search, not a page of its own: with no sailing chosen, the search is where to start.
	if (query.size === 0) throw redirect('/ferries#live-heading')
	try {
		return { siteUrl: env().SITE_URL, page: await seatsPage(db(), query, todayInIndia()) }
	} catch (error) {
		if (isAppError(error)) throw toResponse(error)
		throw error
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	const submission = parseForm(await request.formData(), holdFormSchema(todayInIndia()))
	if (submission.status !== 'success') return refuse(submission)
	const limited = await checkPublicFormRate(context, 'ferry-hold')
	if (limited) return refuse(submission, { status: 429, formError: limited })
	const { operator, sailing, class: classCode, seats, basket, ...query } = submission.value
	try {
		const hold = await holdSeats(
			db(),
			liveOperatorSetup(),
			{ operator, sailingKey: sailing, classCode, seats, query, basketId: basket ?? null },
			await ferryLiveSettings(db()),
		)
		return redirectWithToast(`/ferries/hold/${basket ?? hold.id}`, {
			type: 'success',
			title: basket ? 'Leg added to your trip' : 'Seats held',
			description: basket ? 'Every leg is held until the time shown. Nothing is charged yet.' : 'They are yours until the time shown. Nothing is charged yet.',
		})
	} catch (error) {
		if (error instanceof SeatsTaken) return refuse(submission, { status: 409, formError: error.message, details: { freeSeats: error.freeSeats } })
		if (isAppError(error) && error.status >= 500)
			return refuse(submission, { status: 409, formError: `${error.message} Try again in a minute, or send us an enquiry.` })
		return refuseOnAppError(submission, error)
	}
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	...seo({
		title: 'Choose your ferry seats',
		description: 'Choose seats on a live ferry sailing between Port Blair, Havelock and Neil.',
		path: '/ferries/seats',
		siteUrl: loaderData?.siteUrl ?? 'http://localhost:3000',
	}),
	{ name: 'robots', content: 'noindex' },
]

export default function FerrySeats({ loaderData, actionData }: Route.ComponentProps) {
	const { page } = loaderData
	const lastResult = resultFor(actionData)
	const errors = errorsOf(lastResult)
	const offered = detailsFor<{ freeSeats: string[] }>(actionData)?.freeSeats ?? []
	const isPending = useIsPending()
	const [chosen, setChosen] = useState<string[]>([])
	const back = `/ferries?search=1&${searchParamsOf(page.query, page.basket)}#live-heading`
	const cls = page.sailing?.classes.find((candidate) => candidate.code === page.classCode)
	const need = page.query.adults
	return (
		<main id="main" className="mx-auto max-w-3xl px-4 py-8">
			<Breadcrumbs
				trail={[
					{ name: 'Home', path: '/' },
					{ name: 'Ferries', path: '/ferries' },
					{ name: 'Seats', path: '/ferries/seats' },
				]}
			/>
			<h1 className="mt-4 text-3xl font-bold">Choose your seats</h1>
			{!page.sailing || !cls ? (
				<p className="mt-4">
					This sailing is no longer offered. <Link to={back}>See the other sailings</Link>.
				</p>
			) : (
				<>
					<p className="mt-3 text-lg text-slate-700">
						{ferryIslandLabels[page.query.from]} → {ferryIslandLabels[page.query.to]}, {formatTravelDate(page.query.date)}, {page.sailing.departs} →{' '}
						{page.sailing.arrives} ({durationLabel(durationMinutes(page.sailing.departs, page.sailing.arrives))})
					</p>
					<p className="text-slate-700">
						{page.sailing.vessel} · {page.operatorLabel} · {cls.name} · {formatINR(cls.total)} for {need} {need === 1 ? 'adult' : 'adults'}
						{page.query.infants ? ` and ${page.query.infants} ${page.query.infants === 1 ? 'infant' : 'infants'}` : ''}
					</p>
					<ErrorSummary errors={lastResult?.status === 'error' ? errors : {}} className="mt-4" />
					{offered.length ? <p className="mt-2 font-medium">Free seats you could take instead: {offered.join(', ')}.</p> : null}
					<Form method="post" className="mt-6 space-y-6">
						{[...searchParamsOf(page.query, page.basket)].map(([name, value]) => (
							<input key={name} type="hidden" name={name} value={value} />
						))}
						<input type="hidden" name="operator" value={page.operator} />
						<input type="hidden" name="sailing" value={page.sailing.key} />
						<input type="hidden" name="class" value={page.classCode} />
						{cls.seatChoice ? (
							<fieldset>
								<legend className="font-semibold">
									Tick {need} {need === 1 ? 'seat' : 'seats'}, one for each adult or child (infants sit on a lap)
								</legend>
								{errors.seats ? <p className="mt-1 text-sm font-medium text-error-700">{errors.seats}</p> : null}
								<p className="mt-1 text-sm text-slate-600" aria-live="polite">
									{chosen.length} of {need} chosen. Taken seats cannot be ticked.
								</p>
								<ul className="mt-3 grid grid-cols-4 gap-2 sm:grid-cols-6" aria-label="Seats">
									{page.seats.map((seat) => (
										<li key={seat.id}>
											<label
												className={`flex h-11 items-center justify-center gap-2 rounded-md border text-sm ${seat.available ? 'cursor-pointer border-slate-300 bg-white has-[:checked]:border-primary-700 has-[:checked]:bg-primary-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary-700' : 'border-slate-200 bg-slate-100 text-slate-500 line-through'}`}
											>
												<input
													type="checkbox"
													name="seats"
													value={seat.id}
													disabled={!seat.available}
													defaultChecked={offered.includes(seat.id)}
													onChange={(event) => setChosen((current) => (event.target.checked ? [...current, seat.id] : current.filter((id) => id !== seat.id)))}
													className="size-4"
												/>
												<span>
													{seat.label}
													{seat.available ? null : <span className="sr-only"> (taken)</span>}
												</span>
											</label>
										</li>
									))}
								</ul>
							</fieldset>
						) : (
							<p>
								{page.operatorLabel} gives out seat numbers at the jetty: we hold {need} seats in {cls.name} for you.
							</p>
						)}
						<Button type="submit" size="lg" pending={isPending}>
							Hold {cls.seatChoice ? 'these seats' : `${need} seats`}
						</Button>
					</Form>
					<p className="mt-4">
						<Link to={back}>Back to the sailings</Link>
					</p>
				</>
			)}
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
