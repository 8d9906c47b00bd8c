import { allContentPages } from '~/content/pages.server.ts'
import type { Kysely } from 'kysely'
import type { Database } from '~/server/db/schema.ts'
import { publishedPackageSlugs } from './packages.server.ts'

export type SitemapEntry = { path: string; title: string; section: string; lastModified?: string }

/** Public pages that are not editorial Markdown. Each screen's issue adds its page here. */
const appPages: SitemapEntry[] = [
	{ path: '/', title: 'Home', section: 'Plan your trip' },
	{ path: '/packages', title: 'Tour packages', section: 'Plan your trip' },
	{ path: '/builder', title: 'Trip builder: price your own trip', section: 'Plan your trip' },
	{ path: '/instant-tour-packages', title: 'Instant tour package prices', section: 'Plan your trip' },
	{ path: '/ferries', title: 'Ferries: timings, fares and booking', section: 'Travel guide' },
	{ path: '/reviews', title: 'Traveller reviews', section: 'About us' },
	{ path: '/contact', title: 'Contact us', section: 'About us' },
	{ path: '/cancellation', title: 'Cancellation policy', section: 'Policies' },
	{ path: '/sitemap', title: 'Sitemap', section: 'About us' },
]

function sectionOf(path: string, kind: string): string {
	if (path.startsWith('/destinations')) return 'Islands'
	if (path.startsWith('/activities')) return 'Activities'
	if (kind === 'info') return path === '/about-us' ? 'About us' : path === '/terms' || path === '/privacy' ? 'Policies' : 'Travel guide'
	return 'Travel guide'
}

/** Every public page and every published package, for /sitemap and /sitemap.xml. */
export async function sitemapEntries(db: Kysely<Database>): Promise<SitemapEntry[]> {
	const content = allContentPages().map((page) => ({
		path: page.path,
		title: page.h1.split(':')[0]!,
		section: sectionOf(page.path, page.kind),
		lastModified: page.updated,
	}))
	const packages = (await publishedPackageSlugs(db)).map((row) => ({
		path: `/packages/${row.slug}`,
		title: row.slug,
		section: 'Packages',
		lastModified: row.updated_at.slice(0, 10),
	}))
	return [...appPages, ...content, ...packages]
}
