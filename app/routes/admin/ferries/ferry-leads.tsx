import { Pager } from '~/components/pager.tsx'
import { Link } from 'react-router'
import { FilterDate, FilterSelect, SearchBar } from '~/components/admin/list-filters.tsx'
import { StateBadge } from '~/components/admin/status.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { ferryRoutes, routeLabel, tripTypeLabels } from '~/features/ferries/domain/enquiry.ts'
import { listParams, listQuery } from '~/features/ferries/domain/list-params.ts'
import { ferryLeadMachine, ferryLeadStatuses } from '~/features/ferries/domain/status.ts'
import { formatTimestamp, formatTravelDate } from '~/lib/dates.ts'
import { formatPhone } from '~/lib/phone.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { listFerryLeads } from '~/features/ferries/server/ferries.server.ts'
import type { Route } from './+types/ferry-leads'
import { plural } from '~/lib/words.ts'

export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request)
	const params = listParams(new URL(request.url).searchParams)
	const filters = {
		q: params.q,
		status: params.pick('status', ferryLeadStatuses),
		from: params.date('from'),
		to: params.date('to'),
		route: params.pick(
			'route',
			ferryRoutes.map((route) => route.key),
		),
		page: params.page,
	}
	return { ...(await listFerryLeads(db(), filters)), filters }
}

export const meta: Route.MetaFunction = () => [{ title: 'Ferry leads | Andaman Isles Travel admin' }, { name: 'robots', content: 'noindex' }]

export default function FerryLeads({ loaderData }: Route.ComponentProps) {
	const { leads, total, page, pages, filters } = loaderData
	return (
		<main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
			<div>
				<h1 className="text-2xl font-semibold text-slate-900">Ferry leads</h1>
				<p className="mt-1 text-slate-700">Ferry-only enquiries from /ferries: quote the fare, take payment, book with the operator.</p>
			</div>
			<SearchBar label="Search and filter ferry leads" placeholder="Name, phone, email or FL-2026-…" q={filters.q} clearTo="/admin/ferry-leads">
				<FilterSelect
					label="Status"
					name="status"
					value={filters.status}
					options={[{ value: '', label: 'Any status' }, ...ferryLeadStatuses.map((status) => ({ value: status, label: ferryLeadMachine.labels[status] }))]}
				/>
				<FilterSelect
					label="Route"
					name="route"
					value={filters.route}
					options={[{ value: '', label: 'Any route' }, ...ferryRoutes.map((route) => ({ value: route.key, label: route.label }))]}
				/>
				<FilterDate label="Travelling from" name="from" value={filters.from} />
				<FilterDate label="Travelling until" name="to" value={filters.to} />
			</SearchBar>
			<p className="text-sm text-slate-700" aria-live="polite">
				{total === 0 ? 'No ferry leads match.' : `${total} ${total === 1 ? 'ferry lead' : 'ferry leads'}. Page ${page} of ${pages}.`}
			</p>
			<ul className="space-y-2" aria-label="Ferry leads">
				{leads.map((lead) => (
					<li key={lead.id} className="rounded-xl border border-slate-200 bg-white shadow-sm hover:border-primary-500">
						<Link to={`/admin/ferry-leads/${lead.id}`} className="grid gap-1 p-4 text-slate-900 no-underline sm:grid-cols-[1fr_auto] sm:gap-4">
							<span className="min-w-0">
								<span className="flex flex-wrap items-center gap-2">
									<span className="font-semibold">{lead.name}</span>
									<StateBadge machine={ferryLeadMachine} status={lead.status} />
								</span>
								<span className="mt-1 block text-sm text-slate-700">
									<span className="font-mono">{lead.reference}</span> · {formatPhone(lead.phone)} · {tripTypeLabels[lead.tripType]} ·{' '}
									{plural(lead.adults, 'adult')}
									{lead.infants ? `, ${plural(lead.infants, 'infant')}` : ''}
								</span>
								<span className="block text-sm text-slate-700">
									{lead.legs.map((leg) => `${routeLabel(leg.from, leg.to)} ${formatTravelDate(leg.date)}`).join(' · ')}
								</span>
							</span>
							<span className="text-sm text-slate-700 sm:text-right">{formatTimestamp(lead.createdAt)}</span>
						</Link>
					</li>
				))}
			</ul>
			<Pager page={page} pages={pages} href={(to) => `/admin/ferry-leads${listQuery(filters, { page: to })}`} />
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
