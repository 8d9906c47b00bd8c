import { Anchor, ArrowRight, Compass, Fish, MapPin, Phone, ShieldCheck, Ship, Waves } from 'lucide-react'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { IntentLink } from '~/components/prefetch.tsx'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import { SelectField } from '~/components/ui/field.tsx'
import { Img } from '~/components/ui/img.tsx'
import { WhatsAppIcon } from '~/components/whatsapp-icon.tsx'
import { PackageCard, toCardData } from '~/features/catalog/components/package-card.tsx'
import { ScrollRow, scrollRowItem } from '~/components/scroll-row.tsx'
import { getContentPage } from '~/content/pages.server.ts'
import { publicPageHeaders } from '~/lib/page-cache.ts'
import { staticPage } from '~/lib/static-page.ts'
import { organizationJsonLd, seo } from '~/lib/seo.ts'
import { site, whatsappLink } from '~/lib/site.ts'
import { catalogBudgetBands, featuredPackages } from '~/features/catalog/server/packages.server.ts'
import { listReviews, reviewSummary } from '~/features/reviews/server/reviews.server.ts'
import { ReviewCard } from '~/features/reviews/components/review-card.tsx'
import { db } from '~/server/db/index.server.ts'
import { env } from '~/server/env.server.ts'
import type { Route } from './+types/home'

const ferryIslandOptions = [
	{ value: 'port-blair', label: 'Port Blair (Sri Vijaya Puram)' },
	{ value: 'havelock', label: 'Havelock (Swaraj Dweep)' },
	{ value: 'neil', label: 'Neil (Shaheed Dweep)' },
]

const islandPaths = [
	'/destinations/swaraj-dweep',
	'/destinations/neil-island',
	'/destinations/sri-vijaya-puram',
	'/destinations/ross-island',
	'/destinations/north-bay-island',
	'/destinations/baratang-island',
]
const activityPaths = ['/activities/scuba-diving', '/activities/snorkeling', '/activities/sea-walking']

function card(path: string) {
	const page = getContentPage(path)
	if (!page) throw new Error(`content page missing: ${path}`)
	return { path, title: page.h1.split(':')[0]!, description: page.description, hero: page.hero, heroAlt: page.heroAlt }
}

export async function loader() {
	// The three best packages lead the page (ADR 220); the full list is one tap away.
	const [packages, reviews, summary, budgetBands] = await Promise.all([
		featuredPackages(db(), 3),
		listReviews(db(), { limit: 3 }),
		reviewSummary(db()),
		catalogBudgetBands(db()),
	])
	return {
		/** The same bands as the package list's filter, fitted to the catalogue's prices. */
		budgetOptions: [{ value: '', label: 'Any budget' }, ...budgetBands.map((band) => ({ value: band.key, label: band.label }))],
		/** The same bands as links to the filtered list, each with how many packages it holds. */
		budgetBands: budgetBands.map((band) => ({ key: band.key, label: band.label, packages: band.packages })),
		siteUrl: env().SITE_URL,
		packages: packages.map(toCardData),
		reviews: reviews.filter((review) => review.rating >= 4),
		summary,
		islands: islandPaths.map(card),
		activities: activityPaths.map(card),
	}
}

export const headers = publicPageHeaders
/** Plain HTML in the browser: no framework code (app/lib/static-page.ts). */
export const handle = staticPage

export const meta: Route.MetaFunction = ({ loaderData }) =>
	seo({
		title: 'Andaman Tour Packages from Port Blair | Andaman Isles Travel',
		description:
			'Andaman holidays planned by a local team: Havelock (Swaraj Dweep), Neil (Shaheed Dweep) and Port Blair packages, ferries, scuba and snorkelling, with honest prices.',
		path: '/',
		siteUrl: loaderData?.siteUrl ?? 'http://localhost:3000',
		jsonLd: loaderData ? [organizationJsonLd(loaderData.siteUrl)] : [],
	})

const nightsOptions = [
	{ value: '', label: 'Any length' },
	{ value: '3-4', label: '3 to 4 nights' },
	{ value: '5-6', label: '5 to 6 nights' },
	{ value: '7-9', label: '7 to 9 nights' },
]
const themeOptions = [
	{ value: '', label: 'Any kind' },
	{ value: 'honeymoon', label: 'Honeymoon' },
	{ value: 'family', label: 'Family' },
	{ value: 'ltc', label: 'LTC (government employees)' },
	{ value: 'adventure', label: 'Adventure and diving' },
	{ value: 'luxury', label: 'Luxury' },
	{ value: 'budget', label: 'Budget' },
]

/** An image's `sizes` in a `ScrollRow`: 80 % of a phone's width, half from `sm`, a third (380 px) from `lg`. */
const rowSizes = '(min-width: 1024px) 380px, (min-width: 640px) 50vw, 80vw'

const reasons = [
	{ Icon: MapPin, title: 'A local team in Port Blair', text: 'We live here. We meet you at the airport and answer the phone while you travel.' },
	{ Icon: Ship, title: 'Ferries handled for you', text: 'Makruzz, Nautika, Green Ocean and government ferry seats booked and timed around your hotels.' },
	{ Icon: ShieldCheck, title: 'Prices you can check', text: 'Every quote shows hotels, ferries, activities and 5% GST line by line. No hidden extras.' },
	{ Icon: Compass, title: 'Plans that fit the tides', text: 'We schedule snorkelling, sea walks and the Neil natural bridge for the right tide and light.' },
]

export default function Home({ loaderData }: Route.ComponentProps) {
	const { islands, activities, packages, reviews, summary, budgetBands } = loaderData
	return (
		<main id="main">
			{/* Phone first (ADR 220): the search, the best packages and "build your own" in the first screen. */}
			<section className="relative isolate overflow-hidden bg-slate-900">
				<Img
					src="/images/hero-havelock-beach.jpg"
					alt="Turquoise water and white sand at Radhanagar Beach on Havelock (Swaraj Dweep)"
					width={1536}
					height={960}
					// The largest paint on a phone (ADR 139): shown dimmed behind the heading and cropped to a
					// portrait, so a phone gets the 640 px candidate at quality 50, about 13 KB: one round trip's
					// worth of a new connection (14.6 KB) on a slow link, instead of 27 KB and two.
					sizes="(min-width: 640px) 100vw, 50vw"
					quality={50}
					priority
					className="absolute inset-0 -z-10 h-full w-full object-cover opacity-60"
				/>
				<div className="mx-auto max-w-6xl px-4 py-6 sm:py-20">
					<h1 className="max-w-3xl text-3xl font-bold text-white sm:text-5xl">Andaman holidays, planned by people who live here</h1>
					<p className="mt-4 hidden max-w-2xl text-lg text-slate-100 sm:block">
						Havelock (Swaraj Dweep), Neil (Shaheed Dweep) and Port Blair (Sri Vijaya Puram): hotels, ferries, diving and transfers in one plan, priced line by
						line.
					</p>
					<form
						method="get"
						action="/packages"
						aria-label="Find a package"
						className="mt-4 grid max-w-4xl grid-cols-2 gap-3 rounded-xl bg-white p-3 shadow-xl sm:mt-8 sm:grid-cols-4 sm:items-end sm:gap-4 sm:p-4"
					>
						<SelectField label="How long" name="nights" options={nightsOptions} />
						<SelectField label="Budget per person" name="budget" options={loaderData.budgetOptions} />
						<SelectField label="Kind of trip" name="category" options={themeOptions} />
						<Button type="submit" className="h-11 self-end whitespace-nowrap">
							Find packages
						</Button>
					</form>
					<p className="mt-3">
						<a href="/builder" className="inline-flex min-h-11 items-center gap-2 font-semibold text-white underline underline-offset-4">
							Or build your own trip
							<ArrowRight aria-hidden="true" className="size-5" />
						</a>
					</p>
				</div>
			</section>

			{packages.length ? (
				<section aria-labelledby="packages-heading" className="mx-auto max-w-6xl px-4 pt-5 sm:pt-12">
					<div className="flex items-baseline justify-between gap-4">
						<h2 id="packages-heading" className="text-2xl font-semibold sm:text-3xl">
							Our best packages
						</h2>
						<IntentLink to="/packages" className="shrink-0 font-medium">
							See all
						</IntentLink>
					</div>
					<p className="mt-1 text-sm text-slate-700 sm:text-base">Hotels, ferries, transfers and sightseeing included. Per person, twin sharing, with GST.</p>
					<ScrollRow label="Our best packages" className="mt-3">
						{packages.map((pkg) => (
							<li key={pkg.slug} className={scrollRowItem}>
								<PackageCard pkg={pkg} sizes={rowSizes} />
							</li>
						))}
						<li className={scrollRowItem}>
							<div className="flex h-full flex-col justify-center gap-3 rounded-xl border border-primary-200 bg-primary-50 p-5">
								<Compass aria-hidden="true" className="size-8 text-primary-700" />
								<h3 className="text-lg font-semibold">
									<a href="/builder">Build your own trip</a>
								</h3>
								<p className="text-sm text-slate-700">Choose the islands, nights, hotels and activities: the price updates from today’s rates as you go.</p>
							</div>
						</li>
					</ScrollRow>
				</section>
			) : null}

			{budgetBands.length ? (
				<section aria-labelledby="budget-heading" className="mx-auto max-w-6xl px-4 pt-8 sm:pt-12">
					<h2 id="budget-heading" className="text-xl font-semibold sm:text-2xl">
						Packages by budget
					</h2>
					<p className="mt-1 text-sm text-slate-700">Per person, from our own prices.</p>
					<ul className="mt-3 flex flex-wrap gap-2">
						{budgetBands.map((band) => (
							<li key={band.key}>
								<a
									href={`/packages?budget=${band.key}`}
									className="inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-300 bg-white px-4 py-2 font-medium text-slate-900 no-underline hover:border-primary-700"
								>
									{band.label}
									<span className="text-sm font-normal text-slate-700">
										{band.packages} {band.packages === 1 ? 'package' : 'packages'}
									</span>
								</a>
							</li>
						))}
					</ul>
				</section>
			) : null}

			<section aria-labelledby="islands-heading" className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
				<h2 id="islands-heading" className="text-2xl font-semibold sm:text-3xl">
					The islands
				</h2>
				<p className="mt-1 max-w-2xl text-sm text-slate-700 sm:text-base">
					Most trips combine Port Blair with Havelock and Neil, linked by 1 to 2 hour catamaran crossings.
				</p>
				<ScrollRow label="The islands" className="mt-3">
					{islands.map((island) => (
						<li key={island.path} className={`${scrollRowItem} overflow-hidden rounded-xl border border-slate-200 shadow-sm`}>
							<Img src={island.hero} alt={island.heroAlt} width={400} height={250} sizes={rowSizes} className="aspect-[8/5] w-full bg-slate-100 object-cover" />
							<div className="p-4">
								<h3 className="text-lg font-semibold">
									<IntentLink to={island.path}>{island.title}</IntentLink>
								</h3>
								<p className="mt-1 line-clamp-3 text-sm text-slate-700">{island.description}</p>
							</div>
						</li>
					))}
				</ScrollRow>
			</section>

			<section aria-labelledby="ferry-heading" className="mx-auto max-w-6xl px-4 pb-8 sm:pb-12">
				<div className="rounded-2xl border border-slate-200 bg-secondary-50 p-4 sm:p-6">
					<h2 id="ferry-heading" className="flex items-center gap-2 text-xl font-semibold sm:text-2xl">
						<Ship aria-hidden="true" className="size-6" /> Need only ferry tickets?
					</h2>
					<p className="mt-1 text-sm text-slate-700 sm:text-base">
						Makruzz, Nautika, Green Ocean, ITT Majestic or the government ferry between Port Blair, Havelock and Neil.
					</p>
					{/* A GET form (the home page is page-cached): it opens the full enquiry on /ferries, pre-filled. */}
					<form method="get" action="/ferries" aria-label="Ferry tickets" className="mt-4 grid grid-cols-2 items-end gap-3 sm:grid-cols-4 sm:gap-4">
						<SelectField label="From" name="from" defaultValue="port-blair" options={ferryIslandOptions} />
						<SelectField label="To" name="to" defaultValue="havelock" options={ferryIslandOptions} />
						<div className="space-y-1">
							<label htmlFor="ferry-date" className="block text-sm font-medium text-slate-800">
								Date
							</label>
							<input
								id="ferry-date"
								type="date"
								name="date"
								className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900"
							/>
						</div>
						<Button type="submit">Check ferries</Button>
					</form>
				</div>
			</section>

			<section aria-labelledby="activities-heading" className="bg-primary-50">
				<div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
					<h2 id="activities-heading" className="text-2xl font-semibold sm:text-3xl">
						In and on the water
					</h2>
					<ScrollRow label="In and on the water" className="mt-3">
						{activities.map((activity, index) => {
							const Icon = [Anchor, Fish, Waves][index] ?? Waves
							return (
								<li key={activity.path} className={`${scrollRowItem} rounded-xl bg-white p-5 shadow-sm`}>
									<Icon aria-hidden="true" className="size-7 text-primary-700" />
									<h3 className="mt-3 text-lg font-semibold">
										<IntentLink to={activity.path}>{activity.title}</IntentLink>
									</h3>
									<p className="mt-1 line-clamp-4 text-sm text-slate-700">{activity.description}</p>
								</li>
							)
						})}
					</ScrollRow>
				</div>
			</section>

			<section aria-labelledby="why-heading" className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
				<h2 id="why-heading" className="text-2xl font-semibold sm:text-3xl">
					Why book with us
				</h2>
				<ul className="mt-4 grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-4">
					{reasons.map(({ Icon, title, text }) => (
						<li key={title}>
							<Icon aria-hidden="true" className="size-6 text-secondary-700 sm:size-7" />
							<h3 className="mt-2 font-semibold">{title}</h3>
							<p className="mt-1 text-sm text-slate-700">{text}</p>
						</li>
					))}
				</ul>
			</section>

			{reviews.length ? (
				<section aria-labelledby="reviews-heading" className="bg-slate-50">
					<div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
						<h2 id="reviews-heading" className="text-2xl font-semibold sm:text-3xl">
							Travellers say
						</h2>
						{summary.average !== null ? (
							<p className="mt-1 text-sm text-slate-700 sm:text-base">
								{summary.average.toFixed(1)} out of 5 from {summary.count} verified traveller{summary.count === 1 ? '' : 's'}.{' '}
								<IntentLink to="/reviews">Read them all</IntentLink>
							</p>
						) : null}
						<ScrollRow label="Travellers say" className="mt-3">
							{reviews.map((review) => (
								<li key={review.id} className={`${scrollRowItem} rounded-xl bg-white p-5 shadow-sm`}>
									<ReviewCard review={review} clamp showTrip={false} />
								</li>
							))}
						</ScrollRow>
					</div>
				</section>
			) : null}

			<section aria-labelledby="contact-heading" className="bg-slate-900 text-white">
				<div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 md:flex-row md:items-center md:justify-between">
					<div>
						<h2 id="contact-heading" className="text-2xl font-semibold">
							Talk to a planner in Port Blair
						</h2>
						<p className="mt-1 text-slate-200">{site.hours}. Replies within a few hours, in English or Hindi.</p>
					</div>
					<div className="flex flex-wrap gap-3">
						<a href={site.phoneHref} className={buttonClass('outline', 'lg')}>
							<Phone aria-hidden="true" className="size-5" />
							{site.phone}
						</a>
						{/* A title, not a tooltip component: this page ships no framework code (app/lib/static-page.ts). */}
						<a
							href={whatsappLink('Hello! I am planning an Andaman trip and would like some help.')}
							className={buttonClass('primary', 'lg')}
							title="Opens WhatsApp with a message ready to send"
						>
							<WhatsAppIcon className="size-5" />
							WhatsApp us
						</a>
					</div>
				</div>
			</section>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
