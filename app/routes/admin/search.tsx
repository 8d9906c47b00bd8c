import { Form, Link } from 'react-router'
import { sectionsFor } from '~/components/admin-nav.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field } from '~/components/ui/field.tsx'
import { groupHits, kindsVisibleIn, parseQuickSearch } from '~/features/search/domain/quick-search.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { quickSearch } from '~/features/search/server/quick-search.server.ts'
import type { Route } from './+types/search'

/**
 * /admin/search?q=… — the desk's quick search (docs/decisions/129-quick-search.md). A GET form
 * that works without JavaScript; with JavaScript the same loader answers the search dialog
 * (`/` or Ctrl+K on any admin page). A role finds only what its sections show.
 */
export async function loader({ request }: Route.LoaderArgs) {
	const { user } = await requireStaff(request)
	const { q, error } = parseQuickSearch(new URL(request.url).searchParams)
	const kinds = kindsVisibleIn(sectionsFor(user.role).map((section) => section.to))
	const hits = q ? await quickSearch(db(), q, kinds) : []
	return { q, error, groups: groupHits(hits, q) }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: `${loaderData?.q ? `“${loaderData.q}” · ` : ''}Search | Andaman Isles Travel admin` },
	{ name: 'robots', content: 'noindex' },
]

export default function Search({ loaderData }: Route.ComponentProps) {
	const { q, error, groups } = loaderData
	const found = groups.reduce((sum, group) => sum + group.hits.length, 0)
	return (
		<main id="main" className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
			<h1 className="text-2xl font-semibold">Search</h1>
			<Form method="get" role="search" aria-label="Search the desk" className="flex flex-wrap items-end gap-3">
				<Field
					label="Reference, name, phone or email"
					name="q"
					type="search"
					defaultValue={q}
					error={error ?? undefined}
					hint="Leads, bookings, quotes, vouchers, ferry leads and bookings, offline tickets and agents. A phone number in any format."
					maxLength={100}
					className="min-w-72 flex-1"
					autoComplete="off"
				/>
				<Button type="submit">Search</Button>
			</Form>
			<p className="text-sm text-slate-700" role="status">
				{q
					? found
						? `${found} ${found === 1 ? 'match' : 'matches'} for “${q}”, newest first.`
						: `Nothing matches “${q}”. Check the spelling, or try part of the phone number or the reference.`
					: 'Tip: press / or Ctrl+K on any admin page to search from there.'}
			</p>
			{groups.map((group) => (
				<section key={group.kind} aria-labelledby={`search-${group.kind}`} className="space-y-2">
					<h2 id={`search-${group.kind}`} className="text-lg font-semibold">
						{group.heading}
					</h2>
					<ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
						{group.hits.map((hit) => (
							<li key={hit.id} className="px-4 py-3">
								<Link to={hit.href} className="font-medium">
									{hit.title}
								</Link>
								{hit.detail ? <p className="text-sm text-slate-700">{hit.detail}</p> : null}
							</li>
						))}
					</ul>
					{group.more ? (
						<p className="text-sm">
							<Link to={group.more}>
								All {group.heading.toLowerCase()} matching “{q}”
							</Link>
						</p>
					) : null}
				</section>
			))}
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
