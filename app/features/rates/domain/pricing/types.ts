/**
 * Types for the pure pricing engine.
 *
 * Conventions (see docs/pricing.md):
 * - Money is always an integer number of paise (₹1 = 100 paise), INR only.
 * - Percentages are integer basis points: 1% = 100 bp, 5% = 500 bp, 12.5% = 1250 bp.
 * - Dates are 'YYYY-MM-DD' strings with no time zone. A "night" is named by the
 *   date on which it starts (check-in date).
 */

/** An amount of money in integer paise (₹1 = 100 paise). */
export type Paise = number

/** A percentage in integer basis points (100 bp = 1%). */
export type BasisPoints = number

/** A calendar date 'YYYY-MM-DD' with no time zone. */
export type IsoDate = string

/** Island slugs. Port Blair = Sri Vijaya Puram, Havelock = Swaraj Dweep, Neil = Shaheed Dweep. */
export type Island = 'port-blair' | 'havelock' | 'neil' | 'baratang' | 'rangat' | 'diglipur' | 'long-island' | 'little-andaman'

export type HotelTier = 'standard' | 'deluxe' | 'premium' | 'luxury'

/** EP room only, CP breakfast, MAP breakfast + dinner, AP all meals. */
export type MealPlan = 'EP' | 'CP' | 'MAP' | 'AP'

export type FerryOperator = 'makruzz' | 'nautika' | 'green-ocean' | 'itt-majestic' | 'government'

/** Sedan seats 3, SUV 6, tempo traveller 12 (infants on a lap are not counted). */
export type Vehicle = 'sedan' | 'suv' | 'tempo-traveller'

/** How transfer rates are charged: per one-way transfer or per day at disposal. */
export type TransferUnit = 'per_transfer' | 'per_day'

/**
 * Which ground transport the trip includes:
 * - 'none': no cars at all.
 * - 'airport-and-jetty': point-to-point transfers: 2 per island visit with nights
 *   (arrival and departure), 1 when the trip only passes through Port Blair
 *   between the airport and the jetty. Priced per transfer.
 * - 'daily-cab': a cab at disposal every day of the trip (nights + 1 days), on the
 *   island where the travellers sleep that night; the last day is in Port Blair.
 *   Covers that day's transfers and sightseeing. Priced per day.
 */
export type TransferMode = 'none' | 'airport-and-jetty' | 'daily-cab'

/** A sell price (what the customer pays) and a cost price (what we pay the supplier). */
export interface Price {
	sell: Paise
	cost: Paise
}

// ─── Settings ────────────────────────────────────────────────────────────────

/** An inclusive date range: the nights of `from` through `to` (both included). */
export interface DateRange {
	from: IsoDate
	to: IsoDate
}

/** A named season, e.g. peak, high, low. */
export interface Season {
	name: string
	ranges: DateRange[]
}

/**
 * Age bands: age <= infantMaxAge is an infant, age <= childMaxAge is a child,
 * older is an adult. Defaults: infant 0–1, child 2–11, adult 12+.
 */
export interface AgeBands {
	infantMaxAge: number
	childMaxAge: number
}

/** Operator settings, edited by staff. */
export interface PricingSettings {
	/**
	 * Seasons in priority order: when ranges overlap, the season listed first wins
	 * (list peak before high). A night not covered by any season is a problem.
	 */
	seasons: Season[]
	/** Operator margin added on top of the subtotal of sell prices, in bp (may be 0). */
	markupBp: BasisPoints
	/** GST on the total after markup and discount, in bp. Default 500 (5%). */
	gstBp?: BasisPoints
	/** Default: infant 0–1, child 2–11, adult 12+. */
	ageBands?: AgeBands
	/** Meal plan used when a stay does not name one. Default 'CP'. */
	defaultMealPlan?: MealPlan
}

// ─── Rate tables (input to createRateBook) ──────────────────────────────────

export interface RoomType {
	id: string
	name: string
	/** Hard limit of adults in one room (the 3rd adult onwards needs an extra bed). */
	maxAdults: number
	/** Hard limit of children (2–11) in one room. Infants are not counted. */
	maxChildren: number
	/** Whether an extra bed can be added (3rd adult, or a child with bed). */
	extraBedAllowed: boolean
}

export interface Hotel {
	id: string
	name: string
	island: Island
	tier: HotelTier
	/** Inactive hotels are never picked by tier and are refused when named explicitly. */
	active: boolean
	roomTypes: RoomType[]
	/** Room type used when the stay does not name one. Without it the cheapest that fits is used. */
	defaultRoomTypeId?: string
}

/** One rate row: hotel room type × meal plan × season, each price per room-night / person-night. */
export interface HotelRate {
	hotelId: string
	roomTypeId: string
	mealPlan: MealPlan
	season: string
	/** Per room per night, for up to two adults (double occupancy). */
	double: Price
	/** Per extra adult (3rd adult in a room, on an extra bed) per night. */
	extraAdult: Price
	/** Per child (2–11) on an extra bed per night. */
	childWithBed: Price
	/** Per child (2–11) sharing the existing beds per night. */
	childWithoutBed: Price
}

/** One ferry fare row: operator × route (one direction) × class. */
export interface FerryFare {
	operator: FerryOperator
	from: Island
	to: Island
	/** Operator's class name, e.g. 'premium', 'deluxe', 'royal', 'economy'. */
	class: string
	adult: Price
	/** Child (2–11) fare. Without it children pay the adult fare. */
	child?: Price
	infant: Price
	/** Departure times 'HH:MM' (informational). */
	departures: string[]
}

interface ActivityPriceBase {
	/** Activity slug, e.g. 'scuba-try-dive'. */
	activity: string
	/** Display name, e.g. 'Scuba try-dive'. Default: built from the slug. */
	name?: string
	/** Where the activity happens. */
	island: Island
	season: string
}

/** Priced per participant: adults at the adult price, children at the child price, infants free. */
export interface PerPersonActivityPrice extends ActivityPriceBase {
	unit: 'per_person'
	adult: Price
	child: Price
}

/** Priced per group: one group price covers up to `groupSize` participants (infants not counted). */
export interface PerGroupActivityPrice extends ActivityPriceBase {
	unit: 'per_group'
	groupSize: number
	group: Price
}

export type ActivityPrice = PerPersonActivityPrice | PerGroupActivityPrice

/** One vehicle rate on an island, per transfer or per day. */
export interface TransferRate {
	island: Island
	vehicle: Vehicle
	unit: TransferUnit
	price: Price
}

/** Everything createRateBook indexes. */
export interface RateTables {
	hotels: Hotel[]
	hotelRates: HotelRate[]
	ferryFares: FerryFare[]
	activityPrices: ActivityPrice[]
	transferRates: TransferRate[]
}

/** A hotel with its room types indexed by id. */
export interface IndexedHotel {
	hotel: Hotel
	roomTypes: ReadonlyMap<string, RoomType>
}

/**
 * Rate tables indexed in Maps by createRateBook. Build it once when rates change and
 * cache it; priceTrip only does Map look-ups in it. Treat it as immutable.
 */
export interface RateBook {
	readonly hotels: ReadonlyMap<string, IndexedHotel>
	/** Key `${island}|${tier}`: hotels sorted by id (active and inactive). */
	readonly hotelsByIslandTier: ReadonlyMap<string, readonly IndexedHotel[]>
	/** Key `${hotelId}|${roomTypeId}|${mealPlan}|${season}`. */
	readonly hotelRates: ReadonlyMap<string, HotelRate>
	/** Key `${from}|${to}`: fares sorted by adult sell, then operator, then class. */
	readonly ferryFares: ReadonlyMap<string, readonly FerryFare[]>
	/** Key `${activity}|${island}|${season}`. */
	readonly activityPrices: ReadonlyMap<string, ActivityPrice>
	/** Key `${island}|${unit}`: price per vehicle. */
	readonly transferRates: ReadonlyMap<string, ReadonlyMap<Vehicle, Price>>
	/** Rows that were skipped (invalid) or ignored (duplicates: the first row wins). */
	readonly issues: readonly Problem[]
}

// ─── Trip request (input to priceTrip) ──────────────────────────────────────

/** Who travels. Ages in `childAges` are classified by the age bands (a 12-year-old is an adult). */
export interface Party {
	/** Adults (at least 1). */
	adults: number
	/** Ages of children under 18 at the time of travel; each is priced as infant, child or adult by age band. */
	childAges: number[]
	/** Infants in addition to any infants found in childAges. Free in hotels, infant fare on ferries. */
	infants: number
	/** Rooms to book in every hotel (1 ≤ rooms ≤ adults). */
	rooms: number
}

interface StayBase {
	island: Island
	/** Nights on this island (≥ 1). */
	nights: number
	/** Default: settings.defaultMealPlan, else 'CP'. */
	mealPlan?: MealPlan
}

/** Let the engine pick the cheapest active hotel of a tier on the island. */
export interface TierStay extends StayBase {
	tier: HotelTier
}

/** A named hotel, optionally a named room type. */
export interface HotelStay extends StayBase {
	hotelId: string
	roomTypeId?: string
}

export type StayRequest = TierStay | HotelStay

/** An activity on a given date, or on a day index (0 = the start date). */
export interface TripActivity {
	activity: string
	island: Island
	date?: IsoDate
	dayIndex?: number
	/** Adults taking part. Default: every adult in the party (including 12+ children). */
	adults?: number
	/** Children (2–11) taking part. Default: every child in the party. */
	children?: number
}

/** Restricts which ferry fare is used for every leg. Default: the cheapest private operator. */
export interface FerryPreference {
	operator?: FerryOperator
	class?: string
}

/** A discount after markup, before GST: a fixed amount or a percentage. */
export type Discount = { kind: 'amount'; amount: Paise } | { kind: 'percent'; bp: BasisPoints }

/** A manual line (kind 'other'): e.g. insurance, a government ship fare, a permit. */
export interface ExtraCharge {
	description: string
	/** Unit prices; the line is quantity × unit. */
	unit: Price
	/** Default 1. */
	quantity?: number
	island?: Island
	date?: IsoDate
}

export interface TripRequest {
	/** Arrival date in Port Blair = check-in of the first stay. */
	startDate: IsoDate
	party: Party
	/** Ordered stays. The trip starts and ends in Port Blair (the airport). */
	stays: StayRequest[]
	transfers: TransferMode
	activities?: TripActivity[]
	ferry?: FerryPreference
	extras?: ExtraCharge[]
	/** Replaces settings.markupBp for this trip. */
	markupBp?: BasisPoints
	discount?: Discount
}

// ─── Output ─────────────────────────────────────────────────────────────────

export type ProblemCode =
	// errors: the trip cannot be priced
	| 'INVALID_INPUT'
	| 'INVALID_SETTINGS'
	| 'DATE_IN_PAST'
	| 'NO_SEASON_FOR_DATE'
	| 'NO_RATE_FOR_NIGHT'
	| 'NO_HOTEL_FOR_TIER'
	| 'UNKNOWN_HOTEL'
	| 'UNKNOWN_ROOM_TYPE'
	| 'HOTEL_INACTIVE'
	| 'HOTEL_NOT_ON_ISLAND'
	| 'TOO_MANY_PEOPLE_FOR_ROOMS'
	| 'NO_FERRY_FARE'
	| 'NO_ACTIVITY_PRICE'
	| 'ACTIVITY_OUTSIDE_TRIP'
	| 'NO_TRANSFER_RATE'
	// warnings: the quote is still produced
	| 'ACTIVITY_NOT_ON_ISLAND'
	| 'TRAVEL_NOT_PRICED'
	| 'DISCOUNT_CAPPED'
	| 'NEGATIVE_MARGIN'
	// rate book data issues (RateBook.issues)
	| 'DUPLICATE_RATE'
	| 'INVALID_RATE_ROW'

/** A named problem. Only the context fields relevant to the code are set. */
export interface Problem {
	code: ProblemCode
	/** 'error' blocks pricing; 'warning' is reported alongside a quote. */
	severity: 'error' | 'warning'
	/** Plain-English explanation for staff. */
	message: string
	/** Input path for INVALID_INPUT / INVALID_SETTINGS, e.g. 'stays[1].nights'. */
	field?: string
	date?: IsoDate
	island?: Island
	tier?: HotelTier
	hotelId?: string
	roomTypeId?: string
	mealPlan?: MealPlan
	season?: string
	activity?: string
	from?: Island
	to?: Island
	stayIndex?: number
}

/** One night of a hotel stay. */
export interface NightCharge {
	date: IsoDate
	season: string
	sell: Paise
	cost: Paise
}

export interface HotelLineDetails {
	hotelId: string
	hotelName: string
	tier: HotelTier
	roomTypeId: string
	roomTypeName: string
	mealPlan: MealPlan
	/** How the hotel was chosen. */
	selectedBy: 'tier' | 'hotel'
	rooms: number
	nights: number
	/** Adults at the base (double) rate across all rooms. */
	adultsInBase: number
	extraAdults: number
	/** Children filling an empty base place (1 adult in a room): no charge. */
	childrenInBase: number
	childrenWithoutBed: number
	childrenWithBed: number
	infants: number
	/** Per-night charges, one per night (each night at its own season). */
	breakdown: NightCharge[]
}

export interface FerryLineDetails {
	operator: FerryOperator
	class: string
	from: Island
	to: Island
	adults: number
	children: number
	infants: number
	/** Whether children paid a child fare (true) or the adult fare (false). */
	childFare: boolean
	departures: string[]
}

export interface ActivityLineDetails {
	activity: string
	season: string
	unit: 'per_person' | 'per_group'
	adults: number
	children: number
	infants: number
	/** per_group only: number of groups charged. */
	groups?: number
}

export interface VehicleCount {
	vehicle: Vehicle
	count: number
}

export interface TransferLineDetails {
	mode: 'airport-and-jetty' | 'daily-cab'
	unit: TransferUnit
	/** Transfers (per_transfer) or days (per_day) on this island visit. */
	count: number
	vehicles: VehicleCount[]
	passengers: number
}

export interface OtherLineDetails {
	quantity: number
}

interface LineBase {
	description: string
	island: Island | null
	/** Nights for hotels, the day(s) otherwise; empty when undated. */
	dates: IsoDate[]
	cost: Paise
	sell: Paise
}

export type LineItem =
	| (LineBase & { kind: 'hotel'; details: HotelLineDetails })
	| (LineBase & { kind: 'ferry'; details: FerryLineDetails })
	| (LineBase & { kind: 'activity'; details: ActivityLineDetails })
	| (LineBase & { kind: 'transfer'; details: TransferLineDetails })
	| (LineBase & { kind: 'other'; details: OtherLineDetails })

export type LineKind = LineItem['kind']

/** A priced trip. Invariant: total = subtotal + markup − discount + gst. */
export interface Quote {
	ok: true
	startDate: IsoDate
	/** Departure date (check-out of the last stay). */
	endDate: IsoDate
	nights: number
	travellers: { adults: number; children: number; infants: number }
	/** Adults + children (infants do not count): the divisor for perPerson. */
	payingTravellers: number
	lines: LineItem[]
	/** Sum of line sells. */
	subtotal: Paise
	/** Sum of line costs. */
	totalCost: Paise
	markupBp: BasisPoints
	/** round(subtotal × markupBp / 10000). */
	markup: Paise
	/** Discount actually applied (capped at subtotal + markup). */
	discount: Paise
	/** subtotal + markup − discount. */
	taxableAmount: Paise
	gstBp: BasisPoints
	/** round(taxableAmount × gstBp / 10000). */
	gst: Paise
	/** taxableAmount + gst. */
	total: Paise
	/** round(total / payingTravellers), for display. */
	perPerson: Paise
	/** taxableAmount − totalCost (before GST). May be negative after a large discount. */
	margin: Paise
	/** Warnings only. */
	problems: Problem[]
}

/** A trip that cannot be priced: one or more errors. */
export interface PricingFailure {
	ok: false
	problems: Problem[]
}

export type PriceResult = Quote | PricingFailure
