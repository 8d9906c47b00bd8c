import type { Kysely } from 'kysely'
import type { RateBook } from '~/features/rates/domain/pricing/types.ts'
import type { BookedStay } from '~/features/inventory/server/inventory.server.ts'
import { sellableTrip } from '~/features/inventory/server/sellable-trip.server.ts'
import { type TravellerPrice, travellerPrice } from '~/features/rates/domain/traveller-price.ts'
import { activityIsland, parseEngineActivityId } from '~/features/rates/domain/activities.ts'
import { type BuilderConfig, builderTrip, describeProblem } from '~/features/rates/domain/builder.ts'
import type { Database } from '~/server/db/schema.ts'
import { getPricing } from './rate-book.server.ts'

/** What a visitor sees of a priced trip: its dates, the traveller's price and what could not be priced. */
/** `availability`: what the traveller is told of the hotels ("only 2 rooms left", on request, a stop-sold hotel swapped); `stays`: the rooms a booking takes. */
export type PublicQuote = { ok: true; startDate: string; endDate: string; nights: number; warnings: string[]; availability: string[]; onRequest: boolean; stays: BookedStay[] } & TravellerPrice
export type PublicPriceResult = PublicQuote | { ok: false; problems: string[] }


export async function priceBuilderConfig(db: Kysely<Database>, config: BuilderConfig, today: string): Promise<{ result: PublicPriceResult; errors: Record<string, string> }> {
	const pricing = await getPricing(db)
	const { trip, errors } = builderTrip(config)
	if (Object.keys(errors).length) return { result: { ok: false, problems: Object.values(errors) }, errors }
	// Priced at hotels that can sell the stay: a stop-sold or full hotel is swapped for one that can (ADR 188).
	const sellable = await sellableTrip(db, pricing, trip, today)
	const priced = sellable.priced
	if (sellable.problem) return { result: { ok: false, problems: [sellable.problem] }, errors }
	if (!priced.ok) return { result: { ok: false, problems: [...new Set(priced.problems.filter((problem) => problem.severity === 'error').map(describeProblem))] }, errors }
	return {
		errors,
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
