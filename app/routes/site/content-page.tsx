import { CalendarDays } from 'lucide-react'
import { TableHead } from '~/components/ui/table-head.tsx'
import { Breadcrumbs } from '~/components/breadcrumbs.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { ScrollRegion } from '~/components/ui/scroll-region.tsx'
import { Faqs } from '~/features/catalog/components/faqs.tsx'
import { PackageCardSection, toCardData } from '~/features/catalog/components/package-card.tsx'
import { IntentLink } from '~/components/prefetch.tsx'
import { buttonClass } from '~/components/ui/button.tsx'
import { Photo } from '~/features/media/components/photo.tsx'
import { allContentPages, type ContentPage, getContentPage, withFacts } from '~/content/pages.server.ts'
import { formatTravelDate } from '~/lib/dates.ts'
import { islandLabel } from '~/lib/islands.ts'
import { formatINR } from '~/lib/money.ts'
import { publicPageHeaders } from '~/lib/page-cache.ts'
import { staticPage } from '~/lib/static-page.ts'
import { breadcrumbJsonLd, faqJsonLd, seo } from '~/lib/seo.ts'
import { publicActivityPrices } from '~/features/catalog/server/activity-prices.server.ts'
import { packagesInCategory } from '~/features/catalog/server/packages.server.ts'
import { db } from '~/server/db/index.server.ts'
import { contentPagePhotos } from '~/features/media/server/media.server.ts'
import { env } from '~/server/env.server.ts'
import { currentFactValues } from '~/features/travel-facts/server/travel-facts.server.ts'
import type { Route } from './+types/content-page'

/** Sections whose index pages list their child pages. */
const sectionNames: Record<string, string> = { '/activities': 'Activities', '/destinations': 'Destinations', '/travel-guide': 'Travel guide' }

function trailFor(page: ContentPage) {
	const trail = [{ name: 'Home', path: '/' }]
	const section = Object.keys(sectionNames).find((path) => page.path.startsWith(`${path}/`))
	if (section) trail.push({ name: sectionNames[section]!, path: section })
	else if (page.kind === 'guide' || page.kind === 'package-category') {
		if (page.path !== '/travel-guide' && page.path !== '/activities' && page.path !== '/destinations')
			trail.push({ name: 'Travel guide', path: '/travel-guide' })
	}
	trail.push({ name: page.h1.split(':')[0]!, path: page.path })
	return trail
}

function card(page: ContentPage) {
	return { path: page.path, title: page.h1.split(':')[0]!, description: page.description, hero: page.hero, heroAlt: page.heroAlt }
}

function childrenOf(page: ContentPage) {
	if (page.path === '/travel-guide') {
		return allContentPages()
			.filter(
				(other) =>
					other.path !== page.path &&
					(other.kind === 'guide' || other.kind === 'package-category') &&
					!other.path.startsWith('/activities/') &&
					!other.path.startsWith('/destinations/'),
			)
			.map(card)
	}
	if (sectionNames[page.path])
		return allContentPages()
			.filter((other) => other.path.startsWith(`${page.path}/`))
			.map(card)
	return []
}

/** Every editorial page of docs/product.md#screens: one module, many routes (declared in app/routes.ts). */
export async function loader({ request }: Route.LoaderArgs) {
	const { pathname } = new URL(request.url)
	const parsed = getContentPage(pathname.replace(/\/$/, '') || '/')
	if (!parsed) throw new Response(`Page not found: ${pathname}`, { status: 404, statusText: 'Page Not Found' })
	const [prices, packages, facts, photos] = await Promise.all([
		parsed.activity ? publicActivityPrices(db(), parsed.activity) : [],
		parsed.packageCategory ? packagesInCategory(db(), parsed.packageCategory, 6) : [],
		currentFactValues(db()),
		contentPagePhotos(db(), parsed),
	])
	const page = withFacts(parsed, facts)
	const related = page.related
		.map((path) => getContentPage(path))
		.filter((p): p is ContentPage => !!p)
		.map(card)
	return { page, prices, packages: packages.map(toCardData), related, children: childrenOf(page), trail: trailFor(page), siteUrl: env().SITE_URL, photos }
}

export const headers = publicPageHeaders
/** Plain HTML in the browser: no framework code (app/lib/static-page.ts). */
export const handle = staticPage

export const meta: Route.MetaFunction = ({ loaderData }) => {
	if (!loaderData) return [{ title: 'Page Not Found | Andaman Isles Travel' }]
	const { page, siteUrl, trail, photos } = loaderData
	return seo({
		title: page.title,
		description: page.description,
		path: page.path,
		siteUrl,
		image: photos[0]?.src ?? page.hero,
		type: 'article',
		jsonLd: [breadcrumbJsonLd(siteUrl, trail), ...(page.faqs.length ? [faqJsonLd(page.faqs)] : [])],
	})
}

const seasonLabels: Record<string, string> = { peak: 'Peak (late Dec – early Jan)', high: 'High (Oct – Apr)', low: 'Monsoon (May – Sep)' }

type ActivityPrice = Awaited<ReturnType<typeof publicActivityPrices>>[number]
const adultPrice = (price: ActivityPrice) =>
	`${formatINR(price.adultSell)}${price.unit === 'per_group' ? ` per group${price.groupSize ? ` of up to ${price.groupSize}` : ''}` : ''}`
const goodToKnow = (price: ActivityPrice) => [price.duration, price.notes].filter(Boolean).join('. ')

function PriceTable({ prices }: { prices: ActivityPrice[] }) {
	if (!prices.length) return null
	return (
		<section aria-labelledby="prices-heading" className="mt-10 rounded-xl border border-primary-200 bg-primary-50 p-5">
			<h2 id="prices-heading" className="text-2xl font-semibold">
				Our current prices
			</h2>
			<p className="mt-1 text-sm text-slate-700">Per person unless marked per group, including GST. Children are 2 to 11 years.</p>
			{/* Phones: one card per row, nothing clipped or scrolled sideways. */}
			<ul className="mt-4 space-y-3 sm:hidden" aria-label="Prices by place and season">
				{prices.map((price) => (
					<li key={`${price.location}-${price.season}`} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
						<p className="font-semibold">
							{islandLabel(price.location)} · {seasonLabels[price.season] ?? price.season}
						</p>
						<dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
							<dt className="text-slate-700">Adult</dt>
							<dd className="font-semibold">{adultPrice(price)}</dd>
							<dt className="text-slate-700">Child</dt>
							<dd>{formatINR(price.childSell)}</dd>
						</dl>
						{goodToKnow(price) ? <p className="mt-1 text-slate-700">{goodToKnow(price)}</p> : null}
					</li>
				))}
			</ul>
			<ScrollRegion label="Prices by place and season (table)" className="mt-4 hidden sm:block">
				<table className="w-full min-w-[36rem] border-collapse bg-white text-sm">
					<TableHead
						rowClassName="bg-slate-50 text-left"
						cellClassName="border border-slate-200 px-3 py-2"
						columns={['Where', 'Season', 'Adult', 'Child', 'Good to know']}
					/>
					<tbody>
						{prices.map((price) => (
							<tr key={`${price.location}-${price.season}`}>
								<td className="border border-slate-200 px-3 py-2">{islandLabel(price.location)}</td>
								<td className="border border-slate-200 px-3 py-2">{seasonLabels[price.season] ?? price.season}</td>
								<td className="border border-slate-200 px-3 py-2 font-semibold">{adultPrice(price)}</td>
								<td className="border border-slate-200 px-3 py-2">{formatINR(price.childSell)}</td>
								<td className="border border-slate-200 px-3 py-2 text-slate-700">{goodToKnow(price)}</td>
							</tr>
						))}
					</tbody>
				</table>
			</ScrollRegion>
		</section>
	)
}

/** "Checked on … · Sources": when the facts were last checked, and where they come from. */
function PageSources({ reviewed, sources }: Pick<ContentPage, 'reviewed' | 'sources'>) {
	return (
		<section aria-labelledby="sources-heading" className="mt-12 border-t border-slate-200 pt-6 text-sm text-slate-700">
			<h2 id="sources-heading" className="text-base font-semibold text-slate-900">
				Checked on {formatTravelDate(reviewed)}
				{sources.length ? ' · Sources' : ''}
			</h2>
			{sources.length ? (
				<ul className="mt-2 list-disc space-y-1 pl-5">
					{sources.map((source) => (
						<li key={source.url}>
							<a href={source.url} rel="noopener noreferrer external">
								{source.title}
							</a>{' '}
							<span className="text-slate-600">(as of {formatTravelDate(source.as_of)})</span>
						</li>
					))}
				</ul>
			) : (
				<p className="mt-1">This page has no dated facts to source. Spotted something out of date? Tell us and we will check it.</p>
			)}
		</section>
	)
}

export default function ContentPageRoute({ loaderData }: Route.ComponentProps) {
	const { page, prices, packages, related, children, trail, photos } = loaderData
	const cta = page.cta ?? { label: 'Ask for a quote', href: '/quote' }
	// The operator's own photos, when there are any, replace the illustration (docs/decisions/132-media-library.md).
	const [hero = { src: page.hero, alt: page.heroAlt }, ...gallery] = photos
	return (
		<main id="main">
			<div className="relative isolate bg-slate-900">
				<Photo image={hero} width={1536} height={600} priority sizes="100vw" className="absolute inset-0 -z-10 h-full w-full object-cover opacity-50" />
				<div className="mx-auto max-w-4xl px-4 py-14 text-white">
					<h1 className="text-3xl font-bold sm:text-4xl">{page.h1}</h1>
					<p className="mt-3 max-w-2xl text-lg text-slate-100">{page.description}</p>
				</div>
			</div>
			<div className="mx-auto max-w-4xl px-4 py-8">
				<Breadcrumbs trail={trail} />
				<p className="mt-2 flex items-center gap-1 text-sm text-slate-700">
					<CalendarDays aria-hidden="true" className="size-4" /> Updated {formatTravelDate(page.updated)}
				</p>
				{page.headings.length > 3 ? (
					<nav aria-label="On this page" className="mt-6 rounded-lg bg-slate-50 p-4">
						<p className="font-semibold">On this page</p>
						<ul className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
							{page.headings.map((heading) => (
								<li key={heading.id}>
									<a href={`#${heading.id}`}>{heading.text}</a>
								</li>
							))}
						</ul>
					</nav>
				) : null}
				{page.activity ? <PriceTable prices={prices} /> : null}
				{/* Our own Markdown, rendered at start-up: trusted HTML. */}
				<div className="prose mt-8" dangerouslySetInnerHTML={{ __html: page.html }} />

				{gallery.length ? (
					<section aria-labelledby="photos-heading" className="mt-12">
						<h2 id="photos-heading" className="text-2xl font-semibold">
							Photos
						</h2>
						<ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
							{gallery.map((photo) => (
								<li key={photo.src}>
									<Photo
										image={photo}
										width={320}
										height={200}
										sizes="(min-width: 640px) 280px, 50vw"
										className="aspect-[8/5] w-full rounded-lg bg-slate-100 object-cover"
									/>
								</li>
							))}
						</ul>
					</section>
				) : null}

				{children.length ? (
					<section aria-labelledby="children-heading" className="mt-12">
						<h2 id="children-heading" className="text-2xl font-semibold">
							{page.path === '/travel-guide' ? 'Every guide' : `All ${sectionNames[page.path]?.toLowerCase()}`}
						</h2>
						<ul className="mt-4 grid gap-4 sm:grid-cols-2">
							{children.map((child) => (
								<li key={child.path} className="rounded-lg border border-slate-200 p-4">
									<h3 className="font-semibold">
										<IntentLink to={child.path}>{child.title}</IntentLink>
									</h3>
									<p className="mt-1 text-sm text-slate-700">{child.description}</p>
								</li>
							))}
						</ul>
					</section>
				) : null}

				{packages.length ? (
					<PackageCardSection
						id="packages-heading"
						heading="Packages for this trip"
						packages={packages}
						className="mt-12"
						listClassName="mt-4 grid gap-6 sm:grid-cols-2"
					>
						<p className="mt-4">
							<IntentLink to={`/packages?category=${page.packageCategory}`}>
								See all {page.packageCategory === 'ltc' ? 'LTC' : page.packageCategory} packages
							</IntentLink>
						</p>
					</PackageCardSection>
				) : null}

				<Faqs faqs={page.faqs} />

				<PageSources reviewed={page.reviewed} sources={page.sources} />

				<section aria-labelledby="cta-heading" className="mt-12 rounded-xl bg-primary-800 p-6 text-white">
					<h2 id="cta-heading" className="text-2xl font-semibold">
						Ready to plan?
					</h2>
					<p className="mt-2 text-primary-50">
						Tell us your dates and who is travelling. A planner in Port Blair replies with a day-by-day plan and a price, usually within a few hours.
					</p>
					<div className="mt-4 flex flex-wrap gap-3">
						<IntentLink to={cta.href} className={buttonClass('outline', 'lg')}>
							{cta.label}
						</IntentLink>
						<IntentLink to="/builder" className="inline-flex h-12 items-center rounded-md px-4 font-medium text-white underline">
							Or price it yourself
						</IntentLink>
					</div>
				</section>

				{related.length ? (
					<nav aria-label="Related guides" className="mt-12">
						<h2 className="text-xl font-semibold">Read next</h2>
						<ul className="mt-3 grid gap-3 sm:grid-cols-2">
							{related.map((item) => (
								<li key={item.path}>
									<IntentLink to={item.path} className="font-medium">
										{item.title}
									</IntentLink>
									<p className="text-sm text-slate-700">{item.description}</p>
								</li>
							))}
						</ul>
					</nav>
				) : null}
			</div>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
