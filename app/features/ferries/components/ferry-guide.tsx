import { Clock, IdCard, Ship } from 'lucide-react'
import { TableHead } from '~/components/ui/table-head.tsx'
import { Link } from 'react-router'
import { ScrollRegion } from '~/components/ui/scroll-region.tsx'
import { ferryOperatorRules } from '~/features/travel-facts/domain/ferry-operators.ts'
import { ferryRoutes, formatHours, formatMinutes } from '~/features/travel-facts/domain/facts.ts'
import { formatTravelDate } from '~/lib/dates.ts'
import { formatINR } from '~/lib/money.ts'
import type { FareGuideRoute } from '~/features/ferries/server/fare-guide.server.ts'

/** Beside the ferry enquiry: fares from the fare table, the check-in time and the ID rules. */
export function FerryFacts({ guide, reportingMinutes }: { guide: ReadonlyArray<FareGuideRoute>; reportingMinutes: number }) {
	return (
		<aside className="space-y-6 lg:col-span-2">
			<section aria-labelledby="fares-heading" className="rounded-xl bg-slate-50 p-5">
				<h2 id="fares-heading" className="flex items-center gap-2 text-xl font-semibold">
					<Ship aria-hidden="true" className="size-5" /> Fares from
				</h2>
				<p className="mt-1 text-sm text-slate-700">
					Adult one-way fares in our fare table today, lowest class. Infants pay a small fee; prices rise on peak dates.
				</p>
				{guide.length ? (
					guide.map((route) => (
						<div key={route.label} className="mt-4">
							<h3 className="font-semibold">{route.label}</h3>
							<ul className="mt-1 text-sm">
								{route.operators.map((operator) => (
									<li key={operator.operator} className="flex justify-between border-b border-slate-200 py-1">
										<span>{operator.operator}</span>
										<span>from {formatINR(operator.from)}</span>
									</li>
								))}
							</ul>
						</div>
					))
				) : (
					<p className="mt-3 text-sm">Fares are being updated: send the form and we quote the current fare.</p>
				)}
			</section>
			<section aria-labelledby="checkin-heading" className="rounded-xl bg-slate-50 p-5">
				<h2 id="checkin-heading" className="flex items-center gap-2 text-xl font-semibold">
					<Clock aria-hidden="true" className="size-5" /> Check-in
				</h2>
				<p className="mt-2 text-sm text-slate-700">
					Each operator sets its own time to be at the jetty; late passengers are not boarded or refunded. Your voucher gives the clock time for each sailing.
				</p>
				<ul className="mt-2 space-y-1 text-sm text-slate-700">
					{ferryOperatorRules.map((operator) => (
						<li key={operator.name}>
							{operator.name}: <strong>{formatMinutes(operator.reportMinutes ?? reportingMinutes)} before departure</strong>
							{operator.reportMinutes === null
								? ' (publishes no time; what we advise)'
								: operator.closes && operator.closesMinutes
									? ` (${operator.closes} closes ${formatMinutes(operator.closesMinutes)} before)`
									: ''}
						</li>
					))}
				</ul>
				<p className="mt-2 text-sm text-slate-700">
					Baggage allowances differ: see <a href="#operator-rules">each operator’s rules</a>.
				</p>
			</section>
			<section aria-labelledby="id-heading" className="rounded-xl bg-slate-50 p-5">
				<h2 id="id-heading" className="flex items-center gap-2 text-xl font-semibold">
					<IdCard aria-hidden="true" className="size-5" /> ID rules
				</h2>
				<p className="mt-2 text-sm text-slate-700">
					Every passenger’s name must match a government photo ID carried on the day: Aadhaar, passport, voter ID or driving licence for Indian nationals; the
					original passport (and visa where needed) for foreign nationals. Children carry a school ID or birth certificate.
				</p>
			</section>
		</aside>
	)
}

/** Sailing times from the one table the guides use too (app/features/travel-facts/domain). */
const durations = ferryRoutes.map((route) => ({ route: route.label, private: formatHours(route.private), government: formatHours(route.government) }))

/** Each operator's own rules, with a link to its booking site and the terms we read. */
function OperatorRules() {
	return (
		<>
			<h3 id="operator-rules" className="mt-6 text-lg font-semibold">
				Each operator’s rules
			</h3>
			<p className="mt-2 text-slate-800">
				Operators set their own reporting times, baggage allowances and child fares. This is what their published terms said when we checked them; the ticket
				you receive is what counts.
			</p>
			<div className="not-prose mt-4 grid gap-4">
				{ferryOperatorRules.map((operator, index) => (
					<section key={operator.name} aria-labelledby={`operator-${index}`} className="rounded-lg border border-slate-200 p-4">
						<h4 id={`operator-${index}`} className="font-semibold">
							{operator.site ? (
								<a href={operator.site} rel="noopener noreferrer external">
									{operator.name}
									<span className="sr-only"> (booking site)</span>
								</a>
							) : (
								operator.name
							)}
						</h4>
						<dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[9rem_1fr]">
							<dt className="font-medium text-slate-900">Reporting time</dt>
							<dd className="text-slate-700">{operator.reporting}</dd>
							<dt className="font-medium text-slate-900">Baggage</dt>
							<dd className="text-slate-700">{operator.baggage}</dd>
							<dt className="font-medium text-slate-900">Children</dt>
							<dd className="text-slate-700">{operator.children}</dd>
							<dt className="font-medium text-slate-900">Weather</dt>
							<dd className="text-slate-700">{operator.weather}</dd>
							{operator.extra ? (
								<>
									<dt className="font-medium text-slate-900">ID and tickets</dt>
									<dd className="text-slate-700">{operator.extra}</dd>
								</>
							) : null}
						</dl>
						{operator.source ? (
							<p className="mt-2 text-xs text-slate-600">
								Source:{' '}
								<a href={operator.source.url} rel="noopener noreferrer external">
									{operator.source.title}
								</a>
								, read on {formatTravelDate(operator.source.asOf)}
							</p>
						) : null}
					</section>
				))}
			</div>
		</>
	)
}

/** The ferry guide under the enquiry: routes and jetties, sailing times, operators and their rules, classes, weather. */
export function FerryGuide() {
	return (
		<section aria-labelledby="guide-heading" className="prose prose-slate mt-12 max-w-3xl">
			<h2 id="guide-heading" className="text-2xl font-semibold">
				Ferry guide: operators, routes and classes
			</h2>
			<h3 className="mt-4 text-lg font-semibold">Routes and jetties</h3>
			<p className="mt-2 text-slate-800">
				The main triangle links Port Blair (Sri Vijaya Puram), Havelock (Swaraj Dweep) and Neil (Shaheed Dweep). Private catamarans leave Port Blair from Haddo
				Wharf; government ferries sail from Phoenix Bay jetty, where the Directorate of Shipping Services (DSS) counter sells their tickets. At Havelock ferries
				use the island’s main jetty near Beach No. 1; at Neil, the jetty at Neil Kendra near Bharatpur beach.
			</p>
			<ScrollRegion label="Typical sailing times (table)" className="mt-4">
				<table className="w-full min-w-[32rem] border-collapse text-left text-sm">
					<caption className="mb-2 text-left font-medium text-slate-700">Typical sailing times</caption>
					<TableHead rowClassName="border-b border-slate-300" cellClassName="py-2 pr-3" columns={['Route', 'Private catamaran', 'Government ferry']} />
					<tbody>
						{durations.map((row) => (
							<tr key={row.route} className="border-b border-slate-100">
								<th scope="row" className="py-2 pr-3 font-medium">
									{row.route}
								</th>
								<td className="py-2 pr-3">{row.private}</td>
								<td className="py-2 pr-3">{row.government}</td>
							</tr>
						))}
					</tbody>
				</table>
			</ScrollRegion>
			<h3 className="mt-6 text-lg font-semibold">Operators</h3>
			<ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800">
				<li>
					<strong>Makruzz</strong>: the largest private catamaran, air-conditioned, with Premium, Deluxe and Royal classes; usually the smoothest ride.
				</li>
				<li>
					<strong>Nautika</strong> (formerly ITT Nautika): fast catamaran, Economy and Premium (Luxury) seating.
				</li>
				<li>
					<strong>Green Ocean</strong>: reliable and slightly cheaper, Economy and Premium decks.
				</li>
				<li>
					<strong>ITT Majestic</strong>: a large vessel with Premium and Deluxe classes, often with spare seats on busy days.
				</li>
				<li>
					<strong>Government ships</strong> (DSS): the cheapest, slower, bunk or deck class; tickets sell out days ahead and are partly reserved for islanders.
					Book online through the Directorate’s STARS e-ticketing or at the STARS counter at Phoenix Bay.
				</li>
			</ul>
			<OperatorRules />
			<h3 className="mt-6 text-lg font-semibold">Classes</h3>
			<p className="mt-2 text-slate-800">
				Economy or Premium seats are fine for most trips. Deluxe and Royal (Makruzz) give wider seats, fewer passengers and a better view. On choppy days sit
				low and in the middle of the vessel. All private ferries are air-conditioned and sell snacks on board.
			</p>
			<h3 className="mt-6 text-lg font-semibold">Weather and cancellations</h3>
			<p className="mt-2 text-slate-800">
				From mid-May to September the sea can be rough and sailings are sometimes cancelled at short notice by the port authority; operators then refund or move
				you to the next sailing. Keep a spare half day at the end of your trip before your flight. See our{' '}
				<Link to="/andaman-weather-best-time-to-visit">weather guide</Link> and <Link to="/andaman-travel-tips">travel tips</Link>.
			</p>
		</section>
	)
}
