import type { RouterContextProvider } from 'react-router'
import { redirect } from 'react-router'
import { toCardData } from '~/components/package-card.tsx'
import { bookingFormSchema, parseTravellers } from '~/features/bookings/domain/book-now.ts'
import { describeCancellationTiers } from '~/features/bookings/domain/cancellation.ts'
import { cancellationBand, describeCancellationBand, paymentPlan } from '~/features/bookings/domain/rules.ts'
import { hasBuilderParams } from '~/features/rates/domain/builder.ts'
import { addDays, todayInIndia } from '~/lib/dates.ts'
import { notFound } from '~/lib/errors.ts'
import { resolveBookingDraft } from '~/features/bookings/server/book-now.server.ts'
import { createBooking } from '~/features/bookings/server/bookings.server.ts'
import { featuredPackages, getPackageBySlug } from '~/features/catalog/server/packages.server.ts'
import { db } from '~/server/db/index.server.ts'
import { isHoneypotFilled, newSubmissionKey, parseForm, refuse, refuseOnAppError } from '~/server/forms.server.ts'
import { checkPublicFormRate } from '~/server/public-form-limit.server.ts'
import { getSettings } from '~/server/settings.server.ts'

/** /book-now: the trip in the address with its price, payment plan and policy, or (with no trip) the ways to choose one. */
export async function bookNowPage(request: Request) {
	const params = new URL(request.url).searchParams
	// No trip in the address (a bookmark, a shared link cut short): help the visitor pick one.
	if (!params.has('quote') && !params.has('package') && !hasBuilderParams(params)) return { start: { packages: (await featuredPackages(db(), 3)).map(toCardData) } }
	const resolved = await resolveBookingDraft(db(), params)
	if (!resolved.ok && resolved.status === 404) notFound(resolved.errors.package ?? 'There is no package at this address.')
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

/** The booking form posted: the trip checked again on the server, then the travellers, then one booking per form key. */
export async function bookNow(form: FormData, context: Readonly<RouterContextProvider>) {
	if (isHoneypotFilled(form)) return redirect('/thank-you')
	const submission = parseForm(form, bookingFormSchema)
	if (submission.status !== 'success') return refuse(submission)
	const values = submission.value
	const tripParams = values.quote
		? new URLSearchParams({ quote: values.quote })
		: values.builder
			? new URLSearchParams(values.builder)
			: new URLSearchParams({ package: values.package ?? '', tier: values.tier ?? '', startDate: values.startDate ?? '', adults: values.adults ?? '', childAges: values.childAges ?? '', infants: values.infants ?? '0' })
	const resolved = await resolveBookingDraft(db(), tripParams)
	if (!resolved.ok) {
		// The draft's own message about the whole trip, when it has one, says more than the general one.
		const { form: tripProblem, ...fieldErrors } = resolved.errors
		return refuse(submission, { formError: tripProblem ?? 'The trip details changed or are incomplete. Check them above and try again.', fieldErrors })
	}
	const { draft } = resolved
	const parsed = parseTravellers(values, draft.adults + draft.childAges.length + draft.infants, addDays(draft.startDate, draft.nights))
	if (!parsed.ok) return refuse(submission, { formError: 'Some details need attention. Each one says what to change.', fieldErrors: parsed.errors })
	const limited = await checkPublicFormRate(context, 'book-now')
	if (limited) return refuse(submission, { status: 429, formError: limited })
	const settings = await getSettings(db())
	try {
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
		)
		return redirect(`/thank-you?ref=${booking.reference}&booking=${booking.id}`)
	} catch (error) {
		// A quote superseded, declined or expired meanwhile: say so and keep what was typed.
		return refuseOnAppError(submission, error)
	}
}
