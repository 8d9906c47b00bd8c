import { useMemo, useState } from 'react'
import { Form, redirect } from 'react-router'
import { Breadcrumbs } from '~/components/breadcrumbs.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button } from '~/components/ui/button.tsx'
import { ErrorSummary } from '~/components/ui/error-summary.tsx'
import { Field, Honeypot, SelectField, TextareaField } from '~/components/ui/field.tsx'
import {
	classLabel,
	ferryIslandLabels,
	ferryIslands,
	journeysShown,
	ferryEnquirySchema,
	legField,
	maxLegs,
	operatorChoices,
	operatorLabel,
	preferredTimeLabels,
	preferredTimes,
	tripTypeLabels,
	tripTypes,
} from '~/features/ferries/domain/enquiry.ts'
import { FerryFacts, FerryGuide } from '~/features/ferries/components/ferry-guide.tsx'
import { isIsoDate, todayInIndia } from '~/lib/dates.ts'
import { errorsOf, resultFor, useIsPending, valuesOf } from '~/lib/forms.ts'
import { seo } from '~/lib/seo.ts'
import { staticPage } from '~/lib/static-page.ts'
import { useHydrated } from '~/lib/use-hydrated.ts'
import { db } from '~/server/db/index.server.ts'
import { env } from '~/server/env.server.ts'
import { fareGuide } from '~/features/ferries/server/fare-guide.server.ts'
import { createFerryEnquiry } from '~/features/ferries/server/ferries.server.ts'
import { liveSearchPage } from '~/features/ferries/server/live/pages.server.ts'
import { LiveSailings } from '~/features/ferries/components/live-sailings.tsx'
import { accepted, isHoneypotFilled, newSubmissionKey, parseForm, refuse } from '~/server/forms.server.ts'
import { checkPublicFormRate } from '~/server/public-form-limit.server.ts'
import { activeFerryFares, ferryClassesOnSale } from '~/features/rates/server/ferry-fares.server.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'
import type { Route } from './+types/ferries'

/**
 * Static (ADR 123): the live search is a GET form, its sailings links, and the enquiry a POST form that redirects or
 * comes back with its errors; without the framework the trip type's journeys are shown by "Show the journeys".
 */
export const handle = staticPage

export async function loader({ request }: Route.LoaderArgs) {
	const params = new URL(request.url).searchParams
	const island = (value: string | null) => (value && (ferryIslands as readonly string[]).includes(value) ? value : '')
	const date = params.get('date')
	const [fares, classes, settings, live] = await Promise.all([
		activeFerryFares(db()),
		ferryClassesOnSale(db()),
		getSettings(db()),
		liveSearchPage(db(), params, todayInIndia()),
	])
	return {
		live,
		submissionKey: newSubmissionKey(),
		siteUrl: env().SITE_URL,
		today: todayInIndia(),
		classes,
		guide: fareGuide(fares),
		reportingMinutes: settings.ferryReportingMinutes,
		prefill: {
			[legField(0, 'from')]: island(params.get('from')),
			[legField(0, 'to')]: island(params.get('to')),
			[legField(0, 'date')]: date && isIsoDate(date) ? date : '',
		} as Record<string, string>,
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	const form = await request.formData()
	if (isHoneypotFilled(form)) return redirect('/thank-you')
	const submission = parseForm(form, ferryEnquirySchema(todayInIndia()))
	// Without JavaScript, "Show these journeys" posts the form back to show the journeys the chosen trip type needs.
	if (form.get('intent') === 'journeys') return accepted(submission, { intent: 'journeys', keepValues: true })
	if (submission.status !== 'success') return refuse(submission)
	const limited = await checkPublicFormRate(context, 'ferry')
	if (limited) return refuse(submission, { status: 429, formError: limited })
	const lead = await createFerryEnquiry(db(), submission.value)
	return redirect(`/thank-you?ref=${encodeURIComponent(lead.reference)}`)
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
	seo({
		title: 'Andaman ferries: Port Blair, Havelock and Neil timings, fares and booking',
		description:
			'Makruzz, Nautika, Green Ocean, ITT Majestic and government ferries between Port Blair, Havelock (Swaraj Dweep) and Neil (Shaheed Dweep): fares, durations, check-in and ID rules. Ask us to book your tickets.',
		path: '/ferries',
		siteUrl: loaderData?.siteUrl ?? 'http://localhost:3000',
	})

export default function Ferries({ loaderData, actionData }: Route.ComponentProps) {
	const isPending = useIsPending()
	const lastResult = resultFor(actionData)
	const errors: Record<string, string | undefined> = errorsOf(lastResult)
	// One object per answer: the trip type below is reset when a new answer arrives.
	const values: Record<string, string | undefined> = useMemo(() => (lastResult ? valuesOf(lastResult) : loaderData.prefill), [lastResult, loaderData.prefill])
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
			<Breadcrumbs
				trail={[
					{ name: 'Home', path: '/' },
					{ name: 'Travel guide', path: '/travel-guide' },
					{ name: 'Ferries', path: '/ferries' },
				]}
			/>
			<h1 className="mt-4 text-3xl font-bold">Andaman ferries: Port Blair, Havelock and Neil</h1>
			<p className="mt-3 max-w-3xl text-lg text-slate-700">
				Every trip beyond Port Blair (Sri Vijaya Puram) starts at a jetty. Tell us your journeys and we book the sailing that fits, on Makruzz, Nautika, Green
				Ocean, ITT Majestic or the government ferry, and send the tickets to your phone.
			</p>

			{loaderData.live.operators.length ? (
				<div className="mt-8">
					<LiveSailings page={loaderData.live} today={loaderData.today} />
				</div>
			) : null}

			<div className="mt-8 grid gap-10 lg:grid-cols-5">
				<section aria-labelledby="enquiry-heading" className="lg:col-span-3">
					<h2 id="enquiry-heading" className="text-xl font-semibold">
						Ask us to book your ferry
					</h2>
					<p className="mt-1 text-slate-700">
						We reply with the fares and timings available, usually within a few hours. Nothing is charged until you confirm.
					</p>
					<ErrorSummary errors={lastResult?.status === 'error' ? errors : noErrors} className="mt-4" />
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
							<p className="mt-1 text-sm text-slate-600">
								Return: the way there and the way back. Island hopping: up to {maxLegs} journeys, e.g. Port Blair → Havelock → Neil → Port Blair; leave the ones
								you do not need empty.
							</p>
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
									<SelectField
										label="From"
										name={legField(i, 'from')}
										options={islandOptions}
										defaultValue={values[legField(i, 'from')] ?? ''}
										error={errors[legField(i, 'from')]}
									/>
									<SelectField
										label="To"
										name={legField(i, 'to')}
										options={islandOptions}
										defaultValue={values[legField(i, 'to')] ?? ''}
										error={errors[legField(i, 'to')]}
									/>
									<Field
										label="Date"
										name={legField(i, 'date')}
										type="date"
										min={loaderData.today}
										defaultValue={values[legField(i, 'date')] ?? ''}
										error={errors[legField(i, 'date')]}
									/>
									<SelectField
										label="Preferred time"
										name={legField(i, 'time')}
										options={preferredTimes.map((time) => ({ value: time, label: preferredTimeLabels[time] }))}
										defaultValue={values[legField(i, 'time')] ?? 'any'}
										error={errors[legField(i, 'time')]}
									/>
									<SelectField
										label="Operator"
										name={legField(i, 'operator')}
										options={operatorChoices.map((operator) => ({ value: operator, label: operatorLabel(operator) }))}
										defaultValue={values[legField(i, 'operator')] ?? 'any'}
										error={errors[legField(i, 'operator')]}
									/>
									<SelectField
										label="Class"
										name={legField(i, 'class')}
										options={classOptions}
										defaultValue={values[legField(i, 'class')] ?? 'any'}
										error={errors[legField(i, 'class')]}
									/>
								</div>
							</fieldset>
						))}
						<fieldset className="rounded-xl border border-slate-200 p-4">
							<legend className="px-1 font-semibold">Passengers</legend>
							<div className="grid gap-4 sm:grid-cols-4">
								<Field
									label="Adults and children with a seat"
									name="adults"
									type="number"
									min={1}
									max={30}
									inputMode="numeric"
									defaultValue={values.adults ?? '2'}
									error={errors.adults}
								/>
								<Field
									label="Infants on a lap"
									name="infants"
									type="number"
									min={0}
									max={10}
									inputMode="numeric"
									defaultValue={values.infants ?? '0'}
									error={errors.infants}
								/>
								<Field
									label="Indian nationals"
									name="indians"
									type="number"
									min={0}
									max={40}
									inputMode="numeric"
									defaultValue={values.indians ?? '2'}
									error={errors.indians}
								/>
								<Field
									label="Foreign nationals"
									name="foreigners"
									type="number"
									min={0}
									max={40}
									inputMode="numeric"
									defaultValue={values.foreigners ?? '0'}
									error={errors.foreigners}
								/>
							</div>
							<p className="mt-2 text-sm text-slate-600">
								Indian and foreign nationals together = everyone travelling, infants included. Foreign nationals need their passport. The age from which a child
								pays a full fare differs by operator (from 1 year on ITT Majestic): tell us children’s ages in the message and we quote the right fare.
							</p>
						</fieldset>
						<div className="grid gap-4 sm:grid-cols-2">
							<Field label="Your name" name="name" autoComplete="name" required defaultValue={values.name} error={errors.name} />
							<Field
								label="Phone or WhatsApp"
								name="phone"
								type="tel"
								autoComplete="tel"
								required
								hint="10-digit Indian mobile, or + and country code"
								defaultValue={values.phone}
								error={errors.phone}
							/>
							<Field
								label="Email (optional)"
								name="email"
								type="email"
								autoComplete="email"
								defaultValue={values.email}
								error={errors.email}
								className="sm:col-span-2"
							/>
							<TextareaField
								label="Anything else (optional)"
								name="message"
								rows={3}
								hint="Seat preferences, hotel pick-up, a return flight time"
								defaultValue={values.message}
								error={errors.message}
								className="sm:col-span-2"
							/>
						</div>
						<Button type="submit" size="lg" pending={isPending}>
							Send ferry enquiry
						</Button>
					</Form>
				</section>

				<FerryFacts guide={loaderData.guide} reportingMinutes={loaderData.reportingMinutes} />
			</div>

			<FerryGuide />
		</main>
	)
}

const noErrors: Record<string, string> = {}

export const ErrorBoundary = RouteErrorBoundary
