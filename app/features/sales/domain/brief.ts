import { FERRY_ISLANDS, HOTEL_TIERS, ISLAND_SHORT_NAMES, MEAL_PLANS, TRANSFER_MODES } from '~/features/rates/domain/pricing/constants.ts'
import type { FerryOperator, HotelTier, Island, MealPlan, TransferMode } from '~/features/rates/domain/pricing/types.ts'
import type { BuilderConfig } from '~/features/rates/domain/builder.ts'
import { activityIsland, parseEngineActivityId } from '~/features/rates/domain/activities.ts'
import type { IslandSlug } from '~/lib/islands.ts'
import { activitiesWithPriced, type DayTemplate, type FerryLeg, ferryPorts, pricedActivityLabel } from './day-template.ts'
import { blankDay, dayFromTemplate, dayMeals, type ItineraryDay, type ItineraryPlan, maxItineraryDays, newDayKey, newPlan, nightIsland } from './itinerary.ts'

/**
 * What a traveller asked for, whatever form it came from (the trip builder's
 * snapshot or a quote form's islands and nights): the islands in order with
 * their nights, hotel category and meal plan, who travels, priced activities,
 * ferry preference and ground transport. `planFromBrief` turns it into an
 * itinerary without losing any of it.
 */
export type TripBrief = {
	name?: string
	start: string | null
	/** `hotel`: the hotel the traveller chose for that stay in the builder (else the category's pick). */
	stays: Array<{ island: Island; nights: number; hotel?: string }>
	tier: HotelTier
	mealPlan: MealPlan
	adults: number | null
	childAges: number[]
	infants: number | null
	rooms: number | null
	/** Engine activity ids, e.g. `scuba-diving@havelock`. */
	activities: string[]
	ferryOperator: FerryOperator | ''
	ferryClass: string
	transfers: TransferMode
}

/** The trip builder's snapshot as a brief: exactly what the traveller priced. */
export function briefFromBuilder(config: BuilderConfig, name?: string): TripBrief {
	return {
		...(name ? { name } : {}),
		start: config.start,
		stays: config.stays.map((stay) => ({ island: stay.island, nights: stay.nights, ...(stay.hotel ? { hotel: stay.hotel } : {}) })),
		tier: config.tier,
		mealPlan: config.meal,
		adults: config.adults,
		childAges: config.childAges,
		infants: config.infants,
		rooms: config.rooms,
		activities: config.activities,
		ferryOperator: config.ferry,
		ferryClass: config.ferryClass,
		transfers: config.transfers,
	}
}

/**
 * A first sketch of the islands and nights when a form gave only the islands
 * and a number of nights: the ferry islands in the order given, a first night
 * in Port Blair when there are nights enough, the nights spread evenly (extra
 * nights to the islands first) and the last night back in Port Blair, so the
 * crossing is never on the day of the flight.
 */
export function staysFromIslands(nights: number, islands: readonly string[]): TripBrief['stays'] {
	if (!Number.isInteger(nights) || nights < 1) return []
	const away = [...new Set(islands)].filter((island): island is Island => island !== 'port-blair' && FERRY_ISLANDS.has(island as Island))
	const visit = away.slice(0, nights - 1)
	if (visit.length === 0) return [{ island: 'port-blair', nights }]
	const spread = nights - 1
	const firstInPortBlair = spread >= visit.length + 1
	const order: Island[] = firstInPortBlair ? [...visit, 'port-blair'] : visit
	const shares = order.map((_, index) => Math.floor(spread / order.length) + (index < spread % order.length ? 1 : 0))
	const stays = order.map((island, index) => ({ island, nights: shares[index]! }))
	if (firstInPortBlair) stays.unshift(stays.pop()!)
	return [...stays, { island: 'port-blair', nights: 1 }]
}

/** A brief from a lead's own fields (quote form, phone, walk-in): islands, nights, party and preferences. */
export function briefFromLead(lead: {
	name?: string
	travelStart: string | null
	nights: number | null
	islands: string[]
	interests: string[]
	adults: number | null
	childAges: number[]
	infants: number | null
	tier: string | null
}): TripBrief {
	return {
		...(lead.name ? { name: lead.name } : {}),
		start: lead.travelStart,
		stays: lead.nights && lead.nights <= maxItineraryDays - 1 ? staysFromIslands(lead.nights, lead.islands) : [],
		tier: (HOTEL_TIERS as readonly string[]).includes(lead.tier ?? '') ? (lead.tier as HotelTier) : 'deluxe',
		mealPlan: 'CP',
		adults: lead.adults,
		childAges: lead.childAges,
		infants: lead.infants,
		rooms: null,
		activities: lead.interests.filter((id) => parseEngineActivityId(id) !== null),
		ferryOperator: '',
		ferryClass: '',
		transfers: 'airport-and-jetty',
	}
}

const placeName = (island: string) => ISLAND_SHORT_NAMES[island as Island] ?? island

function ferryBetween(from: Island, to: Island): FerryLeg | null {
	const ports = ferryPorts as readonly string[]
	return from !== to && ports.includes(from) && ports.includes(to) ? { from: from as FerryLeg['from'], to: to as FerryLeg['to'] } : null
}

/**
 * An itinerary from a brief: one day per night plus the departure day, the
 * islands in the brief's order with their nights, the hotel category and meal
 * plan on every night, the party, ferry preference and transfers. Each day is
 * a copy of a matching day template of its island when there is one (the
 * arrival, a crossing with the same ferry leg, a sightseeing day not used yet,
 * preferring one that includes an activity asked for, the departure); else a
 * free day. Each activity asked for is priced on a day spent on its island. A
 * crossing is on the first day of each island's stay, so the departure day
 * never has one: a brief that ends away from Port Blair gets a night in Port
 * Blair before the flight, and says so. `notes` tell staff what was changed
 * or could not be kept. Pure: the caller passes active templates in order.
 */
export function planFromBrief(brief: TripBrief, templates: readonly DayTemplate[], today: string): { plan: ItineraryPlan; notes: string[] } {
	const notes: string[] = []
	const base = newPlan(today, {
		...(brief.name ? { name: brief.name } : {}),
		travelStart: brief.start,
		adults: brief.adults,
		childAges: brief.childAges,
		infants: brief.infants,
	})
	const plan: ItineraryPlan = {
		...base,
		rooms: brief.rooms && brief.rooms >= 1 && brief.rooms <= base.adults ? brief.rooms : base.rooms,
		transfers: (TRANSFER_MODES as readonly string[]).includes(brief.transfers) ? brief.transfers : 'airport-and-jetty',
		ferryOperator: brief.ferryOperator,
		ferryClass: brief.ferryClass,
	}
	if (brief.start && brief.start !== plan.startDate)
		notes.push(`The brief’s arrival date ${brief.start} has passed: the plan starts on ${plan.startDate}. Agree a new date with the traveller.`)
	const mealPlan: MealPlan = (MEAL_PLANS as readonly string[]).includes(brief.mealPlan) ? brief.mealPlan : 'CP'

	const nights: Island[] = brief.stays.flatMap((stay) =>
		Number.isInteger(stay.nights) && stay.nights > 0 ? Array.from({ length: stay.nights }, () => nightIsland(stay.island)) : [],
	)
	// The hotel the traveller chose in the builder, night by night (undefined: the category's pick).
	const nightHotels: Array<string | undefined> = brief.stays.flatMap((stay) =>
		Number.isInteger(stay.nights) && stay.nights > 0 ? Array.from({ length: stay.nights }, () => stay.hotel) : [],
	)
	if (nights.length === 0) {
		notes.push('The brief has no nights to plan: add the days by hand.')
		return { plan, notes }
	}
	if (nights.at(-1) !== 'port-blair' && FERRY_ISLANDS.has(nights.at(-1)!)) {
		nights.push('port-blair')
		notes.push(`The brief ends on ${placeName(nights.at(-2)!)}: a night in Port Blair was added so that the ferry back is not on the day of the flight.`)
	}
	if (nights.length > maxItineraryDays - 1) {
		notes.push(`An itinerary has at most ${maxItineraryDays} days: the brief’s ${nights.length} nights were cut to ${maxItineraryDays - 1}.`)
		nights.length = maxItineraryDays - 1
	}

	const used = new Set<string>()
	// A day never adds a charge the traveller did not choose: templates that price an activity not asked for are left out.
	const usable = templates.filter((template) => template.active && !template.archived && template.priced.every((id) => brief.activities.includes(id)))
	const tagged = (template: DayTemplate, tag: string) => template.tags.includes(tag)
	const pick = (found: DayTemplate | undefined) => {
		if (found) used.add(found.id)
		return found
	}
	const stayOn = (island: Island, hotel?: string) => ({ island, hotel: hotel ?? `tier:${brief.tier}`, roomTypeId: null, mealPlan })
	const wanted = brief.activities.filter((id) => {
		const parsed = parseEngineActivityId(id)
		const island = parsed ? activityIsland(parsed.location) : null
		if (island && nights.includes(island)) return true
		notes.push(`${pricedActivityLabel(id)} was asked for, but the trip has no night on ${island ? placeName(island) : 'its island'}: it is not in the plan.`)
		return false
	})
	const islandOf = (id: string) => activityIsland(parseEngineActivityId(id)!.location)!

	const days: ItineraryDay[] = []
	for (let index = 0; index <= nights.length; index++) {
		const tonight = nights[index] ?? null
		const lastNight = nights[index - 1] ?? null
		const departure = tonight === null
		// Where the traveller is during the day: the departure day is in Port Blair (the airport).
		const island: Island = departure ? 'port-blair' : tonight
		const ferry = index === 0 ? (tonight ? ferryBetween('port-blair', tonight) : null) : departure ? null : ferryBetween(lastNight!, tonight)
		let template: DayTemplate | undefined
		if (departure) template = pick(usable.find((t) => nightIsland(t.island) === 'port-blair' && !t.ferry && tagged(t, 'departure')))
		// A crossing may be made twice (a revisit): its day can be copied again.
		else if (ferry) template = pick(usable.find((t) => t.ferry?.from === ferry.from && t.ferry.to === ferry.to))
		else if (index === 0) template = pick(usable.find((t) => nightIsland(t.island) === island && !t.ferry && tagged(t, 'arrival')))
		else {
			// A sightseeing day of the island not used yet, preferring one that prices an activity still to place.
			const free = usable.filter((t) => nightIsland(t.island) === island && !t.ferry && !tagged(t, 'arrival') && !tagged(t, 'departure') && !used.has(t.id))
			const pending = wanted.filter((id) => islandOf(id) === island && !days.some((day) => day.priced.includes(id)))
			template = pick(free.find((t) => t.priced.some((id) => pending.includes(id))) ?? free.find((t) => t.priced.length === 0))
		}
		const key = newDayKey()
		const day = template ? dayFromTemplate(template, key) : blankDay(island as IslandSlug, key)
		if (!template) {
			day.title = departure
				? 'Departure from Port Blair'
				: index === 0
					? `Arrival in ${placeName(island)}`
					: ferry
						? `Ferry from ${placeName(ferry.from)} to ${placeName(ferry.to)}`
						: `A day at leisure in ${placeName(island)}`
			day.ferry = ferry
		}
		// The template's activities are offered where the day is spent only.
		day.priced = day.priced.filter((id) => {
			const parsed = parseEngineActivityId(id)
			return parsed !== null && activityIsland(parsed.location) === island
		})
		day.stay = departure ? null : stayOn(island, nightHotels[index])
		days.push(day)
	}

	// Each activity asked for on one day on its island: one that already includes it, else a full day there (not the arrival), else the first day there.
	for (const id of wanted) {
		if (days.some((day) => day.priced.includes(id))) continue
		const island = islandOf(id)
		const there = days.map((day, index) => ({ day, index })).filter(({ day }) => day.stay !== null && day.stay.island === island)
		const full = there.filter(({ day, index }) => index > 0 && !day.ferry)
		const target = full.find(({ day }) => day.priced.length === 0) ?? full[0] ?? there[0]
		if (!target) continue
		target.day.priced = [...target.day.priced, id]
		// The day says what it now includes, so its text and its price agree.
		target.day.activities = activitiesWithPriced({ ...target.day, priced: [id] })
	}
	plan.days = days.map((day, index) => ({ ...day, meals: dayMeals({ days }, index) }))
	return { plan, notes }
}
