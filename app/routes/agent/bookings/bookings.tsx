import { Link } from 'react-router'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { ScrollRegion } from '~/components/ui/scroll-region.tsx'
import { TableHead } from '~/components/ui/table-head.tsx'
import { agentBookingStatusLabels, agentCreditLabels } from '~/features/agents/components/agent-booking-labels.ts'
import { requireAgentUser } from '~/features/agents/server/agent-auth.server.ts'
import { agencyCredit, listAgencyBookings } from '~/features/agents/server/agent-portal.server.ts'
import { formatTravelDate } from '~/lib/dates.ts'
import { formatINR } from '~/lib/money.ts'
import { db } from '~/server/db/index.server.ts'
import type { Route } from './+types/bookings'

/** The agency's bookings (only its own): status, credit, supplier confirmations, net and markup (docs/decisions/224-agent-credit-accounting-and-atomicity.md). */
export async function loader({ request }: Route.LoaderArgs) {
	const { agency } = await requireAgentUser(request)
	const [bookings, credit] = await Promise.all([listAgencyBookings(db(), agency.id), agencyCredit(db(), agency.id)])
	return {
		bookings,
		credit: { creditLimit: credit.creditLimit, walletBalance: credit.walletBalance, creditUsed: credit.creditUsed, available: credit.available },
	}
}

export const meta: Route.MetaFunction = () => [{ title: 'Bookings | Agent area' }, { name: 'robots', content: 'noindex' }]

export default function AgentBookings({ loaderData }: Route.ComponentProps) {
	const { bookings, credit } = loaderData
	return (
		<main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h1 className="text-2xl font-semibold">Your bookings</h1>
				<Link to="/agent/book">Price and book a trip</Link>
			</div>
			<p className="text-slate-700">
				Credit limit {formatINR(credit.creditLimit)} · wallet {formatINR(credit.walletBalance)} · in use{' '}
				<span data-testid="agent-credit-used">{formatINR(credit.creditUsed)}</span> · available{' '}
				<span data-testid="agent-credit-available">{formatINR(credit.available)}</span>
			</p>
			{bookings.length ? (
				<ScrollRegion label="Your bookings">
					<table className="w-full border-collapse text-left text-sm">
						<TableHead
							rowClassName="border-b border-slate-300"
							cellClassName="py-2 pr-3"
							columns={[
								'Booking',
								'Client',
								'Trip',
								'Status',
								'Credit',
								'Suppliers confirmed',
								{ label: 'Net', className: 'text-right' },
								{ label: 'Markup', className: 'text-right' },
							]}
						/>
						<tbody>
							{bookings.map((booking) => (
								<tr key={booking.id} className="border-b border-slate-100">
									<td className="py-2 pr-3 font-mono">
										<Link to={`/agent/bookings/${booking.id}`}>{booking.reference}</Link>
									</td>
									<td className="py-2 pr-3">{booking.clientName}</td>
									<td className="py-2 pr-3">
										{booking.title}, {formatTravelDate(booking.startDate)}
									</td>
									<td className="py-2 pr-3">{agentBookingStatusLabels[booking.status] ?? booking.status}</td>
									<td className="py-2 pr-3">{booking.creditState ? (agentCreditLabels[booking.creditState] ?? booking.creditState) : '—'}</td>
									<td className="py-2 pr-3">{booking.components ? `${booking.confirmedComponents} of ${booking.components}` : '—'}</td>
									<td className="py-2 pr-3 text-right">{formatINR(booking.net)}</td>
									<td className="py-2 pr-3 text-right">{formatINR(booking.markup)}</td>
								</tr>
							))}
						</tbody>
					</table>
				</ScrollRegion>
			) : (
				<p className="text-slate-700">No bookings yet. Price a trip to book one on your credit.</p>
			)}
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
