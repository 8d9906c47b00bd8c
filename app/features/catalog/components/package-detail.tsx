import { Check, type LucideIcon, MapPin, Moon, Star, X } from 'lucide-react'
import { Breadcrumbs } from '~/components/breadcrumbs.tsx'
import { Faqs } from '~/features/catalog/components/faqs.tsx'
import { PackageCardSection, type PackageCardData } from '~/features/catalog/components/package-card.tsx'
import { StickyBookingBar } from '~/components/sticky-booking-bar.tsx'
import type { Review } from '~/features/reviews/server/reviews.server.ts'
import { ReviewCard, Stars } from '~/features/reviews/components/review-card.tsx'
import { IntentLink } from '~/components/prefetch.tsx'
import { buttonClass } from '~/components/ui/button.tsx'
import { Photo } from '~/features/media/components/photo.tsx'
import { WhatsAppIcon } from '~/components/whatsapp-icon.tsx'
import { type CatalogPackage, fromPrice, packageCategories, tierLabels, tiers } from '~/features/catalog/domain/packages.ts'
import { islands } from '~/lib/islands.ts'
import { formatINR } from '~/lib/money.ts'
import { whatsappLink } from '~/lib/site.ts'
import type { PackageTripView } from '~/features/catalog/server/package-trip.server.ts'
import { PackageCalendar, PackageFerries, PackageStays, PaymentWhen, packageBookHref } from './package-trip.tsx'

export type PackageDetailProps = {
	pkg: CatalogPackage
	related: PackageCardData[]
	reviews: Review[]
	/** Verified reviews of this package: their count and average. */
	rating?: { count: number; average: number | null }
	advancePercent: number
	gstPercent: number
	/** The price calendar, the hotels and ferries and the payment terms (null when no hotel category is offered). */
	trip?: PackageTripView | null
	/** Shown above the page in the staff preview. */
	banner?: React.ReactNode
}

/** The package page as visitors see it; the staff preview (/test-packages) renders the same. */
export function PackageDetail({ pkg, related, reviews, rating, advancePercent, gstPercent, trip, banner }: PackageDetailProps) {
	const [hero, ...gallery] = pkg.images
	const price = fromPrice(pkg)
	const bookHref = trip ? packageBookHref(pkg.slug, trip) : `/book-now?package=${pkg.slug}`
	return (
		<main id="main" className="mx-auto max-w-6xl px-4 py-8">
			{banner}
			<Breadcrumbs
				trail={[
					{ name: 'Home', path: '/' },
					{ name: 'Packages', path: '/packages' },
					{ name: pkg.title, path: `/packages/${pkg.slug}` },
				]}
			/>
			<div className="mt-4 grid gap-8 lg:grid-cols-3">
				<div className="lg:col-span-2">
					<p className="text-sm font-semibold tracking-wide text-primary-800 uppercase">
						{packageCategories[pkg.category]} · {pkg.totalNights} nights, {pkg.totalNights + 1} days
					</p>
					<h1 className="mt-1 text-3xl font-bold">{pkg.title}</h1>
					<p className="mt-3 text-lg text-slate-700">{pkg.summary}</p>
					<p className="mt-3 flex flex-wrap gap-3 text-sm text-slate-800">
						{pkg.stays.map((stay, index) => (
							<span key={`${stay.island}-${index}`} className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-3 py-1">
								<MapPin aria-hidden="true" className="size-4" />
								{islands[stay.island].label}: {stay.nights} {stay.nights === 1 ? 'night' : 'nights'}
							</span>
						))}
					</p>
					{hero ? (
						<Photo
							image={hero}
							width={800}
							height={500}
							priority
							sizes="(min-width: 1024px) 760px, 100vw"
							className="mt-6 aspect-[8/5] w-full rounded-xl bg-slate-100 object-cover"
						/>
					) : null}
					{gallery.length ? (
						<ul className="mt-3 grid grid-cols-3 gap-3" aria-label="More photos">
							{gallery.map((image) => (
								<li key={image.src}>
									<Photo
										image={image}
										width={320}
										height={200}
										sizes="(min-width: 1024px) 250px, 33vw"
										className="aspect-[8/5] w-full rounded-lg bg-slate-100 object-cover"
									/>
								</li>
							))}
						</ul>
					) : null}

					<section aria-labelledby="highlights-heading" className="mt-10">
						<h2 id="highlights-heading" className="text-2xl font-semibold">
							Highlights
						</h2>
						<IconList items={pkg.highlights} icon={Star} iconClassName="text-yellow-600" className="mt-3 grid gap-2 sm:grid-cols-2" />
					</section>

					{trip ? <PackageCalendar slug={pkg.slug} trip={trip} /> : null}

					<section aria-labelledby="plan-heading" className="mt-10">
						<h2 id="plan-heading" className="text-2xl font-semibold">
							Day by day
						</h2>
						<ol className="mt-4 space-y-4 border-l-2 border-primary-200 pl-6">
							{pkg.days.map((day) => (
								<li key={day.day} className="relative">
									<span aria-hidden="true" className="absolute top-1 -left-[1.95rem] size-3 rounded-full bg-primary-700" />
									<h3 className="font-semibold">
										Day {day.day}: {day.title}
									</h3>
									<p className="text-sm text-slate-600">{islands[day.island].label}</p>
									<p className="mt-1 text-slate-800">{day.description}</p>
								</li>
							))}
						</ol>
					</section>

					{trip ? (
						<>
							<PackageStays trip={trip} />
							<PackageFerries trip={trip} />
						</>
					) : null}

					<div className="mt-10 grid gap-8 sm:grid-cols-2">
						<section aria-labelledby="included-heading">
							<h2 id="included-heading" className="text-xl font-semibold">
								Included
							</h2>
							<IconList items={pkg.inclusions} icon={Check} iconClassName="text-success-700" className="mt-3 space-y-2" />
						</section>
						<section aria-labelledby="excluded-heading">
							<h2 id="excluded-heading" className="text-xl font-semibold">
								Not included
							</h2>
							<IconList items={pkg.exclusions} icon={X} iconClassName="text-error-700" className="mt-3 space-y-2" />
						</section>
					</div>

					{trip ? <PaymentWhen trip={trip} /> : null}

					<Faqs faqs={pkg.faqs} heading="Questions about this package" />

					{reviews.length ? (
						<section aria-labelledby="reviews-heading" className="mt-12">
							<h2 id="reviews-heading" className="text-2xl font-semibold">
								Travellers on this trip said
							</h2>
							{rating && rating.count > 0 && rating.average !== null ? (
								<p className="mt-2 flex items-center gap-2 text-slate-800" data-testid="package-rating">
									<Stars rating={Math.round(rating.average)} />
									<span>
										{rating.average.toFixed(1)} out of 5 from {rating.count} verified traveller{rating.count === 1 ? '' : 's'}
									</span>
								</p>
							) : null}
							<ul className="mt-4 space-y-4">
								{reviews.map((review) => (
									<li key={review.id} className="rounded-lg border border-slate-200 p-4">
										<ReviewCard review={review} showTrip={false} />
									</li>
								))}
							</ul>
						</section>
					) : null}
				</div>

				<aside aria-labelledby="price-heading" className="lg:sticky lg:top-20 lg:self-start">
					<div className="rounded-xl border border-slate-200 p-5 shadow-sm">
						<h2 id="price-heading" className="text-xl font-semibold">
							Price per person
						</h2>
						<p className="text-sm text-slate-700">Twin sharing, including {gstPercent}% GST</p>
						<table className="mt-4 w-full text-left">
							<caption className="sr-only">Price per person by hotel category</caption>
							<tbody>
								{tiers.map((tier) => (
									<tr key={tier} className="border-b border-slate-100 last:border-0">
										<th scope="row" className="py-2 font-medium">
											{tierLabels[tier]} hotels
										</th>
										<td className="py-2 text-right">
											{pkg.prices[tier] !== null ? (
												<span className="font-bold">from {formatINR(pkg.prices[tier])}</span>
											) : (
												<span className="text-sm text-slate-600">not offered</span>
											)}
										</td>
									</tr>
								))}
							</tbody>
						</table>
						<div className="mt-5 grid gap-3">
							<IntentLink to={bookHref} className={buttonClass('primary', 'lg')}>
								Book now
							</IntentLink>
							<IntentLink to={`/quote?package=${pkg.slug}`} className={buttonClass('outline', 'lg')}>
								Get a quote
							</IntentLink>
							<a href={whatsappLink(`Hello! I am interested in "${pkg.title}" (${pkg.slug}).`)} className={buttonClass('ghost')}>
								<WhatsAppIcon className="size-5" /> Ask on WhatsApp
							</a>
						</div>
						<p className="mt-4 flex items-center gap-1 text-sm text-slate-700">
							<Moon aria-hidden="true" className="size-4" /> {pkg.totalNights} nights
							{price !== null ? ` · from ${formatINR(Math.round(price / pkg.totalNights))} a night per person` : ''}
						</p>
						<p className="mt-2 text-sm text-slate-700">
							{advancePercent}% advance confirms the booking. <IntentLink to="/cancellation">Cancellation policy</IntentLink>
						</p>
					</div>
				</aside>
			</div>

			{related.length ? (
				<PackageCardSection
					id="related-heading"
					heading="You may also like"
					packages={related}
					className="mt-14"
					listClassName="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
				/>
			) : null}
			<StickyBookingBar
				perPerson={trip?.chosen?.perPerson ?? price}
				pricePrefix={trip?.chosen ? undefined : 'from'}
				bookHref={price !== null ? bookHref : null}
				whatsappMessage={`Hello! I am interested in "${pkg.title}" (${pkg.slug}).`}
				priceAnchor="#price-heading"
			/>
		</main>
	)
}

/** A list whose items each start with the same icon: the highlights, what is included and what is not. */
function IconList({ items, icon: Icon, iconClassName, className }: { items: string[]; icon: LucideIcon; iconClassName: string; className: string }) {
	return (
		<ul className={className}>
			{items.map((item) => (
				<li key={item} className="flex gap-2">
					<Icon aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${iconClassName}`} />
					{item}
				</li>
			))}
		</ul>
	)
}
