import { type LineKind } from '~/features/rates/domain/pricing/types.ts'
import { spreadProportionally } from '~/features/rates/domain/pricing/money.ts'

/**
 * What a traveller is shown of a priced trip (the builder's price, a sent quote): sell prices with
 * the markup spread over the lines so they add up to the trip price, then discount, GST and total.
 * Costs, markup and margin never appear in it.
 */
export type TravellerPrice = {
	/** `dates`: the nights of a hotel line, the day of a ferry or an activity (what books and dates its part of the trip). */
	lines: Array<{ kind: LineKind; description: string; amount: number; dates?: string[] }>
	tripPrice: number
	discount: number
	gstPercent: number
	gst: number
	total: number
	perPerson: number
	payingTravellers: number
}

/** The parts of a priced trip a traveller's price is made from (the engine's result, or an itinerary's stored price). */
export type PricedForTraveller = Pick<TravellerPrice, 'discount' | 'gstPercent' | 'gst' | 'total' | 'perPerson' | 'payingTravellers'> & {
	lines: ReadonlyArray<{ kind: LineKind; description: string; sell: number; dates?: readonly string[] }>
	subtotal: number
	markup: number
}

export function travellerPrice(priced: PricedForTraveller): TravellerPrice {
	const tripPrice = priced.subtotal + priced.markup
	const amounts = spreadProportionally(
		priced.lines.map((line) => line.sell),
		tripPrice,
	)
	return {
		lines: priced.lines.map((line, index) => ({
			kind: line.kind,
			description: line.description,
			amount: amounts[index]!,
			...(line.dates?.length ? { dates: [...line.dates] } : {}),
		})),
		tripPrice,
		discount: priced.discount,
		gstPercent: priced.gstPercent,
		gst: priced.gst,
		total: priced.total,
		perPerson: priced.perPerson,
		payingTravellers: priced.payingTravellers,
	}
}
