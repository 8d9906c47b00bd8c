import { Link } from 'react-router'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { bookingStatuses, bookingStatusLabels, type BookingStatus } from '~/domain/booking/booking.ts'
import { formatTimestamp, formatTravelDate } from '~/lib/dates.ts'
import { formatINR } from '~/lib/money.ts'
import { requireStaff } from '~/server/auth.server.ts'
import { listBookings } from '~/server/bookings/bookings.server.ts'
import { db } from '~/server/db/index.server.ts'
import type { Route } from './+types/bookings'

export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request)
	const status = new URL(request.url).searchParams.get('status')
	const filter = bookingStatuses.includes(status as BookingStatus) ? (status as BookingStatus) : 'pending_payment'
	return { status: filter, bookings: await listBookings(db(), { status: filter, limit: 100 }) }
}

export const meta: Route.MetaFunction = () => [{ title: 'Bookings | Andaman Isles Travel admin' }, { name: 'robots', content: 'noindex' }]

export default function Bookings({ loaderData }: Route.ComponentProps) {
	const { status, bookings } = loaderData
	return (
		<main id="main" className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
			<h1 className="text-2xl font-semibold">Bookings</h1>
			<nav aria-label="Booking status" className="mt-4 flex flex-wrap gap-2">
				{bookingStatuses.map((value) => (
					<Link
						key={value}
						to={`/admin/pending?status=${value}`}
						aria-current={value === status ? 'page' : undefined}
						className={`rounded-full border px-3 py-1 text-sm no-underline ${value === status ? 'border-primary-700 bg-primary-700 text-white' : 'border-slate-300 text-slate-800'}`}
					>
						{bookingStatusLabels[value]}
					</Link>
				))}
			</nav>
			{bookings.length === 0 ? (
				<p className="mt-6 text-slate-700">No bookings are {bookingStatusLabels[status].toLowerCase()}.</p>
			) : (
				<div className="mt-6 overflow-x-auto">
					<table className="w-full min-w-[44rem] border-collapse text-left text-sm">
						<thead>
							<tr className="border-b border-slate-300">
								<th scope="col" className="py-2 pr-3">Reference</th>
								<th scope="col" className="py-2 pr-3">Lead traveller</th>
								<th scope="col" className="py-2 pr-3">Package</th>
								<th scope="col" className="py-2 pr-3">Arrives</th>
								<th scope="col" className="py-2 pr-3 text-right">Total</th>
								<th scope="col" className="py-2 pr-3">Booked</th>
							</tr>
						</thead>
						<tbody>
							{bookings.map((booking) => (
								<tr key={booking.id} className="border-b border-slate-100">
									<td className="py-2 pr-3 font-mono">
										<Link to={`/admin/pending/${booking.id}`}>{booking.reference}</Link>
									</td>
									<td className="py-2 pr-3">{booking.contactName}</td>
									<td className="py-2 pr-3">{booking.title}</td>
									<td className="py-2 pr-3">{formatTravelDate(booking.startDate)}</td>
									<td className="py-2 pr-3 text-right">{formatINR(booking.total)}</td>
									<td className="py-2 pr-3">{formatTimestamp(booking.createdAt)}</td>
								</tr>
							))}
						</tbody>
					</table>
				</div>
			)}
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
