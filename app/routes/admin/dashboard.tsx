import { UserPlus } from 'lucide-react'
import { Link } from 'react-router'
import { sectionsFor } from '~/components/admin-nav.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { ReportCharts } from '~/features/reports/components/report-charts.tsx'
import { reportQuery } from '~/features/reports/domain/reports.ts'
import { formatTimestamp, formatTravelDate } from '~/lib/dates.ts'
import { formatINR } from '~/lib/money.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { dashboardFigures } from '~/features/reports/server/dashboard.server.ts'
import { type WorkQueue, workQueues } from '~/features/reports/server/work-queues.server.ts'
import { db } from '~/server/db/index.server.ts'
import { countPendingUsers, recentActivity } from '~/features/identity/server/accounts.server.ts'
import { dashboardCharts } from '~/features/reports/server/reports.server.ts'
import type { Route } from './+types/dashboard'

export async function loader({ request }: Route.LoaderArgs) {
	const { user } = await requireStaff(request)
	const money = user.role === 'owner'
	const [pendingAccounts, activity, figures, charts, queues] = await Promise.all([
		money ? countPendingUsers(db()) : Promise.resolve(null),
		recentActivity(db(), user.id, 10),
		dashboardFigures(db()),
		dashboardCharts(db(), { money }),
		workQueues(db()),
	])
	return {
		name: user.displayName ?? user.email,
		role: user.role,
		pendingAccounts,
		activity,
		figures,
		money,
		charts: charts.charts,
		reportsQuery: reportQuery(charts.filters),
		queues,
	}
}

export const meta: Route.MetaFunction = () => [{ title: 'Dashboard | Andaman Isles Travel admin' }, { name: 'robots', content: 'noindex' }]

/** Audit actions in words. */
const actionWords: Record<string, string> = {
	'user.sign-in': 'Signed in',
	'user.sign-up': 'Created your account',
	'user.update': 'Updated a profile',
	'user.update-with-password': 'Changed a password',
	'user.approve': 'Approved an account',
	'user.change-role': 'Changed a role',
	'user.disable': 'Disabled an account',
	'user.enable': 'Enabled an account',
	'user.sign-out-everywhere': 'Signed someone out everywhere',
	'user.delete': 'Deleted an account',
	'user.create-owner': 'Created an owner',
	'user.promote-owner': 'Made someone an owner',
	'user.create': 'Created an account',
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
	const { name, role, pendingAccounts, activity, figures, money, charts, reportsQuery, queues } = loaderData
	const sections = sectionsFor(role).filter((section) => section.to !== '/admin')
	const cards = [
		{ label: 'Arrivals in the next 7 days', value: String(figures.arrivals), note: 'Confirmed bookings arriving', to: '/admin/pending?filter=arrivals' },
		{
			label: 'New leads today',
			value: String(figures.newLeadsToday),
			note: 'Enquiries since midnight',
			to: `/admin/leads?from=${figures.today}&to=${figures.today}`,
		},
		{ label: 'Follow-ups due', value: String(figures.followUpsDue), note: 'Today or earlier', to: '/admin/leads?followUp=due' },
		{
			label: 'Awaiting payment',
			value: String(figures.awaitingPayment.count),
			note: `${formatINR(figures.awaitingPayment.amount)} booked, advance not confirmed`,
			to: '/admin/pending?status=pending_payment',
		},
		{
			label: 'Balances overdue',
			value: String(figures.balancesOverdue.count),
			note: `${formatINR(figures.balancesOverdue.amount)} to collect`,
			to: '/admin/pending?filter=overdue',
		},
		{
			label: 'Bookings this month',
			value: String(figures.thisMonth.count),
			note: `${formatINR(figures.thisMonth.revenue)} booked value`,
			to: '/admin/pending?filter=month',
		},
	]
	return (
		<main id="main" className="mx-auto max-w-6xl space-y-8 px-4 py-8 sm:px-6">
			<div>
				<h1 className="text-2xl font-semibold text-slate-900">Welcome, {name}</h1>
				<p className="mt-1 text-slate-700">Everything the team works on, one click away.</p>
			</div>

			<section aria-labelledby="queues-heading">
				<h2 id="queues-heading" className="text-lg font-semibold">
					Work to do
				</h2>
				<p className="text-sm text-slate-700">Oldest first; each list opens the whole queue.</p>
				<div className="mt-3 grid gap-3 md:grid-cols-2 lg:grid-cols-3">
					{queues.map((queue) => (
						<QueuePanel key={queue.id} queue={queue} />
					))}
				</div>
			</section>

			<section aria-labelledby="today-heading">
				<h2 id="today-heading" className="text-lg font-semibold">
					Today
				</h2>
				<ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
					{cards.map((card) => (
						<li key={card.label}>
							<Link
								to={card.to}
								className="block h-full rounded-xl border border-slate-200 bg-white p-4 text-slate-900 no-underline shadow-sm hover:border-primary-500"
								data-testid="dashboard-card"
							>
								<span className="block text-sm font-medium text-slate-700">{card.label}</span>
								<span className="block text-3xl font-bold">{card.value}</span>
								<span className="block text-sm text-slate-700">{card.note}</span>
							</Link>
						</li>
					))}
				</ul>
			</section>

			<section aria-labelledby="charts-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
				<div className="flex flex-wrap items-baseline justify-between gap-2">
					<h2 id="charts-heading" className="text-lg font-semibold">
						The last twelve months and the weeks ahead
					</h2>
					<Link to={`/admin/reports?${reportsQuery}`} className="text-sm underline">
						All reports, filters and CSV
					</Link>
				</div>
				<div className="mt-4">
					<ReportCharts charts={charts} money={money} />
				</div>
			</section>

			{pendingAccounts !== null ? (
				<section aria-labelledby="approvals-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
					<h2 id="approvals-heading" className="flex items-center gap-2 text-lg font-semibold">
						<UserPlus aria-hidden="true" className="size-5 text-primary-700" />
						Accounts waiting for approval
					</h2>
					<p className="mt-2 text-3xl font-bold text-slate-900" data-testid="pending-accounts">
						{pendingAccounts}
					</p>
					<p className="mt-1 text-sm text-slate-700">
						{pendingAccounts === 0 ? (
							'Nobody is waiting.'
						) : (
							<Link to="/admin/team" className="underline">
								Review them in Team
							</Link>
						)}
					</p>
				</section>
			) : null}

			<section aria-labelledby="sections-heading">
				<h2 id="sections-heading" className="text-lg font-semibold">
					Sections
				</h2>
				<ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
					{sections.map(({ to, label, description, Icon }) => (
						<li key={to}>
							<Link
								to={to}
								prefetch="intent"
								className="flex h-full gap-3 rounded-xl border border-slate-200 bg-white p-4 text-slate-900 no-underline shadow-sm hover:border-primary-500"
							>
								<Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary-700" />
								<span>
									<span className="block font-semibold">{label}</span>
									<span className="block text-sm text-slate-700">{description}</span>
								</span>
							</Link>
						</li>
					))}
				</ul>
			</section>

			<section aria-labelledby="activity-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
				<h2 id="activity-heading" className="text-lg font-semibold">
					Your recent activity
				</h2>
				{activity.length === 0 ? (
					<p className="mt-2 text-sm text-slate-700">Nothing yet.</p>
				) : (
					<ol className="mt-3 divide-y divide-slate-100">
						{activity.map((entry) => (
							<li key={entry.id} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
								<span className="text-slate-900">{actionWords[entry.action] ?? entry.action}</span>
								<time dateTime={entry.at} className="text-slate-600">
									{formatTimestamp(entry.at)}
								</time>
							</li>
						))}
					</ol>
				)}
			</section>
		</main>
	)
}

/** One work queue: its count, its oldest items with where to act on each, and the whole list. */
function QueuePanel({ queue }: { queue: WorkQueue }) {
	const headingId = `queue-${queue.id}`
	return (
		<section
			aria-labelledby={headingId}
			className={`min-w-0 rounded-xl border bg-white p-4 shadow-sm ${queue.count ? 'border-amber-300' : 'border-slate-200'}`}
		>
			<h3 id={headingId} className="flex items-baseline justify-between gap-2 font-semibold">
				<span>{queue.title}</span>
				<span className={`rounded-full px-2 text-sm ${queue.count ? 'bg-amber-100 text-amber-900' : 'bg-slate-100 text-slate-700'}`} data-testid="queue-count">
					{queue.count}
				</span>
			</h3>
			{queue.items.length ? (
				<ol className="mt-2 space-y-2 text-sm">
					{queue.items.map((item) => (
						<li key={`${item.to}-${item.since}-${item.detail}`} className="break-words">
							<Link to={item.to} className="font-medium">
								{item.label}
							</Link>
							<span className="block text-slate-700">
								{item.detail}
								{item.amount !== undefined ? ` ${formatINR(item.amount)}` : ''} ·{' '}
								{item.sinceIsDate ? formatTravelDate(item.since) : `since ${formatTimestamp(item.since)}`}
							</span>
						</li>
					))}
				</ol>
			) : (
				<p className="mt-2 text-sm text-slate-700">{queue.empty}</p>
			)}
			{queue.count ? (
				<Link to={queue.to} className="mt-2 inline-block text-sm underline">
					{queue.count > queue.items.length ? `All ${queue.count}, oldest first` : 'Open the list'}
					<span className="sr-only"> of {queue.title.toLowerCase()}</span>
				</Link>
			) : null}
		</section>
	)
}

export const ErrorBoundary = RouteErrorBoundary
