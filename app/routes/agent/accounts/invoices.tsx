import { Link } from 'react-router'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { ScrollRegion } from '~/components/ui/scroll-region.tsx'
import { TableHead } from '~/components/ui/table-head.tsx'
import { requireAgentUser } from '~/features/agents/server/agent-auth.server.ts'
import { listAgencyInvoices } from '~/features/agents/server/agent-documents.server.ts'
import { documentKindLabels } from '~/features/invoices/domain/invoice.ts'
import { formatTravelDate } from '~/lib/dates.ts'
import { formatINRExact } from '~/lib/money.ts'
import { db } from '~/server/db/index.server.ts'
import type { Route } from './+types/invoices'

/** The agency's tax invoices and credit notes (docs/decisions/232): billed to the agency with its GSTIN, at its net. Its own only. */
export async function loader({ request }: Route.LoaderArgs) {
	const { agency } = await requireAgentUser(request)
	return { invoices: await listAgencyInvoices(db(), agency.id), gstin: agency.gstin }
}

export const meta: Route.MetaFunction = () => [{ title: 'Tax invoices | Agent area' }, { name: 'robots', content: 'noindex' }]

export default function AgentInvoices({ loaderData }: Route.ComponentProps) {
	const { invoices, gstin } = loaderData
	return (
		<main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
			<h1 className="text-2xl font-semibold">Your tax invoices</h1>
			<p className="text-slate-700">
				We bill your agency at your net price{gstin ? `, with your GSTIN ${gstin}` : ''}. To change your GSTIN or billing address, ask us.
			</p>
			{invoices.length ? (
				<ScrollRegion label="Your tax invoices">
					<table className="w-full border-collapse text-left text-sm">
						<TableHead
							rowClassName="border-b border-slate-300"
							cellClassName="py-2 pr-3"
							columns={['Document', 'Date', 'Booking', 'Client', 'Billed to', { label: 'Amount', className: 'text-right' }, 'Files']}
						/>
						<tbody>
							{invoices.map((invoice) => (
								<tr key={invoice.id} className="border-b border-slate-100">
									<td className="py-2 pr-3">
										{documentKindLabels[invoice.kind as keyof typeof documentKindLabels] ?? invoice.kind} <span className="font-mono">{invoice.number}</span>
									</td>
									<td className="py-2 pr-3">{formatTravelDate(invoice.issueDate)}</td>
									<td className="py-2 pr-3 font-mono">
										<Link to={`/agent/bookings/${invoice.bookingId}`}>{invoice.reference}</Link>
									</td>
									<td className="py-2 pr-3">{invoice.clientName}</td>
									<td className="py-2 pr-3">
										{invoice.buyerName}
										{invoice.buyerGstin ? <span className="block font-mono text-xs">GSTIN {invoice.buyerGstin}</span> : null}
									</td>
									<td className="py-2 pr-3 text-right">{formatINRExact(invoice.total)}</td>
									<td className="py-2 pr-3">
										<a href={`/invoice/${invoice.id}`}>
											Open<span className="sr-only"> {invoice.number}</span>
										</a>{' '}
										·{' '}
										<a href={`/agent/invoices/${invoice.id}/pdf`} download>
											PDF<span className="sr-only"> of {invoice.number}</span>
										</a>
									</td>
								</tr>
							))}
						</tbody>
					</table>
				</ScrollRegion>
			) : (
				<p className="text-slate-700">No tax invoice yet: we issue one for each booking once it is confirmed.</p>
			)}
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
