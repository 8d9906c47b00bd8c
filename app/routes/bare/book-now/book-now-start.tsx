import { type PackageCardData } from '~/features/catalog/components/package-card.tsx'
import { IntentLink } from '~/components/prefetch.tsx'
import { buttonClass } from '~/components/ui/button.tsx'
import { fromPrice } from '~/features/catalog/domain/packages.ts'
import { formatINR } from '~/lib/money.ts'

/** /book-now with nothing to book yet: the three ways to get to a trip that can be booked. */
export function StartBooking({ packages }: { packages: PackageCardData[] }) {
	return (
		<main id="main" className="mx-auto max-w-3xl px-4 py-8">
			<h1 className="text-3xl font-bold">Book your Andaman trip</h1>
			<p className="mt-2 text-slate-700">Choose what to book first. Nothing is charged online: we confirm hotels and ferries once your advance reaches us.</p>
			<ol className="mt-6 space-y-6">
				<li className="rounded-xl border border-slate-200 p-5">
					<h2 className="text-xl font-semibold">Book one of our packages</h2>
					<p className="mt-1 text-slate-700">Hotels, ferries, transfers and sightseeing in one price. Pick your dates and hotels on the next page.</p>
					{packages.length ? (
						<ul className="mt-4 divide-y divide-slate-200">
							{packages.map((pkg) => {
								const price = fromPrice(pkg)
								return (
									<li key={pkg.slug} className="flex flex-wrap items-center justify-between gap-3 py-3">
										<span>
											<IntentLink to={`/packages/${pkg.slug}`} className="font-medium">
												{pkg.title}
											</IntentLink>
											<span className="block text-sm text-slate-700">
												{pkg.totalNights} nights{price !== null ? ` · from ${formatINR(price)} per person` : ''}
											</span>
										</span>
										<IntentLink to={`/book-now?package=${pkg.slug}`} className={buttonClass('secondary')}>
											Book<span className="sr-only"> {pkg.title}</span>
										</IntentLink>
									</li>
								)
							})}
						</ul>
					) : null}
					<p className="mt-3">
						<IntentLink to="/packages">See all packages</IntentLink>
					</p>
				</li>
				<li className="rounded-xl border border-slate-200 p-5">
					<h2 className="text-xl font-semibold">Build your own trip</h2>
					<p className="mt-1 text-slate-700">Choose islands, nights, hotels and activities and see the price as you go, then book it.</p>
					<IntentLink to="/builder" className={`${buttonClass('primary')} mt-3`}>
						Open the trip builder
					</IntentLink>
				</li>
				<li className="rounded-xl border border-slate-200 p-5">
					<h2 className="text-xl font-semibold">Not sure yet?</h2>
					<p className="mt-1 text-slate-700">
						Tell us your dates and who is travelling. A planner in Port Blair replies with a day-by-day plan and a price, usually within a few hours.
					</p>
					<IntentLink to="/quote" className={`${buttonClass('secondary')} mt-3`}>
						Request a quote
					</IntentLink>
				</li>
			</ol>
		</main>
	)
}
