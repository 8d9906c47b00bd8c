import { FERRY_OPERATORS, HOTEL_TIERS, ISLANDS, MEAL_PLANS, TRANSFER_MODES } from '~/features/rates/domain/pricing/constants.ts'
import type { FerryOperator, HotelTier, Island, MealPlan, StayRequest, TransferMode, TripActivity, TripRequest } from '~/features/rates/domain/pricing/types.ts'
import { activityIsland, parseEngineActivityId } from '~/features/rates/domain/activities.ts'
import { addDays, isIsoDate } from '~/lib/dates.ts'
import { islandSlugs, type IslandSlug } from '~/lib/islands.ts'
import { type DayTemplate, type FerryLeg, ferryPorts, type Meal, mealLabels, mealPlanMeals, meals } from './day-template.ts'

/**
 * An itinerary (docs/product.md Sales, /admin/create-itinerary): a day-by-day plan
 * built from copied day templates, with a night's stay on every day but the
 * last, priced activities per day, and the party and overrides the pricing
 * engine needs. Pure: the server stores it as JSON and prices it with
 * `itineraryTrip` (docs/decisions/036-itineraries.md).
 */
export const maxItineraryDays = 21

/** Where a night is spent: a hotel tier (the engine picks the cheapest active hotel) or a named hotel. */
export type ItineraryStay = {
	island: Island
	/** `tier:<tier>` or a hotel id. */
	hotel: string
	roomTypeId: string | null
	mealPlan: MealPlan
}

export type ItineraryDay = {
	/** Stable within the plan (form keys), not a database id. */
	key: string
	templateId: string | null
	island: IslandSlug
	title: string
	description: string
	activities: string[]
	transfers: string[]
	ferry: FerryLeg | null
	meals: Meal[]
	/** Engine activity ids (`snorkeling@north-bay`) priced on this day. */
	priced: string[]
	/** The night that starts on this day; null on the last (departure) day. */
	stay: ItineraryStay | null
}

export type ItineraryPlan = {
	title: string
	startDate: string
	adults: number
	childAges: number[]
	infants: number
	rooms: number
	transfers: TransferMode
	ferryOperator: FerryOperator | ''
	ferryClass: string
	/** Replaces the markup from settings for this itinerary (percent, 2 decimals); null uses settings. */
	markupPercent: number | null
	/** A discount in paise after markup, before GST; null for none. */
	discount: number | null
	inclusions: string[]
	exclusions: string[]
	days: ItineraryDay[]
}

export const defaultInclusions = [
	'Hotel stays on the meal plan shown, twin sharing',
	'Ferry tickets between the islands, as shown',
	'Transfers and sightseeing as shown, by private car',
	'Entry permits and GST',
]
export const defaultExclusions = [
	'Flights to and from Port Blair',
	'Lunch and dinner unless the meal plan includes them',
	'Personal expenses, tips and camera fees',
	'Anything not listed under inclusions',
]

/** The island where a day's night is spent when the day's own island has no hotels (Ross, North Bay: day trips from Port Blair). */
export function nightIsland(island: string): Island {
	return (ISLANDS as readonly string[]).includes(island) ? (island as Island) : 'port-blair'
}

export function defaultStay(island: string, tier: HotelTier = 'deluxe'): ItineraryStay {
	return {
		island: nightIsland(island),
		hotel: `tier:${tier}`,
		roomTypeId: null,
		mealPlan: 'CP',
	}
}

export function newDayKey(): string {
	return Math.random().toString(36).slice(2, 10)
}

/** A day template copied into a plan: later edits to the template never reach it (docs/product.md). */
export function dayFromTemplate(template: DayTemplate, key = newDayKey()): ItineraryDay {
	return {
		key,
		templateId: template.id,
		island: template.island,
		title: template.title,
		description: template.description,
		activities: [...template.activities],
		transfers: [...template.transfers],
		ferry: template.ferry ? { ...template.ferry } : null,
		meals: [...template.meals],
		priced: [...(template.priced ?? [])],
		stay: defaultStay(template.island),
	}
}

export function blankDay(island: IslandSlug = 'port-blair', key = newDayKey()): ItineraryDay {
	return {
		key,
		templateId: null,
		island,
		title: 'Free day',
		description: 'A day at leisure.',
		activities: [],
		transfers: [],
		ferry: null,
		meals: [],
		priced: [],
		stay: defaultStay(island),
	}
}

/** Every day but the last has a night; the last is the departure day. Keeps stays consistent after adding, removing or moving days. */
export function normaliseDays(days: ItineraryDay[]): ItineraryDay[] {
	return days.map((day, index) => {
		const last = index === days.length - 1
		if (last) return day.stay === null ? day : { ...day, stay: null }
		return day.stay ? day : { ...day, stay: defaultStay(day.island) }
	})
}

export function appendDays(plan: ItineraryPlan, added: ItineraryDay[]): ItineraryPlan {
	// The old last day was the departure day: it gets a night again when days follow it.
	return {
		...plan,
		days: normaliseDays([...plan.days, ...added].slice(0, maxItineraryDays)),
	}
}

export function removeDay(plan: ItineraryPlan, index: number): ItineraryPlan {
	if (index < 0 || index >= plan.days.length) return plan
	return {
		...plan,
		days: normaliseDays(plan.days.filter((_, i) => i !== index)),
	}
}

export function moveDay(plan: ItineraryPlan, index: number, direction: 'up' | 'down'): ItineraryPlan {
	const target = direction === 'up' ? index - 1 : index + 1
	if (index < 0 || index >= plan.days.length || target < 0 || target >= plan.days.length) return plan
	const days = plan.days.slice()
	const [moved] = days.splice(index, 1)
	days.splice(target, 0, moved!)
	// A day keeps its own stay; the day that becomes the last loses its night and the old last day gets one.
	return { ...plan, days: normaliseDays(days) }
}

/** The date of each day: they follow the start date. */
export function dayDate(startDate: string, index: number): string {
	return addDays(startDate, index)
}

export function planNights(plan: Pick<ItineraryPlan, 'days'>): number {
	return Math.max(0, plan.days.length - 1)
}

export function planIslands(plan: Pick<ItineraryPlan, 'days'>): Island[] {
	const seen: Island[] = []
	for (const day of plan.days) if (day.stay && !seen.includes(day.stay.island)) seen.push(day.stay.island)
	return seen
}

/**
 * The meals a day really has, from the hotel meal plans: breakfast from the
 * night before (none on the arrival day), lunch and dinner from the night that
 * starts that day (none on the departure day). This is what a quote shows.
 */
export function dayMeals(plan: Pick<ItineraryPlan, 'days'>, index: number): Meal[] {
	const before = plan.days[index - 1]?.stay
	const tonight = plan.days[index]?.stay
	return meals.filter((meal) =>
		meal === 'breakfast' ? before && mealPlanMeals[before.mealPlan].includes(meal) : tonight && mealPlanMeals[tonight.mealPlan].includes(meal),
	)
}

/** Days whose text expects a meal the meal plans do not include: staff change the meal plan or the day. */
export function mealWarnings(plan: Pick<ItineraryPlan, 'days'>): string[] {
	return plan.days.flatMap((day, index) => {
		const missing = day.meals.filter((meal) => !dayMeals(plan, index).includes(meal))
		if (!missing.length) return []
		const names = missing.map((meal) => mealLabels[meal].toLowerCase()).join(' and ')
		return [
			`Day ${index + 1} (${day.title}) expects ${names}, which the meal plan does not include: the quote will not show it. Choose a meal plan that includes it, or untick it on the day.`,
		]
	})
}

/** Nights grouped into the engine's stays: consecutive nights on the same island, hotel, room and meal plan. */
export function planStays(plan: Pick<ItineraryPlan, 'days'>): StayRequest[] {
	const stays: StayRequest[] = []
	let last: { key: string; stay: StayRequest } | null = null
	for (const day of plan.days) {
		if (!day.stay) continue
		const { island, hotel, roomTypeId, mealPlan } = day.stay
		const key = `${island}|${hotel}|${roomTypeId ?? ''}|${mealPlan}`
		if (last && last.key === key) {
			last.stay.nights += 1
			continue
		}
		const stay: StayRequest = hotel.startsWith('tier:')
			? { island, nights: 1, tier: hotel.slice(5) as HotelTier, mealPlan }
			: {
					island,
					nights: 1,
					hotelId: hotel,
					...(roomTypeId ? { roomTypeId } : {}),
					mealPlan,
				}
		stays.push(stay)
		last = { key, stay }
	}
	return stays
}

/** The engine's trip for a plan. Errors are keyed by form field and say what to do. */
export function itineraryTrip(plan: ItineraryPlan): {
	trip: TripRequest
	errors: Record<string, string>
} {
	const errors: Record<string, string> = {}
	if (plan.days.length < 2) errors.days = 'Add at least two days: the arrival day and the departure day.'
	const activities: TripActivity[] = []
	plan.days.forEach((day, index) => {
		for (const id of day.priced) {
			const parsed = parseEngineActivityId(id)
			const island = parsed ? activityIsland(parsed.location) : null
			if (!island) {
				errors[`d${index}_priced`] = 'Choose priced activities from the list.'
				continue
			}
			activities.push({ activity: id, island, dayIndex: index })
		}
	})
	const trip: TripRequest = {
		startDate: plan.startDate,
		party: {
			adults: plan.adults,
			childAges: plan.childAges,
			infants: plan.infants,
			rooms: plan.rooms,
		},
		stays: planStays(plan),
		transfers: plan.transfers,
		activities,
		...(plan.ferryOperator || plan.ferryClass
			? {
					ferry: {
						...(plan.ferryOperator ? { operator: plan.ferryOperator } : {}),
						...(plan.ferryClass ? { class: plan.ferryClass } : {}),
					},
				}
			: {}),
		...(plan.markupPercent !== null ? { markupBp: Math.round(plan.markupPercent * 100) } : {}),
		...(plan.discount ? { discount: { kind: 'amount' as const, amount: plan.discount } } : {}),
	}
	return { trip, errors }
}

// ─── The editor form ─────────────────────────────────────────────────────────
// One form holds the whole plan (so it works without JavaScript): top-level
// fields by name, and day n's fields as `d<n>_<field>`.

export type FormValues = Record<string, string | string[]>

export function formValues(form: FormData): FormValues {
	const values: FormValues = {}
	for (const [name, value] of form) {
		if (typeof value !== 'string') continue
		const existing = values[name]
		if (existing === undefined) values[name] = value
		else values[name] = Array.isArray(existing) ? [...existing, value] : [existing, value]
	}
	return values
}

function one(values: FormValues, name: string): string {
	const value = values[name]
	return (Array.isArray(value) ? (value[0] ?? '') : (value ?? '')).trim()
}
function all(values: FormValues, name: string): string[] {
	const value = values[name]
	return value === undefined ? [] : Array.isArray(value) ? value : [value]
}
function lines(text: string, max: number): string[] | null {
	const list = text
		.split(/\r?\n/)
		.map((line) => line.trim())
		.filter(Boolean)
	return list.length <= max && list.every((line) => line.length <= 200) ? list : null
}

/** Whole rupees (commas allowed) to paise; null when it is not a number. */
function rupeesToPaise(text: string): number | null {
	const clean = text.replace(/[₹,\s]/g, '')
	if (!/^\d{1,8}(\.\d{1,2})?$/.test(clean)) return null
	return Math.round(Number(clean) * 100)
}

/**
 * Reads the editor form into a plan. Returns every problem keyed by field
 * name, each saying what to do; the plan is only trusted when there are none.
 */
export function parseItineraryForm(values: FormValues): {
	plan: ItineraryPlan
	errors: Record<string, string>
} {
	const errors: Record<string, string> = {}
	const title = one(values, 'title')
	if (title.length < 3 || title.length > 120) errors.title = 'Give the itinerary a title of 3 to 120 characters, e.g. “Havelock and Neil, 5 nights”.'
	const startDate = one(values, 'startDate')
	if (!isIsoDate(startDate)) errors.startDate = 'Enter the arrival date in Port Blair.'
	const wholeNumber = (name: string, min: number, max: number, message: string, fallback: number) => {
		const text = one(values, name)
		if (text === '') return fallback
		if (!/^\d{1,3}$/.test(text) || Number(text) < min || Number(text) > max) {
			errors[name] = message
			return fallback
		}
		return Number(text)
	}
	const adults = wholeNumber('adults', 1, 30, 'Enter 1 to 30 adults (12 years and over).', 2)
	const infants = wholeNumber('infants', 0, 10, 'Enter 0 to 10 infants (under 2).', 0)
	const rooms = wholeNumber('rooms', 1, 15, 'Enter 1 to 15 rooms.', Math.max(1, Math.ceil(adults / 2)))
	if (!errors.rooms && !errors.adults && rooms > adults) errors.rooms = 'Each room needs an adult: choose no more rooms than adults.'
	const childAges: number[] = []
	for (const part of one(values, 'childAges')
		.split(/[\s,]+/)
		.filter(Boolean)) {
		if (!/^\d{1,2}$/.test(part) || Number(part) > 17) {
			errors.childAges = 'Write each child’s age as a number from 0 to 17, separated by commas, e.g. 5, 9.'
			break
		}
		childAges.push(Number(part))
	}
	if (childAges.length > 10) errors.childAges = 'Add up to 10 children.'
	const transfersText = one(values, 'transfers') || 'airport-and-jetty'
	if (!(TRANSFER_MODES as readonly string[]).includes(transfersText)) errors.transfers = 'Choose how the travellers get around.'
	const ferryOperator = one(values, 'ferryOperator')
	if (ferryOperator && !(FERRY_OPERATORS as readonly string[]).includes(ferryOperator)) errors.ferryOperator = 'Choose a ferry operator from the list.'
	const ferryClass = one(values, 'ferryClass').toLowerCase()
	if (ferryClass && !/^[a-z-]{1,20}$/.test(ferryClass)) errors.ferryClass = 'Choose a ferry class from the list.'
	const markupText = one(values, 'markupPercent')
	let markupPercent: number | null = null
	if (markupText !== '') {
		if (!/^\d{1,2}(\.\d{1,2})?$/.test(markupText))
			errors.markupPercent = 'Enter a markup from 0 to 99 percent (up to 2 decimals), or leave it empty to use the one in settings.'
		else markupPercent = Number(markupText)
	}
	const discountText = one(values, 'discount')
	let discount: number | null = null
	if (discountText !== '') {
		const paise = rupeesToPaise(discountText)
		if (paise === null) errors.discount = 'Enter the discount in rupees, e.g. 2500, or leave it empty.'
		else discount = paise || null
	}
	const inclusions = lines(one(values, 'inclusions'), 30)
	if (!inclusions) errors.inclusions = 'List at most 30 inclusions, one per line, each under 200 characters.'
	const exclusions = lines(one(values, 'exclusions'), 30)
	if (!exclusions) errors.exclusions = 'List at most 30 exclusions, one per line, each under 200 characters.'

	const count = Number(one(values, 'dayCount') || '0')
	const days: ItineraryDay[] = []
	if (!Number.isInteger(count) || count < 0 || count > maxItineraryDays) errors.days = `An itinerary has at most ${maxItineraryDays} days.`
	else {
		for (let n = 0; n < count; n++) {
			const f = (name: string) => one(values, `d${n}_${name}`)
			const island = f('island')
			if (!(islandSlugs as readonly string[]).includes(island)) errors[`d${n}_island`] = 'Choose the island where the day is spent.'
			const dayTitle = f('title')
			if (dayTitle.length < 3 || dayTitle.length > 120) errors[`d${n}_title`] = 'Give the day a title of 3 to 120 characters.'
			const description = f('description')
			if (description.length > 3000) errors[`d${n}_description`] = 'Keep the description under 3,000 characters.'
			const activities = lines(f('activities'), 20)
			if (!activities) errors[`d${n}_activities`] = 'List at most 20 activities, one per line, each under 200 characters.'
			const transfers = lines(f('transfers'), 10)
			if (!transfers) errors[`d${n}_transfers`] = 'List at most 10 transfers, one per line, each under 200 characters.'
			const ferryFrom = f('ferryFrom')
			const ferryTo = f('ferryTo')
			let ferry: FerryLeg | null = null
			if (ferryFrom || ferryTo) {
				const ports = ferryPorts as readonly string[]
				if (!ports.includes(ferryFrom) || !ports.includes(ferryTo)) errors[`d${n}_ferryTo`] = 'Give both ends of the ferry crossing, or neither.'
				else if (ferryFrom === ferryTo) errors[`d${n}_ferryTo`] = 'The ferry must go to a different island.'
				else
					ferry = {
						from: ferryFrom as FerryLeg['from'],
						to: ferryTo as FerryLeg['to'],
					}
			}
			const dayMeals = meals.filter((meal) => all(values, `d${n}_meals`).includes(meal))
			const priced = [...new Set(all(values, `d${n}_priced`))].slice(0, 10)
			if (priced.some((id) => !parseEngineActivityId(id) || !activityIsland(parseEngineActivityId(id)!.location)))
				errors[`d${n}_priced`] = 'Choose priced activities from the list.'
			let stay: ItineraryStay | null = null
			if (n < count - 1) {
				const stayIsland = f('stayIsland') || nightIsland(island)
				if (!(ISLANDS as readonly string[]).includes(stayIsland)) errors[`d${n}_stayIsland`] = 'Choose the island where the travellers sleep.'
				const hotel = f('hotel') || 'tier:deluxe'
				if (hotel.startsWith('tier:') ? !(HOTEL_TIERS as readonly string[]).includes(hotel.slice(5)) : !/^[A-Za-z0-9_-]{1,40}$/.test(hotel))
					errors[`d${n}_hotel`] = 'Choose a hotel or a hotel category from the list.'
				const mealPlan = f('mealPlan') || 'CP'
				if (!(MEAL_PLANS as readonly string[]).includes(mealPlan)) errors[`d${n}_mealPlan`] = 'Choose a meal plan from the list.'
				const roomTypeId = f('roomType')
				stay = {
					island: nightIsland(stayIsland),
					hotel,
					roomTypeId: !hotel.startsWith('tier:') && /^[A-Za-z0-9_-]{1,40}$/.test(roomTypeId) ? roomTypeId : null,
					mealPlan: mealPlan as MealPlan,
				}
			}
			days.push({
				key: /^[a-z0-9]{1,12}$/.test(f('key')) ? f('key') : newDayKey(),
				templateId: /^[A-Za-z0-9]{20}$/.test(f('templateId')) ? f('templateId') : null,
				island: (islandSlugs as readonly string[]).includes(island) ? (island as IslandSlug) : 'port-blair',
				title: dayTitle,
				description,
				activities: activities ?? [],
				transfers: transfers ?? [],
				ferry,
				meals: dayMeals,
				priced,
				stay,
			})
		}
	}
	const plan: ItineraryPlan = {
		title,
		startDate,
		adults,
		childAges,
		infants,
		rooms,
		transfers: (TRANSFER_MODES as readonly string[]).includes(transfersText) ? (transfersText as TransferMode) : 'airport-and-jetty',
		ferryOperator: (FERRY_OPERATORS as readonly string[]).includes(ferryOperator) ? (ferryOperator as FerryOperator) : '',
		ferryClass: errors.ferryClass ? '' : ferryClass,
		markupPercent,
		discount,
		inclusions: inclusions ?? [],
		exclusions: exclusions ?? [],
		days,
	}
	return { plan, errors }
}

/** A new plan: blank, or pre-filled from a lead's brief. */
export function newPlan(
	today: string,
	brief?: {
		name?: string
		travelStart?: string | null
		adults?: number | null
		childAges?: number[]
		infants?: number | null
		tier?: string | null
	},
): ItineraryPlan {
	const start = brief?.travelStart && isIsoDate(brief.travelStart) && brief.travelStart >= today ? brief.travelStart : addDays(today, 30)
	const adults = brief?.adults && brief.adults >= 1 ? Math.min(30, brief.adults) : 2
	return {
		title: brief?.name ? `Andaman trip for ${brief.name}` : 'New itinerary',
		startDate: start,
		adults,
		childAges: brief?.childAges ?? [],
		infants: brief?.infants ?? 0,
		rooms: Math.max(1, Math.ceil(adults / 2)),
		transfers: 'airport-and-jetty',
		ferryOperator: '',
		ferryClass: '',
		markupPercent: null,
		discount: null,
		inclusions: [...defaultInclusions],
		exclusions: [...defaultExclusions],
		days: [],
	}
}

/** A lead's preferred tier, when it names one of the engine's tiers. */
export function leadTier(tier: string | null | undefined): HotelTier {
	return (HOTEL_TIERS as readonly string[]).includes(tier ?? '') ? (tier as HotelTier) : 'deluxe'
}

/** A day's anchor on the editor page (`day-3` for the third day): where the editor returns after a change to the days without JavaScript. */
export const dayAnchor = (position: number) => `day-${position}`

/**
 * What staff read when they save from a page whose revision is no longer the itinerary's: someone saved
 * it in between (another person, another tab, or the same post sent twice). Nothing of theirs is written;
 * the form keeps what they typed (docs/decisions/164-itinerary-edits-check-the-revision.md).
 */
export const staleItineraryMessage =
	'Someone else saved this itinerary after you opened it (or it was saved from another tab), so this change was not saved. What you typed is still in the form: copy anything you need, then reload the page to see the latest version and make your change again.'

/** What staff read when a post carries no revision the editor could have rendered. */
export const missingRevisionMessage = 'This page is out of date. Reload it to see the latest version of the itinerary, then make your change again.'
