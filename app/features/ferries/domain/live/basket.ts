import { type FerryIsland, ferryIslandLabels } from '~/features/ferries/domain/enquiry.ts'
import { formatTravelDate } from '~/lib/dates.ts'

/**
 * A traveller's basket of ferry legs (docs/ferries.md, ADR 211): a return or an island hop held leg by leg, paid
 * once, each leg then ticketed under its own key. Legs follow one another: each departs from where the previous
 * one arrives, on the same day or later (and after it arrives, the same day), for the same travellers.
 */
export const maxBasketLegs = 4

export type BasketLeg = { from: FerryIsland; to: FerryIsland; date: string; departs: string; arrives: string }
export type NextLeg = { from: FerryIsland; to: FerryIsland; date: string; departs?: string; adults: number; infants: number }

/** Why a leg cannot follow the basket's legs, in words for the traveller; null when it can. */
export function basketLegProblem(legs: readonly BasketLeg[], party: { adults: number; infants: number }, next: NextLeg): string | null {
	const last = legs.at(-1)
	if (!last) return null
	const n = legs.length + 1
	if (legs.length >= maxBasketLegs) return `A trip booked online has up to ${maxBasketLegs} ferry legs. Pay for these, or ask us for a longer trip.`
	if (next.from !== last.to) return `Leg ${n} must sail from ${ferryIslandLabels[last.to]}, where leg ${n - 1} arrives.`
	if (next.date < last.date) return `Leg ${n} must sail on ${formatTravelDate(last.date)} or later: leg ${n - 1} sails that day.`
	if (next.departs && next.date === last.date && next.departs < last.arrives)
		return `Leg ${n} leaves at ${next.departs}, before leg ${n - 1} arrives at ${last.arrives}. Choose a later sailing.`
	if (next.adults !== party.adults || next.infants !== party.infants)
		return `Every leg carries the same travellers: ${party.adults} ${party.adults === 1 ? 'adult' : 'adults'} and children and ${party.infants} ${party.infants === 1 ? 'infant' : 'infants'}.`
	return null
}

/** Where the next leg's search starts: from where the last leg arrives, on its day, for the same party. */
export function nextLegStart(legs: readonly BasketLeg[]): { from: FerryIsland; date: string } | null {
	const last = legs.at(-1)
	return last ? { from: last.to, date: last.date } : null
}

/** "Port Blair → Havelock → Port Blair": the islands of a basket in order. */
export function basketRoute(legs: ReadonlyArray<Pick<BasketLeg, 'from' | 'to'>>): string {
	if (!legs.length) return ''
	return [legs[0]!.from, ...legs.map((leg) => leg.to)].map((island) => ferryIslandLabels[island]).join(' → ')
}
