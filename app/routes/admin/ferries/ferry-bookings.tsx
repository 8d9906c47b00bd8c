import { Pager } from '~/components/pager.tsx'
import { ClipboardList } from 'lucide-react'
import { Link } from 'react-router'
import { FilterDate, FilterSelect, SearchBar } from '~/components/admin/list-filters.tsx'
import { StateBadge } from '~/components/admin/status.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { buttonClass } from '~/components/ui/button.tsx'
import { TableHead } from '~/components/ui/table-head.tsx'
import { classLabel, operatorLabel, routeLabel } from '~/features/ferries/domain/enquiry.ts'
import { listParams, listQuery } from '~/features/ferries/domain/list-params.ts'
import { ferryBookingMachine, ferryBookingStatuses } from '~/features/ferries/domain/status.ts'
import { formatTravelDate, todayInIndia } from '~/lib/dates.ts'
import { formatINR } from '~/lib/money.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { listFerryBookings } from '~/features/ferries/server/ferries.server.ts'
import type { Route } from './+types/ferry-bookings'

export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request)
	const params = listParams(new URL(request.url).searchParams)
	const filters = { q: params.q, status: params.pick('status', ferryBookingStatuses), date: params.date('date'), page: params.page }
	return { ...(await listFerryBookings(db(), filters)), filters, today: todayInIndia() }
}

export const meta: Route.MetaFunction = () => [{ title: 'Ferry bookings | Andaman Isles Travel admin' }, { name: 'robots', content: 'noindex' }]

export default function FerryBookings({ loaderData }: Route.ComponentProps) {
	const { bookings, total, page, pages, filters, today } = loaderData
	return (
		<main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
			<div className="flex flex-wrap items-end justify-between gap-3">
				<div>
					<h1 className="text-2xl font-semibold text-slate-900">Ferry bookings</h1>
					<p className="mt-1 text-slate-700">Sailings booked with operators: passengers, PNRs and tickets.</p>
				</div>
				<Link to={`/admin/ferry-bookings/manifest?date=${filters.date ?? today}`} className={buttonClass('outline', 'sm')}>
					<ClipboardList aria-hidden="true" className="size-4" /> Manifest for {formatTravelDate(filters.date ?? today)}
				</Link>
			</div>
			<SearchBar label="Search and filter ferry bookings" placeholder="Name, phone, PNR or FB-2026-…" q={filters.q} clearTo="/admin/ferry-bookings">
				<FilterSelect
					label="Status"
					name="status"
					value={filters.status}
					options={[
						{ value: '', label: 'Any status' },
						...ferryBookingStatuses.map((status) => ({ value: status, label: ferryBookingMachine.labels[status] })),
					]}
				/>
				<FilterDate label="Sailing date" name="date" value={filters.date} />
			</SearchBar>
			<p className="text-sm text-slate-700" aria-live="polite">
				{total === 0 ? 'No ferry bookings match.' : `${total} ${total === 1 ? 'ferry booking' : 'ferry bookings'}. Page ${page} of ${pages}.`}
			</p>
			{bookings.length ? (
				<div className="overflow-x-auto">
					<table className="w-full min-w-[48rem] border-collapse text-left text-sm">
						<TableHead
							rowClassName="border-b border-slate-300"
							cellClassName="py-2 pr-3"
							columns={['Reference', 'Sailing', 'Operator and class', 'Lead passenger', 'PNR', 'Status', { label: 'Fare', className: 'text-right' }]}
						/>
						<tbody>
							{bookings.map((booking) => (
								<tr key={booking.id} className="border-b border-slate-100">
									<td className="py-2 pr-3 font-mono">
										<Link to={`/admin/ferry-bookings/${booking.id}`}>{booking.reference}</Link>
									</td>
									<td className="py-2 pr-3">
										{routeLabel(booking.from, booking.to)}, {formatTravelDate(booking.travelDate)} {booking.departureTime ?? ''}
									</td>
									<td className="py-2 pr-3">
										{operatorLabel(booking.operator)}, {classLabel(booking.class)}
									</td>
									<td className="py-2 pr-3">{booking.contactName}</td>
									<td className="py-2 pr-3 font-mono">{booking.pnr ?? '—'}</td>
									<td className="py-2 pr-3">
										<StateBadge machine={ferryBookingMachine} status={booking.status} />
									</td>
									<td className="py-2 pr-3 text-right">{formatINR(booking.total)}</td>
								</tr>
							))}
						</tbody>
					</table>
				</div>
			) : null}
			<Pager page={page} pages={pages} href={(to) => `/admin/ferry-bookings${listQuery(filters, { page: to })}`} />
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
