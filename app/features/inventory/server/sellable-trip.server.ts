import { availabilityNote, type StayAvailability } from '~/features/inventory/domain/availability.ts'
import { type HotelTier, type LineItem, type PriceResult, type Quote, type TripRequest } from '~/features/rates/domain/pricing/types.ts'
import { priceTrip } from '~/features/rates/domain/pricing/engine.ts'
import type { Pricing } from '~/features/rates/server/rate-book.server.ts'
import { packageTiers, packageTrip } from '~/features/rates/server/package-prices.server.ts'
import type { Executor } from '~/server/db/client.server.ts'
import { type BookedStay, readStayAvailability, readTripAvailability } from './inventory.server.ts'

/** Tiers in the order an alternative is looked for: the same tier first, then the ones above it. */
const tierOrder: readonly HotelTier[] = ['standard', 'deluxe', 'premium', 'luxury']

type HotelLine = Extract<LineItem, { kind: 'hotel' }>

function hotelLines(priced: PriceResult): HotelLine[] {
	return priced.ok ? priced.lines.filter((line): line is HotelLine => line.kind === 'hotel') : []
}

function bookedStay(line: HotelLine): BookedStay {
	return { hotelId: line.details.hotelId, roomTypeId: line.details.roomTypeId, arrival: line.dates[0]!, nights: line.dates.length, rooms: line.details.rooms }
}

/**
 * What a priced trip can really be sold as: its price, the rooms it would take, what the traveller is told, or why it cannot be sold (`refusedStay`: the stay whose hotel cannot take it).
 * `alsoRead`: the availability of the caller's extra stays, read with the trip's own (absent when a stay was swapped: they were asked for the trip as first priced).
 */
export type SellableTrip = {
	priced: PriceResult
	stays: BookedStay[]
	notes: string[]
	problem: string | null
	onRequest: boolean
	refusedStay?: number
	alsoRead?: StayAvailability[]
}

/**
 * Prices a trip and checks every stay's hotel against its inventory (docs/decisions/188-stop-sold-hotels-skipped-when-pricing.md).
 * A hotel the engine picked by tier that cannot take the stay (stop-sale, full, minimum stay, closed to
 * arrival) is replaced by the cheapest hotel of the same tier on the island that can, then of the
 * tiers above; the traveller is told of the swap. A hotel named by the trip is not swapped: the stay
 * is refused with the reason.
 */
/**
 * `alsoRead`: more stays the caller will show for the trip as first priced (the builder's other hotels), read in the
 * same statement as the trip's own.
 */
export async function sellableTrip(
	db: Executor,
	pricing: Pricing,
	request: TripRequest,
	today: string,
	alsoRead?: (priced: Quote) => readonly BookedStay[],
): Promise<SellableTrip> {
	let trip = request
	let priced = priceTrip(pricing.book, pricing.settings, trip, today)
	const notes: string[] = []
	let onRequest = false
	if (!priced.ok) return { priced, stays: [], notes, problem: null, onRequest }
	const count = hotelLines(priced).length
	// Every stay read at once, with the caller's extra stays; only a stay after a swap is read again.
	const extra = alsoRead?.(priced) ?? []
	const read = await readTripAvailability(db, [...hotelLines(priced).map(bookedStay), ...extra], today)
	const first = read.slice(0, count)
	let swapped = false
	for (let index = 0; index < count; index++) {
		const line: HotelLine = hotelLines(priced)[index]!
		const availability = swapped ? await readStayAvailability(db, bookedStay(line), today) : first[index]!
		if (availability.status !== 'unavailable') {
			onRequest ||= availability.status === 'on-request'
			const note = availabilityNote(availability)
			// A hotel on two stays (Port Blair at both ends of a trip) is told once.
			const told = note && `${line.details.hotelName}: ${note}`
			if (told && !notes.includes(told)) notes.push(told)
			continue
		}
		const refused = `${line.details.hotelName}: ${availability.reason}`
		// Every stay has nights, so the n-th hotel line is the n-th stay.
		const alternative: Alternative | null =
			line.details.selectedBy === 'tier' && trip.stays[index] ? await alternativeFor(db, pricing, trip, index, line, today) : null
		if (!alternative) {
			const where =
				line.details.selectedBy === 'tier'
					? ' No other hotel there can take you on those nights: choose other dates, or ask us.'
					: ' Choose another hotel or other dates.'
			return { priced, stays: [], notes, problem: `${refused}${where}`, onRequest, refusedStay: index }
		}
		trip = alternative.trip
		priced = alternative.priced
		swapped = true
		const chosen = hotelLines(priced)[index]!
		onRequest ||= alternative.availability.status === 'on-request'
		const note = availabilityNote(alternative.availability)
		notes.push(`${refused} We offer ${chosen.details.hotelName} (${chosen.details.tier}) instead.${note ? ` ${note}` : ''}`)
	}
	return {
		priced,
		stays: hotelLines(priced).map(bookedStay),
		notes,
		problem: null,
		onRequest,
		...(alsoRead && !swapped ? { alsoRead: read.slice(count) } : {}),
	}
}

type Alternative = { trip: TripRequest; priced: PriceResult; availability: StayAvailability }

async function alternativeFor(
	db: Executor,
	pricing: Pricing,
	trip: TripRequest,
	stayIndex: number,
	line: HotelLine,
	today: string,
): Promise<Alternative | null> {
	const stay = trip.stays[stayIndex]!
	for (const tier of tierOrder.slice(tierOrder.indexOf(line.details.tier))) {
		const hotels = (pricing.book.hotelsByIslandTier.get(`${stay.island}|${tier}`) ?? []).filter((ih) => ih.hotel.active && ih.hotel.id !== line.details.hotelId)
		let best: { trip: TripRequest; priced: PriceResult; availability: StayAvailability; sell: number } | null = null
		for (const { hotel } of hotels) {
			const candidate: TripRequest = {
				...trip,
				stays: trip.stays.map((other, position) =>
					position === stayIndex
						? { island: other.island, nights: other.nights, ...(other.mealPlan ? { mealPlan: other.mealPlan } : {}), hotelId: hotel.id }
						: other,
				),
			}
			const priced = priceTrip(pricing.book, pricing.settings, candidate, today)
			const candidateLine = hotelLines(priced)[stayIndex]
			if (!priced.ok || !candidateLine) continue
			const availability = await readStayAvailability(db, bookedStay(candidateLine), today)
			if (availability.status === 'unavailable') continue
			if (!best || candidateLine.sell < best.sell) best = { trip: candidate, priced, availability, sell: candidateLine.sell }
		}
		if (best) return best
	}
	return null
}

/** One tier of a package on a date: its per-person price as it can really be sold (stop-sold hotels swapped), why it cannot be sold, or null when the tier is not offered. */
export type PackageTierOnDate = { perPerson: number; notes: string[] } | { problem: string } | null

/**
 * A package's tiers for an arrival date (twin sharing, as its "from" price): each priced with the
 * hotels that can take it on those nights. A tier whose every hotel on an island (and above) is
 * stop-sold or full says why; the lowest sellable per-person price is the package's "from" on that
 * date (`fromPriceOn`).
 */
export async function packageTiersOn(
	db: Executor,
	pricing: Pricing,
	stays: ReadonlyArray<{ island: string; nights: number }>,
	date: string,
	today: string,
): Promise<Record<(typeof packageTiers)[number], PackageTierOnDate>> {
	const entries = []
	for (const tier of packageTiers) {
		const sellable = await sellableTrip(db, pricing, packageTrip(stays, tier, date), today)
		entries.push([
			tier,
			!sellable.priced.ok ? null : sellable.problem ? { problem: sellable.problem } : { perPerson: sellable.priced.perPerson, notes: sellable.notes },
		] as const)
	}
	return Object.fromEntries(entries) as Record<(typeof packageTiers)[number], PackageTierOnDate>
}

/** The lowest per-person price among the tiers that can be sold on the date, or null when none can. */
export function fromPriceOn(tiers: Record<string, PackageTierOnDate>): number | null {
	const prices = Object.values(tiers).flatMap((tier) => (tier && 'perPerson' in tier ? [tier.perPerson] : []))
	return prices.length ? Math.min(...prices) : null
}
