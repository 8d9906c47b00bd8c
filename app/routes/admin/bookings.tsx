import { href } from 'react-router'
import { IntentLink } from '~/components/prefetch.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { type BookingFilter, bookingFilters, bookingStatuses, bookingStatusLabels, type BookingStatus } from '~/features/bookings/domain/booking.ts'
import { formatTimestamp, formatTravelDate } from '~/lib/dates.ts'
import { formatINR } from '~/lib/money.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { listBookings } from '~/features/bookings/server/bookings.server.ts'
import { db } from '~/server/db/index.server.ts'
import type { Route } from './+types/bookings'
import { ScrollRegion } from '~/components/ui/scroll-region.tsx'
import { TableHead } from '~/components/ui/table-head.tsx'

export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request)
	const params = new URL(request.url).searchParams
	const status = params.get('status')
	const view = bookingFilters.includes(params.get('filter') as BookingFilter) ? (params.get('filter') as BookingFilter) : null
	const filter = bookingStatuses.includes(status as BookingStatus) ? (status as BookingStatus) : 'pending_payment'
	return { status: view ? null : filter, view, bookings: await listBookings(db(), { status: filter, filter: view ?? undefined, limit: 100 }) }
}

const viewLabels: Record<BookingFilter, string> = {
	arrivals: 'Arriving in 7 days',
	overdue: 'Balance overdue',
	month: 'Booked this month',
	'cancellation-requests': 'Asked to cancel',
	'upi-to-verify': 'UPI reference to verify',
	'suppliers-pending': 'Suppliers to confirm',
	'suppliers-unanswered': 'Suppliers not answering',
}

export const meta: Route.MetaFunction = () => [{ title: 'Bookings | Andaman Isles Travel admin' }, { name: 'robots', content: 'noindex' }]

export default function Bookings({ loaderData }: Route.ComponentProps) {
	const { status, view, bookings } = loaderData
	const chip = (active: boolean) =>
		`rounded-full border px-3 py-1 text-sm no-underline ${active ? 'border-primary-700 bg-primary-700 text-white' : 'border-slate-300 text-slate-800'}`
	return (
		<main id="main" className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
			<h1 className="text-2xl font-semibold">Bookings</h1>
			<nav aria-label="Booking status" className="mt-4 flex flex-wrap gap-2">
				{bookingStatuses.map((value) => (
					<IntentLink key={value} aria-current={value === status ? 'page' : undefined} className={chip(value === status)} to={`/admin/pending?status=${value}`}>
						{bookingStatusLabels[value]}
					</IntentLink>
				))}
				{bookingFilters.map((value) => (
					<IntentLink key={value} aria-current={value === view ? 'page' : undefined} className={chip(value === view)} to={`/admin/pending?filter=${value}`}>
						{viewLabels[value]}
					</IntentLink>
				))}
			</nav>
			{bookings.length === 0 ? (
				<p className="mt-6 text-slate-700">
					{view ? `No bookings: ${viewLabels[view].toLowerCase()}.` : `No bookings are ${bookingStatusLabels[status ?? 'pending_payment'].toLowerCase()}.`}
				</p>
			) : (
				// On a phone the package, arrival and booking time fold under the name and reference, so Total and Balance stay on screen.
				<ScrollRegion label="Bookings (table)" className="mt-6">
					<table className="w-full border-collapse text-left text-sm sm:min-w-[44rem]">
						<TableHead
							rowClassName="border-b border-slate-300"
							cellClassName="py-2 pr-3"
							columns={[
								'Reference',
								'Lead traveller',
								{ label: 'Package', className: 'hidden sm:table-cell' },
								{ label: 'Arrives', className: 'hidden sm:table-cell' },
								{ label: 'Total', className: 'text-right' },
								{ label: 'Balance', className: 'text-right' },
								{ label: 'Booked', className: 'hidden sm:table-cell' },
							]}
						/>
						<tbody>
							{bookings.map((booking) => (
								<tr key={booking.id} className="border-b border-slate-100">
									<td className="py-2 pr-3 font-mono">
										<IntentLink to={href('/admin/pending/:id', { id: booking.id })}>{booking.reference}</IntentLink>
										<span className="block font-sans text-xs text-slate-700 sm:hidden">arrives {formatTravelDate(booking.startDate)}</span>
									</td>
									<td className="py-2 pr-3">
										{booking.contactName}
										<span className="block text-xs text-slate-700 sm:hidden">{booking.title}</span>
									</td>
									<td className="hidden py-2 pr-3 sm:table-cell">{booking.title}</td>
									<td className="hidden py-2 pr-3 sm:table-cell">{formatTravelDate(booking.startDate)}</td>
									<td className="py-2 pr-3 text-right">{formatINR(booking.total)}</td>
									<td className={`py-2 pr-3 text-right ${booking.overdue ? 'font-semibold text-error-700' : ''}`}>
										{formatINR(booking.balance)}
										{booking.overdue ? <span className="block text-xs">overdue since {formatTravelDate(booking.balanceDueDate)}</span> : null}
									</td>
									<td className="hidden py-2 pr-3 sm:table-cell">{formatTimestamp(booking.createdAt)}</td>
								</tr>
							))}
						</tbody>
					</table>
				</ScrollRegion>
			)}
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
