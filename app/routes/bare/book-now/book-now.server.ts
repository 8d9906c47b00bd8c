import type { RouterContextProvider } from 'react-router'
import { data, redirect } from 'react-router'
import { toCardData } from '~/features/catalog/components/package-card.tsx'
import { bookingFormSchema, parseTravellers, partyFromValues, pricedTripKey } from '~/features/bookings/domain/book-now.ts'
import { describeCancellationTiers } from '~/features/bookings/domain/cancellation.ts'
import { cancellationBand, describeCancellationBand, earliestArrival, paymentPlan } from '~/features/bookings/domain/rules.ts'
import { childAgeRule } from '~/features/rates/domain/age-bands.ts'
import { hasBuilderParams } from '~/features/rates/domain/builder.ts'
import { addDays, todayInIndia } from '~/lib/dates.ts'
import { notFound } from '~/lib/errors.ts'
import { packagePricesOn, resolveBookingDraft } from '~/features/bookings/server/book-now.server.ts'
import { bookingOfSubmission, createBooking } from '~/features/bookings/server/bookings.server.ts'
import { offeredChannels } from '~/features/messaging/server/channels.server.ts'
import { featuredPackages, getPackageBySlug } from '~/features/catalog/server/packages.server.ts'
import { db } from '~/server/db/index.server.ts'
import { accepted, isHoneypotFilled, newSubmissionKey, parseForm, refuse, refuseOnAppError } from '~/server/forms.server.ts'
import { checkPublicFormRate } from '~/server/public-form-limit.server.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'

/** /book-now: the trip in the address with its price, payment plan and policy, or (with no trip) the ways to choose one. */
export async function bookNowPage(request: Request) {
	const params = new URL(request.url).searchParams
	// No trip in the address (a bookmark, a shared link cut short): help the visitor pick one.
	if (!params.has('quote') && !params.has('package') && !hasBuilderParams(params))
		return data({ start: { packages: (await featuredPackages(db(), 3)).map(toCardData) } })
	const view = await tripView(params, { askedForDate: params.has('startDate') })
	return data({ ...view, start: null, submissionKey: newSubmissionKey() }, { status: view.status })
}

export type TripView = Awaited<ReturnType<typeof tripView>>

/**
 * The trip part of the page for these trip parameters: the draft priced by the server, what is due when and
 * what cancelling would cost for its dates booked today, or what to fix. `askedForDate`: whether a missing
 * arrival date is an error to show (a post) or just not chosen yet (the first visit: no date is assumed).
 */
async function tripView(params: URLSearchParams, { askedForDate }: { askedForDate: boolean }) {
	const resolved = await resolveBookingDraft(db(), params)
	if (!resolved.ok && resolved.status === 404) notFound(resolved.errors.package ?? 'There is no package at this address.')
	const settings = await getSettings(db())
	const draft = resolved.ok ? resolved.draft : null
	const summary = resolved.ok ? (draft!.packageSlug ? await packageSummary(draft!.packageSlug) : null) : resolved.pkg
	// With an arrival date, only the hotel categories that can be sold then are offered (docs/inventory.md).
	const onDate = summary ? await packagePricesOn(db(), summary.slug, resolved.values.startDate) : null
	const pkg = summary ? { ...summary, ...(onDate ? { prices: onDate.prices, unsold: onDate.unsold } : { unsold: [] as string[] }) } : null
	const today = todayInIndia()
	const errors: Record<string, string> = resolved.ok ? {} : { ...resolved.errors }
	if (!askedForDate && !resolved.values.startDate) delete errors.startDate
	return {
		/** 409 for a quote that is booked already; a trip still to complete or fix is a page to fill in (200). */
		status: !resolved.ok && resolved.status === 409 ? 409 : 200,
		draft,
		pkg,
		values: resolved.values,
		errors,
		// What is due now and later, and what cancelling would cost, for these dates booked today.
		plan: draft ? planFor(draft, settings, today) : null,
		band: draft ? describeCancellationBand(cancellationBand(settings.cancellationTiers, today, draft.startDate)) : null,
		priced: draft ? pricedTripKey(draft) : null,
		/** Who the traveller rows are for: the priced trip's party, or what was typed while it cannot be priced. */
		party: draft ?? partyFromValues(resolved.values),
		advancePercent: settings.advancePercent,
		balanceDueDays: settings.bookingRules.balanceDueDaysBeforeStart,
		earliest: earliestArrival(today, settings.bookingRules),
		ageRule: childAgeRule(settings.childAgeBands),
		/** WhatsApp and SMS when configured: the channels a traveller may choose for messages. */
		channels: offeredChannels(),
		policy: describeCancellationTiers(settings.cancellationTiers),
	}
}

function planFor(draft: { price: { total: number }; startDate: string }, settings: Awaited<ReturnType<typeof getSettings>>, today: string) {
	return paymentPlan({
		total: draft.price.total,
		advancePercent: settings.advancePercent,
		startDate: draft.startDate,
		bookedOn: today,
		daysBefore: settings.bookingRules.balanceDueDaysBeforeStart,
	})
}

async function packageSummary(slug: string) {
	const pkg = await getPackageBySlug(db(), slug)
	return pkg ? { slug: pkg.slug, title: pkg.title, totalNights: pkg.totalNights, prices: pkg.prices as Record<string, number | null> } : null
}

const thankYouPath = (booking: { id: string; reference: string }) => `/thank-you?ref=${booking.reference}&booking=${booking.id}`

/**
 * The booking form posted. Its trip is the one posted with it (the choices as the traveller last left them),
 * checked and priced again on the server. "Update price and travellers", or a trip that is not the one the
 * page showed priced, shows the page again for that trip with everything typed kept; only the trip whose
 * price and terms were shown is booked, once per form key.
 */
export async function bookNow(form: FormData, context: Readonly<RouterContextProvider>) {
	if (isHoneypotFilled(form)) return redirect('/thank-you')
	const submission = parseForm(form, bookingFormSchema)
	if (submission.status !== 'success') return refuse(submission)
	const values = submission.value
	// The same form sent again (a double click, a resend after a lost answer) lands on the booking it made,
	// before anything else is checked: its quote is booked now, by this very form.
	const made = values.submissionKey && values.intent !== 'update' ? await bookingOfSubmission(db(), values.submissionKey) : undefined
	if (made) return redirect(thankYouPath(made))
	const tripParams = values.quote
		? new URLSearchParams({ quote: values.quote })
		: values.builder
			? new URLSearchParams(values.builder)
			: new URLSearchParams({
					package: values.package ?? '',
					tier: values.tier ?? '',
					startDate: values.startDate ?? '',
					adults: values.adults ?? '',
					childAges: values.childAges ?? '',
					infants: values.infants ?? '0',
				})
	const view = await tripView(tripParams, { askedForDate: values.intent !== 'update' || Boolean(values.startDate) })
	const { draft } = view
	const status = view.status === 409 ? 409 : 400
	if (values.intent === 'update') {
		if (!draft) {
			const { form: tripProblem, ...tripErrors } = view.errors
			return refuse(submission, { intent: 'update', status, formError: tripProblem, fieldErrors: tripErrors, details: view })
		}
		return accepted(submission, {
			intent: 'update',
			details: view,
			keepValues: true,
			notice: 'Price, payment and cancellation terms updated for your choices.',
		})
	}
	if (!draft) {
		// The trip cannot be booked as posted: its own message first, with everything else to fix.
		const { form: tripProblem, ...tripErrors } = view.errors
		const travellers = parseTravellers(values, view.party.adults + view.party.childAges.length + view.party.infants, values.startDate ?? '')
		return refuse(submission, {
			status,
			formError: tripProblem ?? 'Some details need attention. Each one says what to change.',
			fieldErrors: { ...(travellers.ok ? {} : travellers.errors), ...tripErrors },
			details: view,
		})
	}
	// A choice changed after the price was shown (or the price moved): show this trip priced, book nothing yet.
	if (values.priced !== view.priced)
		return accepted(submission, {
			intent: 'update',
			details: view,
			keepValues: true,
			notice: 'Your trip changed after its price was shown. Check the price, payment and cancellation terms for it below, then book.',
		})
	const parsed = parseTravellers(values, draft.adults + draft.childAges.length + draft.infants, addDays(draft.startDate, draft.nights))
	if (!parsed.ok)
		return refuse(submission, { formError: 'Some details need attention. Each one says what to change.', fieldErrors: parsed.errors, details: view })
	const limited = await checkPublicFormRate(context, 'book-now')
	if (limited) return refuse(submission, { status: 429, formError: limited, details: view })
	try {
		const booking = await createBooking(
			db(),
			{
				quoteId: draft.quoteId ?? null,
				leadId: draft.leadId ?? null,
				...(draft.rooms ? { rooms: draft.rooms } : {}),
				...(draft.stays?.length ? { stays: draft.stays } : {}),
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
				advanceDue: view.plan!.dueNow,
				...parsed.value,
				// A channel the site does not offer (a crafted post) is email.
				messageChannel: parsed.value.messageChannel !== 'email' && view.channels[parsed.value.messageChannel] ? parsed.value.messageChannel : 'email',
			},
			{ submissionKey: values.submissionKey || newSubmissionKey() },
		)
		return redirect(thankYouPath(booking))
	} catch (error) {
		// A quote booked, superseded, declined or expired meanwhile: say so and keep what was typed.
		return refuseOnAppError(submission, error, { details: view })
	}
}
