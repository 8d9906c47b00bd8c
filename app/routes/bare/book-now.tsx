import { Link, data, Form, redirect, useNavigation } from 'react-router'
import { BareHeader } from '~/components/bare-header.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { type PackageCardData, toCardData } from '~/components/package-card.tsx'
import { IntentLink } from '~/components/prefetch.tsx'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import { ErrorSummary } from '~/components/ui/error-summary.tsx'
import { Field, Honeypot, SelectField, TextareaField } from '~/components/ui/field.tsx'
import { describeCancellationTiers } from '~/features/bookings/domain/cancellation.ts'
import { cancellationBand, describeCancellationBand, paymentPlan, priceLineLabel } from '~/features/bookings/domain/rules.ts'
import { genders, idTypes, parseTravellers } from '~/features/bookings/domain/book-now.ts'
import { visitorTextLimits } from '~/features/leads/domain/contact-fields.ts'
import { fromPrice, tierLabels, tiers } from '~/features/catalog/domain/packages.ts'
import { hasBuilderParams } from '~/features/rates/domain/builder.ts'
import { addDays, formatTravelDate, todayInIndia } from '~/lib/dates.ts'
import { describeParty } from '~/lib/words.ts'
import { isAppError } from '~/lib/errors.ts'
import { formatINR } from '~/lib/money.ts'
import { createBooking } from '~/features/bookings/server/bookings.server.ts'
import { featuredPackages, getPackageBySlug } from '~/features/catalog/server/packages.server.ts'
import { db } from '~/server/db/index.server.ts'
import { resolveBookingDraft } from '~/features/bookings/server/book-now.server.ts'
import { echoFields, isHoneypotFilled, newSubmissionKey } from '~/server/forms.server.ts'
import { checkPublicFormRate } from '~/server/public-form-limit.server.ts'
import { getSettings } from '~/server/settings.server.ts'
import type { Route } from './+types/book-now'

export async function loader({ request }: Route.LoaderArgs) {
	const params = new URL(request.url).searchParams
	// No trip in the address (a bookmark, a shared link cut short): help the visitor pick one.
	if (!params.has('quote') && !params.has('package') && !hasBuilderParams(params)) return { start: { packages: (await featuredPackages(db(), 3)).map(toCardData) } }
	const resolved = await resolveBookingDraft(db(), params)
	if (!resolved.ok && resolved.status === 404) throw new Response(resolved.errors.package, { status: 404, statusText: 'Page Not Found' })
	const settings = await getSettings(db())
	const draft = resolved.ok ? resolved.draft : null
	const pkg = resolved.ok ? (draft!.packageSlug ? await packageSummary(draft!.packageSlug) : null) : resolved.pkg
	const today = todayInIndia()
	return {
		draft,
		pkg,
		values: resolved.values,
		errors: resolved.ok ? {} : resolved.errors,
		// What is due now and later, and what cancelling would cost, for these dates booked today.
		plan: draft ? planFor(draft, settings, today) : null,
		band: draft ? describeCancellationBand(cancellationBand(settings.cancellationTiers, today, draft.startDate)) : null,
		advancePercent: settings.advancePercent,
		balanceDueDays: settings.bookingRules.balanceDueDaysBeforeStart,
		policy: describeCancellationTiers(settings.cancellationTiers),
		submissionKey: newSubmissionKey(),
	}
}

function planFor(draft: { price: { total: number }; startDate: string }, settings: Awaited<ReturnType<typeof getSettings>>, today: string) {
	return paymentPlan({ total: draft.price.total, advancePercent: settings.advancePercent, startDate: draft.startDate, bookedOn: today, daysBefore: settings.bookingRules.balanceDueDaysBeforeStart })
}

async function packageSummary(slug: string) {
	const pkg = await getPackageBySlug(db(), slug)
	return pkg ? { slug: pkg.slug, title: pkg.title, totalNights: pkg.totalNights, prices: pkg.prices as Record<string, number | null> } : null
}

/** The fields this form shows: a refused post echoes only these. */
const bookingFields = /^(submissionKey|quote|builder|package|tier|startDate|adults|childAges|infants|t\d{1,2}(Name|Age|Gender|Nationality|IdType|IdNumber|PassportExpiry)|contactName|contactPhone|contactEmail|specialRequests|acceptTerms)$/

export async function action({ request, context }: Route.ActionArgs) {
	const form = await request.formData()
	if (isHoneypotFilled(form)) return redirect('/thank-you')
	const values = Object.fromEntries([...form].filter(([, v]) => typeof v === 'string')) as Record<string, string>
	const tripParams = values.quote
		? new URLSearchParams({ quote: values.quote })
		: values.builder
			? new URLSearchParams(values.builder)
			: new URLSearchParams({ package: values.package ?? '', tier: values.tier ?? '', startDate: values.startDate ?? '', adults: values.adults ?? '', childAges: values.childAges ?? '', infants: values.infants ?? '0' })
	const resolved = await resolveBookingDraft(db(), tripParams)
	if (!resolved.ok) return data({ errors: { form: 'The trip details changed or are incomplete. Check them above and try again.', ...resolved.errors }, values: echoFields(values, bookingFields) }, { status: 400 })
	const { draft } = resolved
	const parsed = parseTravellers(values, draft.adults + draft.childAges.length + draft.infants, addDays(draft.startDate, draft.nights))
	if (!parsed.ok) return data({ errors: { form: 'Some details need attention. Each one says what to change.', ...parsed.errors }, values: echoFields(values, bookingFields) }, { status: 400 })
	const limited = await checkPublicFormRate(context, 'book-now')
	if (limited) return data({ errors: { form: limited }, values: echoFields(values, bookingFields) }, { status: 429 })
	const settings = await getSettings(db())
	const booking = await createBooking(
		db(),
		{
			quoteId: draft.quoteId ?? null,
			leadId: draft.leadId ?? null,
			...(draft.rooms ? { rooms: draft.rooms } : {}),
			packageId: draft.packageId,
			title: draft.title,
			tier: draft.tier,
			startDate: draft.startDate,
			nights: draft.nights,
			adults: draft.adults,
			childAges: draft.childAges,
			infants: draft.infants,
			price: draft.price,
			// Inside the balance window the whole amount is due now.
			advanceDue: planFor(draft, settings, todayInIndia()).dueNow,
			...parsed.value,
		},
		{ submissionKey: values.submissionKey || newSubmissionKey() },
	).catch((error: unknown) => {
		// A quote superseded, declined or expired meanwhile: say so and keep what was typed.
		if (isAppError(error) && error.status < 500) return { error }
		throw error
	})
	if ('error' in booking) return data({ errors: { form: booking.error.message }, values: echoFields(values, bookingFields) }, { status: booking.error.status })
	return redirect(`/thank-you?ref=${booking.reference}&booking=${booking.id}`)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: !loaderData || loaderData.start ? 'Book now | Andaman Isles Travel' : loaderData.draft ? `Book ${loaderData.draft.title} | Andaman Isles Travel` : loaderData?.pkg ? `Book ${loaderData.pkg.title} | Andaman Isles Travel` : 'Book now | Andaman Isles Travel' },
	{ name: 'description', content: 'Book your Andaman package: choose dates and hotels, add travellers, and pay a 30% advance to confirm.' },
	{ name: 'robots', content: 'noindex' },
]

/** /book-now with nothing to book yet: the three ways to get to a trip that can be booked. */
function StartBooking({ packages }: { packages: PackageCardData[] }) {
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
					<p className="mt-1 text-slate-700">Tell us your dates and who is travelling. A planner in Port Blair replies with a day-by-day plan and a price, usually within a few hours.</p>
					<IntentLink to="/quote" className={`${buttonClass('secondary')} mt-3`}>
						Request a quote
					</IntentLink>
				</li>
			</ol>
		</main>
	)
}

function TripForm({ pkg, values, errors }: { pkg: NonNullable<TripLoaderData['pkg']>; values: Record<string, string>; errors: Record<string, string> }) {
	return (
		<Form method="get" className="grid gap-4 rounded-xl border border-slate-200 p-4 sm:grid-cols-2" aria-label="Trip details">
			<input type="hidden" name="package" value={pkg.slug} />
			<SelectField
				label="Hotel category"
				name="tier"
				defaultValue={values.tier}
				error={errors.tier}
				options={tiers.filter((tier) => pkg.prices[tier] !== null).map((tier) => ({ value: tier, label: `${tierLabels[tier]} (from ${formatINR(pkg.prices[tier]!)} per person)` }))}
			/>
			<Field label="Arrival date in Port Blair" name="startDate" type="date" defaultValue={values.startDate} error={errors.startDate} />
			<Field label="Adults" name="adults" type="number" min={1} max={12} inputMode="numeric" defaultValue={values.adults} error={errors.adults} />
			<Field label="Children’s ages (2 to 17)" name="childAges" defaultValue={values.childAges} error={errors.childAges} hint="Separated by commas, e.g. 5, 9. Leave empty if none." />
			<Field label="Infants under 2" name="infants" type="number" min={0} max={4} inputMode="numeric" defaultValue={values.infants} error={errors.infants} />
			<div className="flex items-end">
				<Button type="submit" variant="secondary">
					Update price and travellers
				</Button>
			</div>
		</Form>
	)
}

export default function BookNow({ loaderData, actionData }: Route.ComponentProps) {
	if (loaderData.start)
		return (
			<>
				<BareHeader whatsappMessage="Hello! I would like to book an Andaman trip." />
				<StartBooking packages={loaderData.start.packages} />
			</>
		)
	return <BookTrip loaderData={loaderData} actionData={actionData} />
}

type TripLoaderData = Exclude<Route.ComponentProps['loaderData'], { start: unknown }>

function BookTrip({ loaderData, actionData }: { loaderData: TripLoaderData; actionData: Route.ComponentProps['actionData'] }) {
	const { pkg, draft, plan, band, advancePercent, policy } = loaderData
	const price = draft?.price ?? null
	const navigation = useNavigation()
	const errors: Record<string, string> = { ...loaderData.errors, ...(actionData?.errors ?? {}) }
	const posted: Record<string, string | undefined> = actionData?.values ?? {}
	const quoted = draft?.quoteId ?? (loaderData.values as Record<string, string | undefined>).quote
	const quoteLink = quoted && /^[A-Za-z0-9]{20}$/.test(quoted) ? `/quote/${quoted}` : null
	const count = draft ? draft.adults + draft.childAges.length + draft.infants : 0
	const childAges = draft?.childAges ?? []
	const ageOf = (index: number) => (index < (draft?.adults ?? 0) ? '' : index < (draft?.adults ?? 0) + childAges.length ? String(childAges[index - draft!.adults]) : '1')
	return (
		<>
		<BareHeader whatsappMessage={`Hello! I am booking ${pkg?.title ?? draft?.title ?? 'an Andaman trip'}.`} />
		<main id="main" className="mx-auto max-w-3xl px-4 py-8">
			<p>
				{quoteLink ? <Link to={quoteLink}>← Back to the quote</Link> : pkg ? <Link to={`/packages/${pkg.slug}`}>← Back to the package</Link> : <Link to={`/builder?${loaderData.values ? new URLSearchParams(loaderData.values as Record<string, string>).toString() : ''}`}>← Back to the trip builder</Link>}
			</p>
			<h1 className="mt-3 text-3xl font-bold">Book {pkg?.title ?? draft?.title ?? 'your trip'}</h1>
			<p className="mt-2 text-slate-700">
				{draft ? `${draft.nights} nights. ` : ''}Nothing is charged online: we confirm hotels and ferries once {plan?.fullNow ? 'the full payment' : `the ${advancePercent}% advance`} reaches us.
			</p>

			<section aria-labelledby="trip-heading" className="mt-6">
				<h2 id="trip-heading" className="mb-3 text-xl font-semibold">
					1. Your trip
				</h2>
				{pkg ? (
					<TripForm pkg={pkg} values={loaderData.values as Record<string, string>} errors={errors} />
				) : draft?.quoteId ? (
					<p className="rounded-xl border border-slate-200 p-4">
						{draft.title}: your quote for {describeParty(draft)}, at the price quoted. To change it, ask your planner for a new version of the <Link to={`/quote/${draft.quoteId}`}>quote</Link>.
					</p>
				) : draft ? (
					<p className="rounded-xl border border-slate-200 p-4">
						{draft.title}, {draft.tier} hotels, {describeParty(draft)}. Change it in the{' '}
						<Link to={`/builder?${new URLSearchParams(loaderData.values as Record<string, string>).toString()}`}>trip builder</Link>.
					</p>
				) : (
					<p role="alert" className="rounded-md bg-error-50 p-3 font-medium text-error-700">
						{errors.form ?? 'This trip cannot be booked as it is.'}{' '}
						{quoteLink ? <Link to={quoteLink}>Back to the quote</Link> : <Link to="/builder">Back to the trip builder</Link>}
					</p>
				)}
			</section>

			{draft && price ? (
				<>
					<section aria-labelledby="price-heading" className="mt-8 rounded-xl bg-slate-50 p-5">
						<h2 id="price-heading" className="text-xl font-semibold">
							2. Price for {formatTravelDate(draft.startDate)} to {formatTravelDate(addDays(draft.startDate, draft.nights))}
						</h2>
						<table className="mt-3 w-full text-left">
							<caption className="sr-only">Price breakdown</caption>
							<tbody>
								{price.lines.map((line) => (
									<tr key={line.label} className="border-b border-slate-200">
										<th scope="row" className="py-2 font-normal">
											{priceLineLabel(line)}
										</th>
										<td className="py-2 text-right">{formatINR(line.amount)}</td>
									</tr>
								))}
								<tr>
									<th scope="row" className="py-2 font-semibold">
										Total, including GST
									</th>
									<td className="py-2 text-right text-lg font-bold">{formatINR(price.total)}</td>
								</tr>
								<tr>
									<th scope="row" className="py-1 font-normal">
										{plan!.fullNow ? 'Due now to confirm (the full amount)' : `Advance to confirm (${advancePercent}%)`}
									</th>
									<td className="py-1 text-right font-semibold">{formatINR(plan!.dueNow)}</td>
								</tr>
								{plan!.balance > 0 ? (
									<tr>
										<th scope="row" className="py-1 font-normal">
											Balance, due by {formatTravelDate(plan!.balanceDueDate)}
										</th>
										<td className="py-1 text-right">{formatINR(plan!.balance)}</td>
									</tr>
								) : null}
							</tbody>
						</table>
						{plan!.fullNow ? (
							<p className="mt-3 font-medium" data-testid="full-payment-note">
								You arrive within {loaderData.balanceDueDays} days, when hotels and ferries are paid in full, so the whole amount is due now to confirm.
							</p>
						) : null}
						<p className="mt-3 text-sm text-slate-700">Single rooms and special requests are priced by your planner before you pay.</p>
					</section>

					<section aria-labelledby="travellers-heading" className="mt-8">
						<h2 id="travellers-heading" className="text-xl font-semibold">
							3. Travellers and contact
						</h2>
						<p className="mt-1 text-sm text-slate-700">Names and IDs as on the documents travellers will carry: ferries check them at boarding. Foreign nationals need their passport.</p>
						<ErrorSummary errors={actionData?.errors ?? noErrors} className="mt-4" />
						<Form method="post" className="relative mt-4 space-y-6" noValidate>
							<Honeypot />
							<input type="hidden" name="submissionKey" value={posted.submissionKey ?? loaderData.submissionKey} />
							{Object.entries(draft.carry).map(([name, value]) => (
								<input key={name} type="hidden" name={name} value={value} />
							))}
							{Array.from({ length: count }, (_, i) => i + 1).map((n) => (
								<fieldset key={n} className="grid gap-3 rounded-lg border border-slate-200 p-4 sm:grid-cols-3">
									<legend className="px-1 font-semibold">Traveller {n}</legend>
									<Field label="Full name" name={`t${n}Name`} autoComplete={n === 1 ? 'name' : 'off'} maxLength={visitorTextLimits.name} defaultValue={posted[`t${n}Name`]} error={errors[`t${n}Name`]} className="sm:col-span-2" />
									<Field label="Age" name={`t${n}Age`} type="number" min={0} max={110} inputMode="numeric" defaultValue={posted[`t${n}Age`] ?? ageOf(n - 1)} error={errors[`t${n}Age`]} />
									<SelectField label="Gender" name={`t${n}Gender`} defaultValue={posted[`t${n}Gender`]} error={errors[`t${n}Gender`]} options={[{ value: '', label: 'Choose' }, ...Object.entries(genders).map(([value, label]) => ({ value, label }))]} />
									<Field label="Nationality" name={`t${n}Nationality`} maxLength={visitorTextLimits.nationality} defaultValue={posted[`t${n}Nationality`] ?? 'Indian'} error={errors[`t${n}Nationality`]} />
									<SelectField label="ID" name={`t${n}IdType`} defaultValue={posted[`t${n}IdType`]} error={errors[`t${n}IdType`]} options={[{ value: '', label: 'Choose' }, ...Object.entries(idTypes).map(([value, label]) => ({ value, label }))]} />
									<Field label="ID number" name={`t${n}IdNumber`} maxLength={visitorTextLimits.idNumber} defaultValue={posted[`t${n}IdNumber`]} error={errors[`t${n}IdNumber`]} className="sm:col-span-2" />
									<Field label="Passport expiry (foreign nationals)" name={`t${n}PassportExpiry`} type="date" defaultValue={posted[`t${n}PassportExpiry`]} error={errors[`t${n}PassportExpiry`]} />
								</fieldset>
							))}
							<fieldset className="grid gap-3 sm:grid-cols-2">
								<legend className="mb-1 font-semibold">Lead traveller contact</legend>
								<Field label="Contact name" name="contactName" autoComplete="name" maxLength={visitorTextLimits.name} defaultValue={posted.contactName} error={errors.contactName} />
								<Field label="Mobile or WhatsApp" name="contactPhone" type="tel" maxLength={visitorTextLimits.phone} autoComplete="tel" defaultValue={posted.contactPhone} error={errors.contactPhone} />
								<Field label="Email (optional)" name="contactEmail" type="email" maxLength={visitorTextLimits.email} autoComplete="email" defaultValue={posted.contactEmail} error={errors.contactEmail} className="sm:col-span-2" />
								<TextareaField label="Special requests (optional)" name="specialRequests" rows={3} maxLength={visitorTextLimits.shortMessage} defaultValue={posted.specialRequests} error={errors.specialRequests} className="sm:col-span-2" />
							</fieldset>
							<section aria-labelledby="policy-heading" className="rounded-lg bg-slate-50 p-4 text-sm">
								<h3 id="policy-heading" className="font-semibold">
									Cancellation policy
								</h3>
								{band ? (
									<p className="mt-1 font-medium text-slate-900" data-testid="cancellation-band">
										{band}
									</p>
								) : null}
								<ul className="mt-2 list-disc pl-5">
									{policy.map((tier) => (
										<li key={tier.when}>
											{tier.when}: {tier.feePercent}% of the package price
										</li>
									))}
								</ul>
							</section>
							<div>
								<div className="flex items-start gap-2">
									<input type="checkbox" id="acceptTerms" name="acceptTerms" className="mt-1 size-5" aria-invalid={errors.acceptTerms ? true : undefined} aria-describedby={errors.acceptTerms ? 'acceptTerms-error' : undefined} />
									<label htmlFor="acceptTerms">
										I accept the <Link to="/terms">booking terms</Link> and the <Link to="/cancellation">cancellation policy</Link>.
									</label>
								</div>
								{errors.acceptTerms ? (
									<p id="acceptTerms-error" className="mt-1 text-sm font-medium text-error-700">
										{errors.acceptTerms}
									</p>
								) : null}
							</div>
							<Button type="submit" size="lg" pending={navigation.state === 'submitting'}>
								Book and get payment details
							</Button>
						</Form>
					</section>
				</>
			) : null}
		</main>
		</>
	)
}

const noErrors: Record<string, string> = {}

export const ErrorBoundary = RouteErrorBoundary

