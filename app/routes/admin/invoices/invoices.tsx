import { Form, Link } from 'react-router'
import { TableHead } from '~/components/ui/table-head.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field } from '~/components/ui/field.tsx'
import { gstr1SectionLabels, gstr1Sections, sectionOf } from '~/features/invoices/domain/gstr1.ts'
import { documentKindLabels } from '~/features/invoices/domain/invoice.ts'
import { monthOf, periodSchema } from '~/features/invoices/domain/period.ts'
import { formatTravelDate, todayInIndia } from '~/lib/dates.ts'
import { formatINRExact } from '~/lib/money.ts'
import { requireOwner } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { documentsInPeriod } from '~/features/invoices/server/invoices.server.ts'
import type { Route } from './+types/invoices'

/** Owners: the invoices and credit notes of a period, their totals, and the accountant's CSV exports. */
export async function loader({ request }: Route.LoaderArgs) {
	await requireOwner(request)
	const search = new URL(request.url).searchParams
	const month = monthOf(todayInIndia())
	const parsed = periodSchema.safeParse({ from: search.get('from') || month.from, to: search.get('to') || month.to })
	if (!parsed.success) throw new Response(parsed.error.issues[0]!.message, { status: 400, statusText: 'Bad Request' })
	const { from, to } = parsed.data
	const documents = await documentsInPeriod(db(), { from, to })
	const net = (pick: (d: (typeof documents)[number]) => number) => documents.reduce((sum, d) => sum + (d.kind === 'credit-note' ? -pick(d) : pick(d)), 0)
	return {
		from,
		to,
		documents: documents.map((d) => ({ ...d, section: sectionOf(d) })),
		totals: { taxable: net((d) => d.taxable), tax: net((d) => d.cgst + d.sgst + d.utgst + d.igst), total: net((d) => d.total) },
	}
}

export const meta: Route.MetaFunction = () => [{ title: 'Invoices | Andaman Isles Travel admin' }, { name: 'robots', content: 'noindex' }]

export default function Invoices({ loaderData }: Route.ComponentProps) {
	const { from, to, documents, totals } = loaderData
	const query = `from=${from}&to=${to}`
	return (
		<main id="main" className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6">
			<div>
				<h1 className="text-2xl font-semibold text-slate-900">Invoices and credit notes</h1>
				<p className="mt-1 text-slate-700">Issued from each booking’s page. Nothing here can be edited: a mistake is corrected with a credit note.</p>
			</div>
			<Form method="get" className="flex flex-wrap items-end gap-3">
				<Field label="From" name="from" type="date" defaultValue={from} />
				<Field label="To (included)" name="to" type="date" defaultValue={to} />
				<Button type="submit" variant="outline">
					Show
				</Button>
			</Form>
			<section aria-labelledby="exports-heading" className="rounded-lg border border-slate-200 p-4">
				<h2 id="exports-heading" className="text-lg font-semibold">
					For the accountant ({formatTravelDate(from)} to {formatTravelDate(to)})
				</h2>
				<ul className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
					{gstr1Sections.map((section) => (
						<li key={section}>
							<a href={`/admin/invoices/export.csv?${query}&section=${section}`} download>
								{gstr1SectionLabels[section]} (CSV)
							</a>
						</li>
					))}
				</ul>
			</section>
			<section aria-labelledby="list-heading">
				<h2 id="list-heading" className="text-lg font-semibold">
					{documents.length} documents · taxable {formatINRExact(totals.taxable)} · GST {formatINRExact(totals.tax)} · total {formatINRExact(totals.total)}
				</h2>
				<div className="mt-2 overflow-x-auto">
					<table className="w-full text-left text-sm">
						<TableHead
							rowClassName="border-b border-slate-300"
							cellClassName="py-1 pr-3"
							columns={['Date', 'Number', 'Booking', 'Customer', 'GSTR-1', { label: 'Total', className: 'pr-0 text-right' }]}
						/>
						<tbody>
							{documents.map((d) => (
								<tr key={d.id} className="border-b border-slate-100">
									<td className="py-1 pr-3 whitespace-nowrap">{formatTravelDate(d.issueDate)}</td>
									<td className="py-1 pr-3">
										<a href={`/invoice/${d.id}`} className="font-mono">
											{d.number}
										</a>
										<span className="block text-xs text-slate-700">
											{documentKindLabels[d.kind]}
											{d.against ? ` against ${d.against.number}` : ''}
										</span>
									</td>
									<td className="py-1 pr-3">
										<Link to={`/admin/pending/${d.bookingId}`}>{d.bookingReference}</Link>
									</td>
									<td className="py-1 pr-3">
										{d.buyerName}
										{d.buyerGstin ? <span className="block font-mono text-xs">{d.buyerGstin}</span> : null}
									</td>
									<td className="py-1 pr-3 uppercase">{d.section}</td>
									<td className="py-1 text-right whitespace-nowrap">{formatINRExact(d.kind === 'credit-note' ? -d.total : d.total)}</td>
								</tr>
							))}
						</tbody>
					</table>
				</div>
				{documents.length === 0 ? <p className="mt-2 text-slate-700">Nothing issued in this period.</p> : null}
			</section>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
