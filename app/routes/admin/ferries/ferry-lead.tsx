import { Form, Link } from 'react-router'
import { TableHead } from '~/components/ui/table-head.tsx'
import { FormError, Panel } from '~/components/admin/panel.tsx'
import { StateBadge, StatusButtons } from '~/components/admin/status.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field, TextareaField } from '~/components/ui/field.tsx'
import { classLabel, ferryIslandLabels, operatorLabel, preferredTimeLabels, tripTypeLabels } from '~/features/ferries/domain/enquiry.ts'
import { ferryBookingMachine, ferryLeadMachine } from '~/features/ferries/domain/status.ts'
import { formatTimestamp, formatTravelDate } from '~/lib/dates.ts'
import { foundOr404, invariantResponse } from '~/lib/errors.ts'
import { errorsOf, resultFor, useIsPending, valuesOf } from '~/lib/forms.ts'
import { isId } from '~/lib/ids.ts'
import { formatINR, rupeesField } from '~/lib/money.ts'
import { formatPhone } from '~/lib/phone.ts'
import { z } from '~/lib/zod.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { changeFerryLeadStatus, convertFerryLead, getFerryLeadPage, quoteFerryLead } from '~/features/ferries/server/ferries.server.ts'
import { actorOf } from '~/features/identity/server/users.server.ts'
import type { Actor } from '~/server/db/audit.server.ts'
import { intent, runIntent } from '~/server/form-intents.server.ts'
import { parseForm, refuse, refuseOnAppError } from '~/server/forms.server.ts'
import { leadPassengersSchema } from '~/features/ferries/domain/live/checkout.ts'
import { tripBookingFromFerryLead } from '~/features/ferries/server/live/staff-legs.server.ts'
import { PassengerRows } from '~/features/ferries/components/passenger-rows.tsx'
import { statusIntent } from '~/server/status-intent.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/ferry-lead'
import { plural } from '~/lib/words.ts'

const missing = 'There is no ferry lead with that id. Search the ferry leads list by name or phone.'

export async function loader({ request, params }: Route.LoaderArgs) {
	await requireStaff(request)
	invariantResponse(params.id && isId(params.id), missing)
	return foundOr404(getFerryLeadPage(db(), params.id), missing)
}

const quoteSchema = z.object({
	intent: z.literal('quote'),
	fare: rupeesField('Enter the total fare quoted in rupees, like 6800 or 6,800.'),
	note: z
		.string()
		.trim()
		.max(1000, 'Keep the note under 1,000 characters.')
		.optional()
		.transform((value) => value || null),
})
const convertSchema = z.object({ intent: z.literal('convert') })

type IntentArgs = { id: string; actor: Actor; here: string }

async function quote({ fare, note }: z.output<typeof quoteSchema>, { id, actor, here }: IntentArgs) {
	await quoteFerryLead(db(), actor, id, fare, note)
	return redirectWithToast(here, { title: `Fare quoted: ${formatINR(fare)}` })
}

async function convert(_input: z.output<typeof convertSchema>, { id, actor, here }: IntentArgs) {
	const made = await convertFerryLead(db(), actor, id)
	const created = made.filter((booking) => booking.created).length
	return redirectWithToast(made.length === 1 ? `/admin/ferry-bookings/${made[0]!.id}` : here, {
		title: created ? `${created} ferry ${created === 1 ? 'booking' : 'bookings'} created` : 'Ferry bookings already exist',
		description: made.map((booking) => booking.reference).join(', '),
		type: created ? 'success' : 'info',
	})
}

/** Book live: a trip booking for the quoted fare with the travellers typed here, then its ferries page (ADR 205). */
async function bookLive(id: string, formData: FormData, actor: Actor) {
	const { lead } = await foundOr404(getFerryLeadPage(db(), id), missing)
	const submission = parseForm(formData, leadPassengersSchema({ adults: lead.adults, infants: lead.infants, travelDate: lead.firstDate }))
	if (submission.status !== 'success') return refuse(submission, { intent: 'book-live' })
	try {
		const booking = await tripBookingFromFerryLead(db(), id, submission.value, actor)
		return redirectWithToast(`/admin/pending/${booking.id}/ferries`, {
			title: `Trip booking ${booking.reference} made`,
			description: 'Search the legs and book them with the operators.',
		})
	} catch (error) {
		return refuseOnAppError(submission, error, { intent: 'book-live' })
	}
}

const intents = { quote: intent(quoteSchema, quote), status: statusIntent(ferryLeadMachine, changeFerryLeadStatus), convert: intent(convertSchema, convert) }

export async function action({ request, params }: Route.ActionArgs) {
	const { user } = await requireStaff(request)
	const formData = await request.formData()
	const id = params.id
	invariantResponse(id && isId(id), missing)
	if (formData.get('intent') === 'book-live') return bookLive(id, formData, actorOf(user))
	return runIntent(formData, intents, {
		unknown: { formError: 'Choose what to do with the ferry lead.' },
		missing,
		context: () => ({ id, actor: actorOf(user), here: `/admin/ferry-leads/${id}` }),
	})
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{
		title: loaderData
			? `${loaderData.lead.reference} ${loaderData.lead.name} | Ferry leads | Andaman Isles Travel admin`
			: 'Ferry lead | Andaman Isles Travel admin',
	},
	{ name: 'robots', content: 'noindex' },
]

export default function FerryLead({ loaderData, actionData }: Route.ComponentProps) {
	const { lead, legs, bookings } = loaderData
	const lastResult = resultFor(actionData)
	const errors = errorsOf(lastResult)
	const quoting = useIsPending({ intent: 'quote' })
	const converting = useIsPending({ intent: 'convert' })
	return (
		<main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
			<p>
				<Link to="/admin/ferry-leads">← Ferry leads</Link>
			</p>
			<div className="flex flex-wrap items-center gap-3">
				<h1 className="text-2xl font-semibold">{lead.name}</h1>
				<StateBadge machine={ferryLeadMachine} status={lead.status} />
				<span className="font-mono text-slate-700">{lead.reference}</span>
			</div>
			<FormError error={errors.form} />
			<div className="grid gap-6 lg:grid-cols-3">
				<div className="space-y-6 lg:col-span-2">
					<Panel title="Requested journeys" id="legs-heading">
						<p className="text-sm text-slate-700">
							{tripTypeLabels[lead.tripType]} · {plural(lead.adults, 'adult')}, {plural(lead.infants, 'infant')} · {lead.indians} Indian, {lead.foreigners}{' '}
							foreign nationals
						</p>
						<ol className="mt-3 space-y-4">
							{legs.map((leg, index) => (
								<li key={index} className="rounded-lg border border-slate-200 p-3">
									<p className="font-semibold">
										{index + 1}. {ferryIslandLabels[leg.from]} → {ferryIslandLabels[leg.to]}, {formatTravelDate(leg.date)}
									</p>
									<p className="text-sm text-slate-700">
										Asked for: {operatorLabel(leg.operator)}, {classLabel(leg.class)}, {preferredTimeLabels[leg.time].toLowerCase()}
									</p>
									{leg.fares.length ? (
										<table className="mt-2 w-full border-collapse text-left text-sm">
											<caption className="sr-only">Fares for journey {index + 1}</caption>
											<TableHead
												rowClassName="border-b border-slate-300"
												cellClassName="py-1 pr-2"
												columns={[
													'Operator',
													'Class',
													'Departures',
													{ label: 'Adult', className: 'text-right' },
													{ label: 'Infant', className: 'text-right' },
													{ label: 'For this party', className: 'text-right' },
												]}
											/>
											<tbody>
												{leg.fares.map((fare) => (
													<tr key={`${fare.operator}-${fare.class}`} className="border-b border-slate-100">
														<td className="py-1 pr-2">{operatorLabel(fare.operator)}</td>
														<td className="py-1 pr-2">{classLabel(fare.class)}</td>
														<td className="py-1 pr-2">{fare.departures.join(', ')}</td>
														<td className="py-1 pr-2 text-right">{formatINR(fare.adultSell)}</td>
														<td className="py-1 pr-2 text-right">{formatINR(fare.infantSell)}</td>
														<td className="py-1 pr-2 text-right font-medium">{formatINR(fare.total)}</td>
													</tr>
												))}
											</tbody>
										</table>
									) : (
										<p className="mt-2 text-sm text-slate-700">No fare in the fare table for this route. Add one on Ferry fares, or quote by hand.</p>
									)}
									{leg.fares.length && !leg.fares[0]!.requested ? (
										<p className="mt-1 text-sm text-yellow-900">No fare for the operator or class asked for: showing every fare on the route.</p>
									) : null}
								</li>
							))}
						</ol>
					</Panel>
					<Panel title="Fare quoted" id="quote-heading">
						{lead.fareQuoted !== null ? (
							<p className="mb-3">
								Quoted <strong>{formatINR(lead.fareQuoted)}</strong>
								{lead.quoteNote ? ` — ${lead.quoteNote}` : ''}
							</p>
						) : null}
						<Form method="post" className="grid gap-3 sm:grid-cols-2" noValidate>
							<input type="hidden" name="intent" value="quote" />
							<Field
								label="Total fare quoted (₹)"
								name="fare"
								inputMode="decimal"
								required
								defaultValue={lead.fareQuoted !== null ? String(lead.fareQuoted / 100) : ''}
								error={errors.fare}
							/>
							<TextareaField
								label="Note (optional)"
								name="note"
								rows={2}
								defaultValue={lead.quoteNote ?? ''}
								error={errors.note}
								hint="Operator, class and timings offered"
							/>
							<div>
								<Button type="submit" pending={quoting}>
									Record fare quoted
								</Button>
							</div>
						</Form>
					</Panel>
				</div>
				<div className="space-y-6">
					<Panel title="Contact" id="contact-heading">
						<p>
							<a href={`tel:${lead.phone}`}>{formatPhone(lead.phone)}</a>
						</p>
						{lead.email ? (
							<p>
								<a href={`mailto:${lead.email}`}>{lead.email}</a>
							</p>
						) : null}
						{lead.message ? <p className="mt-2 text-sm text-slate-700">“{lead.message}”</p> : null}
						<p className="mt-2 text-sm text-slate-600">Received {formatTimestamp(lead.createdAt)}</p>
						{lead.leadId ? (
							<p className="mt-2 text-sm">
								<Link to={`/admin/leads/${lead.leadId}`}>Open the sales lead</Link>
							</p>
						) : null}
					</Panel>
					<Panel title="Status" id="status-heading">
						<StatusButtons machine={ferryLeadMachine} status={lead.status} />
					</Panel>
					<Panel title="Ferry bookings" id="bookings-heading">
						{bookings.length ? (
							<ul className="space-y-1">
								{bookings.map((booking) => (
									<li key={booking.id}>
										<Link to={`/admin/ferry-bookings/${booking.id}`} className="font-mono">
											{booking.reference}
										</Link>{' '}
										<StateBadge machine={ferryBookingMachine} status={booking.status} /> {booking.pnr ? `PNR ${booking.pnr}` : ''}
									</li>
								))}
							</ul>
						) : null}
						{['unavailable', 'lost'].includes(lead.status) || lead.fareQuoted === null ? null : (
							<details className="mt-3" open={Boolean(resultFor(actionData, 'book-live'))}>
								<summary className="cursor-pointer font-medium">Book live with the operators</summary>
								<Form method="post" className="mt-2 space-y-3" aria-label="Book live with the operators">
									<input type="hidden" name="intent" value="book-live" />
									<p className="text-sm text-slate-700">
										A trip booking for the quoted {formatINR(lead.fareQuoted)} with these travellers, then each journey booked with its operator.
									</p>
									<FormError error={errorsOf(resultFor(actionData, 'book-live')).form} />
									<PassengerRows
										passengers={[]}
										expected={lead.adults + lead.infants}
										values={valuesOf(resultFor(actionData, 'book-live'))}
										errors={errorsOf(resultFor(actionData, 'book-live'))}
										live
									/>
									<Button type="submit">Make the trip booking</Button>
								</Form>
							</details>
						)}
						{['unavailable', 'lost'].includes(lead.status) ? null : (
							<Form method="post" className="mt-3">
								<input type="hidden" name="intent" value="convert" />
								<Button type="submit" pending={converting}>
									{bookings.length ? 'Make missing ferry bookings' : 'Convert to ferry booking'}
								</Button>
								<p className="mt-1 text-sm text-slate-600">One booking per journey, with the route, date, operator, class, fare and contact carried over.</p>
							</Form>
						)}
					</Panel>
				</div>
			</div>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
