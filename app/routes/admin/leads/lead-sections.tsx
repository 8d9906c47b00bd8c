import { Link } from 'react-router'
import { QuoteShareLink } from '~/features/sales/components/quote-share-link.tsx'
import { bookingStatusLabels } from '~/features/bookings/domain/booking.ts'
import { tierLabels } from '~/features/catalog/domain/packages.ts'
import { sourceLabels } from '~/features/leads/domain/lead.ts'
import { type BuilderTrip, builderTripOf } from '~/features/leads/domain/builder-trip.ts'
import { budgetBands } from '~/features/leads/domain/quote-form.ts'
import { interestLabel } from '~/features/rates/domain/activities.ts'
import { quoteStatusLabels, quoteWhatsAppGreeting } from '~/features/sales/domain/quote.ts'
import { voucherStatusLabels } from '~/features/bookings/domain/voucher.ts'
import { formatLongMonth, formatTimestamp, formatTravelDate } from '~/lib/dates.ts'
import { islandLabel } from '~/lib/islands.ts'
import { formatINR } from '~/lib/money.ts'
import { formatPhone } from '~/lib/phone.ts'
import { plural } from '~/lib/words.ts'
import type { Route } from './+types/lead'

/** The lead page's read-only panels: the enquiry, its bookings, and its itineraries and quotes. */

type LeadPageData = Route.ComponentProps['loaderData']

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
	return (
		<div className="py-2 sm:grid sm:grid-cols-3 sm:gap-4">
			<dt className="text-sm font-medium text-slate-700">{label}</dt>
			<dd className="text-slate-900 sm:col-span-2">{children}</dd>
		</div>
	)
}

export function EnquiryPanel({ lead, pkg, agents }: { lead: LeadPageData['lead']; pkg: LeadPageData['package']; agents: LeadPageData['agents'] }) {
	const trip = builderTripOf(lead.builder)
	return (
		<section aria-labelledby="details-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
			<h2 id="details-heading" className="text-lg font-semibold">
				Enquiry
			</h2>
			<dl className="mt-2 divide-y divide-slate-100">
				<Detail label="Phone">{lead.phone ? formatPhone(lead.phone) : 'not given'}</Detail>
				<Detail label="Email">{lead.email ?? 'not given'}</Detail>
				<Detail label="Source">{sourceLabels[lead.source as keyof typeof sourceLabels] ?? lead.source}</Detail>
				<Detail label="Received">{formatTimestamp(lead.createdAt)}</Detail>
				<Detail label="When">
					{lead.travelStart
						? `${formatTravelDate(lead.travelStart)}${lead.travelEnd ? ` to ${formatTravelDate(lead.travelEnd)}` : ''}`
						: lead.travelMonth
							? formatLongMonth(lead.travelMonth)
							: 'not decided'}
				</Detail>
				<Detail label="Nights">{lead.nights ?? 'not given'}</Detail>
				<Detail label="Travellers">
					{lead.adults ?? '?'} {lead.adults === 1 ? 'adult' : 'adults'}
					{lead.childAges.length ? `, ${lead.childAges.length} ${lead.childAges.length === 1 ? 'child' : 'children'} aged ${lead.childAges.join(', ')}` : ''}
					{lead.infants ? `, ${plural(lead.infants, 'infant')}` : ''}
				</Detail>
				<Detail label="Budget">
					{lead.budget
						? (budgetBands[lead.budget as keyof typeof budgetBands] ?? lead.budget)
						: trip?.price
							? `not given; the builder priced the trip at ${formatINR(trip.price.total)}`
							: 'not given'}
				</Detail>
				<Detail label="Hotels">{lead.tier ? (tierLabels[lead.tier as keyof typeof tierLabels] ?? lead.tier) : 'no preference'}</Detail>
				<Detail label="Islands">{lead.islands.length ? lead.islands.map(islandLabel).join(', ') : 'not given'}</Detail>
				{lead.interests.length ? <Detail label="Interests">{lead.interests.map(interestLabel).join(', ')}</Detail> : null}
				<Detail label="Package">
					{pkg ? (
						<Link to={`/packages/${pkg.slug}`} className="underline">
							{pkg.title} ({pkg.nights} nights)
						</Link>
					) : (
						'none'
					)}
				</Detail>
				{lead.agentId ? (
					<Detail label="Agent">
						<Link to={`/admin/agents/${lead.agentId}`}>{agents.find((agent) => agent.value === lead.agentId)?.label ?? 'Agent'}</Link>
					</Detail>
				) : null}
				<Detail label="Message">{lead.message ? <span className="whitespace-pre-line">{lead.message}</span> : 'none'}</Detail>
			</dl>
			{trip ? <BuilderTripDetails trip={trip} /> : null}
		</section>
	)
}

/** The trip the visitor priced in the builder, as a trip: islands and nights, hotels, meals, cars and the price it showed. */
function BuilderTripDetails({ trip }: { trip: BuilderTrip }) {
	return (
		<section aria-labelledby="builder-trip-heading" className="mt-3 rounded-lg bg-slate-50 p-4">
			<h3 id="builder-trip-heading" className="font-semibold">
				Trip from the builder
			</h3>
			<dl className="mt-1 divide-y divide-slate-200">
				<Detail label="Islands">
					{trip.stays.length ? trip.stays.map((stay) => `${stay.island}, ${plural(stay.nights, 'night')}`).join(' → ') : 'not given'}
				</Detail>
				<Detail label="Nights">{trip.nights || 'not given'}</Detail>
				<Detail label="Hotel category">{trip.hotels ?? 'not given'}</Detail>
				<Detail label="Meals">{trip.meals ?? 'not given'}</Detail>
				{trip.cars ? <Detail label="Getting around">{trip.cars}</Detail> : null}
				{trip.activities ? <Detail label="Activities">{plural(trip.activities, 'activity', 'activities')}</Detail> : null}
				<Detail label="Price shown">
					{trip.price ? (
						<>
							{formatINR(trip.price.total)}
							{trip.price.perPerson && (trip.price.payingTravellers ?? 0) > 1 ? ` (${formatINR(trip.price.perPerson)} per person)` : ''}
							{trip.pricedOn ? `, priced on ${formatTravelDate(trip.pricedOn)}` : ''}
						</>
					) : trip.problems.length ? (
						`not priced: ${trip.problems.join(' ')}`
					) : (
						'not priced'
					)}
				</Detail>
			</dl>
			{trip.builderPath ? (
				<a href={trip.builderPath} target="_blank" rel="noreferrer" className="mt-2 inline-block text-sm underline">
					Open these choices in the builder (today’s prices)
				</a>
			) : null}
		</section>
	)
}

export function BookingsPanel({ bookings }: { bookings: LeadPageData['bookings'] }) {
	if (!bookings.length) return null
	return (
		<section aria-labelledby="bookings-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
			<h2 id="bookings-heading" className="text-lg font-semibold">
				Bookings
			</h2>
			<ul className="mt-3 space-y-2 [&_a]:underline">
				{bookings.map((booking) => (
					<li key={booking.id}>
						<Link to={`/admin/pending/${booking.id}`} className="font-mono">
							{booking.reference}
						</Link>{' '}
						· {bookingStatusLabels[booking.status]} · arrives {formatTravelDate(booking.startDate)}, {booking.nights} nights · {formatINR(booking.total)}
						{booking.vouchers.length || booking.ferryBookings.length ? (
							<ul className="ml-4 text-sm">
								{booking.vouchers.map((voucher) => (
									<li key={voucher.id}>
										<a href={`/voucher/${voucher.id}`}>Voucher v{voucher.version}</a> · {voucherStatusLabels[voucher.status]}
									</li>
								))}
								{booking.ferryBookings.map((ferry) => (
									<li key={ferry.id}>
										Ferry <Link to={`/admin/ferry-bookings/${ferry.id}`}>{ferry.reference}</Link> · {ferry.route}, {formatTravelDate(ferry.date)}
									</li>
								))}
							</ul>
						) : null}
					</li>
				))}
			</ul>
		</section>
	)
}

export function ItinerariesPanel({ lead, itineraries, quotes, bookings }: Pick<LeadPageData, 'lead' | 'itineraries' | 'quotes' | 'bookings'>) {
	return (
		<section aria-labelledby="itineraries-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
			<h2 id="itineraries-heading" className="text-lg font-semibold">
				Itineraries and quotes
			</h2>
			{itineraries.length ? (
				<ul className="mt-3 space-y-2">
					{itineraries.map((itinerary) => (
						<li key={itinerary.id}>
							<Link to={`/admin/create-itinerary/${itinerary.id}`}>{itinerary.title}</Link> · {itinerary.reference} ·{' '}
							{itinerary.total !== null ? formatINR(itinerary.total) : 'not priced'}
							<ul className="ml-4 text-sm">
								{quotes
									.filter((quote) => quote.itineraryId === itinerary.id)
									.map((quote) => (
										<li key={quote.id}>
											<Link to={`/quote/${quote.id}`}>Quote v{quote.version}</Link> · {quoteStatusLabels[quote.status]} · {formatINR(quote.total)}
											{quote.status === 'sent' || quote.status === 'viewed' ? (
												<QuoteShareLink url={quote.shareUrl} phone={lead.phone} greeting={quoteWhatsAppGreeting(lead.name, quote.version)} className="my-2" />
											) : null}
											{bookings
												.filter((booking) => booking.quoteId === quote.id)
												.map((booking) => (
													<span key={booking.id}>
														{' '}
														· booked as <Link to={`/admin/pending/${booking.id}`}>{booking.reference}</Link>
													</span>
												))}
										</li>
									))}
							</ul>
						</li>
					))}
				</ul>
			) : (
				<p className="mt-2 text-slate-700">None yet.</p>
			)}
			<Link to={`/admin/create-itinerary?lead=${lead.id}`} className="mt-3 inline-block">
				Start an itinerary for this lead
			</Link>{' '}
			<Link to={`/admin/create-itinerary?lead=${lead.id}&archived=1`} className="mt-3 ml-3 inline-block text-sm">
				Show archived itineraries
			</Link>
		</section>
	)
}
