/**
 * The pricing engine: `createRateBook(tables)` indexes rate tables once (cache the
 * result on the server), then `priceTrip(book, settings, trip, today)` prices a trip
 * with Map look-ups only. Pure: no clock, no I/O, no mutation of inputs, never throws
 * for bad business input (it returns `{ ok: false, problems }`).
 *
 * Rules are explained in docs/pricing.md.
 */
import {
	DEFAULT_AGE_BANDS,
	DEFAULT_GST_BP,
	DEFAULT_MEAL_PLAN,
	FERRY_ISLANDS,
	FERRY_OPERATOR_NAMES,
	HOME_ISLAND,
	ISLAND_SHORT_NAMES,
	ROAD_ISLANDS,
	VEHICLE_NAMES,
	VEHICLE_SEATS,
	VEHICLES,
} from './constants'
import { plural } from '~/lib/words.ts'
import { formatINR } from '~/lib/money.ts'
import { applyBp, divideRoundHalfUp } from './money'
import { ferryLineOpening, transferLineOpening } from './line-openings'
import { createSeasonCalendar } from './seasons'
import { fromDayNumber, toDayNumber } from '~/lib/dates.ts'
import type { SeasonCalendar } from './seasons'
import type {
	ActivityPrice,
	AgeBands,
	FerryFare,
	FerryPreference,
	HotelRate,
	HotelStay,
	HotelTier,
	IndexedHotel,
	Island,
	IsoDate,
	LineItem,
	LineKind,
	MealPlan,
	NightCharge,
	Paise,
	Price,
	PriceResult,
	PricingSettings,
	Problem,
	ProblemCode,
	RateBook,
	RateTables,
	RoomType,
	StayRequest,
	TransferUnit,
	TripRequest,
	Vehicle,
	VehicleCount,
} from './types'
import { isInt, isIsland, isMealPlan, isNonEmptyString, isOperator, isPrice, isRecord, isTier, validateSettings, validateTrip } from './validate'

// ─── Keys ────────────────────────────────────────────────────────────────────

export const hotelRateKey = (hotelId: string, roomTypeId: string, mealPlan: MealPlan, season: string) => `${hotelId}|${roomTypeId}|${mealPlan}|${season}`
export const islandTierKey = (island: Island, tier: HotelTier) => `${island}|${tier}`
export const routeKey = (from: Island, to: Island) => `${from}|${to}`
export const activityKey = (activity: string, island: Island, season: string) => `${activity}|${island}|${season}`
export const transferKey = (island: Island, unit: TransferUnit) => `${island}|${unit}`

// ─── createRateBook ──────────────────────────────────────────────────────────

function list<T>(x: readonly T[] | undefined): readonly T[] {
	return Array.isArray(x) ? x : []
}

/**
 * Indexes rate tables into Maps for O(1) look-ups. Invalid rows are skipped and
 * duplicate rows ignored (the first row wins); both are listed in `issues`.
 */
export function createRateBook(input: RateTables): RateBook {
	const issues: Problem[] = []
	const issue = (code: ProblemCode, message: string, extra: Partial<Problem> = {}) => {
		issues.push({ code, severity: 'warning', message, ...extra })
	}
	const tables: Partial<RateTables> = isRecord(input) ? input : {}
	if (!isRecord(input)) issue('INVALID_RATE_ROW', 'The rate tables are missing; the rate book is empty.')

	// Hotels and room types
	const hotels = new Map<string, IndexedHotel>()
	for (const [i, raw] of list(tables.hotels).entries()) {
		const h = raw as unknown
		if (
			!isRecord(h) ||
			!isNonEmptyString(h.id) ||
			!isNonEmptyString(h.name) ||
			!isIsland(h.island) ||
			!isTier(h.tier) ||
			typeof h.active !== 'boolean' ||
			!Array.isArray(h.roomTypes)
		) {
			issue('INVALID_RATE_ROW', `hotels[${i}] is not a valid hotel (id, name, island, tier, active, roomTypes).`, { field: `hotels[${i}]` })
			continue
		}
		if (hotels.has(h.id)) {
			issue('DUPLICATE_RATE', `Hotel "${h.id}" is listed twice; the first is used.`, { hotelId: h.id })
			continue
		}
		const roomTypes = new Map<string, RoomType>()
		for (const [j, rt] of (h.roomTypes as unknown[]).entries()) {
			if (
				!isRecord(rt) ||
				!isNonEmptyString(rt.id) ||
				!isNonEmptyString(rt.name) ||
				!isInt(rt.maxAdults, 1, 20) ||
				!isInt(rt.maxChildren, 0, 20) ||
				typeof rt.extraBedAllowed !== 'boolean'
			) {
				issue('INVALID_RATE_ROW', `Hotel "${h.id}" room type ${j} is not valid (id, name, maxAdults ≥ 1, maxChildren ≥ 0, extraBedAllowed).`, { hotelId: h.id })
				continue
			}
			if (roomTypes.has(rt.id)) {
				issue('DUPLICATE_RATE', `Hotel "${h.id}" lists room type "${rt.id}" twice; the first is used.`, { hotelId: h.id, roomTypeId: rt.id })
				continue
			}
			roomTypes.set(rt.id, rt as unknown as RoomType)
		}
		if (roomTypes.size === 0) {
			issue('INVALID_RATE_ROW', `Hotel "${h.id}" has no valid room type and is skipped.`, { hotelId: h.id })
			continue
		}
		if (h.defaultRoomTypeId !== undefined && !roomTypes.has(h.defaultRoomTypeId as string)) {
			issue('INVALID_RATE_ROW', `Hotel "${h.id}" default room type "${String(h.defaultRoomTypeId)}" does not exist; the cheapest room type will be used.`, {
				hotelId: h.id,
			})
		}
		hotels.set(h.id, { hotel: raw, roomTypes })
	}
	const hotelsByIslandTier = new Map<string, IndexedHotel[]>()
	for (const ih of [...hotels.values()].sort((a, b) => compareStrings(a.hotel.id, b.hotel.id))) {
		const key = islandTierKey(ih.hotel.island, ih.hotel.tier)
		const bucket = hotelsByIslandTier.get(key)
		if (bucket) bucket.push(ih)
		else hotelsByIslandTier.set(key, [ih])
	}

	// Hotel rates
	const hotelRates = new Map<string, HotelRate>()
	for (const [i, r] of list(tables.hotelRates).entries()) {
		const row = r as unknown
		if (
			!isRecord(row) ||
			!isNonEmptyString(row.hotelId) ||
			!isNonEmptyString(row.roomTypeId) ||
			!isMealPlan(row.mealPlan) ||
			!isNonEmptyString(row.season) ||
			!isPrice(row.double) ||
			!isPrice(row.extraAdult) ||
			!isPrice(row.childWithBed) ||
			!isPrice(row.childWithoutBed)
		) {
			issue('INVALID_RATE_ROW', `hotelRates[${i}] is not a valid rate row.`, { field: `hotelRates[${i}]` })
			continue
		}
		const ih = hotels.get(row.hotelId)
		if (!ih || !ih.roomTypes.has(row.roomTypeId)) {
			issue('INVALID_RATE_ROW', `hotelRates[${i}] refers to unknown hotel/room type "${row.hotelId}"/"${row.roomTypeId}".`, {
				field: `hotelRates[${i}]`,
				hotelId: row.hotelId,
				roomTypeId: row.roomTypeId,
			})
			continue
		}
		const key = hotelRateKey(row.hotelId, row.roomTypeId, row.mealPlan, row.season)
		if (hotelRates.has(key)) {
			issue('DUPLICATE_RATE', `Two rates for ${row.hotelId}/${row.roomTypeId} ${row.mealPlan} in season "${row.season}"; the first is used.`, {
				hotelId: row.hotelId,
				roomTypeId: row.roomTypeId,
				mealPlan: row.mealPlan,
				season: row.season,
			})
			continue
		}
		hotelRates.set(key, r)
	}

	// Ferry fares
	const ferryFares = new Map<string, FerryFare[]>()
	const seenFares = new Set<string>()
	for (const [i, f] of list(tables.ferryFares).entries()) {
		const row = f as unknown
		if (
			!isRecord(row) ||
			!isOperator(row.operator) ||
			!isIsland(row.from) ||
			!isIsland(row.to) ||
			row.from === row.to ||
			!isNonEmptyString(row.class) ||
			!isPrice(row.adult) ||
			!isPrice(row.infant) ||
			(row.child !== undefined && !isPrice(row.child)) ||
			!Array.isArray(row.departures) ||
			!row.departures.every((d) => typeof d === 'string')
		) {
			issue('INVALID_RATE_ROW', `ferryFares[${i}] is not a valid fare row.`, { field: `ferryFares[${i}]` })
			continue
		}
		const id = `${row.operator}|${row.from}|${row.to}|${row.class}`
		if (seenFares.has(id)) {
			issue('DUPLICATE_RATE', `Two ${row.operator} ${row.class} fares for ${row.from} → ${row.to}; the first is used.`, { from: row.from, to: row.to })
			continue
		}
		seenFares.add(id)
		const key = routeKey(row.from, row.to)
		const bucket = ferryFares.get(key)
		if (bucket) bucket.push(f)
		else ferryFares.set(key, [f])
	}
	for (const fares of ferryFares.values()) {
		fares.sort((a, b) => a.adult.sell - b.adult.sell || compareStrings(a.operator, b.operator) || compareStrings(a.class, b.class))
	}

	// Activity prices
	const activityPrices = new Map<string, ActivityPrice>()
	for (const [i, a] of list(tables.activityPrices).entries()) {
		const row = a as unknown
		const valid =
			isRecord(row) &&
			isNonEmptyString(row.activity) &&
			isIsland(row.island) &&
			isNonEmptyString(row.season) &&
			(row.name === undefined || isNonEmptyString(row.name)) &&
			((row.unit === 'per_person' && isPrice(row.adult) && isPrice(row.child)) ||
				(row.unit === 'per_group' && isInt(row.groupSize, 1, 100) && isPrice(row.group)))
		if (!valid) {
			issue('INVALID_RATE_ROW', `activityPrices[${i}] is not a valid activity price row.`, { field: `activityPrices[${i}]` })
			continue
		}
		const key = activityKey(a.activity, a.island, a.season)
		if (activityPrices.has(key)) {
			issue('DUPLICATE_RATE', `Two prices for ${a.activity} on ${a.island} in season "${a.season}"; the first is used.`, {
				activity: a.activity,
				island: a.island,
				season: a.season,
			})
			continue
		}
		activityPrices.set(key, a)
	}

	// Transfer rates
	const transferRates = new Map<string, Map<Vehicle, Price>>()
	for (const [i, t] of list(tables.transferRates).entries()) {
		const row = t as unknown
		if (
			!isRecord(row) ||
			!isIsland(row.island) ||
			!(VEHICLES as readonly unknown[]).includes(row.vehicle) ||
			(row.unit !== 'per_transfer' && row.unit !== 'per_day') ||
			!isPrice(row.price)
		) {
			issue('INVALID_RATE_ROW', `transferRates[${i}] is not a valid transfer rate row.`, { field: `transferRates[${i}]` })
			continue
		}
		const key = transferKey(t.island, t.unit)
		let byVehicle = transferRates.get(key)
		if (!byVehicle) {
			byVehicle = new Map()
			transferRates.set(key, byVehicle)
		}
		if (byVehicle.has(t.vehicle)) {
			issue('DUPLICATE_RATE', `Two ${t.unit} rates for a ${t.vehicle} on ${t.island}; the first is used.`, { island: t.island })
			continue
		}
		byVehicle.set(t.vehicle, t.price)
	}

	return { hotels, hotelsByIslandTier, hotelRates, ferryFares, activityPrices, transferRates, issues }
}

// ─── Helpers ─────────────────────────────────────────────────────────────────

function compareStrings(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0
}

function addPrice(total: Price, p: Price, times: number): void {
	total.sell += p.sell * times
	total.cost += p.cost * times
}

/** Adults, children and infants after applying the age bands to the party. */
export interface Travellers {
	adults: number
	children: number
	infants: number
}

/**
 * Classifies a party by age band: an age ≤ infantMaxAge is an infant, ≤ childMaxAge a
 * child, otherwise an adult (a 12-year-old is an adult with the default bands).
 */
export function classifyParty(adults: number, childAges: readonly number[], infants: number, bands: AgeBands = DEFAULT_AGE_BANDS): Travellers {
	const out = { adults, children: 0, infants }
	for (const age of childAges) {
		if (age <= bands.infantMaxAge) out.infants++
		else if (age <= bands.childMaxAge) out.children++
		else out.adults++
	}
	return out
}

/** The smallest vehicle that fits; parties larger than the biggest vehicle get several. */
export function selectVehicles(passengers: number, available: ReadonlyMap<Vehicle, Price> | undefined): VehicleCount[] | null {
	if (!available) return null
	const sizes = VEHICLES.filter((v) => available.has(v))
	const largest = sizes[sizes.length - 1]
	if (largest === undefined) return null
	const counts = new Map<Vehicle, number>()
	let remaining = Math.max(1, passengers)
	while (remaining > 0) {
		const fit = sizes.find((v) => VEHICLE_SEATS[v] >= remaining)
		const pick = fit ?? largest
		counts.set(pick, (counts.get(pick) ?? 0) + 1)
		remaining -= VEHICLE_SEATS[pick]
	}
	// Largest first, e.g. "1 tempo traveller + 1 sedan".
	return [...VEHICLES].reverse().flatMap((vehicle) => {
		const count = counts.get(vehicle)
		return count ? [{ vehicle, count }] : []
	})
}

/** How many people sleep in one room before applying a room type. */
interface RoomLoad {
	adults: number
	children: number
}

/**
 * Spreads adults evenly over the rooms (the first rooms take the odd ones), then puts
 * each child in the room with the fewest people so far (lowest room number on a tie).
 */
export function distributeParty(adults: number, children: number, rooms: number): RoomLoad[] {
	const base = Math.floor(adults / rooms)
	const odd = adults % rooms
	const load: RoomLoad[] = []
	for (let i = 0; i < rooms; i++) load.push({ adults: base + (i < odd ? 1 : 0), children: 0 })
	for (let c = 0; c < children; c++) {
		let best = 0
		for (let i = 1; i < rooms; i++) {
			const a = load[i] as RoomLoad
			const b = load[best] as RoomLoad
			if (a.adults + a.children < b.adults + b.children) best = i
		}
		const room = load[best] as RoomLoad
		room.children++
	}
	return load
}

/** Totals across all rooms: who is charged at which rate. */
export interface Occupancy {
	adultsInBase: number
	extraAdults: number
	childrenInBase: number
	childrenWithoutBed: number
	childrenWithBed: number
}

/**
 * Applies a room type to the room loads. Per room: up to 2 adults at the base (double)
 * rate, the 3rd adult onwards on extra beds (needs extraBedAllowed, limited by
 * maxAdults). Children first fill an empty base place (free), then the first remaining
 * child shares the beds (child without bed), further children get an extra bed (child
 * with bed, needs extraBedAllowed). Children above maxChildren do not fit.
 */
export function fitRoomType(loads: readonly RoomLoad[], rt: RoomType): { ok: true; occupancy: Occupancy } | { ok: false; reason: string } {
	const occ: Occupancy = { adultsInBase: 0, extraAdults: 0, childrenInBase: 0, childrenWithoutBed: 0, childrenWithBed: 0 }
	for (const room of loads) {
		if (room.adults > rt.maxAdults) {
			return { ok: false, reason: `${rt.name} takes at most ${plural(rt.maxAdults, 'adult')}; ${room.adults} would share a room` }
		}
		const extra = Math.max(0, room.adults - 2)
		if (extra > 0 && !rt.extraBedAllowed) {
			return { ok: false, reason: `${rt.name} has no extra bed for a third adult` }
		}
		if (room.children > rt.maxChildren) {
			return { ok: false, reason: `${rt.name} takes at most ${plural(rt.maxChildren, 'child', 'children')}; ${room.children} would share a room` }
		}
		const inBase = Math.min(room.children, Math.max(0, 2 - room.adults))
		const rest = room.children - inBase
		const withoutBed = Math.min(rest, 1)
		const withBed = rest - withoutBed
		if (withBed > 0 && !rt.extraBedAllowed) {
			return { ok: false, reason: `${rt.name} has no extra bed for a second child` }
		}
		occ.adultsInBase += room.adults - extra
		occ.extraAdults += extra
		occ.childrenInBase += inBase
		occ.childrenWithoutBed += withoutBed
		occ.childrenWithBed += withBed
	}
	return { ok: true, occupancy: occ }
}

interface SeasonedNight {
	date: IsoDate
	season: string
}

type NightsPrice = { ok: true; sell: Paise; cost: Paise; breakdown: NightCharge[] } | { ok: false; missing: SeasonedNight[] }

function priceNights(
	book: RateBook,
	hotelId: string,
	roomTypeId: string,
	mealPlan: MealPlan,
	nights: readonly SeasonedNight[],
	rooms: number,
	occ: Occupancy,
): NightsPrice {
	const breakdown: NightCharge[] = []
	const missing: SeasonedNight[] = []
	let sell = 0
	let cost = 0
	for (const night of nights) {
		const rate = book.hotelRates.get(hotelRateKey(hotelId, roomTypeId, mealPlan, night.season))
		if (!rate) {
			missing.push(night)
			continue
		}
		const p: Price = { sell: 0, cost: 0 }
		addPrice(p, rate.double, rooms)
		addPrice(p, rate.extraAdult, occ.extraAdults)
		addPrice(p, rate.childWithoutBed, occ.childrenWithoutBed)
		addPrice(p, rate.childWithBed, occ.childrenWithBed)
		breakdown.push({ date: night.date, season: night.season, sell: p.sell, cost: p.cost })
		sell += p.sell
		cost += p.cost
	}
	return missing.length > 0 ? { ok: false, missing } : { ok: true, sell, cost, breakdown }
}

function activityName(price: ActivityPrice): string {
	if (price.name) return price.name
	const words = price.activity.replace(/-/g, ' ')
	return words.charAt(0).toUpperCase() + words.slice(1)
}

function capitalise(s: string): string {
	return s.charAt(0).toUpperCase() + s.slice(1)
}

const KIND_ORDER: Readonly<Record<LineKind, number>> = { ferry: 0, transfer: 1, hotel: 2, activity: 3, other: 4 }

// ─── priceTrip ───────────────────────────────────────────────────────────────

interface PlannedStay {
	index: number
	stay: StayRequest
	checkInDay: number
	dates: IsoDate[]
}

interface Visit {
	island: Island
	arriveDay: number
	leaveDay: number
	nights: number
}

interface RoomChoiceFailure {
	ok: false
	capacity: { rt: RoomType; reason: string } | null
	missing: { rt: RoomType; missing: SeasonedNight[] } | null
}

type RoomChoice = { ok: true; candidate: Candidate } | RoomChoiceFailure

interface Candidate {
	ih: IndexedHotel
	rt: RoomType
	occupancy: Occupancy
	sell: Paise
	cost: Paise
	breakdown: NightCharge[]
}

class Pricing {
	readonly lines: LineItem[] = []
	readonly errors: Problem[] = []
	readonly warnings: Problem[] = []
	private readonly seen = new Set<string>()
	readonly startDay: number
	readonly endDay: number
	readonly totalNights: number
	readonly travellers: Travellers
	readonly paying: number
	readonly rooms: number
	readonly defaultMealPlan: MealPlan
	/** Island of each night of the trip, by offset from the start date. */
	readonly nightIsland: Island[] = []
	readonly stays: PlannedStay[] = []

	constructor(
		readonly book: RateBook,
		readonly settings: PricingSettings,
		readonly calendar: SeasonCalendar,
		readonly trip: TripRequest,
		bands: AgeBands,
	) {
		this.travellers = classifyParty(trip.party.adults, trip.party.childAges, trip.party.infants, bands)
		this.paying = this.travellers.adults + this.travellers.children
		this.rooms = trip.party.rooms
		this.defaultMealPlan = settings.defaultMealPlan ?? DEFAULT_MEAL_PLAN
		this.startDay = toDayNumber(trip.startDate) as number
		let day = this.startDay
		trip.stays.forEach((stay, index) => {
			const dates: IsoDate[] = []
			for (let n = 0; n < stay.nights; n++) {
				dates.push(fromDayNumber(day + n))
				this.nightIsland.push(stay.island)
			}
			this.stays.push({ index, stay, checkInDay: day, dates })
			day += stay.nights
		})
		this.endDay = day
		this.totalNights = day - this.startDay
	}

	add(p: Omit<Problem, 'severity'>, severity: Problem['severity'] = 'error'): void {
		const problem: Problem = { ...p, severity }
		const key = JSON.stringify(problem)
		if (this.seen.has(key)) return
		this.seen.add(key)
		if (severity === 'error') this.errors.push(problem)
		else this.warnings.push(problem)
	}

	date(day: number): IsoDate {
		return fromDayNumber(day)
	}

	/** Season of each night (day numbers from firstDay), or null after reporting NO_SEASON_FOR_DATE. */
	seasonsFor(firstDay: number, count: number): SeasonedNight[] | null {
		const out: SeasonedNight[] = []
		let ok = true
		for (let day = firstDay; day < firstDay + count; day++) {
			const date = this.date(day)
			const season = this.calendar.seasonOfDay(day)
			if (season === null) {
				this.add({ code: 'NO_SEASON_FOR_DATE', date, message: `No season covers ${date}; add it to a season in the settings.` })
				ok = false
			} else out.push({ date, season })
		}
		return ok ? out : null
	}

	// ── Hotels

	priceHotels(): void {
		for (const ps of this.stays) {
			const nights = this.seasonsFor(ps.checkInDay, ps.dates.length)
			if (!nights) continue
			const mealPlan = ps.stay.mealPlan ?? this.defaultMealPlan
			if ('hotelId' in ps.stay && ps.stay.hotelId !== undefined) this.priceNamedHotel(ps, ps.stay, nights, mealPlan)
			else this.priceTier(ps, (ps.stay as { tier: HotelTier }).tier, nights, mealPlan)
		}
	}

	/**
	 * Picks a room type in one hotel: the named one; else the hotel's default room type
	 * when it fits the party and has a rate for every night; else the cheapest room type
	 * that does. On failure, reports why (default room type first).
	 */
	private chooseRoom(ih: IndexedHotel, named: RoomType | null, loads: readonly RoomLoad[], nights: readonly SeasonedNight[], mealPlan: MealPlan): RoomChoice {
		const defId = ih.hotel.defaultRoomTypeId
		const def = defId === undefined ? undefined : ih.roomTypes.get(defId)
		const order = named ? [named] : def ? [def, ...[...ih.roomTypes.values()].filter((rt) => rt !== def)] : [...ih.roomTypes.values()]
		let best: Candidate | null = null
		let capacity: RoomChoiceFailure['capacity'] = null
		let missing: RoomChoiceFailure['missing'] = null
		for (const rt of order) {
			const fit = fitRoomType(loads, rt)
			if (!fit.ok) {
				capacity ??= { rt, reason: fit.reason }
				continue
			}
			const priced = priceNights(this.book, ih.hotel.id, rt.id, mealPlan, nights, this.rooms, fit.occupancy)
			if (!priced.ok) {
				missing ??= { rt, missing: priced.missing }
				continue
			}
			const cand: Candidate = { ih, rt, occupancy: fit.occupancy, sell: priced.sell, cost: priced.cost, breakdown: priced.breakdown }
			if (rt === def) return { ok: true, candidate: cand }
			if (this.better(cand, best)) best = cand
		}
		return best ? { ok: true, candidate: best } : { ok: false, capacity, missing }
	}

	/** Cheaper sell wins; ties go to the lower hotel id, then room type id (deterministic). */
	private better(a: Candidate, b: Candidate | null): boolean {
		if (!b) return true
		return a.sell < b.sell || (a.sell === b.sell && (compareStrings(a.ih.hotel.id, b.ih.hotel.id) || compareStrings(a.rt.id, b.rt.id)) < 0)
	}

	private priceTier(ps: PlannedStay, tier: HotelTier, nights: SeasonedNight[], mealPlan: MealPlan): void {
		const island = ps.stay.island
		const where = ISLAND_SHORT_NAMES[island]
		const hotels = (this.book.hotelsByIslandTier.get(islandTierKey(island, tier)) ?? []).filter((ih) => ih.hotel.active)
		if (hotels.length === 0) {
			this.add({ code: 'NO_HOTEL_FOR_TIER', island, tier, stayIndex: ps.index, message: `No active ${tier} hotel on ${where}.` })
			return
		}
		const loads = distributeParty(this.travellers.adults, this.travellers.children, this.rooms)
		let best: Candidate | null = null
		let capacityReason: string | null = null
		let rateReason: string | null = null
		for (const ih of hotels) {
			const choice = this.chooseRoom(ih, null, loads, nights, mealPlan)
			if (choice.ok) {
				if (this.better(choice.candidate, best)) best = choice.candidate
				continue
			}
			if (choice.missing) {
				const m = choice.missing.missing[0] as SeasonedNight
				rateReason ??= `${ih.hotel.name} has no ${mealPlan} rate for ${m.date} (${m.season})`
			} else if (choice.capacity) {
				capacityReason ??= `${ih.hotel.name}: ${choice.capacity.reason}`
			}
		}
		if (best) {
			this.pushHotelLine(ps, best, mealPlan, 'tier')
		} else if (rateReason === null) {
			this.add({
				code: 'TOO_MANY_PEOPLE_FOR_ROOMS',
				island,
				tier,
				stayIndex: ps.index,
				message: `No ${tier} room on ${where} fits ${this.partyText()} in ${plural(this.rooms, 'room')} (${capacityReason ?? 'no room type'}). Add rooms.`,
			})
		} else {
			this.add({
				code: 'NO_HOTEL_FOR_TIER',
				island,
				tier,
				mealPlan,
				stayIndex: ps.index,
				message: `No active ${tier} hotel on ${where} can be priced for every night on ${mealPlan} (${rateReason}).`,
			})
		}
	}

	private priceNamedHotel(ps: PlannedStay, stay: HotelStay, nights: SeasonedNight[], mealPlan: MealPlan): void {
		const ih = this.book.hotels.get(stay.hotelId)
		const base = { hotelId: stay.hotelId, stayIndex: ps.index, island: stay.island }
		if (!ih) {
			this.add({ code: 'UNKNOWN_HOTEL', ...base, message: `Hotel "${stay.hotelId}" is not in the rate tables.` })
			return
		}
		const hotel = ih.hotel
		if (hotel.island !== stay.island) {
			this.add({
				code: 'HOTEL_NOT_ON_ISLAND',
				...base,
				message: `${hotel.name} is on ${ISLAND_SHORT_NAMES[hotel.island]}, not ${ISLAND_SHORT_NAMES[stay.island]}.`,
			})
			return
		}
		if (!hotel.active) {
			this.add({ code: 'HOTEL_INACTIVE', ...base, message: `${hotel.name} is inactive and cannot be booked.` })
			return
		}
		let named: RoomType | null = null
		if (stay.roomTypeId !== undefined) {
			named = ih.roomTypes.get(stay.roomTypeId) ?? null
			if (!named) {
				this.add({ code: 'UNKNOWN_ROOM_TYPE', ...base, roomTypeId: stay.roomTypeId, message: `${hotel.name} has no room type "${stay.roomTypeId}".` })
				return
			}
		}
		const loads = distributeParty(this.travellers.adults, this.travellers.children, this.rooms)
		const choice = this.chooseRoom(ih, named, loads, nights, mealPlan)
		if (choice.ok) {
			this.pushHotelLine(ps, choice.candidate, mealPlan, 'hotel')
		} else if (choice.missing) {
			const { rt, missing } = choice.missing
			for (const m of missing) {
				this.add({
					code: 'NO_RATE_FOR_NIGHT',
					...base,
					roomTypeId: rt.id,
					mealPlan,
					date: m.date,
					season: m.season,
					message: `${hotel.name} (${rt.name}) has no ${mealPlan} rate for the night of ${m.date} (${m.season} season).`,
				})
			}
		} else if (choice.capacity) {
			this.add({
				code: 'TOO_MANY_PEOPLE_FOR_ROOMS',
				...base,
				roomTypeId: choice.capacity.rt.id,
				message: `${capitalise(this.partyText())} do not fit in ${plural(this.rooms, 'room')} at ${hotel.name}: ${choice.capacity.reason}. Add rooms.`,
			})
		}
	}

	private partyText(): string {
		const { adults, children, infants } = this.travellers
		const parts = [plural(adults, 'adult')]
		if (children) parts.push(plural(children, 'child', 'children'))
		if (infants) parts.push(plural(infants, 'infant'))
		return parts.join(', ')
	}

	/**
	 * One stay, one line: a stay that continues the previous line's (the night after it, same hotel, room
	 * type and meal plan, e.g. a night named by hotel after a night picked by tier that chose the same hotel)
	 * joins that line, so two nights read "× 2 nights" with their real dates, never two one-night lines.
	 */
	private pushHotelLine(ps: PlannedStay, c: Candidate, mealPlan: MealPlan, selectedBy: 'tier' | 'hotel'): void {
		const previous = this.lines.at(-1)
		const first = ps.dates[0]
		if (previous?.kind === 'hotel' && first !== undefined && toDayNumber(first) === (toDayNumber(previous.dates.at(-1)!) as number) + 1) {
			const d = previous.details
			const same =
				d.hotelId === c.ih.hotel.id &&
				d.roomTypeId === c.rt.id &&
				d.mealPlan === mealPlan &&
				d.extraAdults === c.occupancy.extraAdults &&
				d.childrenInBase === c.occupancy.childrenInBase &&
				d.childrenWithoutBed === c.occupancy.childrenWithoutBed &&
				d.childrenWithBed === c.occupancy.childrenWithBed
			if (same) {
				this.lines.pop()
				const joined: Candidate = { ...c, sell: previous.sell + c.sell, cost: previous.cost + c.cost, breakdown: [...d.breakdown, ...c.breakdown] }
				this.lines.push(this.hotelLine([...previous.dates, ...ps.dates], joined, mealPlan, d.selectedBy))
				return
			}
		}
		this.lines.push(this.hotelLine(ps.dates, c, mealPlan, selectedBy))
	}

	private hotelLine(dates: IsoDate[], c: Candidate, mealPlan: MealPlan, selectedBy: 'tier' | 'hotel'): LineItem {
		const { hotel } = c.ih
		const o = c.occupancy
		const nights = dates.length
		const extras: string[] = []
		if (o.extraAdults) extras.push(`${plural(o.extraAdults, 'extra adult')} (extra bed)`)
		if (o.childrenInBase) extras.push(`${plural(o.childrenInBase, 'child', 'children')} in a free base place`)
		if (o.childrenWithoutBed) extras.push(`${plural(o.childrenWithoutBed, 'child', 'children')} without bed`)
		if (o.childrenWithBed) extras.push(`${plural(o.childrenWithBed, 'child', 'children')} with bed`)
		if (this.travellers.infants) extras.push(`${plural(this.travellers.infants, 'infant')} free`)
		const seasons = [...new Set(c.breakdown.map((n) => n.season))].join(' + ')
		return {
			kind: 'hotel',
			description:
				`${hotel.name}, ${ISLAND_SHORT_NAMES[hotel.island]}: ${c.rt.name}, ${mealPlan}, ${plural(this.rooms, 'room')} × ${plural(nights, 'night')} (${seasons})` +
				(extras.length ? `; ${extras.join(', ')}` : ''),
			island: hotel.island,
			dates,
			cost: c.cost,
			sell: c.sell,
			details: {
				hotelId: hotel.id,
				hotelName: hotel.name,
				tier: hotel.tier,
				roomTypeId: c.rt.id,
				roomTypeName: c.rt.name,
				mealPlan,
				selectedBy,
				rooms: this.rooms,
				nights,
				adultsInBase: o.adultsInBase,
				extraAdults: o.extraAdults,
				childrenInBase: o.childrenInBase,
				childrenWithoutBed: o.childrenWithoutBed,
				childrenWithBed: o.childrenWithBed,
				infants: this.travellers.infants,
				breakdown: c.breakdown,
			},
		}
	}

	// ── Island visits, ferries and transfers

	/**
	 * Consecutive stays on one island form a visit. Port Blair is added at the start
	 * and/or end as a pass-through (0 nights) when the trip does not sleep there.
	 */
	visits(): Visit[] {
		const visits: Visit[] = []
		for (const ps of this.stays) {
			const last = visits[visits.length - 1]
			if (last && last.island === ps.stay.island) {
				last.nights += ps.stay.nights
				last.leaveDay += ps.stay.nights
			} else {
				visits.push({ island: ps.stay.island, arriveDay: ps.checkInDay, leaveDay: ps.checkInDay + ps.stay.nights, nights: ps.stay.nights })
			}
		}
		const first = visits[0]
		if (first && first.island !== HOME_ISLAND) visits.unshift({ island: HOME_ISLAND, arriveDay: this.startDay, leaveDay: this.startDay, nights: 0 })
		const last = visits[visits.length - 1]
		if (last && last.island !== HOME_ISLAND) visits.push({ island: HOME_ISLAND, arriveDay: this.endDay, leaveDay: this.endDay, nights: 0 })
		return visits
	}

	priceFerries(visits: readonly Visit[]): void {
		const pref: FerryPreference = this.trip.ferry ?? {}
		for (let i = 0; i + 1 < visits.length; i++) {
			const from = (visits[i] as Visit).island
			const to = (visits[i + 1] as Visit).island
			const date = this.date((visits[i + 1] as Visit).arriveDay)
			const route = `${ISLAND_SHORT_NAMES[from]} → ${ISLAND_SHORT_NAMES[to]}`
			if (FERRY_ISLANDS.has(from) && FERRY_ISLANDS.has(to)) {
				this.priceFerryLeg(from, to, date, pref)
				continue
			}
			const roadLeg =
				(ROAD_ISLANDS.has(from) && (to === HOME_ISLAND || ROAD_ISLANDS.has(to))) || (ROAD_ISLANDS.has(to) && (from === HOME_ISLAND || ROAD_ISLANDS.has(from)))
			if (roadLeg) {
				if (this.trip.transfers === 'none') {
					this.add({ code: 'TRAVEL_NOT_PRICED', from, to, date, message: `Road journey ${route} on ${date} is not included (transfers: none).` }, 'warning')
				}
			} else {
				this.add(
					{
						code: 'TRAVEL_NOT_PRICED',
						from,
						to,
						date,
						message: `${route} on ${date} has no ferry or road fare in the engine (government ship or a Port Blair hop); add it as an extra line.`,
					},
					'warning',
				)
			}
		}
	}

	private priceFerryLeg(from: Island, to: Island, date: IsoDate, pref: FerryPreference): void {
		const fares = (this.book.ferryFares.get(routeKey(from, to)) ?? []).filter(
			(f) => (pref.operator === undefined || f.operator === pref.operator) && (pref.class === undefined || f.class === pref.class),
		)
		const fare = pref.operator === undefined ? (fares.find((f) => f.operator !== 'government') ?? fares[0]) : fares[0]
		const route = `${ISLAND_SHORT_NAMES[from]} → ${ISLAND_SHORT_NAMES[to]}`
		if (!fare) {
			const wanted = [pref.operator ? FERRY_OPERATOR_NAMES[pref.operator] : null, pref.class].filter(Boolean).join(' ')
			this.add({ code: 'NO_FERRY_FARE', from, to, date, message: `No ${wanted ? `${wanted} ` : ''}ferry fare for ${route} (needed on ${date}).` })
			return
		}
		const { adults, children, infants } = this.travellers
		const childPrice = fare.child ?? fare.adult
		const p: Price = { sell: 0, cost: 0 }
		addPrice(p, fare.adult, adults)
		addPrice(p, childPrice, children)
		addPrice(p, fare.infant, infants)
		const who = [plural(adults, 'adult')]
		if (children) who.push(`${plural(children, 'child', 'children')}${fare.child ? ' (child fare)' : ' (adult fare)'}`)
		if (infants) who.push(plural(infants, 'infant'))
		this.lines.push({
			kind: 'ferry',
			description: `${ferryLineOpening({ ...fare, from, to })} ${who.join(', ')}`,
			island: from,
			dates: [date],
			cost: p.cost,
			sell: p.sell,
			details: {
				operator: fare.operator,
				class: fare.class,
				from,
				to,
				adults,
				children,
				infants,
				childFare: fare.child !== undefined,
				departures: [...fare.departures],
			},
		})
	}

	/** Seats needed in a car: adults and children; infants travel on a lap. */
	private passengers(): number {
		return this.travellers.adults + this.travellers.children
	}

	private pushTransferLine(island: Island, unit: TransferUnit, count: number, dates: IsoDate[]): void {
		const rates = this.book.transferRates.get(transferKey(island, unit))
		const pax = this.passengers()
		const vehicles = selectVehicles(pax, rates)
		const what = unit === 'per_transfer' ? 'transfer' : 'day'
		if (!vehicles || !rates) {
			this.add({
				code: 'NO_TRANSFER_RATE',
				island,
				date: dates[0],
				message: `No ${unit === 'per_transfer' ? 'per-transfer' : 'per-day'} vehicle rate on ${ISLAND_SHORT_NAMES[island]}.`,
			})
			return
		}
		const perUnit: Price = { sell: 0, cost: 0 }
		for (const v of vehicles) addPrice(perUnit, rates.get(v.vehicle) as Price, v.count)
		const fleet = vehicles.map((v) => plural(v.count, VEHICLE_NAMES[v.vehicle])).join(' + ')
		const mode = unit === 'per_transfer' ? 'airport-and-jetty' : 'daily-cab'
		this.lines.push({
			kind: 'transfer',
			description: `${transferLineOpening(island, unit)} ${plural(count, what)} × ${fleet} (${plural(pax, 'passenger')})`,
			island,
			dates,
			cost: perUnit.cost * count,
			sell: perUnit.sell * count,
			details: { mode, unit, count, vehicles, passengers: pax },
		})
	}

	priceTransfers(visits: readonly Visit[]): void {
		if (this.trip.transfers === 'airport-and-jetty') {
			for (const v of visits) {
				const dates = v.nights > 0 ? [this.date(v.arriveDay), this.date(v.leaveDay)] : [this.date(v.arriveDay)]
				this.pushTransferLine(v.island, 'per_transfer', dates.length, dates)
			}
		} else if (this.trip.transfers === 'daily-cab') {
			let runIsland: Island | null = null
			let runDates: IsoDate[] = []
			const flush = () => {
				if (runIsland !== null) this.pushTransferLine(runIsland, 'per_day', runDates.length, runDates)
			}
			for (let offset = 0; offset <= this.totalNights; offset++) {
				const island = offset < this.totalNights ? (this.nightIsland[offset] as Island) : HOME_ISLAND
				if (island !== runIsland) {
					flush()
					runIsland = island
					runDates = []
				}
				runDates.push(this.date(this.startDay + offset))
			}
			flush()
		}
	}

	// ── Activities

	private islandsOnDay(offset: number): Set<Island> {
		const islands = new Set<Island>()
		if (offset < this.totalNights) islands.add(this.nightIsland[offset] as Island)
		if (offset > 0) islands.add(this.nightIsland[offset - 1] as Island)
		if (offset === 0 || offset === this.totalNights) islands.add(HOME_ISLAND)
		return islands
	}

	priceActivities(): void {
		for (const [i, a] of (this.trip.activities ?? []).entries()) {
			const day = a.date !== undefined ? (toDayNumber(a.date) as number) : this.startDay + (a.dayIndex as number)
			const date = this.date(day)
			const base = { activity: a.activity, island: a.island, date }
			if (day < this.startDay || day > this.endDay) {
				this.add({
					code: 'ACTIVITY_OUTSIDE_TRIP',
					...base,
					field: `activities[${i}]`,
					message: `${a.activity} on ${date} is outside the trip (${this.date(this.startDay)} to ${this.date(this.endDay)}).`,
				})
				continue
			}
			const seasons = this.seasonsFor(day, 1)
			const season = seasons?.[0]?.season
			if (season === undefined) continue
			const price = this.book.activityPrices.get(activityKey(a.activity, a.island, season))
			if (!price) {
				this.add({
					code: 'NO_ACTIVITY_PRICE',
					...base,
					season,
					message: `No price for ${a.activity} on ${ISLAND_SHORT_NAMES[a.island]} in the ${season} season (${date}).`,
				})
				continue
			}
			const present = this.islandsOnDay(day - this.startDay)
			if (!present.has(a.island) && !(ROAD_ISLANDS.has(a.island) && present.has(HOME_ISLAND))) {
				this.add(
					{
						code: 'ACTIVITY_NOT_ON_ISLAND',
						...base,
						message: `${activityName(price)} is on ${ISLAND_SHORT_NAMES[a.island]} but on ${date} the party is on ${[...present].map((x) => ISLAND_SHORT_NAMES[x]).join(' / ')}.`,
					},
					'warning',
				)
			}
			const adults = a.adults ?? this.travellers.adults
			const children = a.children ?? this.travellers.children
			const infants = this.travellers.infants
			const p: Price = { sell: 0, cost: 0 }
			let groups: number | undefined
			if (price.unit === 'per_person') {
				addPrice(p, price.adult, adults)
				addPrice(p, price.child, children)
			} else {
				groups = Math.ceil((adults + children) / price.groupSize)
				addPrice(p, price.group, groups)
			}
			const who = [plural(adults, 'adult')]
			if (children) who.push(plural(children, 'child', 'children'))
			if (infants) who.push(`${plural(infants, 'infant')} free`)
			const unitText = groups === undefined ? '' : ` (${plural(groups, 'group')} of up to ${price.unit === 'per_group' ? price.groupSize : 0})`
			this.lines.push({
				kind: 'activity',
				description: `${activityName(price)}, ${ISLAND_SHORT_NAMES[a.island]}: ${who.join(', ')}${unitText}`,
				island: a.island,
				dates: [date],
				cost: p.cost,
				sell: p.sell,
				details: { activity: a.activity, season, unit: price.unit, adults, children, infants, ...(groups === undefined ? {} : { groups }) },
			})
		}
	}

	// ── Extras

	priceExtras(): void {
		for (const e of this.trip.extras ?? []) {
			const quantity = e.quantity ?? 1
			this.lines.push({
				kind: 'other',
				description: quantity === 1 ? e.description : `${e.description} × ${quantity}`,
				island: e.island ?? null,
				dates: e.date === undefined ? [] : [e.date],
				cost: e.unit.cost * quantity,
				sell: e.unit.sell * quantity,
				details: { quantity },
			})
		}
	}
}

/**
 * Prices a trip. `today` is the caller's current date (the engine never reads the
 * clock); a start date before it is DATE_IN_PAST.
 *
 * Returns a Quote (`ok: true`, warnings in `problems`) or `{ ok: false, problems }`
 * listing every error found. Never throws for bad input.
 */
export function priceTrip(book: RateBook, settings: PricingSettings, trip: TripRequest, today: IsoDate): PriceResult {
	const settingsProblems = validateSettings(settings)
	if (settingsProblems.length > 0) return { ok: false, problems: settingsProblems }
	const bands = settings.ageBands ?? DEFAULT_AGE_BANDS
	const inputProblems = validateTrip(trip, today, (ages, adults, infants) => classifyParty(adults, ages, infants, bands))
	if (inputProblems.length > 0) return { ok: false, problems: inputProblems }

	const calendar = createSeasonCalendar(settings.seasons)
	const run = new Pricing(book, settings, calendar, trip, bands)
	const todayDay = toDayNumber(today) as number
	if (run.startDay < todayDay) {
		run.add({ code: 'DATE_IN_PAST', date: trip.startDate, message: `The trip starts on ${trip.startDate}, before today (${today}).` })
	}

	run.priceHotels()
	const visits = run.visits()
	run.priceFerries(visits)
	if (trip.transfers !== 'none') run.priceTransfers(visits)
	run.priceActivities()
	run.priceExtras()

	if (run.errors.length > 0) return { ok: false, problems: run.errors }

	const lines = run.lines
		.map((line, i) => ({ line, i }))
		.sort((a, b) => compareStrings(a.line.dates[0] ?? '~', b.line.dates[0] ?? '~') || KIND_ORDER[a.line.kind] - KIND_ORDER[b.line.kind] || a.i - b.i)
		.map((x) => x.line)

	let subtotal = 0
	let totalCost = 0
	for (const line of lines) {
		subtotal += line.sell
		totalCost += line.cost
	}
	const markupBp = trip.markupBp ?? settings.markupBp
	const markup = applyBp(subtotal, markupBp)
	const beforeDiscount = subtotal + markup
	let discount = 0
	if (trip.discount?.kind === 'amount') discount = trip.discount.amount
	else if (trip.discount?.kind === 'percent') discount = applyBp(beforeDiscount, trip.discount.bp)
	if (discount > beforeDiscount) {
		run.add(
			{
				code: 'DISCOUNT_CAPPED',
				message: `The discount (${formatINR(discount)}) is more than the bill after markup (${formatINR(beforeDiscount)}); it is capped at ${formatINR(beforeDiscount)}.`,
			},
			'warning',
		)
		discount = beforeDiscount
	}
	const taxableAmount = beforeDiscount - discount
	const gstBp = settings.gstBp ?? DEFAULT_GST_BP
	const gst = applyBp(taxableAmount, gstBp)
	const total = taxableAmount + gst
	const margin = taxableAmount - totalCost
	if (margin < 0) {
		run.add({ code: 'NEGATIVE_MARGIN', message: `This quote sells below cost: margin ${formatINR(margin)}.` }, 'warning')
	}

	return {
		ok: true,
		startDate: trip.startDate,
		endDate: run.date(run.endDay),
		nights: run.totalNights,
		travellers: { ...run.travellers },
		payingTravellers: run.paying,
		lines,
		subtotal,
		totalCost,
		markupBp,
		markup,
		discount,
		taxableAmount,
		gstBp,
		gst,
		total,
		perPerson: divideRoundHalfUp(total, run.paying),
		margin,
		problems: run.warnings,
	}
}
