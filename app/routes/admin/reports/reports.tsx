import { Download } from 'lucide-react'
import { data, Form, Link } from 'react-router'
import { FilterDate, FilterSelect } from '~/components/admin/list-filters.tsx'
import { FormError } from '~/components/admin/panel.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { ReportCharts } from '~/features/reports/components/report-charts.tsx'
import { Button } from '~/components/ui/button.tsx'
import { leadSources, sourceLabels } from '~/features/leads/domain/lead.ts'
import { type ColumnKind, type ReportCell, parseReportFilters, reportQuery, type ReportTable } from '~/features/reports/domain/reports.ts'
import { todayInIndia } from '~/lib/dates.ts'
import { islandLabel, islandSlugs } from '~/lib/islands.ts'
import { formatINR } from '~/lib/money.ts'
import { agentOptions } from '~/features/agents/server/agents.server.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { loadReports } from '~/features/reports/server/reports.server.ts'
import type { Route } from './+types/reports'

/** /admin/reports: staff see counts; money figures are computed and sent only for owners. */
export async function loader({ request }: Route.LoaderArgs) {
	const { user } = await requireStaff(request)
	const search = new URL(request.url).searchParams
	const money = user.role === 'owner'
	const agents = await agentOptions(db(), search.get('agent'))
	const parsed = parseReportFilters(search, todayInIndia())
	if (!parsed.ok) {
		const values = Object.fromEntries(['from', 'to', 'island', 'agent', 'source'].map((name) => [name, (search.get(name) ?? '').slice(0, 40)]))
		return data({ problem: parsed.message, values, money, agents, reports: null, query: '' }, { status: 400 })
	}
	const { filters } = parsed
	const reports = await loadReports(db(), filters, { money })
	return {
		problem: null,
		values: { from: filters.from, to: filters.to, island: filters.island ?? '', agent: filters.agent ?? '', source: filters.source ?? '' },
		money,
		agents,
		reports,
		query: reportQuery(filters),
	}
}

export const meta: Route.MetaFunction = () => [{ title: 'Reports | Andaman Isles Travel admin' }, { name: 'robots', content: 'noindex' }]

function cellText(kind: ColumnKind, value: ReportCell): string {
	if (value === null) return '—'
	if (typeof value === 'string') return value
	switch (kind) {
		case 'money':
			return formatINR(value)
		case 'percent':
			return `${value}%`
		case 'days':
			return `${value} ${value === 1 ? 'day' : 'days'}`
		default:
			return value.toLocaleString('en-IN')
	}
}

function ReportTableView({ table, query }: { table: ReportTable; query: string }) {
	const headingId = `report-${table.id}`
	return (
		<section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
			<div className="flex flex-wrap items-start justify-between gap-3">
				<div>
					<h2 id={headingId} className="text-lg font-semibold">
						{table.title}
					</h2>
					<p className="mt-1 max-w-3xl text-sm text-slate-700">{table.description}</p>
				</div>
				<a
					href={`/admin/reports/${table.id}/csv?${query}`}
					download
					aria-label={`Download CSV: ${table.title}`}
					className="inline-flex items-center gap-1.5 rounded-md border border-slate-400 px-3 py-1.5 text-sm font-medium text-slate-900 no-underline hover:bg-slate-50"
				>
					<Download aria-hidden="true" className="size-4" />
					Download CSV
				</a>
			</div>
			{table.rows.length === 0 ? (
				<p className="mt-3 text-sm text-slate-700">Nothing in this period.</p>
			) : (
				// A wide table scrolls sideways on a phone: focusable so the keyboard can scroll it too.
				<div
					className="mt-3 overflow-x-auto focus-visible:outline-2 focus-visible:outline-primary-600"
					// eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
					tabIndex={0}
					role="region"
					aria-label={`${table.title}: the table`}
				>
					<table className="w-full text-sm">
						<thead>
							<tr className="border-b border-slate-300">
								{table.columns.map((column, i) => (
									<th key={i} scope="col" className={column.kind === 'text' ? 'py-1.5 pr-3 text-left font-semibold' : 'py-1.5 pl-3 text-right font-semibold'}>
										{column.kind === 'percent' && !/%|rate/i.test(column.label) ? `${column.label} %` : column.label}
									</th>
								))}
							</tr>
						</thead>
						<tbody>
							{table.rows.map((row, r) => (
								<tr key={r} className="border-b border-slate-100">
									{table.columns.map((column, i) =>
										i === 0 ? (
											<th key={i} scope="row" className="whitespace-nowrap py-1.5 pr-3 text-left font-normal">
												{cellText(column.kind, row[i] ?? null)}
											</th>
										) : (
											<td key={i} className="py-1.5 pl-3 text-right tabular-nums">
												{cellText(column.kind, row[i] ?? null)}
											</td>
										),
									)}
								</tr>
							))}
						</tbody>
						{table.totals ? (
							<tfoot>
								<tr className="font-semibold">
									{table.columns.map((column, i) =>
										i === 0 ? (
											<th key={i} scope="row" className="py-1.5 pr-3 text-left">
												{cellText(column.kind, table.totals![i] ?? null)}
											</th>
										) : (
											<td key={i} className="py-1.5 pl-3 text-right tabular-nums">
												{cellText(column.kind, table.totals![i] ?? null)}
											</td>
										),
									)}
								</tr>
							</tfoot>
						) : null}
					</table>
				</div>
			)}
		</section>
	)
}

export default function Reports({ loaderData }: Route.ComponentProps) {
	const { problem, values, money, agents, reports, query } = loaderData
	return (
		<main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
			<div>
				<h1 className="text-2xl font-semibold text-slate-900">Reports</h1>
				<p className="mt-1 text-slate-700">
					Bookings, leads, cancellations and arrivals for a period. Dates are when the booking or lead was made, in India time.
					{money ? ' Money figures are shown to owners only.' : ' Money figures are shown to owners only; ask an owner for revenue and margin.'}
				</p>
			</div>

			<Form
				method="get"
				aria-label="Report filters"
				className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-3 lg:grid-cols-6 lg:items-end"
			>
				<FilterDate label="From" name="from" value={values.from} />
				<FilterDate label="To" name="to" value={values.to} />
				<FilterSelect
					label="Island"
					name="island"
					value={values.island}
					options={[{ value: '', label: 'All islands' }, ...islandSlugs.map((slug) => ({ value: slug, label: islandLabel(slug) }))]}
				/>
				<FilterSelect label="Agent" name="agent" value={values.agent} options={[{ value: '', label: 'All' }, ...agents]} />
				<FilterSelect
					label="Lead source"
					name="source"
					value={values.source}
					options={[{ value: '', label: 'All sources' }, ...leadSources.map((source) => ({ value: source, label: sourceLabels[source] }))]}
				/>
				<div className="flex items-center gap-3">
					<Button type="submit">Show</Button>
					<Link to="/admin/reports" className="text-sm underline">
						Reset
					</Link>
				</div>
			</Form>

			<FormError error={problem} />

			{reports ? (
				<>
					<section aria-labelledby="charts-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
						<h2 id="charts-heading" className="sr-only">
							Charts
						</h2>
						<ReportCharts charts={reports.charts} money={money} />
					</section>
					{reports.tables.map((table) => (
						<ReportTableView key={table.id} table={table} query={query} />
					))}
				</>
			) : null}
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
