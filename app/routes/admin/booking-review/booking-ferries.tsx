import { Form, Link } from 'react-router'
import { FormError, Panel } from '~/components/admin/panel.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button } from '~/components/ui/button.tsx'
import { ferryIslandLabels } from '~/features/ferries/domain/enquiry.ts'
import { bookLegsSchema, choiceValue, legActionSchema } from '~/features/ferries/domain/live/legs.ts'
import { liveOperatorLabels } from '~/features/ferries/domain/live/operator.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { actorOf } from '~/features/identity/server/users.server.ts'
import { ferryLiveSettings, liveOperatorSetup } from '~/features/ferries/server/live/operators.server.ts'
import { bookLegsForBooking, cancelLeg, retryLeg, staffLegsPage } from '~/features/ferries/server/live/staff-legs.server.ts'
import { formatTravelDate } from '~/lib/dates.ts'
import { foundOr404, invariantResponse } from '~/lib/errors.ts'
import { answerOf, useIsPending } from '~/lib/forms.ts'
import { isId } from '~/lib/ids.ts'
import { formatINR } from '~/lib/money.ts'
import { db } from '~/server/db/index.server.ts'
import { intent, runIntent } from '~/server/form-intents.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/booking-ferries'

const missing = 'No booking has that id. Find it in the bookings list.'

/** A trip booking's ferries booked live with the operators, every leg in one action (docs/ferries.md, ADR 205). */
export async function loader({ request, params }: Route.LoaderArgs) {
	await requireStaff(request)
	invariantResponse(params.id && isId(params.id), missing)
	const url = new URL(request.url)
	return foundOr404(staffLegsPage(db(), liveOperatorSetup(), params.id, url.searchParams, await ferryLiveSettings(db())), missing)
}

export async function action({ request, params }: Route.ActionArgs) {
	const { user } = await requireStaff(request)
	invariantResponse(params.id && isId(params.id), missing)
	const bookingId = params.id
	const here = `/admin/pending/${bookingId}/ferries`
	const actor = actorOf(user)
	return runIntent(
		request.formData(),
		{
			'book-legs': intent(bookLegsSchema, async (legs) => {
				const result = await bookLegsForBooking(db(), liveOperatorSetup(), bookingId, legs, await ferryLiveSettings(db()), actor)
				const ticketed = result.legs.filter((leg) => leg.state === 'ticketed')
				const failed = result.legs.find((leg) => leg.state !== 'ticketed')
				if (!failed)
					return redirectWithToast(here, {
						title: `${ticketed.length} ferry leg${ticketed.length === 1 ? '' : 's'} ticketed`,
						description: `PNR ${ticketed.map((leg) => leg.pnr).join(', ')}`,
					})
				return redirectWithToast(here, {
					type: 'warning',
					title: `Leg ${failed.index + 1} was not ticketed`,
					description: `${ticketed.length ? `Legs ${ticketed.map((leg) => leg.index + 1).join(', ')} are ticketed. ` : ''}${failed.message ?? ''} See what holds below.`,
				})
			}),
			'retry-leg': intent(legActionSchema, async ({ ferryBooking }) => {
				const leg = await retryLeg(db(), liveOperatorSetup(), bookingId, ferryBooking, actor)
				return redirectWithToast(
					here,
					leg.state === 'ticketed' ? { title: `Ticketed: PNR ${leg.pnr}` } : { type: 'warning', title: 'Still not ticketed', description: leg.message ?? '' },
				)
			}),
			'cancel-leg': intent(legActionSchema, async ({ ferryBooking }) => {
				const { fee } = await cancelLeg(db(), liveOperatorSetup(), bookingId, ferryBooking, actor)
				return redirectWithToast(here, { title: 'Ferry leg cancelled at the operator', description: `Cancellation fee ${formatINR(fee)}.` })
			}),
		},
		{ unknown: 'Choose what to do on the page and try again.', context: () => null, missing },
	)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `Ferries of ${loaderData.booking.reference}` : 'Ferries' }]

export default function BookingFerries({ loaderData, actionData }: Route.ComponentProps) {
	const { booking, travellers, adults, infants, legs, live, operators } = loaderData
	const answer = answerOf(actionData)
	const booking_ = useIsPending({ intent: 'book-legs' })
	const searched = legs.some((leg) => leg.answer)
	return (
		<div className="space-y-6">
			<p>
				<Link to={`/admin/pending/${booking.id}`}>← {booking.reference}</Link>
			</p>
			<h1 className="text-2xl font-bold">Ferries of {booking.reference}</h1>
			<p className="text-slate-700">
				{booking.title}. {adults} adult{adults === 1 ? '' : 's'} and children{infants ? `, ${infants} infant${infants === 1 ? '' : 's'}` : ''}:{' '}
				{travellers.map((t) => t.name).join(', ') || 'no travellers named yet'}. Live operators: {operators.join(', ') || 'none configured'}.
			</p>

			<Panel title="What holds" id="holds-heading">
				{live.length ? (
					<ul className="space-y-3">
						{live.map((leg) => (
							<li key={leg.id} data-testid="live-leg" className="space-y-1">
								<p>
									<strong>Leg {leg.index + 1}</strong> {leg.route}, {formatTravelDate(leg.date)} {leg.departs ?? ''} · {leg.operator} {leg.vessel ?? ''}{' '}
									{leg.className} · <Link to={`/admin/ferry-bookings/${leg.id}`}>{leg.reference}</Link>
								</p>
								<p>
									<strong>{leg.stateLabel}</strong>
									{leg.pnr ? ` · PNR ${leg.pnr}` : ''}
									{leg.cancelFee !== null ? ` · cancellation fee ${formatINR(leg.cancelFee)}` : ''}
									{leg.hasTicket ? (
										<>
											{' · '}
											<a href={`/admin/ferry-bookings/${leg.id}/ticket`}>Ticket file</a>
										</>
									) : null}
								</p>
								{leg.error && leg.state !== 'ticketed' ? <p className="text-error-700">{leg.error}</p> : null}
								{leg.state === 'unknown' || leg.state === 'ticketed' ? (
									<Form method="post" className="flex gap-2">
										<input type="hidden" name="ferryBooking" value={leg.id} />
										{leg.state === 'unknown' ? (
											<Button type="submit" name="intent" value="retry-leg" variant="outline">
												Retry leg {leg.index + 1}
											</Button>
										) : (
											<Button type="submit" name="intent" value="cancel-leg" variant="outline">
												Cancel leg {leg.index + 1} at the operator
											</Button>
										)}
									</Form>
								) : null}
								{leg.state === 'refused' ? <p>Rebook: search below and choose another sailing (or the same one again) for leg {leg.index + 1}.</p> : null}
							</li>
						))}
					</ul>
				) : (
					<p>No ferry booked live on this booking yet.</p>
				)}
			</Panel>

			<Panel title="Book the legs" id="legs-heading">
				<Form method="get" className="space-y-3" aria-label="Search the legs">
					<input type="hidden" name="search" value="1" />
					{legs.map((leg) => (
						<fieldset key={leg.index} className="flex flex-wrap items-end gap-2">
							<legend className="font-medium">Leg {leg.index + 1}</legend>
							<IslandSelect label="From" name={`leg${leg.index + 1}From`} value={leg.from} />
							<IslandSelect label="To" name={`leg${leg.index + 1}To`} value={leg.to} />
							<label className="flex flex-col text-sm">
								Date
								<input type="date" name={`leg${leg.index + 1}Date`} defaultValue={leg.date} className="rounded-md border border-slate-400 px-2 py-1.5" />
							</label>
						</fieldset>
					))}
					{legs.length ? null : (
						<p>
							This booking has no ferry components whose route we can read: add them on the booking, with the islands in the description (“Port Blair →
							Havelock”).
						</p>
					)}
					<Button type="submit" variant="outline">
						Search sailings for every leg
					</Button>
				</Form>
				{searched ? (
					<Form method="post" className="mt-6 space-y-4" aria-label="Choose the sailings">
						<FormError error={answer.intent === 'book-legs' ? answer.errors.form : undefined} />
						<input type="hidden" name="intent" value="book-legs" />
						{legs.map((leg) => (
							<fieldset key={leg.index} className="space-y-1">
								<legend className="font-medium">
									Leg {leg.index + 1}: {ferryIslandLabels[leg.from]} → {ferryIslandLabels[leg.to]}, {formatTravelDate(leg.date)}
								</legend>
								<input type="hidden" name={`leg${leg.index + 1}From`} value={leg.from} />
								<input type="hidden" name={`leg${leg.index + 1}To`} value={leg.to} />
								<input type="hidden" name={`leg${leg.index + 1}Date`} value={leg.date} />
								{answer.intent === 'book-legs' && answer.errors[`leg${leg.index + 1}Choice`] ? (
									<p className="text-error-700">{answer.errors[`leg${leg.index + 1}Choice`]}</p>
								) : null}
								{leg.answer?.failures.map((failure) => (
									<p key={failure.operator} className="text-warning-700">
										{liveOperatorLabels[failure.operator]}: {failure.message}
									</p>
								))}
								{leg.answer?.sailings.flatMap((sailing) =>
									sailing.classes.map((cls) => (
										<label key={`${sailing.key}|${cls.code}`} className="flex items-center gap-2">
											<input type="radio" name={`leg${leg.index + 1}Choice`} value={choiceValue(sailing.operator, sailing.key, cls.code)} />
											{sailing.departs} → {sailing.arrives} {sailing.vessel} ({liveOperatorLabels[sailing.operator]}), {cls.name}: {cls.seatsLeft} left,{' '}
											{formatINR(cls.total)}
										</label>
									)),
								)}
							</fieldset>
						))}
						<Button type="submit" pending={booking_}>
							Book every leg for the travellers
						</Button>
					</Form>
				) : null}
			</Panel>
		</div>
	)
}

function IslandSelect({ label, name, value }: { label: string; name: string; value: string }) {
	return (
		<label className="flex flex-col text-sm">
			{label}
			<select name={name} defaultValue={value} className="rounded-md border border-slate-400 px-2 py-1.5">
				{Object.entries(ferryIslandLabels).map(([island, text]) => (
					<option key={island} value={island}>
						{text}
					</option>
				))}
			</select>
		</label>
	)
}

export const ErrorBoundary = RouteErrorBoundary
