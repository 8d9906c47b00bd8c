import { Link } from 'react-router'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { TableHead } from '~/components/ui/table-head.tsx'
import { agentBookingStatusLabels, agentCreditLabels } from '~/features/agents/components/agent-booking-labels.ts'
import { requireAgentUser } from '~/features/agents/server/agent-auth.server.ts'
import { getAgencyBooking } from '~/features/agents/server/agent-documents.server.ts'
import { supplierStatusLabels, type SupplierStatus } from '~/features/bookings/domain/components.ts'
import { documentKindLabels } from '~/features/invoices/domain/invoice.ts'
import { formatTravelDate } from '~/lib/dates.ts'
import { foundOr404 } from '~/lib/errors.ts'
import { formatINR, formatINRExact } from '~/lib/money.ts'
import { plural } from '~/lib/words.ts'
import { db } from '~/server/db/index.server.ts'
import type { Route } from './+types/booking'

const noBooking = 'You have no booking with this id. Open it from your bookings.'

/**
 * One of the agency's bookings (docs/decisions/232-agent-documents-and-b2b-invoices.md): status, credit, each
 * part's supplier confirmation, the client, the net, markup and client price, the branded voucher and the tax
 * invoices billed to the agency. Read through the signed-in agency only: another agency's id is a 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
	const { agency } = await requireAgentUser(request)
	return { booking: await foundOr404(getAgencyBooking(db(), agency.id, params.id), noBooking) }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: loaderData ? `Booking ${loaderData.booking.reference} | Agent area` : 'Booking | Agent area' },
	{ name: 'robots', content: 'noindex' },
]

export default function AgentBooking({ loaderData }: Route.ComponentProps) {
	const { booking } = loaderData
	return (
		<main id="main" className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
			<p>
				<Link to="/agent/bookings">← Your bookings</Link>
			</p>
			<div>
				<h1 className="text-2xl font-semibold">
					Booking <span className="font-mono">{booking.reference}</span>
				</h1>
				<p className="mt-1 text-slate-700">
					{booking.title} · {formatTravelDate(booking.startDate)} · {plural(booking.nights, 'night')} · {plural(booking.adults, 'adult')}
				</p>
			</div>
			<dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
				<div>
					<dt className="text-sm text-slate-600">Client</dt>
					<dd data-testid="booking-client">{booking.clientName}</dd>
				</div>
				<div>
					<dt className="text-sm text-slate-600">Status</dt>
					<dd data-testid="booking-status">{agentBookingStatusLabels[booking.status] ?? booking.status}</dd>
				</div>
				<div>
					<dt className="text-sm text-slate-600">Credit</dt>
					<dd>{booking.creditState ? (agentCreditLabels[booking.creditState] ?? booking.creditState) : '—'}</dd>
				</div>
				<div>
					<dt className="text-sm text-slate-600">Your net · your markup · your client’s price</dt>
					<dd>
						<span data-testid="booking-net">{formatINR(booking.net)}</span> · {formatINR(booking.markup)} ·{' '}
						<strong data-testid="booking-client-price">{formatINR(booking.client)}</strong>
					</dd>
				</div>
			</dl>

			<section aria-labelledby="suppliers-heading" className="space-y-2">
				<h2 id="suppliers-heading" className="text-lg font-semibold">
					Supplier confirmations
				</h2>
				{booking.components.length ? (
					<table className="w-full border-collapse text-left text-sm">
						<TableHead rowClassName="border-b border-slate-300" cellClassName="py-2 pr-3" columns={['Part of the trip', 'Date', 'Supplier', 'Confirmation']} />
						<tbody>
							{booking.components.map((component) => (
								<tr key={component.id} className="border-b border-slate-100">
									<td className="py-2 pr-3">{component.description}</td>
									<td className="py-2 pr-3">{component.date ? formatTravelDate(component.date) : '—'}</td>
									<td className="py-2 pr-3">{supplierStatusLabels[component.supplierStatus as SupplierStatus] ?? component.supplierStatus}</td>
									<td className="py-2 pr-3 font-mono">{component.confirmationNumber ?? '—'}</td>
								</tr>
							))}
						</tbody>
					</table>
				) : (
					<p className="text-sm text-slate-700">We are arranging the parts of this trip with our suppliers.</p>
				)}
			</section>

			<section aria-labelledby="voucher-heading" className="space-y-2">
				<h2 id="voucher-heading" className="text-lg font-semibold">
					Voucher
				</h2>
				{booking.voucher ? (
					<p className="flex flex-wrap gap-4">
						<a href={`/voucher/${booking.voucher.id}`}>Open the voucher (version {booking.voucher.version}) under your brand</a>
						<a href={`/agent/bookings/${booking.id}/voucher.pdf`} download>
							Download the voucher PDF
						</a>
					</p>
				) : (
					<p className="text-sm text-slate-700">No voucher yet: we issue it under your brand once every supplier has confirmed.</p>
				)}
			</section>

			<section aria-labelledby="invoices-heading" className="space-y-2">
				<h2 id="invoices-heading" className="text-lg font-semibold">
					Tax invoices
				</h2>
				{booking.invoices.length ? (
					<ul className="space-y-1">
						{booking.invoices.map((invoice) => (
							<li key={invoice.id} className="flex flex-wrap gap-x-4">
								<span>
									{documentKindLabels[invoice.kind]} <span className="font-mono">{invoice.number}</span> · {formatTravelDate(invoice.issueDate)} ·{' '}
									{formatINRExact(invoice.total)}
								</span>
								<a href={`/invoice/${invoice.id}`}>
									Open<span className="sr-only"> {invoice.number}</span>
								</a>
								<a href={`/agent/invoices/${invoice.id}/pdf`} download>
									PDF<span className="sr-only"> of {invoice.number}</span>
								</a>
							</li>
						))}
					</ul>
				) : (
					<p className="text-sm text-slate-700">No tax invoice yet: we issue it to your agency, with your GSTIN, once the booking is confirmed.</p>
				)}
			</section>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
