import type { Kysely } from 'kysely'
import { classifyParty, priceTrip } from '~/features/rates/domain/pricing/engine.ts'
import { createSeasonCalendar } from '~/features/rates/domain/pricing/seasons.ts'
import { isIsoDate, toDayNumber } from '~/lib/dates.ts'
import { type LineItem, type Quote, type RateBook, type TripRequest } from '~/features/rates/domain/pricing/types.ts'
import { ISLAND_SHORT_NAMES } from '~/features/rates/domain/pricing/constants.ts'
import type { HotelTier, Island, MealPlan } from '~/features/rates/domain/pricing/types.ts'
import { type BookedStay, readTripAvailability } from '~/features/inventory/server/inventory.server.ts'
import { availabilityNote, type StayAvailability } from '~/features/inventory/domain/availability.ts'
import { sellableTrip } from '~/features/inventory/server/sellable-trip.server.ts'
import { type TravellerPrice, travellerPrice } from '~/features/rates/domain/traveller-price.ts'
import { activityIsland, parseEngineActivityId } from '~/features/rates/domain/activities.ts'
import { activityDayIndex, type BuilderConfig, builderTrip, describeProblem, hotelOfferKey } from '~/features/rates/domain/builder.ts'
import {
	activityPriceForGroup,
	ageLimitProblem,
	builderDayPlan,
	type HotelAvailability,
	hotelAlternatives,
	hotelArea,
	type PlanDay,
	tripTotal,
} from '~/features/rates/domain/builder-choices.ts'
import { photosFor } from '~/features/media/server/media.server.ts'
import type { ShownPhoto } from '~/features/media/domain/media.ts'
import { addDays } from '~/lib/dates.ts'
import type { Database } from '~/server/db/schema.ts'
import { getPricing, perRateBook, type Pricing } from './rate-book.server.ts'

/** What a visitor sees of a priced trip: its dates, the traveller's price and what could not be priced. */
/** `availability`: what the traveller is told of the hotels ("only 2 rooms left", on request, a stop-sold hotel swapped); `stays`: the rooms a booking takes. */
export type PublicQuote = {
	ok: true
	startDate: string
	endDate: string
	nights: number
	warnings: string[]
	availability: string[]
	onRequest: boolean
	stays: BookedStay[]
} & TravellerPrice
export type PublicPriceResult = PublicQuote | { ok: false; problems: string[] }

type HotelLine = Extract<LineItem, { kind: 'hotel' }>
/**
 * `tooYoung`: chosen activities someone in the group is too young for. `choices`: the hotels the page offers for each
 * stay with their availability, read with the trip's own when the caller asked for them and no stay was swapped.
 */
type PricedBuilder = {
	result: PublicPriceResult
	errors: Record<string, string>
	quote: Quote | null
	trip: TripRequest | null
	tooYoung?: string[]
	choices?: { plan: StayPlan; availability: StayAvailability[] }
}

/**
 * A hotel the traveller chose that the rate book cannot give them: unknown or no longer offered, or on
 * another island than its stay. Keyed by the stay's row (`hotel<N>`), in words that say what to do.
 */
export function chosenHotelErrors(book: RateBook, config: BuilderConfig): Record<string, string> {
	const errors: Record<string, string> = {}
	config.stays.forEach((stay, index) => {
		if (!stay.hotel) return
		const row = index + 1
		const found = book.hotels.get(stay.hotel)?.hotel
		if (!found || !found.active)
			errors[`hotel${row}`] = `The hotel chosen for stop ${row} is not offered: choose another hotel on ${ISLAND_SHORT_NAMES[stay.island]}.`
		else if (found.island !== stay.island)
			errors[`hotel${row}`] =
				`${found.name} is on ${ISLAND_SHORT_NAMES[found.island]}, not ${ISLAND_SHORT_NAMES[stay.island]}: choose a hotel on ${ISLAND_SHORT_NAMES[stay.island]} for stop ${row}.`
	})
	return errors
}

async function priceBuilder(db: Kysely<Database>, pricing: Pricing, config: BuilderConfig, today: string, withChoices = false): Promise<PricedBuilder> {
	const { trip, errors } = builderTrip(config)
	if (Object.keys(errors).length) return { result: { ok: false, problems: Object.values(errors) }, errors, quote: null, trip: null }
	const hotelErrors = chosenHotelErrors(pricing.book, config)
	if (Object.keys(hotelErrors).length) return { result: { ok: false, problems: Object.values(hotelErrors) }, errors: hotelErrors, quote: null, trip: null }
	// An activity someone in the group is too young for is refused, not charged for everyone.
	if (config.activities.length && (config.childAges.length || config.infants)) {
		const minAges = await activityMinAges(db, config.activities)
		const tooYoung = config.activities.filter((id) => ageLimitProblem('', minAges.get(id) ?? null, config) !== null)
		if (tooYoung.length) {
			const problem = ageLimitProblem(activityName(pricing.book, tooYoung[0]!), minAges.get(tooYoung[0]!) ?? null, config)!
			return { result: { ok: false, problems: [problem] }, errors: { activity: problem }, quote: null, trip: null, tooYoung }
		}
	}
	// Priced at hotels that can sell the stay: a stop-sold or full hotel is swapped for one that can (ADR 188); a hotel the traveller chose is not swapped.
	let plan: StayPlan | undefined
	const sellable = await sellableTrip(db, pricing, trip, today, withChoices ? (quote) => (plan = stayPlan(pricing, quote, trip, today)).reads : undefined)
	const priced = sellable.priced
	if (sellable.problem) {
		const refused = sellable.refusedStay
		const keyed = refused !== undefined && config.stays[refused]?.hotel ? { [`hotel${refused + 1}`]: sellable.problem } : {}
		return { result: { ok: false, problems: [sellable.problem] }, errors: keyed, quote: null, trip: null }
	}
	if (!priced.ok)
		return {
			result: { ok: false, problems: [...new Set(priced.problems.filter((problem) => problem.severity === 'error').map(describeProblem))] },
			errors,
			quote: null,
			trip: null,
		}
	return {
		errors,
		quote: priced,
		trip,
		...(plan && sellable.alsoRead ? { choices: { plan, availability: sellable.alsoRead } } : {}),
		result: {
			ok: true,
			startDate: priced.startDate,
			endDate: priced.endDate,
			nights: priced.nights,
			...travellerPrice({ ...priced, gstPercent: priced.gstBp / 100 }),
			warnings: priced.problems.filter((problem) => problem.code === 'TRAVEL_NOT_PRICED').map(describeProblem),
			availability: sellable.notes,
			onRequest: sellable.onRequest,
			stays: sellable.stays,
		},
	}
}

/** The minimum age of each of these engine activity ids that has one (the highest over its seasons). */
async function activityMinAges(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, number>> {
	const pairs = ids.map(parseEngineActivityId).filter((parsed) => parsed !== null)
	const ages = new Map<string, number>()
	if (!pairs.length) return ages
	const rows = await db
		.selectFrom('activity_prices')
		.select(['activity', 'location', 'min_age'])
		.where('active', '=', 1)
		.where('min_age', 'is not', null)
		.where((eb) => eb.or(pairs.map((pair) => eb.and([eb('activity', '=', pair.activity), eb('location', '=', pair.location)]))))
		.execute()
	for (const row of rows) {
		const id = `${row.activity}@${row.location}`
		ages.set(id, Math.max(ages.get(id) ?? 0, row.min_age ?? 0))
	}
	return ages
}

function activityName(book: RateBook, id: string): string {
	for (const price of book.activityPrices.values()) if (price.activity === id) return price.name ?? id
	return id
}

/** Prices a builder trip as the traveller would book it: the hotels they chose, the category's pick elsewhere (a stop-sold pick swapped). */
export async function priceBuilderConfig(
	db: Kysely<Database>,
	config: BuilderConfig,
	today: string,
): Promise<{ result: PublicPriceResult; errors: Record<string, string>; quote: Quote | null }> {
	// `quote`: the engine's own result, with its line costs (staff and agent pricing only: never sent to a browser).
	const { result, errors, quote } = await priceBuilder(db, await getPricing(db), config, today)
	return { result, errors, quote }
}

export type ActivityOption = { id: string; name: string; island: string }

/** Activities the builder offers: one per activity × location that has a price, from the cached rate book. */
export function activityOptions(book: RateBook): ActivityOption[] {
	const seen = new Map<string, ActivityOption>()
	for (const price of book.activityPrices.values()) {
		if (seen.has(price.activity)) continue
		const parsed = parseEngineActivityId(price.activity)
		if (!parsed || !activityIsland(parsed.location)) continue
		seen.set(price.activity, { id: price.activity, name: price.name ?? price.activity, island: price.island })
	}
	return [...seen.values()].sort((a, b) => a.island.localeCompare(b.island) || a.name.localeCompare(b.name))
}

/** Ferry classes on sale, e.g. economy, premium, deluxe, royal. */
export function ferryClassOptions(book: RateBook): string[] {
	const classes = new Set<string>()
	for (const fares of book.ferryFares.values()) for (const fare of fares) classes.add(fare.class)
	return [...classes].sort()
}

/** A hotel as the builder shows it: what the room is, where, how many stars, its cover photo and whether it can take the stay. */
export type HotelCard = {
	hotelId: string
	name: string
	tier: HotelTier
	stars: number | null
	area: string | null
	roomType: string
	mealPlan: MealPlan
	photo: ShownPhoto | null
	availability: HotelAvailability
}

/**
 * One stay's hotel choice: the hotel the trip is priced with (`value`: what its radio sends, empty for
 * the category's pick) and up to three others on the island with what each changes in the total.
 * `offerKey` goes back with the form (hotelOfferKey). `error`: why the traveller's own choice cannot be had.
 */
export type StayChoice = {
	row: number
	island: Island
	nights: number
	checkIn: string
	offerKey: string
	chosen: HotelCard & { value: string; pickedByUs: boolean }
	alternatives: Array<HotelCard & { difference: number; selectable: boolean }>
	error?: string
}

/** An activity with its price for this group on the day it fits (`date` null: the trip has no stay on its island). */
export type ActivityChoice = ActivityOption & {
	islandName: string
	duration: string | null
	minAge: number | null
	ageProblem: string | null
	date: string | null
	day: number | null
	perPerson: number | null
	group: number | null
	chosen: boolean
}

export type BuilderPage = { result: PublicPriceResult; errors: Record<string, string>; stays: StayChoice[]; activities: ActivityChoice[]; days: PlanDay[] }

const lineOn = (quote: Quote, date: string) => quote.lines.find((line): line is HotelLine => line.kind === 'hotel' && line.dates.includes(date))
const bookedFrom = (line: HotelLine, checkIn: string, nights: number, rooms: number): BookedStay => ({
	hotelId: line.details.hotelId,
	roomTypeId: line.details.roomTypeId,
	arrival: checkIn,
	nights,
	rooms,
})

function toAvailability(availability: Awaited<ReturnType<typeof readTripAvailability>>[number]): HotelAvailability {
	return { status: availability.status, note: availabilityNote(availability) }
}

/**
 * Everything the builder page shows for a configuration: the price (or what to fix), each stay's
 * hotel and its alternatives, the activities with their prices and the day plan. A stay whose chosen
 * hotel cannot be had still offers hotels: they are priced against the trip with the category's pick there.
 */
export async function builderPage(db: Kysely<Database>, config: BuilderConfig, today: string): Promise<BuilderPage> {
	const pricing = await getPricing(db)
	const priced = await priceBuilder(db, pricing, config, today, true)
	let base = priced
	const badHotels = Object.keys(priced.errors).filter((key) => key.startsWith('hotel'))
	if (!priced.quote && (badHotels.length || priced.errors.activity)) {
		// Hotels are still offered: priced without the hotel that cannot be had and the activities off the route.
		const stays = config.stays.map((stay, index) => (badHotels.includes(`hotel${index + 1}`) ? { island: stay.island, nights: stay.nights } : stay))
		const activities = config.activities.filter((id) => {
			const island = activityIsland(parseEngineActivityId(id)?.location ?? '')
			return island !== null && activityDayIndex(stays, island) !== null && !priced.tooYoung?.includes(id)
		})
		base = await priceBuilder(db, pricing, { ...config, stays, activities }, today, true)
	}
	const [stays, activities] = await Promise.all([
		base.quote && base.trip ? stayChoices(db, pricing, config, base.quote, base.trip, priced.errors, today, base.choices) : [],
		activityChoices(db, config, pricing),
	])
	return {
		result: priced.result,
		errors: priced.errors,
		stays,
		activities,
		days: priced.quote ? builderDayPlan(priced.quote.startDate, priced.quote.nights, priced.quote.lines) : [],
	}
}

/** A trip's hotel choices before availability: each stay at the hotel it is priced with, its priced alternatives, and the stays to read (`read`: an alternative's place in `reads`). */
type StayPlan = {
	planned: PlannedStay[]
	candidates: Array<Array<PricedAlternative & { read: number }>>
	reads: BookedStay[]
}

function stayPlan(pricing: Pricing, quote: Quote, trip: TripRequest, today: string): StayPlan {
	const rooms = trip.party.rooms
	// Each stay at the hotel it is priced with, so an alternative changes one stay only.
	let checkIn = trip.startDate
	const planned = trip.stays.map((stay) => {
		const line = lineOn(quote, checkIn)!
		const entry = { stay, checkIn, line }
		checkIn = addDays(checkIn, stay.nights)
		return entry
	})
	const pinned: TripRequest = {
		...trip,
		stays: planned.map(({ stay, line }) => ({
			island: stay.island,
			nights: stay.nights,
			...(stay.mealPlan ? { mealPlan: stay.mealPlan } : {}),
			hotelId: line.details.hotelId,
		})),
	}
	const reads: BookedStay[] = planned.map(({ line, checkIn, stay }) => bookedFrom(line, checkIn, stay.nights, rooms))
	// Priced once per rate book and trip (they do not change with the inventory); their availability is read every time.
	const priced = perRateBook(pricing, 'builder-alternatives', alternativesKey(pinned, quote, today), () =>
		pricedAlternatives(pricing, trip, pinned, quote, planned, today),
	)
	const candidates = priced.map((options, index) =>
		options.map((option) => ({ ...option, read: reads.push(bookedFrom(option.line, planned[index]!.checkIn, planned[index]!.stay.nights, rooms)) - 1 })),
	)
	return { planned, candidates, reads }
}

async function stayChoices(
	db: Kysely<Database>,
	pricing: Pricing,
	config: BuilderConfig,
	quote: Quote,
	trip: TripRequest,
	errors: Record<string, string>,
	today: string,
	read?: PricedBuilder['choices'],
): Promise<StayChoice[]> {
	const { planned, candidates, reads } = read?.plan ?? stayPlan(pricing, quote, trip, today)
	const ids = [...new Set(reads.map((stay) => stay.hotelId))]
	// Availability of every hotel shown in one read (already made with the trip's own when priced), their cover photos in another;
	// stars and address per rate book (a hotel's edit makes a new book).
	const [availability, factsOf, photos] = await Promise.all([
		read?.availability ?? readTripAvailability(db, reads, today),
		hotelFacts(db, pricing),
		photosFor(db, 'hotel', ids),
	])
	const card = (line: HotelLine, read: number): HotelCard => {
		const fact = factsOf.get(line.details.hotelId)
		return {
			hotelId: line.details.hotelId,
			name: line.details.hotelName,
			tier: line.details.tier,
			stars: fact?.stars ?? null,
			area: hotelArea(fact?.address ?? null),
			roomType: line.details.roomTypeName,
			mealPlan: line.details.mealPlan,
			photo: photos.get(line.details.hotelId)?.[0] ?? null,
			availability: toAvailability(availability[read]!),
		}
	}
	return planned.map(({ stay, checkIn, line }, index) => {
		const row = index + 1
		const chosen = card(line, index)
		const byId = new Map(candidates[index]!.map((option) => [option.line.details.hotelId, option]))
		const alternatives = hotelAlternatives(
			{ hotelId: chosen.hotelId, tier: chosen.tier, total: quote.total },
			candidates[index]!.map((option) => ({
				hotelId: option.line.details.hotelId,
				tier: option.line.details.tier,
				total: option.total,
				availability: toAvailability(availability[option.read]!),
			})),
		).map((alternative) => {
			const option = byId.get(alternative.hotelId)!
			return { ...card(option.line, option.read), difference: alternative.difference, selectable: alternative.selectable }
		})
		const named = config.stays[index]?.hotel
		const error = errors[`hotel${row}`]
		return {
			row,
			island: stay.island,
			nights: stay.nights,
			checkIn,
			offerKey: hotelOfferKey(stay.island, config.tier),
			// A refused choice is not kept: the stay shows the category's pick, ready to submit.
			chosen: { ...chosen, value: named && !error ? named : '', pickedByUs: !named || Boolean(error) },
			alternatives,
			...(error ? { error } : {}),
		}
	})
}

/** Every hotel's stars and address, read once per rate book. */
function hotelFacts(db: Kysely<Database>, pricing: Pricing): Promise<Map<string, { stars: number | null; address: string | null }>> {
	return perRateBook(
		pricing,
		'hotel-facts',
		'',
		async () => new Map((await db.selectFrom('hotels').select(['id', 'stars', 'address']).execute()).map((row) => [row.id, row])),
	)
}

type PlannedStay = { stay: TripRequest['stays'][number]; checkIn: string; line: HotelLine }
type PricedAlternative = { line: HotelLine; total: number }

/** What makes a stay's alternatives what they are: the day, the trip with each stay's hotel pinned and the quote they change. */
function alternativesKey(pinned: TripRequest, quote: Quote, today: string): string {
	const lines = quote.lines.map((line) =>
		line.kind === 'hotel' ? `${line.details.hotelId}/${line.details.roomTypeId}/${line.dates[0]}/${line.dates.length}/${line.sell}` : line.kind,
	)
	return JSON.stringify([today, pinned, quote.subtotal, quote.total, quote.markupBp, quote.gstBp, lines])
}

/**
 * Every other active hotel on each stay's island, in every category, priced against the trip: the line it
 * would have and the trip's total with it. From the rate book alone (kept per book with perRateBook).
 */
function pricedAlternatives(
	pricing: Pricing,
	trip: TripRequest,
	pinned: TripRequest,
	quote: Quote,
	planned: readonly PlannedStay[],
	today: string,
): PricedAlternative[][] {
	const { book, settings } = pricing
	// A hotel changes only its own line: the trip's total with another hotel is the engine's total for the
	// subtotal with that line swapped (tripTotal), the line priced as a one-stay trip. When that shortcut
	// cannot be exact (the stay's line joined with the next stay's, a discount) the whole trip is priced.
	const exact = tripTotal(quote.subtotal, quote.markupBp, quote.gstBp) === quote.total
	return planned.map(({ stay, checkIn, line }, index) => {
		const options: PricedAlternative[] = []
		const alone = exact && line.dates.length === stay.nights
		for (const tier of ['standard', 'deluxe', 'premium', 'luxury'] as const) {
			for (const { hotel } of book.hotelsByIslandTier.get(`${stay.island}|${tier}`) ?? []) {
				if (!hotel.active || hotel.id === line.details.hotelId) continue
				const named = { ...pinned.stays[index]!, hotelId: hotel.id }
				let priced: { line: HotelLine; total: number } | null = null
				if (alone) {
					const single = priceTrip(book, settings, { startDate: checkIn, party: trip.party, stays: [named], transfers: 'none' }, today)
					const singleLine = single.ok ? lineOn(single, checkIn) : undefined
					if (singleLine) priced = { line: singleLine, total: tripTotal(quote.subtotal - line.sell + singleLine.sell, quote.markupBp, quote.gstBp) }
				}
				if (!priced) {
					const whole = priceTrip(book, settings, { ...pinned, stays: pinned.stays.map((other, position) => (position === index ? named : other)) }, today)
					const wholeLine = whole.ok ? lineOn(whole, checkIn) : undefined
					if (whole.ok && wholeLine) priced = { line: wholeLine, total: whole.total }
				}
				if (priced) options.push(priced)
			}
		}
		return options
	})
}

/** The activities on offer, their durations, minimum ages and the season calendar: read once per rate book (activity rates are rates). */
function activityFacts(db: Kysely<Database>, pricing: Pricing) {
	return perRateBook(pricing, 'activity-facts', '', async () => {
		const facts = await db.selectFrom('activity_prices').select(['activity', 'location', 'duration', 'min_age']).where('active', '=', 1).execute()
		const durationOf = new Map<string, string>()
		const minAgeOf = new Map<string, number>()
		for (const row of facts) {
			const id = `${row.activity}@${row.location}`
			if (row.duration && !durationOf.has(id)) durationOf.set(id, row.duration)
			if (row.min_age) minAgeOf.set(id, Math.max(minAgeOf.get(id) ?? 0, row.min_age))
		}
		return { options: activityOptions(pricing.book), durationOf, minAgeOf, calendar: createSeasonCalendar(pricing.settings.seasons) }
	})
}

/** The activities with their price for this group on the day each fits; a configuration with mistakes gets them too (priced from its arrival date when it has one). */
export async function activityChoices(db: Kysely<Database>, config: BuilderConfig, pricing?: Pricing): Promise<ActivityChoice[]> {
	const current = pricing ?? (await getPricing(db))
	const { book, settings } = current
	const travellers = classifyParty(config.adults, config.childAges, config.infants, settings.ageBands)
	const rates = { markupBp: settings.markupBp, gstBp: settings.gstBp ?? 500 }
	const { options, durationOf, minAgeOf, calendar } = await activityFacts(db, current)
	return options.map((option) => {
		const island = option.island as Island
		const dayIndex = activityDayIndex(config.stays, island)
		const start = isIsoDate(config.start) ? config.start : null
		const date = dayIndex === null || !start ? null : addDays(start, dayIndex)
		const day = toDayNumber(date ?? start)
		const season = day === null ? null : calendar.seasonOfDay(day)
		const price = season === null ? undefined : book.activityPrices.get(`${option.id}|${island}|${season}`)
		const amount = price ? activityPriceForGroup(price, travellers, rates) : null
		return {
			...option,
			islandName: ISLAND_SHORT_NAMES[island],
			duration: durationOf.get(option.id) ?? null,
			minAge: minAgeOf.get(option.id) ?? null,
			ageProblem: ageLimitProblem(option.name, minAgeOf.get(option.id) ?? null, config),
			date,
			day: dayIndex === null ? null : dayIndex + 1,
			perPerson: amount?.perPerson ?? null,
			group: amount?.group ?? null,
			chosen: config.activities.includes(option.id),
		}
	})
}
