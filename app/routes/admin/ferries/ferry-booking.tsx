import { Form, Link } from 'react-router'
import { FormError, Panel } from '~/components/admin/panel.tsx'
import { StateBadge, StatusButtons } from '~/components/admin/status.tsx'
import { PassengersPanel } from '~/features/ferries/components/passenger-rows.tsx'
import { TicketUpload } from '~/features/ferries/components/ticket-upload.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field, SelectField } from '~/components/ui/field.tsx'
import { classLabel, ferryBookingOperators, ferryIslandLabels, operatorLabel } from '~/features/ferries/domain/enquiry.ts'
import { ferryBookingMachine } from '~/features/ferries/domain/status.ts'
import { formatTravelDate } from '~/lib/dates.ts'
import { foundOr404, invariantResponse } from '~/lib/errors.ts'
import { answerOf, useIsPending } from '~/lib/forms.ts'
import { isId } from '~/lib/ids.ts'
import { formatINR, rupeesField } from '~/lib/money.ts'
import { formatPhone } from '~/lib/phone.ts'
import { z } from '~/lib/zod.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import {
	attachFerryTicket,
	changeFerryBookingStatus,
	getFerryBookingPage,
	saveFerryPassengers,
	updateFerryBooking,
} from '~/features/ferries/server/ferries.server.ts'
import { passengersIntent, runTicketRecordIntent, ticketFileIntent, type TicketRecordContext } from '~/routes/admin/ferries/ticket-record-actions.server.ts'
import { intent } from '~/server/form-intents.server.ts'
import { statusIntent } from '~/server/status-intent.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/ferry-booking'

const missing = 'There is no ferry booking with that id. Search the ferry bookings list by name, phone or PNR.'

export async function loader({ request, params }: Route.LoaderArgs) {
	await requireStaff(request)
	invariantResponse(params.id && isId(params.id), missing)
	return foundOr404(getFerryBookingPage(db(), params.id), missing)
}

const rupees = (label: string) =>
	rupeesField(`Enter the ${label} in rupees, like 1700 or 1,700.50.`, { zero: true, blankIsZero: true })
		.optional()
		.transform((value) => value ?? 0)
const optional = (max: number, message: string) =>
	z
		.string()
		.trim()
		.max(max, message)
		.optional()
		.transform((value) => value || null)

const detailsSchema = z.object({
	intent: z.literal('details'),
	operator: z.enum(ferryBookingOperators as [string, ...string[]], { message: 'Choose the operator.' }),
	vessel: optional(80, 'Keep the vessel name under 80 characters.'),
	departureTime: z
		.string()
		.trim()
		.optional()
		.transform((value) => value || null)
		.refine((value) => value === null || /^([01]\d|2[0-3]):[0-5]\d$/.test(value), { message: 'Enter the departure as HH:MM, like 07:00.' }),
	class: z
		.string()
		.trim()
		.toLowerCase()
		// Live operators name their classes in their own words ("Premium Plus", "Deluxe 2").
		.regex(/^[a-z0-9][a-z0-9 -]{0,39}$/, 'Enter the class, like premium or deluxe.'),
	pnr: z
		.string()
		.trim()
		.toUpperCase()
		.max(40, 'Keep the PNR under 40 characters.')
		.refine((value) => value === '' || /^[A-Z0-9/-]{3,40}$/.test(value), { message: 'Enter the PNR as printed on the ticket (letters, digits, - or /).' })
		.transform((value) => value || null),
	adultFare: rupees('adult fare'),
	infantFare: rupees('infant fare'),
	fees: rupees('fees'),
	tripReference: z
		.string()
		.trim()
		.toUpperCase()
		.optional()
		.transform((value) => value || null)
		.refine((value) => value === null || /^BK-\d{4}-\d{5}$/.test(value), {
			message: 'Enter the trip booking reference like BK-2026-00042, or leave it empty.',
		}),
})

async function saveDetails(input: z.output<typeof detailsSchema>, { db, id, actor, here }: TicketRecordContext) {
	await updateFerryBooking(db, actor, id, input)
	return redirectWithToast(here, { title: 'Ferry booking saved' })
}

const intents = {
	details: intent(detailsSchema, saveDetails),
	passengers: passengersIntent({
		travelDateOf: async (database, id) => (await getFerryBookingPage(database, id)).booking.travelDate,
		save: saveFerryPassengers,
		savedTitle: (count) => `${count} ${count === 1 ? 'passenger' : 'passengers'} saved`,
	}),
	status: statusIntent(ferryBookingMachine, changeFerryBookingStatus),
	upload: ticketFileIntent({ attach: attachFerryTicket, uploadedTitle: 'Ticket uploaded' }),
}

export async function action({ request, params }: Route.ActionArgs) {
	const { user } = await requireStaff(request)
	return runTicketRecordIntent(db(), request, user, params.id, intents, {
		path: '/admin/ferry-bookings',
		missing,
		unknown: 'Choose what to do with the ferry booking.',
	})
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: loaderData ? `${loaderData.booking.reference} | Ferry bookings | Andaman Isles Travel admin` : 'Ferry booking | Andaman Isles Travel admin' },
	{ name: 'robots', content: 'noindex' },
]

export default function FerryBooking({ loaderData, actionData }: Route.ComponentProps) {
	const { booking, passengers, lead, trip } = loaderData
	const { intent, errors, values } = answerOf(actionData)
	const own = (name: string) => (intent === name ? errors : {})
	const savingDetails = useIsPending({ intent: 'details' })
	const detail = (name: string, fallback: string) => (intent === 'details' && values ? (values[name] ?? '') : fallback)
	const rupeesOf = (paise: number) => (paise ? String(paise / 100) : '')
	return (
		<main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
			<p>
				<Link to="/admin/ferry-bookings">← Ferry bookings</Link>
			</p>
			<div className="flex flex-wrap items-center gap-3">
				<h1 className="text-2xl font-semibold">
					{ferryIslandLabels[booking.from as keyof typeof ferryIslandLabels] ?? booking.from} →{' '}
					{ferryIslandLabels[booking.to as keyof typeof ferryIslandLabels] ?? booking.to}
				</h1>
				<StateBadge machine={ferryBookingMachine} status={booking.status} />
				<span className="font-mono text-slate-700">{booking.reference}</span>
			</div>
			<p className="text-slate-700">
				{formatTravelDate(booking.travelDate)} {booking.departureTime ? `at ${booking.departureTime}` : ''} · {operatorLabel(booking.operator)}
				{booking.vessel ? ` (${booking.vessel})` : ''}, {classLabel(booking.class)} · {booking.pnr ? `PNR ${booking.pnr}` : 'no PNR yet'} ·{' '}
				{booking.contactName}, {formatPhone(booking.contactPhone)}
				{lead ? (
					<>
						{' '}
						· from <Link to={`/admin/ferry-leads/${lead.id}`}>{lead.reference}</Link>
					</>
				) : null}
				{trip ? (
					<>
						{' '}
						· trip <Link to={`/admin/pending/${trip.id}`}>{trip.reference}</Link>
					</>
				) : null}
			</p>
			<FormError error={intent !== 'upload' ? errors.form : null} />
			<div className="grid gap-6 lg:grid-cols-3">
				<Panel title="Sailing, PNR and fare" id="details-heading" className="lg:col-span-2">
					<Form method="post" className="grid gap-3 sm:grid-cols-3" noValidate>
						<input type="hidden" name="intent" value="details" />
						<SelectField
							label="Operator"
							name="operator"
							options={ferryBookingOperators
								.filter((operator) => operator !== 'demo' || booking.operator === 'demo')
								.map((operator) => ({ value: operator, label: operatorLabel(operator) }))}
							defaultValue={detail('operator', booking.operator)}
							error={own('details').operator}
						/>
						<Field label="Vessel (optional)" name="vessel" defaultValue={detail('vessel', booking.vessel ?? '')} error={own('details').vessel} />
						<Field
							label="Departure time"
							name="departureTime"
							placeholder="07:00"
							defaultValue={detail('departureTime', booking.departureTime ?? '')}
							error={own('details').departureTime}
						/>
						<Field label="Class" name="class" defaultValue={detail('class', booking.class)} error={own('details').class} />
						<Field label="PNR" name="pnr" defaultValue={detail('pnr', booking.pnr ?? '')} error={own('details').pnr} />
						<Field
							label="Trip booking (optional)"
							name="tripReference"
							placeholder="BK-2026-00042"
							hint="Shows this ferry on the trip’s voucher"
							defaultValue={detail('tripReference', trip?.reference ?? '')}
							error={own('details').tripReference}
						/>
						<Field
							label="Adult fare (₹)"
							name="adultFare"
							inputMode="decimal"
							defaultValue={detail('adultFare', rupeesOf(booking.fare.adultFare))}
							error={own('details').adultFare}
						/>
						<Field
							label="Infant fare (₹)"
							name="infantFare"
							inputMode="decimal"
							defaultValue={detail('infantFare', rupeesOf(booking.fare.infantFare))}
							error={own('details').infantFare}
						/>
						<Field
							label="Fees (₹)"
							name="fees"
							inputMode="decimal"
							hint="Port and service fees"
							defaultValue={detail('fees', rupeesOf(booking.fare.fees))}
							error={own('details').fees}
						/>
						<div className="sm:col-span-3">
							<Button type="submit" pending={savingDetails}>
								Save sailing and fare
							</Button>
						</div>
					</Form>
				</Panel>
				<div className="space-y-6">
					<Panel title="Fare breakdown" id="fare-heading">
						<dl className="space-y-1 text-sm">
							<div className="flex justify-between">
								<dt>
									{booking.fare.adults} {booking.fare.adults === 1 ? 'adult' : 'adults'} × {formatINR(booking.fare.adultFare)}
								</dt>
								<dd>{formatINR(booking.fare.adults * booking.fare.adultFare)}</dd>
							</div>
							<div className="flex justify-between">
								<dt>
									{booking.fare.infants} {booking.fare.infants === 1 ? 'infant' : 'infants'} × {formatINR(booking.fare.infantFare)}
								</dt>
								<dd>{formatINR(booking.fare.infants * booking.fare.infantFare)}</dd>
							</div>
							<div className="flex justify-between">
								<dt>Fees</dt>
								<dd>{formatINR(booking.fare.fees)}</dd>
							</div>
							<div className="flex justify-between border-t border-slate-300 pt-1 font-semibold">
								<dt>Total</dt>
								<dd data-testid="ferry-total">{formatINR(booking.total)}</dd>
							</div>
						</dl>
					</Panel>
					<Panel title="Status" id="status-heading">
						<StatusButtons machine={ferryBookingMachine} status={booking.status} />
					</Panel>
				</div>
			</div>
			<PassengersPanel
				passengers={passengers}
				expected={lead ? lead.adults + lead.infants : booking.fare.adults + booking.fare.infants}
				values={intent === 'passengers' ? values : undefined}
				errors={own('passengers')}
			/>
			<Panel title="Ticket" id="ticket-heading">
				<TicketUpload
					label="Ticket file"
					current={booking.ticket}
					downloadHref={`/admin/ferry-bookings/${booking.id}/ticket`}
					pageError={intent === 'upload' ? (errors.file ?? errors.form) : null}
				/>
			</Panel>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
