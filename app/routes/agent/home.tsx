import { Link } from 'react-router'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { agentSectionsFor } from '~/features/agents/components/agent-nav.tsx'
import { requireAgentUser } from '~/features/agents/server/agent-auth.server.ts'
import { agencyCredit, listAgencyBookings } from '~/features/agents/server/agent-portal.server.ts'
import { listAgencyQuotes } from '~/features/agents/server/agent-quotes.server.ts'
import { formatINR } from '~/lib/money.ts'
import { db } from '~/server/db/index.server.ts'
import type { Route } from './+types/home'

/** The agent area's home (ADR 221): the agency at a glance (what it can book on credit, what waits for us, its open quotes) and the way to each section. */
export async function loader({ request }: Route.LoaderArgs) {
	const { user, agency } = await requireAgentUser(request)
	const [credit, bookings, quotes] = await Promise.all([
		agencyCredit(db(), agency.id),
		listAgencyBookings(db(), agency.id),
		listAgencyQuotes(db(), agency.id, new Date()),
	])
	return {
		name: user.displayName ?? user.email,
		role: user.role,
		agency: { company: agency.company, city: agency.city },
		glance: {
			available: credit.available,
			waiting: bookings.filter((booking) => booking.creditState === 'awaiting_approval').length,
			openQuotes: quotes.filter((quote) => quote.status === 'held').length,
		},
	}
}

export const meta: Route.MetaFunction = () => [{ title: 'Agent area | Andaman Isles Travel' }, { name: 'robots', content: 'noindex' }]

export default function AgentHome({ loaderData }: Route.ComponentProps) {
	const { name, role, agency, glance } = loaderData
	const figures = [
		{ label: 'Available credit', value: formatINR(glance.available), to: '/agent/statement' },
		{ label: 'Bookings waiting for our confirmation', value: String(glance.waiting), to: '/agent/bookings' },
		{ label: 'Open quotes', value: String(glance.openQuotes), to: '/agent/quotes' },
	]
	const sections = agentSectionsFor(role).filter((section) => section.to !== '/agent')
	return (
		<main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
			<div>
				<h1 className="text-2xl font-semibold">Welcome, {name}</h1>
				<p className="mt-1 text-slate-700">
					{agency.company}
					{agency.city ? ` · ${agency.city}` : ''}
				</p>
			</div>
			<ul className="grid gap-3 sm:grid-cols-3" aria-label="Your agency at a glance">
				{figures.map(({ label, value, to }) => (
					<li key={label}>
						<Link to={to} className="block h-full rounded-xl border border-slate-200 bg-white p-4 no-underline shadow-sm hover:border-primary-300">
							<span className="block text-sm text-slate-700">{label}</span>
							<span className="block text-xl font-semibold text-slate-900">{value}</span>
						</Link>
					</li>
				))}
			</ul>
			<ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
				{sections.map(({ to, label, description, Icon }) => (
					<li key={to}>
						<Link to={to} className="flex h-full gap-3 rounded-xl border border-slate-200 bg-white p-5 no-underline shadow-sm hover:border-primary-300">
							<Icon aria-hidden="true" className="size-5 shrink-0 text-primary-700" />
							<span>
								<span className="block font-semibold text-slate-900">{label}</span>
								<span className="block text-sm text-slate-700">{description}</span>
							</span>
						</Link>
					</li>
				))}
			</ul>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
