import { Download } from 'lucide-react'
import { Form } from 'react-router'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import { ScrollRegion } from '~/components/ui/scroll-region.tsx'
import { TableHead } from '~/components/ui/table-head.tsx'
import { ledgerLabels } from '~/features/agents/domain/credit.ts'
import { requireAgentUser } from '~/features/agents/server/agent-auth.server.ts'
import { agentStatement, statementRangeOf } from '~/features/agents/server/agent-credit.server.ts'
import { formatTravelDate } from '~/lib/dates.ts'
import { formatINR } from '~/lib/money.ts'
import { db } from '~/server/db/index.server.ts'
import type { Route } from './+types/statement'

/** The agency's statement of account (its own only): opening, bookings, payments, commission and markup earned, closing (docs/decisions/224-agent-credit-accounting-and-atomicity.md). */
export async function loader({ request }: Route.LoaderArgs) {
	const { agency } = await requireAgentUser(request)
	const range = statementRangeOf(new URL(request.url))
	const { statement, credit } = await agentStatement(db(), agency.id, range)
	return { statement, credit, range }
}

export const meta: Route.MetaFunction = () => [{ title: 'Statement of account | Agent area' }, { name: 'robots', content: 'noindex' }]

export default function AgentStatement({ loaderData }: Route.ComponentProps) {
	const { statement, credit, range } = loaderData
	const figures = [
		['Opening balance', statement.opening],
		['Bookings on credit', statement.bookings],
		['Payments and top-ups', statement.payments],
		['Credit released', statement.releases],
		['Commission earned', statement.commission],
		['Markup earned', statement.markup],
		['Closing balance', statement.closing],
		['Credit in use now', credit.creditUsed],
		['Available credit now', credit.available],
	] as const
	return (
		<main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
			<h1 className="text-2xl font-semibold">Statement of account</h1>
			<Form method="get" className="flex flex-wrap items-end gap-3">
				<label className="block text-sm font-medium text-slate-800">
					From
					<input type="date" name="from" defaultValue={range.from} className="mt-1 block rounded-md border border-slate-400 px-2 py-2 text-sm" />
				</label>
				<label className="block text-sm font-medium text-slate-800">
					Until
					<input type="date" name="to" defaultValue={range.to} className="mt-1 block rounded-md border border-slate-400 px-2 py-2 text-sm" />
				</label>
				<Button type="submit" variant="outline">
					Show
				</Button>
				<a href={`/agent/statement.csv?from=${range.from}&to=${range.to}`} className={buttonClass('ghost')} download>
					<Download aria-hidden="true" className="size-4" /> CSV
				</a>
				<a href={`/agent/statement.pdf?from=${range.from}&to=${range.to}`} className={buttonClass('ghost')} download>
					<Download aria-hidden="true" className="size-4" /> PDF
				</a>
			</Form>
			<dl className="grid gap-3 sm:grid-cols-3">
				{figures.map(([label, value]) => (
					<div key={label} className="rounded-lg bg-slate-50 p-3">
						<dt className="text-sm text-slate-700">{label}</dt>
						<dd className="text-xl font-semibold" data-testid={label.toLowerCase().replace(/\s+/g, '-')}>
							{formatINR(value)}
						</dd>
					</div>
				))}
			</dl>
			{statement.lines.length ? (
				<ScrollRegion label="Statement entries">
					<table className="w-full border-collapse text-left text-sm">
						<TableHead
							rowClassName="border-b border-slate-300"
							cellClassName="py-2 pr-3"
							columns={[
								'Date',
								'Entry',
								'Booking',
								{ label: 'Debit', className: 'text-right' },
								{ label: 'Credit', className: 'text-right' },
								{ label: 'Balance', className: 'text-right' },
							]}
						/>
						<tbody>
							{statement.lines.map((line, index) => (
								<tr key={index} className="border-b border-slate-100">
									<td className="py-2 pr-3">{formatTravelDate(line.day)}</td>
									<td className="py-2 pr-3">
										{ledgerLabels[line.kind]}
										{line.note ? `: ${line.note}` : ''}
									</td>
									<td className="py-2 pr-3 font-mono">{line.bookingReference ?? ''}</td>
									<td className="py-2 pr-3 text-right">{line.debit ? formatINR(line.debit) : ''}</td>
									<td className="py-2 pr-3 text-right">{line.credit ? formatINR(line.credit) : ''}</td>
									<td className="py-2 pr-3 text-right">{formatINR(line.balance)}</td>
								</tr>
							))}
						</tbody>
					</table>
				</ScrollRegion>
			) : (
				<p className="text-slate-700">Nothing in these dates.</p>
			)}
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
