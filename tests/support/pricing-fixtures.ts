/**
 * A small, realistic rate book and settings for 2026–27, used by the tests and the
 * worked examples in docs/pricing.md. Hotel names are invented; rates are plausible
 * Andaman rates in rupees, converted to paise.
 *
 * Cost prices follow simple contract rules so the numbers stay readable:
 * hotels and transfers cost 80% of sell, private ferries 90% (agent commission),
 * government ferries 100%, activities 75%.
 */
import { createRateBook } from '~/features/rates/domain/pricing/engine.ts'
import { rupees } from '~/features/rates/domain/pricing/money.ts'
import type {
	ActivityPrice,
	TripRequest,
	FerryFare,
	FerryOperator,
	Hotel,
	HotelRate,
	Island,
	IsoDate,
	MealPlan,
	Price,
	PricingSettings,
	RateBook,
	RateTables,
	TransferRate,
	TransferUnit,
	Vehicle,
} from '~/features/rates/domain/pricing/types.ts'

/** The `today` used by tests: before every fixture trip. */
export const FIXTURE_TODAY: IsoDate = '2026-06-01'

/**
 * Seasons in priority order (peak first, so the festive weeks win over high):
 * peak: Durga Puja, Diwali and Christmas–New Year weeks; high: October–April
 * (dry season, including the April–May school holidays); low: the monsoon, May–September.
 */
export const FIXTURE_SETTINGS: PricingSettings = {
	seasons: [
		{
			name: 'peak',
			ranges: [
				{ from: '2026-10-16', to: '2026-10-25' },
				{ from: '2026-11-06', to: '2026-11-15' },
				{ from: '2026-12-20', to: '2027-01-05' },
			],
		},
		{ name: 'high', ranges: [{ from: '2026-10-01', to: '2027-04-30' }] },
		{
			name: 'low',
			ranges: [
				{ from: '2026-05-01', to: '2026-09-30' },
				{ from: '2027-05-01', to: '2027-09-30' },
			],
		},
	],
	markupBp: 1000,
	gstBp: 500,
	ageBands: { infantMaxAge: 1, childMaxAge: 11 },
	defaultMealPlan: 'CP',
}

/** sell × num / den, exact for whole-rupee sells. */
function share(sell: number, num: number, den: number): number {
	return Math.round((sell * num) / den)
}

function price(sellRupees: number, costShare: [number, number]): Price {
	const sell = rupees(sellRupees)
	return { sell, cost: share(sell, costShare[0], costShare[1]) }
}

const HOTEL_COST: [number, number] = [4, 5]

// ─── Hotels ──────────────────────────────────────────────────────────────────

const stdRoom = { maxAdults: 3, maxChildren: 2, extraBedAllowed: true }

export const FIXTURE_HOTELS: Hotel[] = [
	// Port Blair
	{
		id: 'pb-coral-bay',
		name: 'Coral Bay Residency',
		island: 'port-blair',
		tier: 'standard',
		active: true,
		roomTypes: [{ id: 'standard', name: 'Standard Room', ...stdRoom }],
	},
	{
		id: 'pb-aberdeen-inn',
		name: 'Aberdeen Bazaar Inn',
		island: 'port-blair',
		tier: 'standard',
		active: true,
		// Cheapest standard hotel in Port Blair, but small rooms: no extra bed.
		roomTypes: [{ id: 'standard', name: 'Standard Room', maxAdults: 2, maxChildren: 1, extraBedAllowed: false }],
	},
	{
		id: 'pb-old-harbour',
		name: 'Old Harbour Lodge',
		island: 'port-blair',
		tier: 'standard',
		active: false,
		roomTypes: [{ id: 'standard', name: 'Standard Room', ...stdRoom }],
	},
	{
		id: 'pb-sea-breeze',
		name: 'Sea Breeze Port Blair',
		island: 'port-blair',
		tier: 'deluxe',
		active: true,
		defaultRoomTypeId: 'deluxe',
		roomTypes: [
			{ id: 'deluxe', name: 'Deluxe Sea View', ...stdRoom },
			{ id: 'suite', name: 'Family Suite', maxAdults: 4, maxChildren: 3, extraBedAllowed: true },
		],
	},
	{
		id: 'pb-blue-lagoon',
		name: 'Blue Lagoon Heritage',
		island: 'port-blair',
		tier: 'premium',
		active: true,
		roomTypes: [{ id: 'premium', name: 'Premium Room', ...stdRoom }],
	},
	// Havelock (Swaraj Dweep)
	{
		id: 'hl-palm-grove',
		name: 'Palm Grove Cottages',
		island: 'havelock',
		tier: 'standard',
		active: true,
		roomTypes: [{ id: 'cottage', name: 'Garden Cottage', ...stdRoom }],
	},
	{
		id: 'hl-radhanagar-sands',
		name: 'Radhanagar Sands Resort',
		island: 'havelock',
		tier: 'deluxe',
		active: true,
		// No default room type: the cheapest that fits is used.
		roomTypes: [
			{ id: 'deluxe', name: 'Deluxe Cottage', ...stdRoom },
			{ id: 'villa', name: 'Beach Villa', maxAdults: 4, maxChildren: 3, extraBedAllowed: true },
		],
	},
	{
		id: 'hl-elephant-reef',
		name: 'Elephant Reef Villas',
		island: 'havelock',
		tier: 'premium',
		active: true,
		roomTypes: [{ id: 'premium', name: 'Premium Villa', ...stdRoom }],
	},
	// Neil (Shaheed Dweep)
	{
		id: 'nl-bharatpur-huts',
		name: 'Bharatpur Beach Huts',
		island: 'neil',
		tier: 'standard',
		active: true,
		roomTypes: [{ id: 'hut', name: 'Beach Hut', ...stdRoom }],
	},
	{
		id: 'nl-laxmanpur-sunset',
		name: 'Laxmanpur Sunset Resort',
		island: 'neil',
		tier: 'deluxe',
		active: true,
		roomTypes: [{ id: 'deluxe', name: 'Deluxe Room', ...stdRoom }],
	},
	{
		id: 'nl-coral-garden',
		name: 'Coral Garden Retreat',
		island: 'neil',
		tier: 'premium',
		active: true,
		roomTypes: [{ id: 'premium', name: 'Premium Room', ...stdRoom }],
	},
	// Baratang (by road)
	{
		id: 'bt-forest-lodge',
		name: 'Baratang Forest Lodge',
		island: 'baratang',
		tier: 'standard',
		active: true,
		roomTypes: [{ id: 'standard', name: 'Forest Room', maxAdults: 3, maxChildren: 1, extraBedAllowed: true }],
	},
]

/** CP rates in ₹ per night: [double room, extra adult, child with bed, child without bed]. */
type CpRow = [double: number, extraAdult: number, childWithBed: number, childWithoutBed: number]

const CP_RATES: [hotelId: string, roomTypeId: string, rates: Partial<Record<'low' | 'high' | 'peak', CpRow>>][] = [
	['pb-coral-bay', 'standard', { low: [2800, 900, 700, 400], high: [3500, 1100, 900, 500], peak: [4500, 1400, 1100, 600] }],
	['pb-aberdeen-inn', 'standard', { low: [2600, 800, 600, 300], high: [3300, 1000, 800, 400], peak: [4300, 1300, 1000, 500] }],
	['pb-old-harbour', 'standard', { low: [2000, 600, 500, 300], high: [2500, 800, 600, 300], peak: [3000, 900, 700, 400] }],
	['pb-sea-breeze', 'deluxe', { low: [4800, 1500, 1200, 600], high: [6000, 1800, 1500, 800], peak: [7800, 2300, 1900, 1000] }],
	['pb-sea-breeze', 'suite', { low: [7500, 2000, 1600, 800], high: [9000, 2400, 1900, 1000], peak: [11500, 3000, 2400, 1200] }],
	['pb-blue-lagoon', 'premium', { low: [7500, 2200, 1800, 900], high: [9500, 2800, 2200, 1100], peak: [12500, 3600, 2900, 1400] }],
	['hl-palm-grove', 'cottage', { low: [3200, 1000, 800, 400], high: [4200, 1300, 1000, 500], peak: [5500, 1600, 1300, 700] }],
	['hl-radhanagar-sands', 'deluxe', { low: [5500, 1600, 1300, 700], high: [7000, 2000, 1600, 800], peak: [9500, 2700, 2200, 1100] }],
	['hl-radhanagar-sands', 'villa', { low: [9000, 2500, 2000, 1000], high: [11000, 3000, 2400, 1200], peak: [14000, 3800, 3000, 1500] }],
	['hl-elephant-reef', 'premium', { low: [9500, 2800, 2200, 1100], high: [12000, 3500, 2800, 1400], peak: [16000, 4500, 3600, 1800] }],
	['nl-bharatpur-huts', 'hut', { low: [2800, 900, 700, 400], high: [3600, 1100, 900, 500], peak: [4800, 1400, 1100, 600] }],
	['nl-laxmanpur-sunset', 'deluxe', { low: [4800, 1400, 1100, 600], high: [6200, 1800, 1400, 700], peak: [8200, 2400, 1900, 1000] }],
	['nl-coral-garden', 'premium', { low: [8000, 2400, 1900, 1000], high: [10000, 3000, 2400, 1200], peak: [13500, 3900, 3100, 1600] }],
	// No peak rates (the lodge has not sent them) and only EP/CP: see MEAL_PLANS_BY_HOTEL.
	['bt-forest-lodge', 'standard', { low: [2500, 800, 600, 300], high: [3000, 900, 700, 400] }],
]

/**
 * Meal-plan supplements relative to CP, in ₹ per person per night: [adult, child].
 * The double-room rate covers two adults, so it moves by twice the adult supplement.
 */
const MEAL_SUPPLEMENT: Record<MealPlan, [adult: number, child: number]> = {
	EP: [-200, -100],
	CP: [0, 0],
	MAP: [700, 400],
	AP: [1200, 700],
}

const MEAL_PLANS_BY_HOTEL: Record<string, MealPlan[]> = { 'bt-forest-lodge': ['EP', 'CP'] }

function hotelRates(): HotelRate[] {
	const rows: HotelRate[] = []
	for (const [hotelId, roomTypeId, bySeason] of CP_RATES) {
		for (const mealPlan of MEAL_PLANS_BY_HOTEL[hotelId] ?? (['EP', 'CP', 'MAP', 'AP'] as const)) {
			const [adultSup, childSup] = MEAL_SUPPLEMENT[mealPlan]
			for (const season of ['low', 'high', 'peak'] as const) {
				const cp = bySeason[season]
				if (!cp) continue
				const [double, extraAdult, childWithBed, childWithoutBed] = cp
				rows.push({
					hotelId,
					roomTypeId,
					mealPlan,
					season,
					double: price(double + 2 * adultSup, HOTEL_COST),
					extraAdult: price(extraAdult + adultSup, HOTEL_COST),
					childWithBed: price(childWithBed + childSup, HOTEL_COST),
					childWithoutBed: price(childWithoutBed + childSup, HOTEL_COST),
				})
			}
		}
	}
	return rows
}

// ─── Ferries ─────────────────────────────────────────────────────────────────

/** [operator, class, adult ₹, infant ₹, child ₹ or null, departures there, departures back] */
type FareRow = [FerryOperator, string, number, number, number | null, string[], string[]]

const ROUTE_FARES: [Island, Island, FareRow[]][] = [
	[
		'port-blair',
		'havelock',
		[
			['makruzz', 'premium', 1650, 400, null, ['07:00', '13:30'], ['09:45', '16:00']],
			['makruzz', 'deluxe', 2100, 400, null, ['07:00', '13:30'], ['09:45', '16:00']],
			['makruzz', 'royal', 3300, 400, null, ['07:00'], ['16:00']],
			['nautika', 'economy', 1550, 350, null, ['07:15', '14:00'], ['10:00', '16:30']],
			['nautika', 'premium', 2200, 350, null, ['07:15', '14:00'], ['10:00', '16:30']],
			['green-ocean', 'economy', 1300, 300, null, ['06:30', '11:00'], ['09:00', '13:30']],
			['green-ocean', 'premium', 1550, 300, null, ['06:30', '11:00'], ['09:00', '13:30']],
			['itt-majestic', 'premium', 1450, 300, null, ['06:15'], ['12:30']],
			['itt-majestic', 'deluxe', 1750, 300, null, ['06:15'], ['12:30']],
			['government', 'economy', 550, 0, 275, ['06:20', '14:00'], ['09:00', '14:00']],
			['government', 'deluxe', 1100, 0, 550, ['06:20'], ['14:00']],
		],
	],
	[
		'havelock',
		'neil',
		[
			['makruzz', 'premium', 1250, 300, null, ['09:45'], ['10:45']],
			['makruzz', 'deluxe', 1550, 300, null, ['09:45'], ['10:45']],
			['nautika', 'economy', 1200, 300, null, ['10:00'], ['11:30']],
			['green-ocean', 'economy', 1000, 250, null, ['09:00'], ['10:15']],
			['green-ocean', 'premium', 1200, 250, null, ['09:00'], ['10:15']],
			['itt-majestic', 'premium', 1150, 250, null, ['09:30'], ['11:00']],
			['government', 'economy', 400, 0, 200, ['14:00'], ['07:30']],
		],
	],
	[
		'port-blair',
		'neil',
		[
			['makruzz', 'premium', 1550, 400, null, ['08:00'], ['16:30']],
			['makruzz', 'deluxe', 1950, 400, null, ['08:00'], ['16:30']],
			['nautika', 'economy', 1450, 350, null, ['08:30'], ['15:30']],
			['green-ocean', 'economy', 1250, 300, null, ['06:45'], ['11:30']],
			['green-ocean', 'premium', 1450, 300, null, ['06:45'], ['11:30']],
			['government', 'economy', 500, 0, 250, ['06:30'], ['09:00']],
		],
	],
]

function ferryFares(): FerryFare[] {
	const rows: FerryFare[] = []
	for (const [a, b, fares] of ROUTE_FARES) {
		for (const [operator, cls, adult, infant, child, there, back] of fares) {
			const cost: [number, number] = operator === 'government' ? [1, 1] : [9, 10]
			for (const [from, to, departures] of [
				[a, b, there],
				[b, a, back],
			] as const) {
				rows.push({
					operator,
					from,
					to,
					class: cls,
					adult: price(adult, cost),
					infant: price(infant, cost),
					...(child === null ? {} : { child: price(child, cost) }),
					departures: [...departures],
				})
			}
		}
	}
	return rows
}

// ─── Activities ──────────────────────────────────────────────────────────────

const ACTIVITY_COST: [number, number] = [3, 4]
type Seasonal<T> = Partial<Record<'low' | 'high' | 'peak', T>>
const allSeasons = <T>(x: T): Seasonal<T> => ({ low: x, high: x, peak: x })

/** Per person: [adult ₹, child ₹] per season. */
const PER_PERSON: [slug: string, name: string, island: Island, prices: Seasonal<[number, number]>][] = [
	['scuba-try-dive', 'Scuba try-dive', 'havelock', { low: [5000, 4500], high: [5500, 5000], peak: [6000, 5500] }],
	['scuba-try-dive', 'Scuba try-dive', 'neil', { low: [4800, 4300], high: [5200, 4700], peak: [5700, 5200] }],
	['scuba-try-dive', 'Scuba try-dive', 'port-blair', { low: [5000, 4500], high: [5500, 5000], peak: [6000, 5500] }],
	['snorkelling', 'Snorkelling', 'havelock', allSeasons([2500, 1800])],
	['snorkelling', 'Snorkelling', 'port-blair', allSeasons([2500, 1800])],
	['snorkelling', 'Snorkelling', 'neil', allSeasons([2000, 1500])],
	// Sea walks stop in the monsoon: no low-season price, and none on Neil.
	['sea-walk', 'Sea walk', 'port-blair', { high: [3800, 3200], peak: [3800, 3200] }],
	['sea-walk', 'Sea walk', 'havelock', { high: [3800, 3200], peak: [3800, 3200] }],
	['glass-bottom-boat', 'Glass-bottom boat', 'port-blair', allSeasons([1000, 600])],
	['glass-bottom-boat', 'Glass-bottom boat', 'havelock', allSeasons([1000, 600])],
	['glass-bottom-boat', 'Glass-bottom boat', 'neil', allSeasons([900, 500])],
	['light-and-sound-show', 'Cellular Jail light & sound show', 'port-blair', allSeasons([300, 150])],
	['baratang-caves', 'Baratang limestone caves & mangrove boat', 'baratang', allSeasons([1500, 1000])],
]

/** Per group: [group ₹, group size] per season. */
const PER_GROUP: [slug: string, name: string, island: Island, prices: Seasonal<number>, groupSize: number][] = [
	['private-boat-north-bay', 'Private boat to Ross & North Bay', 'port-blair', { low: 6500, high: 7500, peak: 9000 }, 8],
]

function activityPrices(): ActivityPrice[] {
	const rows: ActivityPrice[] = []
	for (const [activity, name, island, bySeason] of PER_PERSON) {
		for (const season of ['low', 'high', 'peak'] as const) {
			const p = bySeason[season]
			if (!p) continue
			rows.push({ activity, name, island, season, unit: 'per_person', adult: price(p[0], ACTIVITY_COST), child: price(p[1], ACTIVITY_COST) })
		}
	}
	for (const [activity, name, island, bySeason, groupSize] of PER_GROUP) {
		for (const season of ['low', 'high', 'peak'] as const) {
			const p = bySeason[season]
			if (p === undefined) continue
			rows.push({ activity, name, island, season, unit: 'per_group', groupSize, group: price(p, ACTIVITY_COST) })
		}
	}
	return rows
}

// ─── Transfers ───────────────────────────────────────────────────────────────

/** ₹ per transfer and per day, by vehicle. Neil has no tempo travellers. */
const TRANSFERS: [Island, TransferUnit, Partial<Record<Vehicle, number>>][] = [
	['port-blair', 'per_transfer', { sedan: 1500, suv: 2200, 'tempo-traveller': 3500 }],
	['port-blair', 'per_day', { sedan: 3000, suv: 4000, 'tempo-traveller': 6000 }],
	['havelock', 'per_transfer', { sedan: 1500, suv: 2200, 'tempo-traveller': 3500 }],
	['havelock', 'per_day', { sedan: 3500, suv: 4500, 'tempo-traveller': 6500 }],
	['neil', 'per_transfer', { sedan: 1200, suv: 1800 }],
	['neil', 'per_day', { sedan: 3000, suv: 4000 }],
	// Baratang is reached by road: a transfer is the drive from Port Blair (~100 km, convoy).
	['baratang', 'per_transfer', { sedan: 5500, suv: 7500 }],
	['baratang', 'per_day', { sedan: 6500, suv: 8500 }],
]

function transferRates(): TransferRate[] {
	const rows: TransferRate[] = []
	for (const [island, unit, byVehicle] of TRANSFERS) {
		for (const vehicle of ['sedan', 'suv', 'tempo-traveller'] as const) {
			const sell = byVehicle[vehicle]
			if (sell !== undefined) rows.push({ island, vehicle, unit, price: price(sell, HOTEL_COST) })
		}
	}
	return rows
}

export const FIXTURE_TABLES: RateTables = {
	hotels: FIXTURE_HOTELS,
	hotelRates: hotelRates(),
	ferryFares: ferryFares(),
	activityPrices: activityPrices(),
	transferRates: transferRates(),
}

/** The fixture tables indexed once, as a server would cache them. */
export const FIXTURE_BOOK: RateBook = createRateBook(FIXTURE_TABLES)

/** A 10-night, 3-island trip for 2 adults and 2 children: the benchmark's trip and a purity test's. */
export const TEN_NIGHT_TRIP: TripRequest = {
	startDate: '2026-12-28',
	party: { adults: 2, childAges: [5, 9], infants: 0, rooms: 1 },
	stays: [
		{ island: 'port-blair', nights: 2, tier: 'deluxe' },
		{ island: 'havelock', nights: 4, tier: 'premium' },
		{ island: 'neil', nights: 3, tier: 'deluxe' },
		{ island: 'port-blair', nights: 1, tier: 'deluxe' },
	],
	transfers: 'daily-cab',
	activities: [
		{ activity: 'light-and-sound-show', island: 'port-blair', dayIndex: 0 },
		{ activity: 'sea-walk', island: 'port-blair', dayIndex: 1 },
		{ activity: 'scuba-try-dive', island: 'havelock', dayIndex: 3, children: 0 },
		{ activity: 'snorkelling', island: 'havelock', dayIndex: 4 },
		{ activity: 'glass-bottom-boat', island: 'neil', dayIndex: 7 },
	],
	discount: { kind: 'percent', bp: 300 },
}
