import { Form, Link } from 'react-router'
import { FormError, Panel } from '~/components/admin/panel.tsx'
import { StateBadge, StatusButtons } from '~/components/admin/status.tsx'
import { PassengersPanel } from '~/features/ferries/components/passenger-rows.tsx'
import { TicketUpload } from '~/features/ferries/components/ticket-upload.tsx'
import { OfflineTicketFields } from '~/features/ferries/components/offline-ticket-fields.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button } from '~/components/ui/button.tsx'
import { offlineTicketSchema, paymentModeLabels, ticketKindLabels, ticketSourceLabels } from '~/features/ferries/domain/offline-ticket.ts'
import { offlineTicketMachine } from '~/features/ferries/domain/status.ts'
import { formatTimestamp, formatTravelDate } from '~/lib/dates.ts'
import { foundOr404, invariantResponse } from '~/lib/errors.ts'
import { answerOf, useIsPending } from '~/lib/forms.ts'
import { isId } from '~/lib/ids.ts'
import { formatINR } from '~/lib/money.ts'
import { z } from '~/lib/zod.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import {
	attachOfflineTicketFile,
	changeOfflineTicketStatus,
	getOfflineTicketPage,
	saveTicketPassengers,
	updateOfflineTicket,
} from '~/features/ferries/server/offline-tickets.server.ts'
import { passengersIntent, runTicketRecordIntent, ticketFileIntent, type TicketRecordContext } from '~/routes/admin/ferries/ticket-record-actions.server.ts'
import { intent } from '~/server/form-intents.server.ts'
import { statusIntent } from '~/server/status-intent.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/offline-ticket'

const missing = 'There is no offline ticket with that id. Search the offline tickets list.'

export async function loader({ request, params }: Route.LoaderArgs) {
	await requireStaff(request)
	invariantResponse(params.id && isId(params.id), missing)
	return foundOr404(getOfflineTicketPage(db(), params.id), missing)
}

const detailsSchema = offlineTicketSchema.extend({ intent: z.literal('details') })

async function saveDetails(input: z.output<typeof detailsSchema>, { db, id, actor, here }: TicketRecordContext) {
	await updateOfflineTicket(db, actor, id, input)
	return redirectWithToast(here, { title: 'Ticket saved' })
}

const intents = {
	details: intent(detailsSchema, saveDetails),
	passengers: passengersIntent({
		travelDateOf: async (database, id) => (await getOfflineTicketPage(database, id)).ticket.travelDate,
		save: saveTicketPassengers,
		savedTitle: () => 'Passengers saved',
	}),
	status: statusIntent(offlineTicketMachine, changeOfflineTicketStatus),
	upload: ticketFileIntent({ attach: attachOfflineTicketFile, uploadedTitle: 'Scan uploaded' }),
}

export async function action({ request, params }: Route.ActionArgs) {
	const { user } = await requireStaff(request)
	return runTicketRecordIntent(db(), request, user, params.id, intents, {
		path: '/admin/offline-tickets',
		missing,
		unknown: 'Choose what to do with the ticket.',
	})
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: loaderData ? `${loaderData.ticket.reference} | Offline tickets | Andaman Isles Travel admin` : 'Offline ticket | Andaman Isles Travel admin' },
	{ name: 'robots', content: 'noindex' },
]

export default function OfflineTicket({ loaderData, actionData }: Route.ComponentProps) {
	const { ticket, passengers, booking, ferryLead } = loaderData
	const { intent, errors, values } = answerOf(actionData)
	const savingDetails = useIsPending({ intent: 'details' })
	const saved: Record<string, string | undefined> = {
		kind: ticket.kind,
		source: ticket.source,
		operator: ticket.operator ?? '',
		vessel: ticket.vessel ?? '',
		voyage: ticket.voyage ?? '',
		route: ticket.route ?? '',
		travelDate: ticket.travelDate,
		travelTime: ticket.travelTime ?? '',
		class: ticket.class ?? '',
		quota: ticket.quota ?? '',
		pnr: ticket.pnr ?? '',
		transactionNumber: ticket.transactionNumber ?? '',
		cost: String(ticket.cost / 100),
		sell: String(ticket.sell / 100),
		paymentMode: ticket.paymentMode,
		bookingReference: booking?.reference ?? '',
		ferryLeadReference: ferryLead?.reference ?? '',
	}
	return (
		<main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
			<p>
				<Link to="/admin/offline-tickets">← Offline tickets</Link>
			</p>
			<div className="flex flex-wrap items-center gap-3">
				<h1 className="text-2xl font-semibold">
					{ticketKindLabels[ticket.kind as keyof typeof ticketKindLabels] ?? ticket.kind}:{' '}
					{[ticket.operator, ticket.route].filter(Boolean).join(', ') || 'ticket'}
				</h1>
				<StateBadge machine={offlineTicketMachine} status={ticket.status} />
				<span className="font-mono text-slate-700">{ticket.reference}</span>
			</div>
			<p className="text-slate-700">
				{formatTravelDate(ticket.travelDate)} {ticket.travelTime ?? ''} ·{' '}
				{ticketSourceLabels[ticket.source as keyof typeof ticketSourceLabels] ?? ticket.source} · cost {formatINR(ticket.cost)}, sells at{' '}
				{formatINR(ticket.sell)} ({paymentModeLabels[ticket.paymentMode as keyof typeof paymentModeLabels] ?? ticket.paymentMode}) · issued by{' '}
				{ticket.issuedBy ?? 'unknown'}, {formatTimestamp(ticket.createdAt)}
				{booking ? (
					<>
						{' '}
						· trip <Link to={`/admin/pending/${booking.id}`}>{booking.reference}</Link>
					</>
				) : null}
				{ferryLead ? (
					<>
						{' '}
						· ferry lead <Link to={`/admin/ferry-leads/${ferryLead.id}`}>{ferryLead.reference}</Link>
					</>
				) : null}
			</p>
			<FormError error={intent !== 'upload' ? errors.form : null} />
			<div className="grid gap-6 lg:grid-cols-3">
				<Panel title="Ticket details" id="details-heading" className="lg:col-span-2">
					<Form method="post" className="space-y-3" noValidate>
						<input type="hidden" name="intent" value="details" />
						<OfflineTicketFields values={intent === 'details' && values ? values : saved} errors={intent === 'details' ? errors : {}} />
						<Button type="submit" pending={savingDetails}>
							Save ticket
						</Button>
					</Form>
				</Panel>
				<div className="space-y-6">
					<Panel title="Status" id="status-heading">
						<StatusButtons machine={offlineTicketMachine} status={ticket.status} />
					</Panel>
					<Panel title="Scanned ticket" id="file-heading">
						<TicketUpload
							label="Scan or PDF"
							current={ticket.file}
							downloadHref={`/admin/offline-tickets/${ticket.id}/file`}
							pageError={intent === 'upload' ? (errors.file ?? errors.form) : null}
							successTitle="Scan uploaded"
						/>
					</Panel>
				</div>
			</div>
			<PassengersPanel
				passengers={passengers}
				expected={1}
				values={intent === 'passengers' ? values : undefined}
				errors={intent === 'passengers' ? errors : {}}
			/>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
