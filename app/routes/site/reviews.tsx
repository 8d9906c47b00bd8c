import { ReviewCard } from '~/features/reviews/components/review-card.tsx'
import { Breadcrumbs } from '~/components/breadcrumbs.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { IntentLink } from '~/components/prefetch.tsx'
import { publicPageHeaders } from '~/lib/page-cache.ts'
import { staticPage } from '~/lib/static-page.ts'
import { organizationJsonLd, seo } from '~/lib/seo.ts'
import { site } from '~/lib/site.ts'
import { listReviews, reviewSummary } from '~/features/reviews/server/reviews.server.ts'
import { db } from '~/server/db/index.server.ts'
import { env } from '~/server/env.server.ts'
import type { Route } from './+types/reviews'

export async function loader() {
	const [reviews, summary] = await Promise.all([listReviews(db()), reviewSummary(db())])
	return { reviews, summary, siteUrl: env().SITE_URL }
}

export const headers = publicPageHeaders
/** Plain HTML in the browser: no framework code (app/lib/static-page.ts). */
export const handle = staticPage

export const meta: Route.MetaFunction = ({ loaderData }) => {
	const siteUrl = loaderData?.siteUrl ?? 'http://localhost:3000'
	const summary = loaderData?.summary
	return seo({
		title: 'Andaman Trip Reviews from Our Travellers',
		description: `What travellers say about their Andaman holidays with us: ${summary?.count ?? 'many'} reviews of hotels, ferries, diving and our Port Blair team, good and bad.`,
		path: '/reviews',
		siteUrl,
		jsonLd:
			summary && summary.count > 0
				? [
						{
							...organizationJsonLd(siteUrl),
							aggregateRating: { '@type': 'AggregateRating', ratingValue: summary.average, reviewCount: summary.count, bestRating: 5, worstRating: 1 },
						},
					]
				: [],
	})
}

export default function Reviews({ loaderData }: Route.ComponentProps) {
	const { reviews, summary } = loaderData
	return (
		<main id="main" className="mx-auto max-w-4xl px-4 py-8">
			<Breadcrumbs
				trail={[
					{ name: 'Home', path: '/' },
					{ name: 'Reviews', path: '/reviews' },
				]}
			/>
			<h1 className="mt-4 text-3xl font-bold">What our travellers say</h1>
			{summary.count > 0 ? (
				<p className="mt-3 text-lg">
					<strong>{summary.average?.toFixed(1)} out of 5</strong> from {summary.count} verified traveller{summary.count === 1 ? '' : 's'}: people who booked a
					trip with {site.name}, wrote after it ended, through a link only their booking had. We publish the critical ones too.
				</p>
			) : null}
			<ul className="mt-8 space-y-6">
				{reviews.map((review) => (
					<li key={review.id} className="rounded-xl border border-slate-200 p-5">
						<ReviewCard review={review} headingLevel="h2" />
					</li>
				))}
			</ul>
			<p className="mt-10">
				Travelled with us? The email we send when your trip ends has your review link. Lost it? <IntentLink to="/contact">Ask us for it</IntentLink>.
			</p>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
