import { Pager } from '~/components/pager.tsx'
import { Form, Link } from 'react-router'
import { FilterDate, FilterSelect, SearchBar } from '~/components/admin/list-filters.tsx'
import { FormError, Panel } from '~/components/admin/panel.tsx'
import { StateBadge } from '~/components/admin/status.tsx'
import { OfflineTicketFields } from '~/features/ferries/components/offline-ticket-fields.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button } from '~/components/ui/button.tsx'
import { TableHead } from '~/components/ui/table-head.tsx'
import { listParams, listQuery } from '~/features/ferries/domain/list-params.ts'
import { offlineTicketSchema, ticketKindLabels, ticketKinds } from '~/features/ferries/domain/offline-ticket.ts'
import { offlineTicketMachine, offlineTicketStatuses } from '~/features/ferries/domain/status.ts'
import { formatTravelDate } from '~/lib/dates.ts'
import { errorsOf, resultFor, useIsPending, valuesOf } from '~/lib/forms.ts'
import { formatINR } from '~/lib/money.ts'
import { z } from '~/lib/zod.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { createOfflineTicket, listOfflineTickets } from '~/features/ferries/server/offline-tickets.server.ts'
import { newSubmissionKey, parseForm, refuse, refuseOnAppError } from '~/server/forms.server.ts'
import { actorOf } from '~/features/identity/server/users.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/offline-tickets'

export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request)
	const params = listParams(new URL(request.url).searchParams)
	const filters = {
		q: params.q,
		status: params.pick('status', offlineTicketStatuses),
		kind: params.pick('kind', ticketKinds),
		date: params.date('date'),
		page: params.page,
	}
	return { ...(await listOfflineTickets(db(), filters)), filters, submissionKey: newSubmissionKey() }
}

/** The ticket's fields and the form's one-time key, which makes a double submit one ticket. */
const newTicketSchema = offlineTicketSchema.extend({ submissionKey: z.string().optional() })

export async function action({ request }: Route.ActionArgs) {
	const { user } = await requireStaff(request)
	const submission = parseForm(await request.formData(), newTicketSchema)
	if (submission.status !== 'success') return refuse(submission)
	const { submissionKey: key = '', ...ticket } = submission.value
	if (key.length < 10 || key.length > 40) return refuse(submission, { formError: 'The form expired: reload the page and enter the ticket again.' })
	try {
		const created = await createOfflineTicket(db(), actorOf(user), ticket, key)
		return redirectWithToast(`/admin/offline-tickets/${created.id}`, {
			title: `Ticket ${created.reference} recorded`,
			description: 'Add the passengers and upload the scan.',
		})
	} catch (error) {
		return refuseOnAppError(submission, error)
	}
}

export const meta: Route.MetaFunction = () => [{ title: 'Offline tickets | Andaman Isles Travel admin' }, { name: 'robots', content: 'noindex' }]

export default function OfflineTickets({ loaderData, actionData }: Route.ComponentProps) {
	const { tickets, total, page, pages, filters, submissionKey } = loaderData
	const lastResult = resultFor(actionData)
	const errors = errorsOf(lastResult)
	const values = valuesOf(lastResult)
	const isPending = useIsPending()
	return (
		<main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
			<div>
				<h1 className="text-2xl font-semibold text-slate-900">Offline tickets</h1>
				<p className="mt-1 text-slate-700">
					Tickets bought at counters, on the government portal or through partners: ferries, activities and entries such as the Cellular Jail show, Ross Island
					and North Bay.
				</p>
			</div>
			<SearchBar
				label="Search and filter offline tickets"
				placeholder="PNR, transaction number, operator, route or OT-2026-…"
				q={filters.q}
				clearTo="/admin/offline-tickets"
			>
				<FilterSelect
					label="Status"
					name="status"
					value={filters.status}
					options={[
						{ value: '', label: 'Any status' },
						...offlineTicketStatuses.map((status) => ({ value: status, label: offlineTicketMachine.labels[status] })),
					]}
				/>
				<FilterSelect
					label="Kind"
					name="kind"
					value={filters.kind}
					options={[{ value: '', label: 'Any kind' }, ...ticketKinds.map((kind) => ({ value: kind, label: ticketKindLabels[kind] }))]}
				/>
				<FilterDate label="Date" name="date" value={filters.date} />
			</SearchBar>
			<p className="text-sm text-slate-700" aria-live="polite">
				{total === 0 ? 'No offline tickets match.' : `${total} ${total === 1 ? 'ticket' : 'tickets'}. Page ${page} of ${pages}.`}
			</p>
			{tickets.length ? (
				<div className="overflow-x-auto">
					<table className="w-full min-w-[48rem] border-collapse text-left text-sm">
						<TableHead
							rowClassName="border-b border-slate-300"
							cellClassName="py-2 pr-3"
							columns={['Reference', 'What', 'When', 'PNR / transaction', 'Status', { label: 'Cost / sell', className: 'text-right' }]}
						/>
						<tbody>
							{tickets.map((ticket) => (
								<tr key={ticket.id} className="border-b border-slate-100">
									<td className="py-2 pr-3 font-mono">
										<Link to={`/admin/offline-tickets/${ticket.id}`}>{ticket.reference}</Link>
									</td>
									<td className="py-2 pr-3">
										{ticketKindLabels[ticket.kind as keyof typeof ticketKindLabels] ?? ticket.kind}:{' '}
										{[ticket.operator, ticket.route].filter(Boolean).join(', ')}
									</td>
									<td className="py-2 pr-3">
										{formatTravelDate(ticket.travelDate)} {ticket.travelTime ?? ''}
									</td>
									<td className="py-2 pr-3 font-mono">{ticket.pnr ?? ticket.transactionNumber ?? '—'}</td>
									<td className="py-2 pr-3">
										<StateBadge machine={offlineTicketMachine} status={ticket.status} />
									</td>
									<td className="py-2 pr-3 text-right">
										{formatINR(ticket.cost)} / {formatINR(ticket.sell)}
									</td>
								</tr>
							))}
						</tbody>
					</table>
				</div>
			) : null}
			<Pager page={page} pages={pages} href={(to) => `/admin/offline-tickets${listQuery(filters, { page: to })}`} />
			<Panel title="Record a ticket" id="new-ticket-heading">
				<FormError error={errors.form} />
				<Form method="post" className="mt-3 space-y-4" noValidate>
					<input type="hidden" name="submissionKey" value={values.submissionKey ?? submissionKey} />
					<OfflineTicketFields values={values} errors={errors} />
					<Button type="submit" pending={isPending}>
						Record ticket
					</Button>
				</Form>
			</Panel>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
