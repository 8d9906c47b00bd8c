import { childAgeRule, parseChildAges } from '~/features/rates/domain/age-bands.ts'
import { DEFAULT_AGE_BANDS, FERRY_OPERATOR_NAMES, FERRY_OPERATORS, ISLAND_SHORT_NAMES, VEHICLE_NAMES } from '~/features/rates/domain/pricing/constants.ts'
import { addDays, isIsoDate } from '~/lib/dates.ts'
import type {
	AgeBands,
	FerryOperator,
	HotelTier,
	Island,
	MealPlan,
	Problem,
	TransferMode,
	TripActivity,
	TripRequest,
} from '~/features/rates/domain/pricing/types.ts'
import { formatTravelDate } from '~/lib/dates.ts'
import { activityIsland, parseEngineActivityId } from './activities.ts'

/**
 * The trip builder's choices (/builder): what the form sends, as URL search
 * parameters, so a priced trip is a link and the form works without JavaScript.
 * The server turns it into a TripRequest and prices it; a client price is never read.
 */
export const builderIslands = ['port-blair', 'havelock', 'neil', 'baratang', 'diglipur'] as const satisfies readonly Island[]
export const builderTiers = ['standard', 'deluxe', 'premium', 'luxury'] as const satisfies readonly HotelTier[]
export const builderMealPlans = ['EP', 'CP', 'MAP', 'AP'] as const satisfies readonly MealPlan[]
export const builderTransfers = ['airport-and-jetty', 'daily-cab', 'none'] as const satisfies readonly TransferMode[]
export const maxStayRows = 5

export const tierNames: Record<HotelTier, string> = {
	standard: 'Standard (2–3 star)',
	deluxe: 'Deluxe (3 star)',
	premium: 'Premium (4 star)',
	luxury: 'Luxury (5 star)',
}
export const mealPlanNames: Record<MealPlan, string> = { EP: 'Room only (EP)', CP: 'Breakfast (CP)', MAP: 'Breakfast and dinner (MAP)', AP: 'All meals (AP)' }
export const transferNames: Record<TransferMode, string> = {
	'airport-and-jetty': 'Airport and jetty transfers',
	'daily-cab': 'A private cab every day',
	none: 'No cars (we arrange our own)',
}

/** A stay of the builder: the island, its nights and, when the traveller chose one, the hotel (else the engine picks the tier's cheapest). */
export type BuilderStay = { island: Island; nights: number; hotel?: string }

export type BuilderConfig = {
	start: string
	stays: BuilderStay[]
	tier: HotelTier
	meal: MealPlan
	adults: number
	childAges: number[]
	infants: number
	rooms: number
	activities: string[]
	ferry: FerryOperator | ''
	ferryClass: string
	transfers: TransferMode
}

export function defaultBuilderConfig(today: string): BuilderConfig {
	return {
		start: addDays(today, 30),
		stays: [
			{ island: 'port-blair', nights: 1 },
			{ island: 'havelock', nights: 2 },
			{ island: 'neil', nights: 1 },
			{ island: 'port-blair', nights: 1 },
		],
		tier: 'deluxe',
		meal: 'CP',
		adults: 2,
		childAges: [],
		infants: 0,
		rooms: 1,
		activities: [],
		ferry: '',
		ferryClass: '',
		transfers: 'airport-and-jetty',
	}
}

function int(value: string | null, fallback: number): number | null {
	if (value === null || value.trim() === '') return fallback
	return /^\d{1,3}$/.test(value.trim()) ? Number(value.trim()) : null
}

/** True when the URL carries builder choices (otherwise the defaults are shown). */
export function hasBuilderParams(params: URLSearchParams): boolean {
	return params.has('start') || params.has('island1')
}

/** Reads and checks the builder's choices. Errors are keyed by field name and say what to do. */
export function parseBuilderParams(
	params: URLSearchParams,
	today: string,
	ageBands: AgeBands = DEFAULT_AGE_BANDS,
): { config: BuilderConfig; errors: Record<string, string> } {
	const ageRule = childAgeRule(ageBands)
	const fallback = defaultBuilderConfig(today)
	const errors: Record<string, string> = {}
	const start = params.get('start')?.trim() || fallback.start
	if (!isIsoDate(start)) errors.start = 'Enter the date you arrive in Port Blair.'
	else if (start < today) errors.start = 'Choose an arrival date from today on.'
	const stays: BuilderConfig['stays'] = []
	// The category the hotel choices are checked against (an unknown one is reported below, with the default used).
	const tierParam = (builderTiers as readonly string[]).includes(params.get('tier') ?? '') ? params.get('tier')! : fallback.tier
	for (let row = 1; row <= maxStayRows; row++) {
		const island = params.get(`island${row}`)?.trim() ?? ''
		if (island === '') continue
		if (!(builderIslands as readonly string[]).includes(island)) {
			errors[`island${row}`] = 'Choose an island from the list.'
			continue
		}
		const nights = int(params.get(`nights${row}`), 1)
		const hotel = chosenHotel(params, row, island, tierParam)
		if (hotel === false) errors[`hotel${row}`] = 'Choose a hotel from the list.'
		if (nights === null || nights < 1 || nights > 14) errors[`nights${row}`] = 'Enter 1 to 14 nights.'
		else stays.push({ island: island as Island, nights, ...(hotel ? { hotel } : {}) })
	}
	if (stays.length === 0 && !Object.keys(errors).some((key) => key.startsWith('island'))) errors.island1 = 'Choose at least one island to stay on.'
	const totalNights = stays.reduce((sum, stay) => sum + stay.nights, 0)
	if (totalNights > 30) errors.nights1 = 'Plan up to 30 nights here; for longer trips ask us for a quote.'
	const pick = <T extends string>(name: string, allowed: readonly T[], value: T, message: string): T => {
		const raw = params.get(name)
		if (raw === null || raw === '') return value
		if ((allowed as readonly string[]).includes(raw)) return raw as T
		errors[name] = message
		return value
	}
	const tier = pick('tier', builderTiers, fallback.tier, 'Choose a hotel category.')
	const meal = pick('meal', builderMealPlans, fallback.meal, 'Choose a meal plan.')
	const transfers = pick('transfers', builderTransfers, fallback.transfers, 'Choose how you want to get around.')
	const ferry = pick<FerryOperator | ''>('ferry', ['', ...FERRY_OPERATORS], '', 'Choose a ferry operator from the list.')
	const ferryClass = params.get('ferryClass')?.trim().toLowerCase() ?? ''
	if (ferryClass && !/^[a-z-]{1,20}$/.test(ferryClass)) errors.ferryClass = 'Choose a ferry class from the list.'
	const adults = int(params.get('adults'), fallback.adults)
	if (adults === null || adults < 1 || adults > 30) errors.adults = `Enter 1 to 30 adults (${ageRule.adultFrom} years and over).`
	const infants = int(params.get('infants'), 0)
	if (infants === null || infants > 10) errors.infants = `Enter 0 to 10 infants (under ${ageRule.min}).`
	const rooms = int(params.get('rooms'), Math.max(1, Math.ceil((adults ?? 2) / 2)))
	if (rooms === null || rooms < 1) errors.rooms = 'Enter at least 1 room.'
	else if (adults !== null && rooms > adults) errors.rooms = 'Each room needs an adult: choose no more rooms than adults.'
	// Children's ages: the same rule as /book-now, from the age bands in settings.
	const ages = parseChildAges(params.get('childAges') ?? '', ageRule)
	const childAges = ages.ok ? ages.ages : []
	if (!ages.ok) errors.childAges = ages.message
	else if (childAges.length > 10) errors.childAges = 'Add up to 10 children here; for bigger groups ask us for a quote.'
	const activities = [...new Set(params.getAll('activity'))].filter((id) => parseEngineActivityId(id) !== null).slice(0, 20)
	const config: BuilderConfig = {
		start,
		stays,
		tier,
		meal,
		adults: adults ?? fallback.adults,
		childAges,
		infants: infants ?? 0,
		rooms: rooms ?? 1,
		activities,
		ferry,
		ferryClass: errors.ferryClass ? '' : ferryClass,
		transfers,
	}
	return { config, errors }
}

/**
 * The hotel chosen for a stay row (docs/decisions/217-hotels-chosen-in-the-builder.md): `hotel<N>` is a
 * hotel id, empty for the engine's pick. The form sends `hotelFor<N>` beside it, the island and
 * category the choice was offered for: once the traveller changes that row's island or the hotel
 * category, the choice no longer applies and is dropped (the stay goes back to the category's pick).
 * A link without the marker keeps its hotel, and the server checks it (unknown, another island, sold out).
 * `false`: not a hotel id at all.
 */
function chosenHotel(params: URLSearchParams, row: number, island: string, tier: string): string | false | undefined {
	const hotel = params.get(`hotel${row}`)?.trim() ?? ''
	if (hotel === '') return undefined
	if (!hotelIdPattern.test(hotel)) return false
	const offeredFor = params.get(`hotelFor${row}`)
	if (offeredFor !== null && offeredFor !== hotelOfferKey(island, tier)) return undefined
	return hotel
}

const hotelIdPattern = /^[A-Za-z0-9_-]{1,40}$/

/** What a stay row's hotel choices were offered for: its island and the hotel category. */
export function hotelOfferKey(island: string, tier: string): string {
	return `${island}:${tier}`
}

/** The first day an activity on `island` fits (0 = the arrival day): the first full day there, the arrival day when the visit is one night; null when the trip has no stay there. */
export function activityDayIndex(stays: readonly BuilderStay[], island: Island): number | null {
	let night = 0
	for (const stay of stays) {
		if (stay.island === island) return night + (stay.nights > 1 ? 1 : 0)
		night += stay.nights
	}
	return null
}

export function builderSearchParams(config: BuilderConfig): URLSearchParams {
	const params = new URLSearchParams()
	params.set('start', config.start)
	config.stays.forEach((stay, index) => {
		params.set(`island${index + 1}`, stay.island)
		params.set(`nights${index + 1}`, String(stay.nights))
		if (stay.hotel) params.set(`hotel${index + 1}`, stay.hotel)
	})
	params.set('tier', config.tier)
	params.set('meal', config.meal)
	params.set('adults', String(config.adults))
	if (config.childAges.length) params.set('childAges', config.childAges.join(', '))
	params.set('infants', String(config.infants))
	params.set('rooms', String(config.rooms))
	for (const activity of config.activities) params.append('activity', activity)
	if (config.ferry) params.set('ferry', config.ferry)
	if (config.ferryClass) params.set('ferryClass', config.ferryClass)
	params.set('transfers', config.transfers)
	return params
}

/** The engine's trip: a stay with a chosen hotel names it, the others ask for the tier. Each activity is placed on the first full day on its island (arrival day when the visit is one night). */
export function builderTrip(config: BuilderConfig): { trip: TripRequest; errors: Record<string, string> } {
	const errors: Record<string, string> = {}
	const activities: TripActivity[] = []
	for (const id of config.activities) {
		const parsed = parseEngineActivityId(id)
		const island = parsed ? activityIsland(parsed.location) : null
		if (!parsed || !island) continue
		const dayIndex = activityDayIndex(config.stays, island)
		if (dayIndex === null) {
			errors.activity = `An activity you chose is done from ${ISLAND_SHORT_NAMES[island]}, which is not in your trip. Add a stay on ${ISLAND_SHORT_NAMES[island]} or untick the activity.`
			continue
		}
		activities.push({ activity: id, island, dayIndex })
	}
	const trip: TripRequest = {
		startDate: config.start,
		party: { adults: config.adults, childAges: config.childAges, infants: config.infants, rooms: config.rooms },
		stays: config.stays.map((stay) =>
			stay.hotel
				? { island: stay.island, nights: stay.nights, hotelId: stay.hotel, mealPlan: config.meal }
				: { island: stay.island, nights: stay.nights, tier: config.tier, mealPlan: config.meal },
		),
		transfers: config.transfers,
		activities,
		...(config.ferry || config.ferryClass
			? { ferry: { ...(config.ferry ? { operator: config.ferry } : {}), ...(config.ferryClass ? { class: config.ferryClass } : {}) } }
			: {}),
	}
	return { trip, errors }
}

const island = (slug?: Island) => (slug ? ISLAND_SHORT_NAMES[slug] : 'that island')

/** A pricing problem in words a traveller can act on. */
export function describeProblem(problem: Problem): string {
	switch (problem.code) {
		case 'DATE_IN_PAST':
			return 'That arrival date has passed. Choose a date from today on.'
		case 'NO_SEASON_FOR_DATE':
			return `We have no prices yet for ${problem.date ? formatTravelDate(problem.date) : 'those dates'}. Choose earlier dates, or ask us for a quote and we will price it by hand.`
		case 'NO_RATE_FOR_NIGHT':
		case 'NO_HOTEL_FOR_TIER':
			return `We cannot price a ${problem.tier ?? ''} hotel on ${island(problem.island)} for those nights${problem.mealPlan ? ` with ${mealPlanNames[problem.mealPlan].toLowerCase()}` : ''}. Try another hotel category, meal plan or dates.`.replace(
				'  ',
				' ',
			)
		case 'TOO_MANY_PEOPLE_FOR_ROOMS':
			return `Your group does not fit in the rooms on ${island(problem.island)}. Add a room.`
		case 'NO_FERRY_FARE':
			return `The ferry you chose does not run from ${island(problem.from)} to ${island(problem.to)}. Choose “Cheapest available” or another ferry.`
		case 'NO_ACTIVITY_PRICE':
			return 'An activity you chose is not offered on that date (some stop in the monsoon). Untick it or change your dates.'
		case 'NO_TRANSFER_RATE':
			return `We have no car for your group on ${island(problem.island)}. Choose fewer people per car or “No cars”.`
		case 'ACTIVITY_OUTSIDE_TRIP':
			return 'An activity falls outside your trip dates. Untick it or add nights.'
		default:
			return problem.message
	}
}

export function ferryName(operator: FerryOperator): string {
	return FERRY_OPERATOR_NAMES[operator]
}

export function vehicleName(vehicle: keyof typeof VEHICLE_NAMES): string {
	return VEHICLE_NAMES[vehicle]
}
