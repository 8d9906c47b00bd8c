import type { Kysely } from 'kysely'
import { type CatalogPackage, tiers } from '~/features/catalog/domain/packages.ts'
import { type PackageViewChoice, paymentTerms, tripOfQuote } from '~/features/catalog/domain/package-trip.ts'
import { photosFor } from '~/features/media/server/media.server.ts'
import { priceTrip } from '~/features/rates/domain/pricing/engine.ts'
import { packageTrip } from '~/features/rates/server/package-prices.server.ts'
import { packagePriceCalendar } from '~/features/rates/server/price-calendar.server.ts'
import { getPricing } from '~/features/rates/server/rate-book.server.ts'
import { addDays, todayInIndia } from '~/lib/dates.ts'
import type { Database } from '~/server/db/schema.ts'

/**
 * What the package page shows of the trip (docs/decisions/216-price-calendar.md): the price calendar of the
 * chosen hotel category, the month chosen on it (its cheapest start, the dates and price), the hotels and
 * ferries the price is made of for that start (or the first month on sale), and what is paid when.
 * Null when the package offers no hotel category.
 */
export async function packageTripView(
	db: Kysely<Database>,
	pkg: Pick<CatalogPackage, 'stays' | 'prices' | 'totalNights'>,
	choice: PackageViewChoice,
	today = todayInIndia(),
) {
	const offered = tiers.filter((tier) => pkg.prices[tier] !== null)
	const tier = choice.tier && offered.includes(choice.tier) ? choice.tier : offered[0]
	if (!tier) return null
	const [calendar, pricing] = await Promise.all([packagePriceCalendar(db, pkg.stays, tier, today), getPricing(db)])
	const picked = choice.month ? calendar.find((month) => month.month === choice.month && month.startDate !== null) : undefined
	const shownDate = picked?.startDate ?? calendar.find((month) => month.startDate !== null)?.startDate ?? null
	const quote = shownDate ? priceTrip(pricing.book, pricing.settings, packageTrip(pkg.stays, tier, shownDate), today) : null
	const trip = quote?.ok ? tripOfQuote(quote) : { stays: [], ferries: [] }
	const hotelIds = [...new Set(trip.stays.map((stay) => stay.hotelId))]
	const [hotels, photos] = hotelIds.length
		? await Promise.all([db.selectFrom('hotels').select(['id', 'stars', 'address']).where('id', 'in', hotelIds).execute(), photosFor(db, 'hotel', hotelIds)])
		: [[], new Map()]
	const facts = new Map(hotels.map((hotel) => [hotel.id, hotel]))
	const settings = pricing.raw
	const chosen =
		picked && quote?.ok
			? {
					month: picked.month,
					startDate: picked.startDate!,
					endDate: addDays(picked.startDate!, pkg.totalNights),
					perPerson: quote.perPerson,
					total: quote.total,
				}
			: null
	return {
		tier,
		offered,
		calendar,
		chosen,
		shownDate,
		stays: trip.stays.map((stay) => ({
			...stay,
			stars: facts.get(stay.hotelId)?.stars ?? null,
			area: facts.get(stay.hotelId)?.address ?? null,
			photo: photos.get(stay.hotelId)?.[0] ?? null,
		})),
		ferries: trip.ferries,
		payment: paymentTerms({
			total: chosen?.total ?? null,
			startDate: chosen?.startDate ?? null,
			today,
			advancePercent: settings.advancePercent,
			balanceDueDaysBefore: settings.bookingRules.balanceDueDaysBeforeStart,
			cancellationTiers: settings.cancellationTiers,
		}),
	}
}

export type PackageTripView = NonNullable<Awaited<ReturnType<typeof packageTripView>>>
