import type { Kysely } from 'kysely'
import { earliestArrival } from '~/features/bookings/domain/rules.ts'
import { type BuilderConfig, builderTrip } from '~/features/rates/domain/builder.ts'
import { type CalendarMonth, priceCalendar } from '~/features/rates/domain/price-calendar.ts'
import type { HotelTier, TripRequest } from '~/features/rates/domain/pricing/types.ts'
import { todayInIndia } from '~/lib/dates.ts'
import type { Database } from '~/server/db/schema.ts'
import { packageTrip } from './package-prices.server.ts'
import { getPricing, perRateBook } from './rate-book.server.ts'

/**
 * Calendars are computed once per rate book (docs/decisions/216-price-calendar.md), kept with perRateBook
 * (a rate or settings change, a new book, drops them), keyed by the day and the trip, at most 500 (builder trips are many).
 */

/** The next twelve months' cheapest start and per-person price of a trip (any start date: it is replaced), from the first date book-now takes. */
export async function tripPriceCalendar(db: Kysely<Database>, trip: Omit<TripRequest, 'startDate'>, today = todayInIndia()): Promise<CalendarMonth[]> {
	const pricing = await getPricing(db)
	return perRateBook(pricing, 'price-calendar', `${today}|${JSON.stringify(trip)}`, () =>
		priceCalendar(pricing.book, pricing.settings, trip, earliestArrival(today, pricing.raw.bookingRules), today),
	)
}

/** A package's calendar in one hotel category, for its "from" party (two adults in one room, airport and jetty transfers). */
export function packagePriceCalendar(
	db: Kysely<Database>,
	stays: ReadonlyArray<{ island: string; nights: number }>,
	tier: HotelTier,
	today = todayInIndia(),
): Promise<CalendarMonth[]> {
	const { startDate: _any, ...trip } = packageTrip(stays, tier, today)
	return tripPriceCalendar(db, trip, today)
}

/** The builder's calendar: its trip as configured (stays, hotels, meals, party, activities by day), every start of the next twelve months. Null while the choices have errors. */
export async function builderPriceCalendar(db: Kysely<Database>, config: BuilderConfig, today = todayInIndia()): Promise<CalendarMonth[] | null> {
	const { trip, errors } = builderTrip(config)
	if (Object.keys(errors).length) return null
	const { startDate: _any, ...rest } = trip
	return tripPriceCalendar(db, rest, today)
}
