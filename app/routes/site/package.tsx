import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { toCardData } from '~/features/catalog/components/package-card.tsx'
import { PackageDetail } from '~/features/catalog/components/package-detail.tsx'
import { type CatalogPackage, fromPrice, packageCategories } from '~/features/catalog/domain/packages.ts'
import { publicPageHeaders } from '~/lib/page-cache.ts'
import { staticPage } from '~/lib/static-page.ts'
import { breadcrumbJsonLd, faqJsonLd, seo } from '~/lib/seo.ts'
import { site } from '~/lib/site.ts'
import { loadPackagePage } from '~/features/catalog/server/packages.server.ts'
import { packageViewSchema } from '~/features/catalog/domain/package-trip.ts'
import { db } from '~/server/db/index.server.ts'
import { env } from '~/server/env.server.ts'
import type { Route } from './+types/package'

export async function loader({ params, request }: Route.LoaderArgs) {
	// The price calendar's choices (hotel category, month) are plain links: they only choose what is shown.
	const choice = packageViewSchema.parse(Object.fromEntries(new URL(request.url).searchParams))
	const page = await loadPackagePage(db(), params.slug, { choice })
	if (!page) throw new Response(`Page not found: /packages/${params.slug}`, { status: 404, statusText: 'Page Not Found' })
	return { ...page, related: page.related.map(toCardData), siteUrl: env().SITE_URL }
}

export const headers = publicPageHeaders
/** Plain HTML in the browser: no framework code (app/lib/static-page.ts). */
export const handle = staticPage

function tripJsonLd(pkg: CatalogPackage, siteUrl: string, rating: { count: number; average: number | null }) {
	const url = new URL(`/packages/${pkg.slug}`, siteUrl).href
	const price = fromPrice(pkg)
	return {
		'@context': 'https://schema.org',
		'@type': ['TouristTrip', 'Product'],
		name: pkg.title,
		description: pkg.summary,
		url,
		image: pkg.images.map((image) => new URL(image.src, siteUrl).href),
		touristType: packageCategories[pkg.category],
		itinerary: {
			'@type': 'ItemList',
			itemListElement: pkg.days.map((day, index) => ({ '@type': 'ListItem', position: index + 1, name: `Day ${day.day}: ${day.title}` })),
		},
		// Verified reviews only (docs/decisions/206-verified-reviews.md).
		...(rating.count > 0 && rating.average !== null
			? { aggregateRating: { '@type': 'AggregateRating', ratingValue: rating.average, reviewCount: rating.count, bestRating: 5, worstRating: 1 } }
			: {}),
		...(price !== null
			? {
					offers: {
						'@type': 'Offer',
						price: (price / 100).toFixed(0),
						priceCurrency: 'INR',
						availability: 'https://schema.org/InStock',
						url,
						seller: { '@type': 'TravelAgency', name: site.name },
					},
				}
			: {}),
	}
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
	if (!loaderData) return [{ title: 'Page Not Found | Andaman Isles Travel' }]
	const { pkg, siteUrl, rating } = loaderData
	return seo({
		title: pkg.seoTitle ?? pkg.title,
		description: pkg.seoDescription ?? pkg.summary,
		path: `/packages/${pkg.slug}`,
		siteUrl,
		image: pkg.images[0]?.src,
		type: 'product',
		jsonLd: [
			tripJsonLd(pkg, siteUrl, rating),
			breadcrumbJsonLd(siteUrl, [
				{ name: 'Home', path: '/' },
				{ name: 'Packages', path: '/packages' },
				{ name: pkg.title, path: `/packages/${pkg.slug}` },
			]),
			...(pkg.faqs.length ? [faqJsonLd(pkg.faqs)] : []),
		],
	})
}

export default function PackagePage({ loaderData }: Route.ComponentProps) {
	return <PackageDetail {...loaderData} />
}

export const ErrorBoundary = RouteErrorBoundary
