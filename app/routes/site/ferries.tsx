import { Clock, IdCard, Ship } from 'lucide-react'
import { useState } from 'react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { Breadcrumbs } from '~/components/breadcrumbs.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button } from '~/components/ui/button.tsx'
import { ErrorSummary } from '~/components/ui/error-summary.tsx'
import { ScrollRegion } from '~/components/ui/scroll-region.tsx'
import { Field, Honeypot, SelectField, TextareaField } from '~/components/ui/field.tsx'
import { classLabel, ferryIslandLabels, ferryIslands, journeysShown, legField, maxLegs, operatorChoices, operatorLabel, parseFerryEnquiry, preferredTimeLabels, preferredTimes, routeLabel, tripTypeLabels, tripTypes } from '~/features/ferries/domain/enquiry.ts'
import { ferryOperatorRules, ferryRulesReviewed } from '~/features/travel-facts/domain/ferry-operators.ts'
import { ferryRoutes, formatHours } from '~/features/travel-facts/domain/facts.ts'
import { formatTravelDate, isIsoDate, todayInIndia } from '~/lib/dates.ts'
import { formatINR } from '~/lib/money.ts'
import { seo } from '~/lib/seo.ts'
import { useHydrated } from '~/lib/use-hydrated.ts'
import { db } from '~/server/db/index.server.ts'
import { env } from '~/server/env.server.ts'
import { createFerryEnquiry } from '~/features/ferries/server/ferries.server.ts'
import { echoFields, isHoneypotFilled, newSubmissionKey } from '~/server/forms.server.ts'
import { checkPublicFormRate } from '~/server/public-form-limit.server.ts'
import { activeFerryFares, ferryClassesOnSale } from '~/features/rates/server/ferry-fares.server.ts'
import { getSettings } from '~/server/settings.server.ts'
import type { Route } from './+types/ferries'


/** Lowest adult fare per route and operator, from the fare table (both directions of a route together). */
function fareGuide(fares: Awaited<ReturnType<typeof activeFerryFares>>) {
	const routes = new Map<string, { label: string; operators: Map<string, number> }>()
	for (const fare of fares) {
		const [a, b] = [fare.from, fare.to].sort((x, y) => ferryIslands.indexOf(x as never) - ferryIslands.indexOf(y as never))
		const key = `${a}|${b}`
		let route = routes.get(key)
		if (!route) routes.set(key, (route = { label: routeLabel(a!, b!).replace('→', '–'), operators: new Map() }))
		const current = route.operators.get(fare.operator)
		if (current === undefined || fare.adultSell < current) route.operators.set(fare.operator, fare.adultSell)
	}
	return [...routes.values()].map((route) => ({ label: route.label, operators: [...route.operators.entries()].sort((x, y) => x[1] - y[1]).map(([operator, from]) => ({ operator: operatorLabel(operator), from })) }))
}

export async function loader({ request }: Route.LoaderArgs) {
	const params = new URL(request.url).searchParams
	const island = (value: string | null) => (value && (ferryIslands as readonly string[]).includes(value) ? value : '')
	const date = params.get('date')
	const [fares, classes, settings] = await Promise.all([activeFerryFares(db()), ferryClassesOnSale(db()), getSettings(db())])
	return {
		submissionKey: newSubmissionKey(),
		siteUrl: env().SITE_URL,
		today: todayInIndia(),
		classes,
		guide: fareGuide(fares),
		reportingMinutes: settings.ferryReportingMinutes,
		prefill: { [legField(0, 'from')]: island(params.get('from')), [legField(0, 'to')]: island(params.get('to')), [legField(0, 'date')]: date && isIsoDate(date) ? date : '' } as Record<string, string>,
	}
}

/** The fields this form shows: a refused post echoes only these. */
const ferryFields = /^(submissionKey|tripType|leg[1-4](From|To|Date|Time|Operator|Class)|adults|infants|indians|foreigners|name|phone|email|message)$/

export async function action({ request, context }: Route.ActionArgs) {
	const form = await request.formData()
	if (isHoneypotFilled(form)) return redirect('/thank-you')
	const values = Object.fromEntries([...form].filter(([, value]) => typeof value === 'string')) as Record<string, string>
	// Without JavaScript, "Show these journeys" posts the form back to show the journeys the chosen trip type needs.
	if (values.intent === 'journeys') return data({ errors: {} as Record<string, string>, values: echoFields(values, ferryFields) })
	const parsed = parseFerryEnquiry(values, todayInIndia())
	if (!parsed.ok) return data({ errors: parsed.errors, values: echoFields(values, ferryFields) }, { status: 400 })
	const limited = await checkPublicFormRate(context, 'ferry')
	if (limited) return data({ errors: { form: limited } as Record<string, string>, values: echoFields(values, ferryFields) }, { status: 429 })
	const lead = await createFerryEnquiry(db(), parsed.enquiry)
	return redirect(`/thank-you?ref=${encodeURIComponent(lead.reference)}`)
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
	seo({
		title: 'Andaman ferries: Port Blair, Havelock and Neil timings, fares and booking',
		description: 'Makruzz, Nautika, Green Ocean, ITT Majestic and government ferries between Port Blair, Havelock (Swaraj Dweep) and Neil (Shaheed Dweep): fares, durations, check-in and ID rules. Ask us to book your tickets.',
		path: '/ferries',
		siteUrl: loaderData?.siteUrl ?? 'http://localhost:3000',
	})

/** Sailing times from the one table the guides use too (app/features/travel-facts/domain). */
const durations = ferryRoutes.map((route) => ({ route: route.label, private: formatHours(route.private), government: formatHours(route.government) }))

/** Each operator's own rules, with a link to its booking site and the terms we read. */
function OperatorRules() {
	return (
		<>
			<h3 id="operator-rules" className="mt-6 text-lg font-semibold">
				Each operator’s rules
			</h3>
			<p className="mt-2 text-slate-800">Operators set their own reporting times, baggage allowances and child fares. This is what their published terms said when we checked them; the ticket you receive is what counts.</p>
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
						</dl>
						{operator.source ? (
							<p className="mt-2 text-xs text-slate-600">
								Source: <a href={operator.source.url} rel="noopener noreferrer external">{operator.source.title}</a>
							</p>
						) : null}
					</section>
				))}
			</div>
			<p className="mt-3 text-sm text-slate-700">Checked on {formatTravelDate(ferryRulesReviewed)}.</p>
		</>
	)
}

export default function Ferries({ loaderData, actionData }: Route.ComponentProps) {
	const navigation = useNavigation()
	const errors: Record<string, string | undefined> = actionData?.errors ?? {}
	const values: Record<string, string | undefined> = actionData?.values ?? loaderData.prefill
	const islandOptions = [{ value: '', label: 'Choose an island' }, ...ferryIslands.map((island) => ({ value: island, label: ferryIslandLabels[island] }))]
	const classOptions = [{ value: 'any', label: 'Any class' }, ...loaderData.classes.map((cls) => ({ value: cls, label: classLabel(cls) }))]
	// The trip type picked now: with JavaScript a change shows its journeys at once.
	const [tripType, setTripType] = useState(values.tripType ?? 'one_way')
	const [postedValues, setPostedValues] = useState(values)
	if (postedValues !== values) {
		setPostedValues(values)
		setTripType(values.tripType ?? 'one_way')
	}
	const hydrated = useHydrated()
	const journeys = journeysShown({ ...values, tripType })
	return (
		<main id="main" className="mx-auto max-w-6xl px-4 py-8">
			<Breadcrumbs trail={[{ name: 'Home', path: '/' }, { name: 'Travel guide', path: '/travel-guide' }, { name: 'Ferries', path: '/ferries' }]} />
			<h1 className="mt-4 text-3xl font-bold">Andaman ferries: Port Blair, Havelock and Neil</h1>
			<p className="mt-3 max-w-3xl text-lg text-slate-700">
				Every trip beyond Port Blair (Sri Vijaya Puram) starts at a jetty. Tell us your journeys and we book the sailing that fits, on Makruzz, Nautika, Green Ocean, ITT Majestic or the government ferry, and send the tickets to your phone.
			</p>

			<div className="mt-8 grid gap-10 lg:grid-cols-5">
				<section aria-labelledby="enquiry-heading" className="lg:col-span-3">
					<h2 id="enquiry-heading" className="text-xl font-semibold">
						Ask us to book your ferry
					</h2>
					<p className="mt-1 text-slate-700">We reply with the fares and timings available, usually within a few hours. Nothing is charged until you confirm.</p>
					<ErrorSummary errors={actionData?.errors ?? noErrors} className="mt-4" />
					<Form method="post" className="relative mt-6 space-y-6" noValidate>
						<Honeypot />
						<input type="hidden" name="submissionKey" value={values.submissionKey ?? loaderData.submissionKey} />
						<fieldset>
							<legend className="text-sm font-medium text-slate-800">Trip type</legend>
							<div className="mt-2 flex flex-wrap gap-4">
								{tripTypes.map((type) => (
									<label key={type} className="flex items-center gap-2">
										<input type="radio" name="tripType" value={type} checked={tripType === type} onChange={() => setTripType(type)} className="size-4" />
										{tripTypeLabels[type]}
									</label>
								))}
							</div>
							{errors.tripType ? <p className="mt-1 text-sm font-medium text-error-700">{errors.tripType}</p> : null}
							<p className="mt-1 text-sm text-slate-600">Return: the way there and the way back. Island hopping: up to {maxLegs} journeys, e.g. Port Blair → Havelock → Neil → Port Blair; leave the ones you do not need empty.</p>
							{hydrated ? null : (
								<Button type="submit" name="intent" value="journeys" variant="secondary" size="sm" formNoValidate className="mt-2">
									Show the journeys for this trip type
								</Button>
							)}
						</fieldset>
						{Array.from({ length: journeys }, (_, i) => (
							<fieldset key={i} className="rounded-xl border border-slate-200 p-4">
								<legend className="px-1 font-semibold">
									Journey {i + 1}
									{tripType === 'return' ? <span className="font-normal text-slate-600">{i === 0 ? ': the way there' : ': the way back'}</span> : null}
									{tripType === 'island_hopping' && i > 1 ? <span className="font-normal text-slate-600">, if you need it</span> : null}
								</legend>
								<div className="grid gap-4 sm:grid-cols-3">
									<SelectField label="From" name={legField(i, 'from')} options={islandOptions} defaultValue={values[legField(i, 'from')] ?? ''} error={errors[legField(i, 'from')]} />
									<SelectField label="To" name={legField(i, 'to')} options={islandOptions} defaultValue={values[legField(i, 'to')] ?? ''} error={errors[legField(i, 'to')]} />
									<Field label="Date" name={legField(i, 'date')} type="date" min={loaderData.today} defaultValue={values[legField(i, 'date')] ?? ''} error={errors[legField(i, 'date')]} />
									<SelectField label="Preferred time" name={legField(i, 'time')} options={preferredTimes.map((time) => ({ value: time, label: preferredTimeLabels[time] }))} defaultValue={values[legField(i, 'time')] ?? 'any'} error={errors[legField(i, 'time')]} />
									<SelectField label="Operator" name={legField(i, 'operator')} options={operatorChoices.map((operator) => ({ value: operator, label: operatorLabel(operator) }))} defaultValue={values[legField(i, 'operator')] ?? 'any'} error={errors[legField(i, 'operator')]} />
									<SelectField label="Class" name={legField(i, 'class')} options={classOptions} defaultValue={values[legField(i, 'class')] ?? 'any'} error={errors[legField(i, 'class')]} />
								</div>
							</fieldset>
						))}
						<fieldset className="rounded-xl border border-slate-200 p-4">
							<legend className="px-1 font-semibold">Passengers</legend>
							<div className="grid gap-4 sm:grid-cols-4">
								<Field label="Adults and children with a seat" name="adults" type="number" min={1} max={30} inputMode="numeric" defaultValue={values.adults ?? '2'} error={errors.adults} />
								<Field label="Infants on a lap" name="infants" type="number" min={0} max={10} inputMode="numeric" defaultValue={values.infants ?? '0'} error={errors.infants} />
								<Field label="Indian nationals" name="indians" type="number" min={0} max={40} inputMode="numeric" defaultValue={values.indians ?? '2'} error={errors.indians} />
								<Field label="Foreign nationals" name="foreigners" type="number" min={0} max={40} inputMode="numeric" defaultValue={values.foreigners ?? '0'} error={errors.foreigners} />
							</div>
							<p className="mt-2 text-sm text-slate-600">
								Indian and foreign nationals together = everyone travelling, infants included. Foreign nationals need their passport. The age from which a child pays a full fare differs by operator (from 1 year on ITT Majestic): tell us children’s ages in the message and we quote the right fare.
							</p>
						</fieldset>
						<div className="grid gap-4 sm:grid-cols-2">
							<Field label="Your name" name="name" autoComplete="name" required defaultValue={values.name} error={errors.name} />
							<Field label="Phone or WhatsApp" name="phone" type="tel" autoComplete="tel" required hint="10-digit Indian mobile, or + and country code" defaultValue={values.phone} error={errors.phone} />
							<Field label="Email (optional)" name="email" type="email" autoComplete="email" defaultValue={values.email} error={errors.email} className="sm:col-span-2" />
							<TextareaField label="Anything else (optional)" name="message" rows={3} hint="Seat preferences, hotel pick-up, a return flight time" defaultValue={values.message} error={errors.message} className="sm:col-span-2" />
						</div>
						<Button type="submit" size="lg" pending={navigation.state === 'submitting'}>
							Send ferry enquiry
						</Button>
					</Form>
				</section>

				<aside className="space-y-6 lg:col-span-2">
					<section aria-labelledby="fares-heading" className="rounded-xl bg-slate-50 p-5">
						<h2 id="fares-heading" className="flex items-center gap-2 text-xl font-semibold">
							<Ship aria-hidden="true" className="size-5" /> Fares from
						</h2>
						<p className="mt-1 text-sm text-slate-700">Adult one-way fares in our fare table today, lowest class. Infants pay a small fee; prices rise on peak dates.</p>
						{loaderData.guide.length ? (
							loaderData.guide.map((route) => (
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
							Be at the jetty <strong>{loaderData.reportingMinutes} minutes before departure</strong>, whichever operator you sail with. Some close check-in 30 minutes before sailing, and late passengers are not boarded or refunded. Baggage allowances differ: see <a href="#operator-rules">each operator’s rules</a>.
						</p>
					</section>
					<section aria-labelledby="id-heading" className="rounded-xl bg-slate-50 p-5">
						<h2 id="id-heading" className="flex items-center gap-2 text-xl font-semibold">
							<IdCard aria-hidden="true" className="size-5" /> ID rules
						</h2>
						<p className="mt-2 text-sm text-slate-700">
							Every passenger’s name must match a government photo ID carried on the day: Aadhaar, passport, voter ID or driving licence for Indian nationals; the original passport (and visa where needed) for foreign nationals. Children carry a school ID or birth certificate.
						</p>
					</section>
				</aside>
			</div>

			<section aria-labelledby="guide-heading" className="prose prose-slate mt-12 max-w-3xl">
				<h2 id="guide-heading" className="text-2xl font-semibold">
					Ferry guide: operators, routes and classes
				</h2>
				<h3 className="mt-4 text-lg font-semibold">Routes and jetties</h3>
				<p className="mt-2 text-slate-800">
					The main triangle links Port Blair (Sri Vijaya Puram), Havelock (Swaraj Dweep) and Neil (Shaheed Dweep). Private catamarans leave Port Blair from Haddo Wharf; government ferries sail from Phoenix Bay jetty, where the Directorate of Shipping Services (DSS) counter sells
					their tickets. At Havelock ferries use the island’s main jetty near Beach No. 1; at Neil, the jetty at Neil Kendra near Bharatpur beach.
				</p>
				<ScrollRegion label="Typical sailing times (table)" className="mt-4">
					<table className="w-full min-w-[32rem] border-collapse text-left text-sm">
						<caption className="mb-2 text-left font-medium text-slate-700">Typical sailing times</caption>
						<thead>
							<tr className="border-b border-slate-300">
								<th scope="col" className="py-2 pr-3">Route</th>
								<th scope="col" className="py-2 pr-3">Private catamaran</th>
								<th scope="col" className="py-2 pr-3">Government ferry</th>
							</tr>
						</thead>
						<tbody>
							{durations.map((row) => (
								<tr key={row.route} className="border-b border-slate-100">
									<th scope="row" className="py-2 pr-3 font-medium">{row.route}</th>
									<td className="py-2 pr-3">{row.private}</td>
									<td className="py-2 pr-3">{row.government}</td>
								</tr>
							))}
						</tbody>
					</table>
				</ScrollRegion>
				<h3 className="mt-6 text-lg font-semibold">Operators</h3>
				<ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800">
					<li><strong>Makruzz</strong>: the largest private catamaran, air-conditioned, with Premium, Deluxe and Royal classes; usually the smoothest ride.</li>
					<li><strong>Nautika</strong> (formerly ITT Nautika): fast catamaran, Economy and Premium (Luxury) seating.</li>
					<li><strong>Green Ocean</strong>: reliable and slightly cheaper, Economy and Premium decks.</li>
					<li><strong>ITT Majestic</strong>: a large vessel with Premium and Deluxe classes, often with spare seats on busy days.</li>
					<li><strong>Government ferries</strong> (DSS): the cheapest, slower, bunk or deck class; tickets sell out days ahead and are partly reserved for islanders.</li>
				</ul>
				<OperatorRules />
				<h3 className="mt-6 text-lg font-semibold">Classes</h3>
				<p className="mt-2 text-slate-800">
					Economy or Premium seats are fine for most trips. Deluxe and Royal (Makruzz) give wider seats, fewer passengers and a better view. On choppy days sit low and in the middle of the vessel. All private ferries are air-conditioned and sell snacks on board.
				</p>
				<h3 className="mt-6 text-lg font-semibold">Weather and cancellations</h3>
				<p className="mt-2 text-slate-800">
					From mid-May to September the sea can be rough and sailings are sometimes cancelled at short notice by the port authority; operators then refund or move you to the next sailing. Keep a spare half day at the end of your trip before your flight. See our <Link to="/andaman-weather-best-time-to-visit">weather guide</Link> and <Link to="/andaman-travel-tips">travel tips</Link>.
				</p>
			</section>
		</main>
	)
}

const noErrors: Record<string, string> = {}

export const ErrorBoundary = RouteErrorBoundary
