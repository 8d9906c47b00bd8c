import { useEffect, useRef } from 'react'
import { Form, Link, redirect, useFetcher, useNavigation } from 'react-router'
import { Breadcrumbs } from '~/components/breadcrumbs.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { PriceBreakdown } from '~/components/price-breakdown.tsx'
import { StickyBookingBar } from '~/components/sticky-booking-bar.tsx'
import { Button, buttonClass, Spinner } from '~/components/ui/button.tsx'
import { Field, Honeypot, SelectField, TextareaField } from '~/components/ui/field.tsx'
import { childAgeRule } from '~/features/rates/domain/age-bands.ts'
import { FERRY_OPERATOR_NAMES, FERRY_OPERATORS, ISLAND_NAMES } from '~/features/rates/domain/pricing/constants.ts'
import {
	type BuilderConfig,
	builderIslands,
	builderMealPlans,
	builderSearchParams,
	builderTiers,
	builderTransfers,
	defaultBuilderConfig,
	hasBuilderParams,
	maxStayRows,
	hotelOfferKey,
	mealPlanNames,
	parseBuilderParams,
	tierNames,
	transferNames,
} from '~/features/rates/domain/builder.ts'
import { quoteRequestSchema } from '~/features/rates/domain/quote-request.ts'
import { formatTravelDate, todayInIndia } from '~/lib/dates.ts'
import { formatINR } from '~/lib/money.ts'
import { errorsOf, resultFor, useIsPending, valuesOf } from '~/lib/forms.ts'
import { seo } from '~/lib/seo.ts'
import { db } from '~/server/db/index.server.ts'
import { env } from '~/server/env.server.ts'
import { isHoneypotFilled, newSubmissionKey, parseForm, refuse } from '~/server/forms.server.ts'
import { createLead } from '~/features/leads/server/leads.server.ts'
import { checkPublicFormRate } from '~/server/public-form-limit.server.ts'
import {
	activityChoices,
	type BuilderPage,
	builderPage,
	ferryClassOptions,
	type PublicPriceResult,
	priceBuilderConfig,
	type StayChoice,
} from '~/features/rates/server/builder.server.ts'
import { differenceText } from '~/features/rates/domain/builder-choices.ts'
import { Photo } from '~/features/media/components/photo.tsx'
import { getPricing } from '~/features/rates/server/rate-book.server.ts'
import type { Route } from './+types/builder'
import { plural } from '~/lib/words.ts'
import { staticPage } from '~/lib/static-page.ts'
import { BuilderPriceCalendar } from '~/features/rates/components/builder-price-calendar.tsx'
import { builderPriceCalendar } from '~/features/rates/server/price-calendar.server.ts'

/**
 * No framework JavaScript on a document load (ADR 123): the form posts and prices on the server, and
 * the static client's live form (app/lib/live-form.ts, ADR 139) updates the price in place. After a
 * client-side navigation from a hydrated page React renders this module, and its fetcher does the same.
 */
export const handle = staticPage

/**
 * What the page shows of a price: its figures and notes, not the rooms a booking takes nor each line's dates.
 * The loader's data is encoded on every request, even for this page that ships no framework JavaScript (issue 36).
 */
function shownResult(result: PublicPriceResult) {
	if (!result.ok) return result
	const { stays: _stays, onRequest: _onRequest, lines, ...shown } = result
	return { ...shown, lines: lines.map(({ description, amount }) => ({ description, amount })) }
}

/** Prices the choices in the URL (or the default trip). The same loader answers the debounced fetches. */
export async function loader({ request }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const today = todayInIndia()
	// The age bands of the rate book the trip is priced with: the cached pricing, not another read of the settings.
	const pricing = await getPricing(db())
	const { childAgeBands } = pricing.raw
	const parsed = hasBuilderParams(url.searchParams)
		? parseBuilderParams(url.searchParams, today, childAgeBands)
		: { config: defaultBuilderConfig(today), errors: {} }
	const page: BuilderPage =
		Object.keys(parsed.errors).length > 0
			? {
					result: { ok: false, problems: ['Fix the highlighted choices to see a price.'] },
					errors: {},
					stays: [],
					activities: await activityChoices(db(), parsed.config, pricing),
					days: [],
				}
			: await builderPage(db(), parsed.config, today)
	return {
		config: parsed.config,
		errors: { ...parsed.errors, ...page.errors } as Record<string, string>,
		result: shownResult(page.result),
		query: builderSearchParams(parsed.config).toString(),
		calendar: Object.keys(parsed.errors).length > 0 ? null : await builderPriceCalendar(db(), parsed.config, today),
		stays: page.stays,
		activities: page.activities.map(({ island: _island, ...shown }) => shown),
		days: page.days,
		ferryClasses: ferryClassOptions(pricing.book),
		today,
		submissionKey: newSubmissionKey(),
		siteUrl: env().SITE_URL,
		ageRule: childAgeRule(childAgeBands),
	}
}

/** "Request this quote": reprices the configuration on the server and saves a lead with the snapshot. */
export async function action({ request, context }: Route.ActionArgs) {
	const form = await request.formData()
	if (isHoneypotFilled(form)) return redirect('/thank-you')
	const today = todayInIndia()
	const posted = form.get('config')
	const { config, errors: configErrors } = parseBuilderParams(
		new URLSearchParams(typeof posted === 'string' ? posted : ''),
		today,
		(await getPricing(db())).raw.childAgeBands,
	)
	const submission = parseForm(form, quoteRequestSchema)
	const tripToFix = Object.keys(configErrors).length > 0 ? 'Your trip has choices to fix before we can send a quote: see the trip form.' : undefined
	if (submission.status !== 'success' || tripToFix) return refuse(submission, { formError: tripToFix })
	const limited = await checkPublicFormRate(context, 'builder')
	if (limited) return refuse(submission, { status: 429, formError: limited })
	const quote = submission.value
	const { result } = await priceBuilderConfig(db(), config, today)
	const nights = config.stays.reduce((sum, stay) => sum + stay.nights, 0)
	const lead = await createLead(
		db(),
		{
			source: 'builder',
			name: quote.name,
			phone: quote.phone,
			email: quote.email ?? null,
			message: quote.message || null,
			travelStart: config.start,
			travelEnd: result.ok ? result.endDate : null,
			nights,
			adults: config.adults,
			childAges: config.childAges,
			infants: config.infants,
			tier: config.tier,
			islands: [...new Set(config.stays.map((stay) => stay.island))],
			interests: config.activities,
			builder: { config, query: builderSearchParams(config).toString(), pricedOn: today, price: result },
		},
		{ submissionKey: quote.submissionKey },
	)
	return redirect(`/thank-you?ref=${encodeURIComponent(lead.reference)}`)
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
	seo({
		title: 'Build your Andaman trip and see the price',
		description:
			'Choose your dates, islands, nights, hotel category and activities: the price of your Port Blair, Havelock (Swaraj Dweep) and Neil (Shaheed Dweep) trip updates as you go.',
		path: '/builder',
		siteUrl: loaderData?.siteUrl ?? 'http://localhost:3000',
	})

type LoaderData = Route.ComponentProps['loaderData']

function StayRows({ config, errors }: { config: BuilderConfig; errors: Record<string, string> }) {
	const islandOptions = [{ value: '', label: '— no stay —' }, ...builderIslands.map((island) => ({ value: island, label: ISLAND_NAMES[island] }))]
	return (
		<fieldset className="space-y-3">
			<legend className="text-base font-semibold">Islands and nights, in order</legend>
			<p className="text-sm text-slate-700">Trips start and end in Port Blair (the airport). Ferries follow the order you choose.</p>
			{Array.from({ length: maxStayRows }, (_, index) => {
				const row = index + 1
				const stay = config.stays[index]
				return (
					<div key={row} className="grid grid-cols-[1fr_7rem] gap-3">
						<SelectField
							label={`Stop ${row}: island`}
							name={`island${row}`}
							defaultValue={stay?.island ?? ''}
							options={islandOptions}
							error={errors[`island${row}`]}
						/>
						<Field
							label={`Stop ${row}: nights`}
							name={`nights${row}`}
							type="number"
							min={1}
							max={14}
							inputMode="numeric"
							defaultValue={stay ? String(stay.nights) : '1'}
							error={errors[`nights${row}`]}
						/>
					</div>
				)
			})}
		</fieldset>
	)
}

/** A hotel as a radio choice: photo, name, stars, area, room and meals, availability and what it changes in the price. */
function HotelOption({
	stay,
	hotel,
	value,
	checked,
	price,
	disabled,
}: {
	stay: StayChoice
	hotel: StayChoice['chosen'] | StayChoice['alternatives'][number]
	value: string
	checked: boolean
	price: string
	disabled?: boolean
}) {
	const id = `hotel${stay.row}-${hotel.hotelId}`
	const note = hotel.availability.note
	const meal = mealPlanNames[hotel.mealPlan]
	// One grid, no wrappers (issue 36: every element is render and layout time): the radio and photo down the
	// left, the name and its price on the first row (two rows on a phone), then the hotel's facts, its room and what is left.
	return (
		<label
			htmlFor={id}
			className={`content-auto-card grid grid-cols-[auto_auto_minmax(0,1fr)_auto] grid-rows-[repeat(4,auto)_1fr] items-baseline gap-x-3 rounded-lg border p-2 text-sm ${checked ? 'border-primary-700 bg-primary-50' : 'border-slate-200'} ${disabled ? 'opacity-70' : 'cursor-pointer'}`}
		>
			<input
				type="radio"
				id={id}
				name={`hotel${stay.row}`}
				value={value}
				defaultChecked={checked}
				disabled={disabled}
				className="row-span-5 mt-1 size-4 self-start"
			/>
			{hotel.photo ? (
				<Photo
					image={hotel.photo}
					width={96}
					height={72}
					sizes="(min-width: 640px) 96px, 64px"
					className="row-span-5 h-12 w-16 self-start rounded-md bg-slate-100 object-cover sm:h-[72px] sm:w-24"
				/>
			) : (
				<span aria-hidden="true" className="row-span-5 h-12 w-16 self-start rounded-md bg-slate-100 sm:h-[72px] sm:w-24" />
			)}
			<span className="col-span-2 font-semibold text-slate-900 sm:col-span-1">{hotel.name}</span>
			<span className={`col-span-2 font-semibold sm:col-span-1 sm:text-right ${checked ? 'text-primary-900' : 'text-slate-900'}`} data-testid="hotel-price">
				{price}
			</span>
			<span className="col-span-2 text-slate-700">
				{hotel.stars ? (
					<span role="img" aria-label={`${hotel.stars}-star`}>
						{'★'.repeat(hotel.stars)}
					</span>
				) : null}
				{`${hotel.stars ? ' ' : ''}${tierNames[hotel.tier].split(' (')[0]}${hotel.area ? ` · ${hotel.area}` : ''}`}
			</span>
			<span className="col-span-2 text-slate-700">{`${hotel.roomType}, ${meal.charAt(0).toLowerCase()}${meal.slice(1)}`}</span>
			{note ? (
				<span className={`col-span-2 font-medium ${hotel.availability.status === 'unavailable' ? 'text-error-700' : 'text-slate-900'}`}>
					{hotel.availability.status === 'unavailable' ? `Sold out: ${note}` : hotel.availability.status === 'on-request' ? 'On request' : note}
				</span>
			) : null}
		</label>
	)
}

/**
 * Each stay's hotel, chosen in place: radio buttons in the trip form (the price updates with them, or
 * with "Update price" without script). `hotelFor<N>` tells the server which island and category the
 * choice was made for (ADR 217). Without a priced trip the chosen hotels travel on as hidden fields.
 */
function HotelChoices({ stays, config }: { stays: StayChoice[]; config: BuilderConfig }) {
	return (
		<div id="builder-hotels" data-live-region="" className="space-y-4">
			{stays.length === 0
				? config.stays.map((stay, index) =>
						stay.hotel ? (
							<span key={index}>
								<input type="hidden" name={`hotel${index + 1}`} value={stay.hotel} />
								<input type="hidden" name={`hotelFor${index + 1}`} value={hotelOfferKey(stay.island, config.tier)} />
							</span>
						) : null,
					)
				: null}
			{stays.length === 0 ? <p className="text-sm text-slate-700">Hotels for each stay show here once the trip can be priced.</p> : null}
			{stays.map((stay) => (
				<fieldset
					key={stay.row}
					className="rounded-xl border border-slate-200 p-3"
					data-testid={`stay-${stay.row}`}
					aria-describedby={stay.error ? `hotel${stay.row}-error` : undefined}
				>
					<legend className="px-1 text-sm font-semibold">{`Stop ${stay.row}: ${ISLAND_NAMES[stay.island]}, ${plural(stay.nights, 'night')} from ${formatTravelDate(stay.checkIn)}`}</legend>
					<input type="hidden" name={`hotelFor${stay.row}`} value={stay.offerKey} />
					{stay.error ? (
						<p id={`hotel${stay.row}-error`} className="mb-2 text-sm font-medium text-error-700">
							{stay.error}
						</p>
					) : null}
					<div className="space-y-2">
						<HotelOption
							stay={stay}
							hotel={stay.chosen}
							value={stay.chosen.value}
							checked
							price={stay.chosen.pickedByUs ? 'Our pick, in your price' : 'In your price'}
						/>
						{stay.alternatives.map((hotel) => (
							<HotelOption
								key={hotel.hotelId}
								stay={stay}
								hotel={hotel}
								value={hotel.hotelId}
								checked={false}
								disabled={!hotel.selectable}
								price={hotel.selectable ? differenceText(hotel.difference) : 'Sold out'}
							/>
						))}
					</div>
				</fieldset>
			))}
		</div>
	)
}

/** Activities with their price for this group and season, where and on which day each fits. */
function ActivityList({ activities, error }: { activities: LoaderData['activities']; error?: string }) {
	return (
		<div id="builder-activities" data-live-region="">
			{error ? <p className="mt-1 text-sm font-medium text-error-700">{error}</p> : null}
			<div className="mt-2 grid gap-2 sm:grid-cols-2">
				{activities.map((activity) => (
					<label
						key={activity.id}
						className={`content-auto-card grid h-full grid-cols-[auto_minmax(0,1fr)] content-start gap-x-2 rounded-lg border p-2 text-sm ${activity.chosen ? 'border-primary-700 bg-primary-50' : 'border-slate-200'}`}
					>
						<input type="checkbox" name="activity" value={activity.id} defaultChecked={activity.chosen} className="mt-1 size-4 self-start" />
						<span className="font-semibold text-slate-900">{activity.name}</span>
						<span className="col-start-2 text-slate-900" data-testid="activity-price">
							{activity.perPerson === null ? 'Not offered on your dates' : `${formatINR(activity.perPerson)} per person`}
							{activity.group !== null && activity.perPerson !== activity.group ? (
								<span className="text-slate-700">{` (${formatINR(activity.group)} for your group)`}</span>
							) : null}
						</span>
						<span className="col-start-2 text-slate-700">
							{activity.day === null || !activity.date
								? `Not on your route: add a stay on ${activity.islandName}`
								: `Day ${activity.day}, ${formatTravelDate(activity.date)} on ${activity.islandName}`}
						</span>
						{activity.duration ? <span className="col-start-2 text-slate-700">{activity.duration}</span> : null}
						{activity.minAge ? <span className="col-start-2 text-slate-700">{`Ages ${activity.minAge} and over`}</span> : null}
						{activity.ageProblem ? (
							<span className="col-start-2 font-medium text-error-700">{`Not for your group: someone is under ${activity.minAge}`}</span>
						) : null}
					</label>
				))}
			</div>
		</div>
	)
}

/** The trip day by day, from its priced lines: it changes with the hotels and activities chosen. */
function DayPlanSection({ days }: { days: LoaderData['days'] }) {
	return (
		<section aria-labelledby="days-heading" className="content-auto rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
			<h2 id="days-heading" className="text-xl font-semibold">
				Your days
			</h2>
			<div id="builder-days" data-live-region="">
				{days.length ? (
					<ol className="mt-3 space-y-3 text-sm" data-testid="day-plan">
						{days.map((day) => (
							<li key={day.day}>
								<p className="font-semibold">{`Day ${day.day}, ${formatTravelDate(day.date)} · ${day.island}`}</p>
								<ul className="mt-1 list-disc pl-5 text-slate-700">
									{day.items.map((item) => (
										<li key={item}>{item}</li>
									))}
								</ul>
							</li>
						))}
					</ol>
				) : (
					<p className="mt-3 text-sm text-slate-700">The day plan shows once the trip can be priced.</p>
				)}
			</div>
		</section>
	)
}

function PriceResult({ result, pending }: { result: LoaderData['result']; pending: boolean }) {
	return (
		<section aria-labelledby="price-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
			<div className="flex items-center justify-between gap-3">
				<h2 id="price-heading" className="text-xl font-semibold">
					Your price
				</h2>
				<span data-live-pending="" hidden={!pending} className="inline-flex items-center gap-2 text-sm text-slate-700">
					<Spinner /> Updating price…
				</span>
			</div>
			<div id="builder-price" data-live-region="" aria-live="polite" aria-busy={pending || undefined} className="mt-3">
				{result.ok ? (
					<>
						<p className="text-sm text-slate-700">{`${plural(result.nights, 'night')}, ${formatTravelDate(result.startDate)} – ${formatTravelDate(result.endDate)}`}</p>
						<p className="mt-2 text-3xl font-bold text-primary-900" data-testid="per-person">
							{formatINR(result.perPerson)} <span className="text-base font-medium text-slate-700">per person</span>
						</p>
						<p className="text-sm text-slate-700">
							Total <strong data-testid="total">{formatINR(result.total)}</strong> for {result.payingTravellers}{' '}
							{result.payingTravellers === 1 ? 'traveller' : 'travellers'}, GST included
						</p>
						<PriceBreakdown price={result} className="mt-4 text-sm" />
						{result.warnings.map((warning) => (
							<p key={warning} className="mt-2 text-sm text-slate-700">
								{warning}
							</p>
						))}
						{result.availability.length ? (
							<ul className="mt-3 space-y-1 rounded-md bg-warning-50 p-3 text-sm text-slate-900" data-testid="availability">
								{result.availability.map((note) => (
									<li key={note}>{note}</li>
								))}
							</ul>
						) : null}
					</>
				) : (
					<div role="alert" className="rounded-md bg-warning-50 p-3 text-slate-900">
						<p className="font-medium">We cannot price this trip yet:</p>
						<ul className="mt-1 list-disc pl-5">
							{result.problems.map((problem) => (
								<li key={problem}>{problem}</li>
							))}
						</ul>
					</div>
				)}
			</div>
		</section>
	)
}

function QuoteForm({
	query,
	submissionKey,
	errors,
	values,
}: {
	query: string
	submissionKey: string
	errors: Record<string, string>
	values: Record<string, string>
}) {
	const sending = useIsPending({ state: 'submitting' })
	return (
		<section aria-labelledby="quote-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
			<h2 id="quote-heading" className="text-xl font-semibold">
				Book or ask for this quote
			</h2>
			<p className="mt-1 text-sm text-slate-700">A planner checks availability and sends the quote, usually within a few hours.</p>
			<Link to={`/book-now?${query}`} className={`${buttonClass('primary', 'md')} mt-3 w-full`}>
				Book now
			</Link>
			{errors.form ? (
				<p role="alert" className="mt-4 rounded-md bg-error-50 p-3 font-medium text-error-700">
					{errors.form}
				</p>
			) : null}
			<Form method="post" className="relative mt-4 space-y-3" noValidate>
				<Honeypot />
				<input type="hidden" name="config" value={query} />
				<input type="hidden" name="submissionKey" value={values.submissionKey ?? submissionKey} />
				<Field label="Your name" name="name" autoComplete="name" required defaultValue={values.name} error={errors.name} />
				<Field label="Phone or WhatsApp" name="phone" type="tel" autoComplete="tel" required defaultValue={values.phone} error={errors.phone} />
				<Field label="Email (optional)" name="email" type="email" autoComplete="email" defaultValue={values.email} error={errors.email} />
				<TextareaField label="Anything else? (optional)" name="message" rows={3} defaultValue={values.message} error={errors.message} />
				<Button type="submit" className="w-full" pending={sending}>
					Request this quote
				</Button>
			</Form>
		</section>
	)
}

export default function Builder({ loaderData, actionData }: Route.ComponentProps) {
	const fetcher = useFetcher<LoaderData>()
	const navigation = useNavigation()
	const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
	const shown = fetcher.data ?? loaderData
	const { config, errors, ageRule } = loaderData
	useEffect(() => () => clearTimeout(timer.current), [])

	function onChange(event: React.FormEvent<HTMLFormElement>) {
		const form = event.currentTarget
		clearTimeout(timer.current)
		timer.current = setTimeout(() => {
			const query = new URLSearchParams(new FormData(form) as unknown as Record<string, string>).toString()
			void fetcher.load(`/builder?${query}`)
			window.history.replaceState(window.history.state, '', `/builder?${query}`)
		}, 400)
	}

	const pending = fetcher.state !== 'idle' || (navigation.state === 'loading' && navigation.location?.pathname === '/builder')
	const shownErrors = fetcher.data ? fetcher.data.errors : errors
	return (
		<main id="main" className="mx-auto max-w-6xl px-4 py-8">
			<Breadcrumbs
				trail={[
					{ name: 'Home', path: '/' },
					{ name: 'Trip builder', path: '/builder' },
				]}
			/>
			<h1 className="mt-4 text-3xl font-bold">Build your Andaman trip</h1>
			<p className="mt-2 max-w-3xl text-slate-700">
				Pick your dates, islands and hotels. The price comes from our current hotel, ferry and activity rates and updates as you change your choices.
			</p>
			<div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
				<Form method="get" action="/builder" className="space-y-6" onChange={onChange} noValidate aria-label="Trip choices" data-live-form="">
					<Field label="Arrival in Port Blair" name="start" type="date" min={loaderData.today} required defaultValue={config.start} error={shownErrors.start} />
					<StayRows config={config} errors={shownErrors} />
					<fieldset className="space-y-4">
						<legend className="mb-2 text-base font-semibold">Hotels</legend>
						<div className="grid gap-4 sm:grid-cols-2">
							<SelectField
								label="Hotel category"
								name="tier"
								defaultValue={config.tier}
								options={builderTiers.map((tier) => ({ value: tier, label: tierNames[tier] }))}
								error={shownErrors.tier}
							/>
							<SelectField
								label="Meals"
								name="meal"
								defaultValue={config.meal}
								options={builderMealPlans.map((meal) => ({ value: meal, label: mealPlanNames[meal] }))}
								error={shownErrors.meal}
							/>
						</div>
						<p className="text-sm text-slate-700">We pick the best-priced hotel of your category on each island; choose another below and the price follows.</p>
						<HotelChoices stays={shown.stays} config={shown.config} />
					</fieldset>
					<fieldset className="grid gap-4 sm:grid-cols-2">
						<legend className="mb-2 text-base font-semibold">Travellers</legend>
						<Field
							label={`Adults (${ageRule.adultFrom} and over)`}
							name="adults"
							type="number"
							min={1}
							max={30}
							inputMode="numeric"
							defaultValue={String(config.adults)}
							error={shownErrors.adults}
						/>
						<Field
							label={ageRule.label}
							name="childAges"
							inputMode="numeric"
							hint={ageRule.hint}
							defaultValue={config.childAges.join(', ')}
							error={shownErrors.childAges}
						/>
						<Field
							label={`Infants (under ${ageRule.min})`}
							name="infants"
							type="number"
							min={0}
							max={10}
							inputMode="numeric"
							defaultValue={String(config.infants)}
							error={shownErrors.infants}
						/>
						<Field
							label="Rooms"
							name="rooms"
							type="number"
							min={1}
							max={30}
							inputMode="numeric"
							defaultValue={String(config.rooms)}
							error={shownErrors.rooms}
						/>
					</fieldset>
					<fieldset className="grid gap-4 sm:grid-cols-2">
						<legend className="mb-2 text-base font-semibold">Ferries and cars</legend>
						<SelectField
							label="Ferry"
							name="ferry"
							defaultValue={config.ferry}
							options={[
								{ value: '', label: 'Cheapest available' },
								...FERRY_OPERATORS.map((operator) => ({ value: operator, label: FERRY_OPERATOR_NAMES[operator] })),
							]}
							error={shownErrors.ferry}
						/>
						<SelectField
							label="Ferry class"
							name="ferryClass"
							defaultValue={config.ferryClass}
							options={[
								{ value: '', label: 'Any class' },
								...loaderData.ferryClasses.map((cls) => ({ value: cls, label: cls.charAt(0).toUpperCase() + cls.slice(1) })),
							]}
							error={shownErrors.ferryClass}
						/>
						<SelectField
							label="Getting around"
							name="transfers"
							defaultValue={config.transfers}
							options={builderTransfers.map((mode) => ({ value: mode, label: transferNames[mode] }))}
							error={shownErrors.transfers}
							className="sm:col-span-2"
						/>
					</fieldset>
					<fieldset>
						<legend className="text-base font-semibold">Activities</legend>
						<p className="mt-1 text-sm text-slate-700">Prices are per person for your group, GST included, in the season of the day each activity fits.</p>
						<ActivityList activities={shown.activities} error={shownErrors.activity} />
					</fieldset>
					<Button type="submit" variant="outline">
						Update price
					</Button>
				</Form>
				<div className="space-y-6 lg:sticky lg:top-4 lg:self-start">
					<PriceResult result={shown.result} pending={pending} />
					<BuilderPriceCalendar calendar={shown.calendar} query={shown.query} start={shown.config.start} />
					<DayPlanSection days={shown.days} />
					<div id="builder-quote" data-live-region="">
						{shown.result.ok ? (
							<QuoteForm
								query={shown.query}
								submissionKey={loaderData.submissionKey}
								errors={errorsOf(resultFor(actionData))}
								values={valuesOf(resultFor(actionData))}
							/>
						) : null}
					</div>
				</div>
			</div>
			<StickyBookingBar
				id="builder-sticky"
				perPerson={shown.result.ok ? shown.result.perPerson : null}
				bookHref={shown.result.ok ? `/book-now?${shown.query}` : null}
				whatsappMessage={`Hello! I would like to book this trip from your builder: ${new URL(`/builder?${shown.query}`, loaderData.siteUrl).href}`}
				priceAnchor="#price-heading"
			/>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
