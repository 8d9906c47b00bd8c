import { Hotel, Ship, Star } from 'lucide-react'
import { Photo } from '~/features/media/components/photo.tsx'
import { buttonClass } from '~/components/ui/button.tsx'
import { tierLabels } from '~/features/catalog/domain/packages.ts'
import type { PackageTripView } from '~/features/catalog/server/package-trip.server.ts'
import { PriceCalendar } from '~/features/rates/components/price-calendar.tsx'
import { formatTravelDate } from '~/lib/dates.ts'
import { formatINR } from '~/lib/money.ts'
import { plural } from '~/lib/words.ts'

/** The package page's address for a hotel category and a month of the calendar (plain links: no JavaScript). */
export function packageViewHref(slug: string, tier: string, month?: string) {
	return `/packages/${slug}?${new URLSearchParams({ tier, ...(month ? { month } : {}) }).toString()}#price-calendar`
}

/** book-now for the package on the chosen dates, twin sharing as priced. */
export function packageBookHref(slug: string, trip: Pick<PackageTripView, 'tier' | 'chosen'>) {
	return `/book-now?${new URLSearchParams({ package: slug, tier: trip.tier, ...(trip.chosen ? { startDate: trip.chosen.startDate, adults: '2' } : {}) }).toString()}`
}

/** Price by month: the hotel category as links, the twelve months, and the dates of the month chosen with their price. */
export function PackageCalendar({ slug, trip }: { slug: string; trip: PackageTripView }) {
	return (
		<section id="price-calendar" aria-labelledby="price-calendar-heading" className="mt-10 scroll-mt-20">
			<h2 id="price-calendar-heading" className="text-2xl font-semibold">
				Price by month
			</h2>
			<p className="mt-1 text-slate-700">
				Per person for two adults sharing a room, GST included: the cheapest arrival in each month, from our current hotel, ferry and transfer rates.
			</p>
			{trip.offered.length > 1 ? (
				<p className="mt-3 flex flex-wrap items-center gap-2 text-sm">
					<span className="font-medium">Hotels:</span>
					{trip.offered.map((tier) => (
						<a
							key={tier}
							href={packageViewHref(slug, tier, trip.chosen?.month)}
							aria-current={tier === trip.tier ? 'true' : undefined}
							className={`rounded-full border px-3 py-1 no-underline ${tier === trip.tier ? 'border-primary-700 bg-primary-700 text-white' : 'border-slate-300 text-slate-900 hover:border-primary-700'}`}
						>
							{tierLabels[tier]}
						</a>
					))}
				</p>
			) : null}
			<div className="mt-3">
				<PriceCalendar
					calendar={trip.calendar}
					selected={trip.chosen?.month}
					hrefFor={({ month }) => packageViewHref(slug, trip.tier, month)}
					label={`Price per person by month, ${tierLabels[trip.tier]} hotels`}
				/>
			</div>
			{trip.chosen ? (
				<div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-primary-50 p-4" data-testid="chosen-dates">
					<p>
						<span className="block font-semibold">
							{formatTravelDate(trip.chosen.startDate)} to {formatTravelDate(trip.chosen.endDate)}
						</span>
						<span className="block">
							<strong className="text-xl">{formatINR(trip.chosen.perPerson)}</strong> per person, {tierLabels[trip.tier]} hotels · total{' '}
							{formatINR(trip.chosen.total)} for 2
						</span>
					</p>
					<a href={packageBookHref(slug, trip)} className={buttonClass('primary', 'md')}>
						Book these dates
					</a>
				</div>
			) : (
				<p className="mt-3 text-sm text-slate-700">Choose a month to see its dates and price; you can change the date and travellers when you book.</p>
			)}
		</section>
	)
}

/** Where you sleep, night by night: the hotels the price is made of, with a photo, stars, area, room and meals. */
export function PackageStays({ trip }: { trip: PackageTripView }) {
	if (!trip.stays.length) return null
	return (
		<section aria-labelledby="stays-heading" className="mt-10">
			<h2 id="stays-heading" className="text-2xl font-semibold">
				Where you stay
			</h2>
			<p className="mt-1 text-sm text-slate-700">
				{tierLabels[trip.tier]} hotels{trip.shownDate ? ` for an arrival on ${formatTravelDate(trip.shownDate)}` : ''}. If a hotel is full on your dates we
				offer another of the same category or better, and say so before you pay.
			</p>
			<ol className="mt-4 space-y-4">
				{trip.stays.map((stay) => (
					<li key={`${stay.hotelId}-${stay.firstNight}`} className="grid gap-3 rounded-xl border border-slate-200 p-3 sm:grid-cols-[12rem_1fr]">
						{stay.photo ? (
							<Photo
								image={stay.photo}
								width={384}
								height={256}
								sizes="(min-width: 640px) 192px, 100vw"
								className="aspect-[3/2] w-full rounded-lg bg-slate-100 object-cover"
							/>
						) : (
							<div className="hidden aspect-[3/2] w-full items-center justify-center rounded-lg bg-slate-100 text-slate-600 sm:flex" aria-hidden="true">
								<Hotel className="size-8" />
							</div>
						)}
						<div>
							<p className="text-sm font-medium text-primary-800">
								{stay.island} · {plural(stay.nights, 'night')}, {formatTravelDate(stay.firstNight)} to {formatTravelDate(stay.checkOut)}
							</p>
							<h3 className="mt-0.5 text-lg font-semibold">{stay.hotelName}</h3>
							{stay.stars ? (
								<p className="flex items-center gap-0.5 text-sm" role="img" aria-label={`${stay.stars} stars`}>
									{Array.from({ length: stay.stars }, (_, index) => (
										<Star key={index} aria-hidden="true" className="size-4 fill-yellow-500 text-yellow-600" />
									))}
								</p>
							) : null}
							<dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-800">
								{stay.area ? (
									<>
										<dt className="text-slate-700">Area</dt>
										<dd>{stay.area}</dd>
									</>
								) : null}
								<dt className="text-slate-700">Room</dt>
								<dd>{stay.roomType}</dd>
								<dt className="text-slate-700">Meals</dt>
								<dd>{stay.mealPlan}</dd>
							</dl>
						</div>
					</li>
				))}
			</ol>
		</section>
	)
}

/** The ferry legs with their operator, class and about how long they take. */
export function PackageFerries({ trip }: { trip: PackageTripView }) {
	if (!trip.ferries.length) return null
	return (
		<section aria-labelledby="ferries-heading" className="mt-10">
			<h2 id="ferries-heading" className="flex items-center gap-2 text-2xl font-semibold">
				<Ship aria-hidden="true" className="size-6" /> Ferries
			</h2>
			<table className="mt-3 w-full text-left text-sm">
				<caption className="sr-only">Ferry legs of this trip</caption>
				<thead>
					<tr className="border-b border-slate-200 text-slate-700">
						<th scope="col" className="py-2 pr-2 font-medium">
							Crossing
						</th>
						<th scope="col" className="py-2 pr-2 font-medium">
							Operator
						</th>
						<th scope="col" className="py-2 font-medium">
							Takes
						</th>
					</tr>
				</thead>
				<tbody>
					{trip.ferries.map((leg) => (
						<tr key={`${leg.date}-${leg.from}-${leg.to}`} className="border-b border-slate-100">
							<th scope="row" className="py-2 pr-2 font-normal">
								{leg.from} → {leg.to}
								{trip.chosen ? <span className="block text-xs text-slate-700">{formatTravelDate(leg.date)}</span> : null}
							</th>
							<td className="py-2 pr-2">
								{leg.operator} <span className="text-slate-700">({leg.ferryClass})</span>
							</td>
							<td className="py-2">{leg.duration ?? 'ask us'}</td>
						</tr>
					))}
				</tbody>
			</table>
		</section>
	)
}

/** What you pay and when: the advance, the balance date relative to the trip, and the cancellation bands from the policy. */
export function PaymentWhen({ trip }: { trip: PackageTripView }) {
	const { payment } = trip
	return (
		<section aria-labelledby="pay-when-heading" className="mt-10">
			<h2 id="pay-when-heading" className="text-2xl font-semibold">
				What you pay and when
			</h2>
			<ul className="mt-3 space-y-1 text-slate-800" data-testid="pay-when">
				{payment.plan?.fullNow ? (
					<li>Arriving within {payment.balanceDueDaysBefore} days of booking, the whole price is paid when you book.</li>
				) : (
					<>
						<li>
							When you book: {payment.advancePercent}% advance{payment.plan ? ` (${formatINR(payment.plan.dueNow)} for these dates, 2 adults)` : ''}.
						</li>
						<li>
							The balance: {payment.balanceDueDaysBefore} days before you arrive
							{payment.plan ? ` (${formatINR(payment.plan.balance)} by ${formatTravelDate(payment.plan.balanceDueDate)})` : ''}.
						</li>
					</>
				)}
			</ul>
			<table className="mt-3 w-full text-left text-sm">
				<caption className="mb-1 text-left font-medium">If you cancel</caption>
				<tbody>
					{payment.cancellation.map((row) => (
						<tr key={row.when} className="border-b border-slate-100">
							<th scope="row" className="py-1.5 pr-2 font-normal">
								{row.when}
							</th>
							<td className="py-1.5 text-right">{row.feePercent === 0 ? 'no fee' : `${row.feePercent}% of the price`}</td>
						</tr>
					))}
				</tbody>
			</table>
		</section>
	)
}
