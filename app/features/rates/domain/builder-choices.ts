import { HOTEL_TIERS, ISLAND_SHORT_NAMES } from '~/features/rates/domain/pricing/constants.ts'
import { addDays, nightsBetween } from '~/lib/dates.ts'
import { applyBp, divideRoundHalfUp } from '~/features/rates/domain/pricing/money.ts'
import type { ActivityPrice, HotelTier, Island, LineItem, Paise } from '~/features/rates/domain/pricing/types.ts'
import { formatINR } from '~/lib/money.ts'

/**
 * What the trip builder offers around a priced trip (docs/decisions/217-hotels-chosen-in-the-builder.md,
 * 218-activities-priced-in-the-builder.md): the hotels a stay could move to with what each changes in
 * the price, the activities with their price for this group on the day they fit, and the day plan.
 * Pure: the server prices the candidates and reads availability, these functions choose and word.
 */

/** Whether a hotel can take a stay, as the inventory says: `note` is what the traveller reads ("Only 2 rooms left.", "On request: …", why not). */
export type HotelAvailability = { status: 'available' | 'on-request' | 'unavailable'; note: string | null }

/** A hotel a stay could be moved to, priced as the whole trip with that hotel (`total`, GST included). */
export type HotelCandidate = { hotelId: string; tier: HotelTier; total: Paise; availability: HotelAvailability }

/** An alternative with what it changes in the trip's total: `difference` is candidate minus current (negative: cheaper). */
export type HotelAlternative = HotelCandidate & { difference: Paise; selectable: boolean }

const tierRank = (tier: HotelTier) => HOTEL_TIERS.indexOf(tier)

/**
 * Up to `limit` other hotels for a stay: the ones that can take it first (a sold-out hotel is shown,
 * not offered, only when there are too few others), then the closest to the chosen hotel's category,
 * then the closest in price; shown cheapest first. The chosen hotel itself is never an alternative.
 */
export function hotelAlternatives(
	chosen: { hotelId: string; tier: HotelTier; total: Paise },
	candidates: readonly HotelCandidate[],
	limit = 3,
): HotelAlternative[] {
	const ranked = candidates
		.filter((candidate) => candidate.hotelId !== chosen.hotelId)
		.map((candidate) => ({ ...candidate, difference: candidate.total - chosen.total, selectable: candidate.availability.status !== 'unavailable' }))
		.sort(
			(a, b) =>
				Number(b.selectable) - Number(a.selectable) ||
				Math.abs(tierRank(a.tier) - tierRank(chosen.tier)) - Math.abs(tierRank(b.tier) - tierRank(chosen.tier)) ||
				Math.abs(a.difference) - Math.abs(b.difference) ||
				a.hotelId.localeCompare(b.hotelId),
		)
	return ranked.slice(0, limit).sort((a, b) => a.difference - b.difference || a.hotelId.localeCompare(b.hotelId))
}

/** "+₹3,200", "−₹1,100" (a real minus sign) or "Same price". */
export function differenceText(difference: Paise): string {
	if (difference === 0) return 'Same price'
	return `${difference > 0 ? '+' : '−'}${formatINR(Math.abs(difference))}`
}

/** The neighbourhood a hotel is in, from its address: the first part before a comma, without a PIN code ("Radhanagar Road"). */
export function hotelArea(address: string | null): string | null {
	const first = address
		?.split(',')[0]
		?.replace(/\b\d{6}\b/, '')
		.trim()
	return first ? first : null
}

/**
 * A trip's total for a subtotal of sell prices, as the engine computes it (markup, then GST, each
 * rounded half up); the builder has no discount. `builder-choices.test.ts` checks it against the engine.
 */
export function tripTotal(subtotal: Paise, markupBp: number, gstBp: number): Paise {
	const taxable = subtotal + applyBp(subtotal, markupBp)
	return taxable + applyBp(taxable, gstBp)
}

/** An activity's price for this group, as the traveller pays it (markup and GST included): for the group, and per person taking part. */
export function activityPriceForGroup(
	price: ActivityPrice,
	party: { adults: number; children: number },
	rates: { markupBp: number; gstBp: number },
): { group: Paise; perPerson: Paise } {
	const people = party.adults + party.children
	const sell =
		price.unit === 'per_person' ? party.adults * price.adult.sell + party.children * price.child.sell : Math.ceil(people / price.groupSize) * price.group.sell
	const group = tripTotal(sell, rates.markupBp, rates.gstBp)
	return { group, perPerson: divideRoundHalfUp(group, Math.max(1, people)) }
}

/**
 * Why an activity does not suit the group: someone in it younger than the activity's minimum age (a
 * child by their age, an infant as under 2). Null when everyone may take part or there is no limit.
 */
export function ageLimitProblem(activityName: string, minAge: number | null, party: { childAges: readonly number[]; infants: number }): string | null {
	if (!minAge) return null
	const young = party.childAges.filter((age) => age < minAge)
	const infant = party.infants > 0 && minAge > 1
	if (!young.length && !infant) return null
	const who = young.length ? `a child of ${Math.min(...young)}` : 'an infant'
	return `${activityName} is for ages ${minAge} and over, and your group has ${who}. Untick it, or ask us to book it for the others.`
}

/** A day of the builder's plan: its number from 1, date, where the traveller is and what happens. */
export type PlanDay = { day: number; date: string; island: string; items: string[] }

/**
 * The day plan of a priced trip, from its lines: each day where the traveller sleeps (the last day in
 * Port Blair, for the flight), the ferries, the hotel checked into, the activities of that day; a day
 * with none of these is a free day.
 */
export function builderDayPlan(startDate: string, nights: number, lines: readonly LineItem[]): PlanDay[] {
	const nightIsland: Island[] = []
	for (const line of lines) if (line.kind === 'hotel' && line.island) for (const date of line.dates) nightIsland[nightsBetween(startDate, date)] = line.island
	const days: PlanDay[] = []
	for (let offset = 0; offset <= nights; offset++) {
		const date = addDays(startDate, offset)
		const island: Island = offset < nights ? (nightIsland[offset] ?? 'port-blair') : 'port-blair'
		const items: string[] = []
		if (offset === 0) items.push('Arrive at Port Blair airport')
		for (const line of lines) {
			if (line.dates[0] !== date) continue
			if (line.kind === 'ferry') items.push(`Ferry ${ISLAND_SHORT_NAMES[line.details.from]} → ${ISLAND_SHORT_NAMES[line.details.to]}`)
			else if (line.kind === 'hotel') items.push(`Check in: ${line.details.hotelName} (${line.details.roomTypeName})`)
			else if (line.kind === 'activity') items.push(line.description.split(',')[0]!)
		}
		if (offset === nights) items.push('Fly home from Port Blair')
		if (items.length === 0) items.push(`A free day on ${ISLAND_SHORT_NAMES[island]}`)
		days.push({ day: offset + 1, date, island: ISLAND_SHORT_NAMES[island], items })
	}
	return days
}
