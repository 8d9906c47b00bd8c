import { Breadcrumbs } from '~/components/breadcrumbs.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { IntentLink } from '~/components/prefetch.tsx'
import { publicPageHeaders } from '~/lib/page-cache.ts'
import { staticPage } from '~/lib/static-page.ts'
import { seo } from '~/lib/seo.ts'
import { getPackageBySlug } from '~/features/catalog/server/packages.server.ts'
import { db } from '~/server/db/index.server.ts'
import { env } from '~/server/env.server.ts'
import { sitemapEntries } from '~/features/catalog/server/sitemap.server.ts'
import type { Route } from './+types/sitemap'

const sectionOrder = ['Plan your trip', 'Packages', 'Islands', 'Activities', 'Travel guide', 'About us', 'Policies']

export async function loader() {
	const entries = await sitemapEntries(db())
	// Package entries carry the slug: show the title instead.
	const withTitles = await Promise.all(
		entries.map(async (entry) =>
			entry.section === 'Packages' ? { ...entry, title: (await getPackageBySlug(db(), entry.path.split('/').pop()!))?.title ?? entry.title } : entry,
		),
	)
	const sections = sectionOrder
		.map((name) => ({ name, entries: withTitles.filter((entry) => entry.section === name) }))
		.filter((section) => section.entries.length)
	return { sections, siteUrl: env().SITE_URL }
}

export const headers = publicPageHeaders
/** Plain HTML in the browser: no framework code (app/lib/static-page.ts). */
export const handle = staticPage

export const meta: Route.MetaFunction = ({ loaderData }) =>
	seo({
		title: 'Sitemap',
		description: 'Every page of the Andaman Isles Travel website: packages, islands, activities, travel guides and policies, in one list.',
		path: '/sitemap',
		siteUrl: loaderData?.siteUrl ?? 'http://localhost:3000',
	})

export default function Sitemap({ loaderData }: Route.ComponentProps) {
	return (
		<main id="main" className="mx-auto max-w-5xl px-4 py-8">
			<Breadcrumbs
				trail={[
					{ name: 'Home', path: '/' },
					{ name: 'Sitemap', path: '/sitemap' },
				]}
			/>
			<h1 className="mt-4 text-3xl font-bold">Sitemap</h1>
			<div className="mt-8 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
				{loaderData.sections.map((section) => (
					<section key={section.name} aria-labelledby={`section-${section.name}`}>
						<h2 id={`section-${section.name}`} className="text-lg font-semibold">
							{section.name}
						</h2>
						<ul className="mt-2 space-y-1">
							{section.entries.map((entry) => (
								<li key={entry.path}>
									<IntentLink to={entry.path}>{entry.title}</IntentLink>
								</li>
							))}
						</ul>
					</section>
				))}
			</div>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
