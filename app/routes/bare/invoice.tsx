import { Printer } from 'lucide-react'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { PdfLink } from '~/components/pdf-link.tsx'
import { buttonClass } from '~/components/ui/button.tsx'
import { TableHead } from '~/components/ui/table-head.tsx'
import { documentKindLabels } from '~/features/invoices/domain/invoice.ts'
import { documentFacts, partyLines, taxLines } from '~/features/invoices/domain/lines.ts'
import { isId } from '~/lib/ids.ts'
import { db } from '~/server/db/index.server.ts'
import { getTaxDocument } from '~/features/invoices/server/invoices.server.ts'
import type { Route } from './+types/invoice'

/** The link is the traveller's secret, like a voucher's: never indexed, never in a shared cache (docs/decisions/115-gst-tax-invoices.md). */
export const headers: Route.HeadersFunction = () => ({ 'X-Robots-Tag': 'noindex, nofollow', 'Cache-Control': 'private, no-store' })

export async function loader({ params }: Route.LoaderArgs) {
	const found = isId(params.id) ? await getTaxDocument(db(), params.id) : null
	if (!found) throw new Response('No invoice has this address. Check the link in your email.', { status: 404, statusText: 'Page Not Found' })
	return found
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: loaderData ? `${documentKindLabels[loaderData.snapshot.kind]} ${loaderData.snapshot.number} | ${loaderData.snapshot.supplier.name}` : 'Invoice' },
	{ name: 'robots', content: 'noindex, nofollow' },
]

export default function InvoicePage({ loaderData }: Route.ComponentProps) {
	const { document, snapshot: s } = loaderData
	return (
		<main id="main" className="mx-auto max-w-3xl space-y-6 px-4 py-8 text-slate-900 print:max-w-none print:p-0">
			<header className="flex flex-wrap items-start justify-between gap-4">
				<div>
					<h1 className="text-2xl font-bold text-primary-800 uppercase">{documentKindLabels[s.kind]}</h1>
					<p className="mt-2 font-semibold">{s.supplier.name}</p>
					{partyLines(s.supplier)
						.slice(1)
						.map((line) => (
							<p key={line} className="text-sm whitespace-pre-line">
								{line}
							</p>
						))}
					<p className="text-sm text-slate-700">
						Phone {s.supplier.phone} · {s.supplier.email}
					</p>
				</div>
				<div className="no-print flex flex-wrap gap-3">
					<PdfLink href={`/invoice/${document.id}/pdf`} filename={`${s.number.replace(/[^A-Za-z0-9-]/g, '-')}.pdf`} />
					<button type="button" className={buttonClass('outline')} onClick={() => window.print()}>
						<Printer aria-hidden="true" className="size-4" /> Print
					</button>
				</div>
			</header>

			<dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
				{documentFacts(s).map(([label, value]) => (
					<div key={label} className="contents">
						<dt className="font-semibold">{label}</dt>
						<dd>{value}</dd>
					</div>
				))}
			</dl>

			<section aria-labelledby="buyer-heading">
				<h2 id="buyer-heading" className="font-semibold text-primary-800">
					{s.kind === 'invoice' ? 'Billed to' : 'Issued to'}
				</h2>
				{partyLines(s.buyer).map((line) => (
					<p key={line} className="text-sm whitespace-pre-line">
						{line}
					</p>
				))}
			</section>

			<section aria-labelledby="supply-heading">
				<h2 id="supply-heading" className="font-semibold text-primary-800">
					Description
				</h2>
				<table className="mt-2 w-full text-left text-sm">
					<caption className="sr-only">What this {s.kind === 'invoice' ? 'invoice charges' : 'credit note reduces'}, with the tax</caption>
					<TableHead
						rowClassName="border-b border-slate-300"
						cellClassName="py-1"
						columns={[
							{ label: 'Service', className: 'pr-2' },
							{ label: 'SAC', className: 'pr-2' },
							{ label: 'Amount', className: 'text-right' },
						]}
					/>
					<tbody>
						<tr className="border-b border-slate-200 align-top">
							<td className="py-1 pr-2">{s.description}</td>
							<td className="py-1 pr-2 font-mono">{s.sac}</td>
							<td className="py-1 text-right whitespace-nowrap">{taxLines(s)[0]!.amount}</td>
						</tr>
						{taxLines(s)
							.slice(1)
							.map((line) => (
								<tr key={line.label} className={line.strong ? 'border-t border-slate-400 font-semibold' : ''}>
									<th scope="row" colSpan={2} className="py-1 pr-2 text-right font-normal">
										{line.strong ? <strong>{line.label}</strong> : line.label}
									</th>
									<td className="py-1 text-right whitespace-nowrap">{line.amount}</td>
								</tr>
							))}
					</tbody>
				</table>
				<p className="mt-3 text-sm">
					<strong>Amount in words:</strong> {s.totalInWords}
				</p>
				{s.reason ? <p className="mt-1 text-sm">Reason: {s.reason}</p> : null}
			</section>

			<footer className="space-y-1 border-t border-slate-300 pt-3 text-xs text-slate-700">
				{s.declaration ? <p>{s.declaration}</p> : null}
				<p>Tax is not payable on reverse charge. This is a computer-generated document and needs no signature.</p>
			</footer>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
