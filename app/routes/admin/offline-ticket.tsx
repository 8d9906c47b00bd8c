import { data, Form, Link, useNavigation } from 'react-router'
import { FormError, Panel, PassengerRows, StateBadge, StatusButtons, TicketUpload } from '~/features/ferries/components/admin-ui.tsx'
import { OfflineTicketFields } from '~/features/ferries/components/offline-ticket-fields.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button } from '~/components/ui/button.tsx'
import { offlineTicketSchema, paymentModeLabels, ticketKindLabels, ticketSourceLabels } from '~/features/ferries/domain/offline-ticket.ts'
import { parsePassengers } from '~/features/ferries/domain/passengers.ts'
import { offlineTicketMachine, offlineTicketStatuses } from '~/features/ferries/domain/status.ts'
import { formatTimestamp, formatTravelDate } from '~/lib/dates.ts'
import { isAppError } from '~/lib/errors.ts'
import { fieldErrors } from '~/lib/forms.ts'
import { isId } from '~/lib/ids.ts'
import { formatINR } from '~/lib/money.ts'
import { z } from '~/lib/zod.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { attachOfflineTicketFile, changeOfflineTicketStatus, getOfflineTicketPage, saveTicketPassengers, updateOfflineTicket } from '~/features/ferries/server/offline-tickets.server.ts'
import { actorOf } from '~/features/identity/server/users.server.ts'
import { intentFailure } from '~/server/forms.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import { readMultipartForm } from '~/server/uploads.server.ts'
import type { Route } from './+types/offline-ticket'

function notFound(): never {
	throw new Response('There is no offline ticket with that id. Search the offline tickets list.', { status: 404, statusText: 'Page Not Found' })
}

export async function loader({ request, params }: Route.LoaderArgs) {
	await requireStaff(request)
	if (!params.id || !isId(params.id)) notFound()
	try {
		return await getOfflineTicketPage(db(), params.id)
	} catch (error) {
		if (isAppError(error) && error.code === 'not-found') notFound()
		throw error
	}
}

export async function action({ request, params }: Route.ActionArgs) {
	const { user } = await requireStaff(request)
	if (!params.id || !isId(params.id)) notFound()
	const id = params.id
	const here = `/admin/offline-tickets/${id}`
	let intent = ''
	try {
		const formData = await readMultipartForm(request)
		const form = Object.fromEntries([...formData].filter(([, value]) => typeof value === 'string')) as Record<string, string>
		intent = form.intent ?? ''
		switch (intent) {
			case 'details': {
				const parsed = offlineTicketSchema.safeParse(form)
				if (!parsed.success) return data({ intent, errors: fieldErrors(parsed.error.issues), values: form }, { status: 400 })
				await updateOfflineTicket(db(), actorOf(user), id, parsed.data)
				return redirectWithToast(here, { title: 'Ticket saved' })
			}
			case 'passengers': {
				const page = await getOfflineTicketPage(db(), id)
				const parsed = parsePassengers(form, page.ticket.travelDate)
				if (!parsed.ok) return data({ intent, errors: parsed.errors as Record<string, string>, values: form }, { status: 400 })
				await saveTicketPassengers(db(), actorOf(user), id, parsed.passengers)
				return redirectWithToast(here, { title: 'Passengers saved' })
			}
			case 'status': {
				const status = z.enum(offlineTicketStatuses).safeParse(form.status)
				if (!status.success) return data({ intent, errors: { form: 'Choose the new status.' } as Record<string, string> }, { status: 400 })
				const to = await changeOfflineTicketStatus(db(), actorOf(user), id, status.data)
				return redirectWithToast(here, { title: `Ticket is now ${offlineTicketMachine.labels[to].toLowerCase()}` })
			}
			case 'upload': {
				const uploaded = await attachOfflineTicketFile(db(), actorOf(user), id, formData.get('file'))
				if (request.headers.get('Accept')?.includes('text/html')) return redirectWithToast(here, { title: 'Scan uploaded', description: uploaded.name })
				return { intent, uploaded: uploaded.name }
			}
			default:
				return data({ intent, errors: { form: 'Choose what to do with the ticket.' } as Record<string, string> }, { status: 400 })
		}
	} catch (error) {
		if (isAppError(error) && error.code === 'not-found') notFound()
		return intentFailure(intent, error)
	}
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.ticket.reference} | Offline tickets | Andaman Isles Travel admin` : 'Offline ticket | Andaman Isles Travel admin' }, { name: 'robots', content: 'noindex' }]

export default function OfflineTicket({ loaderData, actionData }: Route.ComponentProps) {
	const { ticket, passengers, booking, ferryLead } = loaderData
	const navigation = useNavigation()
	const intent = actionData && 'intent' in actionData ? actionData.intent : ''
	const errors: Record<string, string | undefined> = actionData && 'errors' in actionData ? (actionData.errors ?? {}) : {}
	const values = actionData && 'values' in actionData ? (actionData.values as Record<string, string>) : undefined
	const busy = (name: string) => navigation.state === 'submitting' && navigation.formData?.get('intent') === name
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
					{ticketKindLabels[ticket.kind as keyof typeof ticketKindLabels] ?? ticket.kind}: {[ticket.operator, ticket.route].filter(Boolean).join(', ') || 'ticket'}
				</h1>
				<StateBadge machine={offlineTicketMachine} status={ticket.status} />
				<span className="font-mono text-slate-700">{ticket.reference}</span>
			</div>
			<p className="text-slate-700">
				{formatTravelDate(ticket.travelDate)} {ticket.travelTime ?? ''} · {ticketSourceLabels[ticket.source as keyof typeof ticketSourceLabels] ?? ticket.source} · cost {formatINR(ticket.cost)}, sells at {formatINR(ticket.sell)} ({paymentModeLabels[ticket.paymentMode as keyof typeof paymentModeLabels] ?? ticket.paymentMode}) · issued by {ticket.issuedBy ?? 'unknown'}, {formatTimestamp(ticket.createdAt)}
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
						<Button type="submit" pending={busy('details')}>
							Save ticket
						</Button>
					</Form>
				</Panel>
				<div className="space-y-6">
					<Panel title="Status" id="status-heading">
						<StatusButtons machine={offlineTicketMachine} status={ticket.status} />
					</Panel>
					<Panel title="Scanned ticket" id="file-heading">
						<TicketUpload label="Scan or PDF" current={ticket.file} downloadHref={`/admin/offline-tickets/${ticket.id}/file`} pageError={intent === 'upload' ? (errors.file ?? errors.form) : null} successTitle="Scan uploaded" />
					</Panel>
				</div>
			</div>
			<Panel title={`Passengers (${passengers.length})`} id="passengers-heading">
				<Form method="post" className="space-y-3" noValidate>
					<input type="hidden" name="intent" value="passengers" />
					<PassengerRows passengers={passengers} expected={1} values={intent === 'passengers' ? values : undefined} errors={intent === 'passengers' ? errors : {}} />
					<Button type="submit" pending={busy('passengers')}>
						Save passengers
					</Button>
				</Form>
			</Panel>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
