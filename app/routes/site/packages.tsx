import { SlidersHorizontal } from 'lucide-react'
import { Breadcrumbs } from '~/components/breadcrumbs.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { PackageCard, toCardData } from '~/features/catalog/components/package-card.tsx'
import { IntentLink } from '~/components/prefetch.tsx'
import { Button } from '~/components/ui/button.tsx'
import { SelectField } from '~/components/ui/field.tsx'
import { filtersToSearch, nightBands, packageCategories, type PackageFilters, packageSorts } from '~/features/catalog/domain/packages.ts'
import { parsePackageFilters } from '~/features/catalog/domain/package-filters.ts'
import { islands, stayIslands } from '~/lib/islands.ts'
import { publicPageHeaders } from '~/lib/page-cache.ts'
import { staticPage } from '~/lib/static-page.ts'
import { breadcrumbJsonLd, seo } from '~/lib/seo.ts'
import { catalogBudgetBands, listPackages } from '~/features/catalog/server/packages.server.ts'
import { parseBudgetBand } from '~/features/catalog/domain/budget-bands.ts'
import { db } from '~/server/db/index.server.ts'
import { env } from '~/server/env.server.ts'
import type { Route } from './+types/packages'

export async function loader({ request }: Route.LoaderArgs) {
	const filters = parsePackageFilters(new URL(request.url).searchParams)
	const [result, bands] = await Promise.all([listPackages(db(), filters), catalogBudgetBands(db())])
	// A band from an older shared link stays choosable while it is the one applied.
	const applied = parseBudgetBand(filters.budget)
	const budgetBands = applied && !bands.some((band) => band.key === applied.key) ? [...bands, applied] : bands
	return { ...result, packages: result.packages.map(toCardData), filters, budgetBands, siteUrl: env().SITE_URL }
}

export const headers = publicPageHeaders
/**
 * Plain HTML in the browser (app/lib/static-page.ts): the filters are a GET form; with the static
 * client it is a live form that swaps the results in place (app/lib/live-form.ts, ADR 219).
 */
export const handle = staticPage

export const meta: Route.MetaFunction = ({ loaderData }) => {
	const siteUrl = loaderData?.siteUrl ?? 'http://localhost:3000'
	const category = loaderData?.filters.category
	const title = category ? `${packageCategories[category]} Andaman Tour Packages` : 'Andaman Tour Packages: Havelock, Neil and Port Blair'
	return seo({
		title,
		description:
			'Compare Andaman tour packages by nights, budget, islands and trip type. Every package lists hotels, ferries and sightseeing, with per-person prices including GST.',
		// Filtered lists point search engines at the canonical list or category.
		path: category ? `/packages?category=${category}` : '/packages',
		siteUrl,
		jsonLd: [
			breadcrumbJsonLd(siteUrl, [
				{ name: 'Home', path: '/' },
				{ name: 'Packages', path: '/packages' },
			]),
		],
	})
}

const withAny = <T extends string>(label: string, entries: Array<[T, string]>) => [
	{ value: '', label },
	...entries.map(([value, text]) => ({ value, label: text })),
]

export default function Packages({ loaderData }: Route.ComponentProps) {
	const { packages, total, page, pages, filters, budgetBands } = loaderData
	const link = (changes: Partial<PackageFilters>) => `/packages${filtersToSearch({ ...filters, ...changes })}`
	const activeFilters = [filters.nights, filters.budget, filters.category, filters.island].filter(Boolean).length

	return (
		<main id="main" className="mx-auto max-w-6xl px-4 py-8">
			<Breadcrumbs
				trail={[
					{ name: 'Home', path: '/' },
					{ name: 'Packages', path: '/packages' },
				]}
			/>
			<h1 className="mt-4 text-3xl font-bold">Andaman tour packages</h1>
			<p className="mt-2 max-w-3xl text-slate-700">
				Every package starts and ends in Port Blair (Sri Vijaya Puram), includes hotels, ferries, transfers and sightseeing, and can be changed to fit your
				dates. Prices are per person for two sharing a room, including 5% GST.
			</p>

			{/*
			  A plain GET form: filters live in the URL, work without JavaScript and can be shared.
			  On phones it sits in a <details> bottom sheet so the first screen shows packages;
			  from lg up the same form shows inline (app.css: .filter-sheet).
			*/}
			<details className="filter-sheet mt-6">
				<summary className="flex min-h-11 w-full cursor-pointer list-none items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 font-medium">
					<SlidersHorizontal aria-hidden="true" className="size-5" />
					Filter and sort
					<span id="active-filters" data-live-region>
						{activeFilters ? <span className="rounded-full bg-primary-700 px-2 text-sm text-white">{activeFilters} on</span> : null}
					</span>
				</summary>
				{/* The dimmed page behind the open sheet; a tap on it closes the sheet (with JavaScript: app/static-client.ts). */}
				<div aria-hidden="true" data-close-details className="fixed inset-0 z-40 bg-slate-900/50 lg:hidden" />
				<form
					method="get"
					action="/packages"
					data-live-form
					className="fixed inset-x-0 bottom-0 z-50 grid max-h-[85dvh] gap-4 overflow-y-auto rounded-t-2xl bg-white p-4 pb-6 shadow-2xl sm:grid-cols-2 lg:static lg:max-h-none lg:grid-cols-6 lg:items-end lg:overflow-visible lg:rounded-xl lg:border lg:border-slate-200 lg:bg-slate-50 lg:shadow-none"
					aria-label="Filter packages"
				>
					<div className="flex items-center justify-between sm:col-span-2 lg:hidden">
						<h2 className="text-lg font-semibold">Filter and sort</h2>
						{/* Without JavaScript this reloads the list as it is, which closes the sheet. */}
						<a href={link({})} data-close-details className="rounded-md px-3 py-2 font-medium">
							Close
						</a>
					</div>
					<SelectField
						label="Nights"
						name="nights"
						defaultValue={filters.nights ?? ''}
						options={withAny(
							'Any length',
							Object.entries(nightBands).map(([k, v]) => [k, v.label]),
						)}
					/>
					<SelectField
						label="Budget per person"
						name="budget"
						defaultValue={filters.budget ?? ''}
						options={withAny(
							'Any budget',
							budgetBands.map((band) => [band.key, band.label]),
						)}
					/>
					<SelectField
						label="Kind of trip"
						name="category"
						defaultValue={filters.category ?? ''}
						options={withAny('Any kind', Object.entries(packageCategories))}
					/>
					<SelectField
						label="Island"
						name="island"
						defaultValue={filters.island ?? ''}
						options={withAny(
							'Any island',
							stayIslands.map((slug) => [slug, islands[slug].label]),
						)}
					/>
					<SelectField
						label="Sort by"
						name="sort"
						defaultValue={filters.sort}
						options={Object.entries(packageSorts).map(([value, label]) => ({ value, label }))}
					/>
					<Button type="submit" className="sm:col-span-2 lg:col-span-1">
						Show packages
					</Button>
				</form>
			</details>

			{/* What the live form swaps in after a change; without script the submit button loads the same page. */}
			<div id="package-results" data-live-region className="aria-busy:opacity-60">
				<p className="mt-6 font-medium" role="status" aria-live="polite">
					{total === 0 ? 'No packages match these filters.' : `${total} ${total === 1 ? 'package' : 'packages'} found`}
					{pages > 1 ? ` · page ${page} of ${pages}` : ''}
				</p>

				{packages.length ? (
					<ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
						{packages.map((pkg, index) => (
							<li key={pkg.slug}>
								{/* The first card's image is the largest paint on a phone: not lazy. */}
								<PackageCard pkg={pkg} headingLevel={2} priority={index === 0} />
							</li>
						))}
					</ul>
				) : (
					<div className="mt-4 rounded-lg border border-slate-200 p-6">
						<p>Try fewer filters, or tell us what you have in mind and we will build it for you.</p>
						<p className="mt-3 flex flex-wrap gap-4">
							<IntentLink to="/packages">Clear all filters</IntentLink>
							<IntentLink to="/builder">Build your own trip</IntentLink>
							<IntentLink to="/quote">Ask for a quote</IntentLink>
						</p>
					</div>
				)}

				{pages > 1 ? (
					<nav aria-label="Pages" className="mt-8 flex items-center justify-center gap-2">
						{page > 1 ? (
							<IntentLink to={link({ page: page - 1 })} rel="prev" className="rounded-md border border-slate-300 px-3 py-2">
								Previous
							</IntentLink>
						) : null}
						{Array.from({ length: pages }, (_, i) => i + 1).map((number) => (
							<IntentLink
								key={number}
								to={link({ page: number })}
								aria-current={number === page ? 'page' : undefined}
								className={`rounded-md border px-3 py-2 ${number === page ? 'border-primary-700 bg-primary-700 text-white' : 'border-slate-300'}`}
							>
								<span className="sr-only">Page </span>
								{number}
							</IntentLink>
						))}
						{page < pages ? (
							<IntentLink to={link({ page: page + 1 })} rel="next" className="rounded-md border border-slate-300 px-3 py-2">
								Next
							</IntentLink>
						) : null}
					</nav>
				) : null}
			</div>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
