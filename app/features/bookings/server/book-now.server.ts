import type { Kysely } from 'kysely'
import { type BookingPrice, bookingPriceFrom, bookingPriceLine, plannedTripCost, tierProblem, tripSchemaFor } from '~/features/bookings/domain/book-now.ts'
import { quoteAlreadyBookedMessage, quoteBooked } from '~/features/bookings/server/bookings.server.ts'
import { childAgeRule } from '~/features/rates/domain/age-bands.ts'
import { tiers } from '~/features/catalog/domain/packages.ts'
import { acceptProblem } from '~/features/sales/domain/quote.ts'
import { builderSearchParams, describeProblem, hasBuilderParams, parseBuilderParams } from '~/features/rates/domain/builder.ts'
import { travellerPrice } from '~/features/rates/domain/traveller-price.ts'
import { arrivalProblem } from '~/features/bookings/domain/rules.ts'
import { isIsoDate, todayInIndia } from '~/lib/dates.ts'
import { isId } from '~/lib/ids.ts'
import { islands } from '~/lib/islands.ts'
import { getPackageBySlug } from '~/features/catalog/server/packages.server.ts'
import type { Database } from '~/server/db/schema.ts'
import { fieldErrors } from '~/lib/forms.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'
import { priceBuilderConfig } from '~/features/rates/server/builder.server.ts'
import { getQuote } from '~/features/sales/server/quotes.server.ts'
import type { BookedStay } from '~/features/inventory/server/inventory.server.ts'
import { packageTiersOn, sellableTrip } from '~/features/inventory/server/sellable-trip.server.ts'
import { packageTrip } from '~/features/rates/server/package-prices.server.ts'
import { getPricing } from '~/features/rates/server/rate-book.server.ts'

/** What is being booked, priced by the server from a package or a builder configuration. */
export type BookingDraft = {
	source: 'package' | 'builder' | 'quote'
	/** Booking a sent quote: its id and lead (the booking links to both) and its rooms. */
	quoteId?: string
	leadId?: string
	rooms?: number
	packageId: string | null
	packageSlug: string | null
	title: string
	tier: string
	startDate: string
	nights: number
	adults: number
	childAges: number[]
	infants: number
	price: BookingPrice
	/** Hidden fields that let the POST rebuild and reprice the same trip. */
	carry: Record<string, string>
	/** The hotel rooms the booking takes (docs/inventory.md) and what the traveller is told of them ("Only 2 rooms left.", on request). */
	stays?: BookedStay[]
	availability?: string[]
	/** Booking a quote: the contact its lead already gave, so the form does not ask again. */
	contact?: { name: string; phone: string; email: string | null }
}

export type DraftResult =
	| {
			ok: true
			draft: BookingDraft
			values: Record<string, string>
			/**
			 * Our planned cost for the trip (`plannedTripCost`: the engine's line costs from the rate rows), or null
			 * when a part has no cost on file or the trip is a sent quote's frozen price. Beside the draft, not in it:
			 * the draft is what /book-now sends the traveller's browser, and a cost never goes there (ADR 231).
			 */
			cost: number | null
	  }
	| {
			ok: false
			status: 400 | 404 | 409
			errors: Record<string, string>
			values: Record<string, string>
			pkg: { slug: string; title: string; totalNights: number; prices: Record<string, number | null> } | null
	  }

/**
 * Reads /book-now's query: `package=<slug>` with tier, date and travellers, or
 * a builder configuration (the builder's own query string). Never trusts a
 * price from the browser: both are priced here.
 */
export async function resolveBookingDraft(db: Kysely<Database>, params: URLSearchParams): Promise<DraftResult> {
	const raw = Object.fromEntries(params)
	const today = todayInIndia()
	const { bookingRules, company, childAgeBands } = await getSettings(db)
	// The earliest arrival taken online is a setting (docs/decisions/080-booking-dates-and-money-rules.md).
	const tooSoon = (start: string) => arrivalProblem(start, today, bookingRules, company.phone)

	if (raw.quote !== undefined) return quoteDraft(db, raw.quote, raw, tooSoon)

	if (!raw.package && hasBuilderParams(params)) {
		const { config, errors } = parseBuilderParams(params, today, childAgeBands)
		if (Object.keys(errors).length) return { ok: false, status: 400, errors: { form: Object.values(errors).join(' ') }, values: raw, pkg: null }
		const soon = tooSoon(config.start)
		if (soon) return { ok: false, status: 400, errors: { form: soon }, values: raw, pkg: null }
		const { result, quote: engineQuote } = await priceBuilderConfig(db, config, today)
		if (!result.ok) return { ok: false, status: 400, errors: { form: result.problems.join(' ') }, values: raw, pkg: null }
		const nights = config.stays.reduce((sum, stay) => sum + stay.nights, 0)
		return {
			ok: true,
			values: raw,
			cost: engineQuote ? plannedTripCost(engineQuote.lines) : null,
			draft: {
				source: 'builder',
				packageId: null,
				packageSlug: null,
				title: `Custom trip: ${config.stays.map((stay) => `${islands[stay.island as keyof typeof islands]?.name ?? stay.island} ${stay.nights}N`).join(', ')}`,
				tier: config.tier,
				startDate: config.start,
				nights,
				adults: config.adults,
				childAges: config.childAges.filter((age) => age >= 2),
				infants: config.infants + config.childAges.filter((age) => age < 2).length,
				price: bookingPriceFrom(result),
				carry: { builder: builderSearchParams(config).toString() },
				stays: result.stays,
				availability: result.availability,
			},
		}
	}

	const pkg = raw.package ? await getPackageBySlug(db, raw.package) : null
	if (!pkg) return { ok: false, status: 404, errors: { package: 'Choose a package first, or build your own trip.' }, values: raw, pkg: null }
	const summary = { slug: pkg.slug, title: pkg.title, totalNights: pkg.totalNights, prices: pkg.prices }
	const firstTier = tiers.find((tier) => pkg.prices[tier] !== null) ?? 'standard'
	// No arrival date is assumed (docs/decisions/177-book-now-trip-and-terms.md): the traveller picks one.
	const values = { tier: firstTier, adults: '2', childAges: '', infants: '0', ...raw }
	const ageRule = childAgeRule(childAgeBands)
	const parsed = tripSchemaFor(ageRule).safeParse(values)
	if (!parsed.success) return { ok: false, status: 400, errors: fieldErrors(parsed.error.issues), values, pkg: summary }
	const soon = tooSoon(parsed.data.startDate)
	if (soon) return { ok: false, status: 400, errors: { startDate: soon }, values, pkg: summary }
	const trip = parsed.data
	const notOffered = tierProblem(pkg, trip.tier)
	if (notOffered) return { ok: false, status: 400, errors: { tier: notOffered }, values, pkg: summary }
	// Priced by the engine for this date, tier and party, at hotels that can sell the stays (a stop-sold one swapped, ADR 188):
	// the package's stored "from" price is only its first bookable date's (docs/decisions/215-package-bookings-priced-for-their-date.md).
	const rooms = Math.max(1, Math.ceil(trip.adults / 2))
	const sellable = await sellableTrip(
		db,
		await getPricing(db),
		{ ...packageTrip(pkg.stays, trip.tier, trip.startDate), party: { adults: trip.adults, childAges: trip.childAges, infants: trip.infants, rooms } },
		today,
	)
	if (sellable.problem) return { ok: false, status: 400, errors: { startDate: sellable.problem }, values, pkg: summary }
	const { priced } = sellable
	if (!priced.ok)
		return {
			ok: false,
			status: 400,
			errors: { startDate: [...new Set(priced.problems.filter((problem) => problem.severity === 'error').map(describeProblem))].join(' ') },
			values,
			pkg: summary,
		}
	const price = bookingPriceFrom(travellerPrice({ ...priced, gstPercent: priced.gstBp / 100 }))
	return {
		ok: true,
		values,
		cost: plannedTripCost(priced.lines),
		draft: {
			source: 'package',
			packageId: pkg.id,
			packageSlug: pkg.slug,
			title: pkg.title,
			tier: trip.tier,
			startDate: trip.startDate,
			nights: pkg.totalNights,
			adults: trip.adults,
			childAges: trip.childAges,
			infants: trip.infants,
			price,
			carry: {
				package: pkg.slug,
				tier: trip.tier,
				startDate: trip.startDate,
				adults: String(trip.adults),
				childAges: trip.childAges.join(', '),
				infants: String(trip.infants),
			},
			stays: sellable.stays,
			availability: sellable.notes,
		},
	}
}

/**
 * `/book-now?quote=<id>`: the quote's frozen price, never a recomputed or a
 * client one. An accepted quote books; an open one is accepted when the booking
 * is saved; a superseded, declined or expired one says why it cannot.
 */
async function quoteDraft(db: Kysely<Database>, id: string, raw: Record<string, string>, tooSoon: (start: string) => string | null): Promise<DraftResult> {
	const quote = isId(id) ? await getQuote(db, id).catch(() => null) : null
	if (!quote)
		return {
			ok: false,
			status: 404,
			errors: { package: 'There is no quote at this link. Check the link, or ask your planner to send it again.' },
			values: raw,
			pkg: null,
		}
	if (quote.status !== 'accepted') {
		const problem = acceptProblem(quote.status, quote.validUntil, todayInIndia())
		if (problem) return { ok: false, status: 400, errors: { form: problem }, values: raw, pkg: null }
	}
	// Booked already, perhaps by someone else the link reached: say so, and nothing of that booking.
	if (await quoteBooked(db, quote.id)) return { ok: false, status: 409, errors: { form: quoteAlreadyBookedMessage }, values: raw, pkg: null }
	const { snapshot } = quote
	// A quote for dates that are now too close (or past) cannot be booked online: the planner re-dates it.
	const soon = tooSoon(snapshot.startDate)
	if (soon)
		return { ok: false, status: 400, errors: { form: `${soon} Or ask your planner for a new version of the quote with later dates.` }, values: raw, pkg: null }
	const { party } = snapshot
	const lead = quote.leadId ? await db.selectFrom('leads').select(['name', 'phone', 'email']).where('id', '=', quote.leadId).executeTakeFirst() : undefined
	return {
		ok: true,
		values: raw,
		// A sent quote is booked at its frozen price; its cost is planned per component when booked (ADR 213), not here.
		cost: null,
		draft: {
			source: 'quote',
			quoteId: quote.id,
			leadId: quote.leadId,
			rooms: party.rooms,
			packageId: null,
			packageSlug: null,
			title: snapshot.title,
			tier: 'custom',
			startDate: snapshot.startDate,
			nights: snapshot.nights,
			adults: party.adults,
			childAges: party.childAges.filter((age) => age >= 2),
			infants: party.infants + party.childAges.filter((age) => age < 2).length,
			price: {
				lines: [
					...snapshot.lines.map(bookingPriceLine),
					...(snapshot.discount ? [{ label: 'Discount', quantity: 1, unit: -snapshot.discount, amount: -snapshot.discount }] : []),
					...(snapshot.gst ? [{ label: `GST (${snapshot.gstPercent}%)`, quantity: 1, unit: snapshot.gst, amount: snapshot.gst }] : []),
				],
				total: snapshot.total,
				perPerson: snapshot.perPerson,
				payingTravellers: snapshot.payingTravellers,
			},
			// The rooms the quote priced are taken when it is booked, as book-now's are (ADR 200).
			...(snapshot.stays?.length ? { stays: snapshot.stays } : {}),
			carry: { quote: quote.id },
			...(lead ? { contact: { name: lead.name, phone: lead.phone ?? '', email: lead.email } } : {}),
		},
	}
}

/**
 * A package's tier prices for an arrival date, twin sharing per person, priced by the engine for that date
 * (what book-now charges 2 adults in one room then): a tier that cannot be sold then (every hotel of it on
 * an island stop-sold or full, with no hotel above it free either) is left out, and `unsold` says why.
 * Null for a date not yet valid.
 */
export async function packagePricesOn(
	db: Kysely<Database>,
	slug: string,
	date: string | undefined,
	today = todayInIndia(),
): Promise<{ prices: Record<string, number | null>; unsold: string[] } | null> {
	if (!date || !isIsoDate(date) || date <= today) return null
	const pkg = await getPackageBySlug(db, slug)
	if (!pkg) return null
	const onDate = await packageTiersOn(db, await getPricing(db), pkg.stays, date, today)
	const prices: Record<string, number | null> = {}
	const unsold: string[] = []
	for (const tier of tiers) {
		const verdict = onDate[tier]
		prices[tier] = pkg.prices[tier] !== null && verdict && 'perPerson' in verdict ? verdict.perPerson : null
		if (pkg.prices[tier] !== null && verdict && 'problem' in verdict)
			unsold.push(`${tier[0]!.toUpperCase()}${tier.slice(1)} hotels cannot be booked on these dates: ${verdict.problem}`)
	}
	return { prices, unsold }
}
