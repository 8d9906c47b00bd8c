import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { DueTable } from '~/features/suppliers/components/due-table.tsx'
import { payablesDue } from '~/features/suppliers/server/payables.server.ts'
import { todayInIndia } from '~/lib/dates.ts'
import { formatINR } from '~/lib/money.ts'
import { plural } from '~/lib/words.ts'
import { db } from '~/server/db/index.server.ts'
import type { Route } from './+types/payables'

/** What we owe suppliers, soonest due first (docs/decisions/197-supplier-payables.md). */
export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request)
	const today = todayInIndia()
	return { ...(await payablesDue(db(), today)), today }
}

export const meta: Route.MetaFunction = () => [{ title: 'Supplier payments due | Andaman Isles Travel admin' }, { name: 'robots', content: 'noindex' }]

export default function Payables({ loaderData }: Route.ComponentProps) {
	const { items, total, overdue, warnings, today } = loaderData
	return (
		<main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
			<div>
				<h1 className="text-2xl font-semibold text-slate-900">Supplier payments due</h1>
				<p className="mt-1 text-slate-700">
					Each instalment our suppliers’ terms make of what we owe them (their invoice where entered, else the planned cost), less what we paid, soonest first.
					Record a payment on the supplier’s page.
				</p>
			</div>
			<p aria-live="polite" data-testid="due-summary">
				{items.length ? `${formatINR(total)} owed in ${plural(items.length, 'instalment')}` : 'Nothing is owed to suppliers.'}
				{overdue ? `, ${overdue} overdue` : ''}
				{warnings ? `; ${plural(warnings, 'instalment')} due before the traveller has paid us` : ''}.
			</p>
			<DueTable items={items} today={today} label="Supplier payments due" />
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
