/** Fixed domain facts and defaults used by the pricing engine. */
import { maxMoney } from '~/lib/money.ts'
import type { AgeBands, BasisPoints, FerryOperator, HotelTier, Island, MealPlan, TransferMode, Vehicle } from './types'

/** Display names: official new name in brackets where the island was renamed. */
export const ISLAND_NAMES: Readonly<Record<Island, string>> = {
	'port-blair': 'Port Blair (Sri Vijaya Puram)',
	havelock: 'Havelock (Swaraj Dweep)',
	neil: 'Neil (Shaheed Dweep)',
	baratang: 'Baratang',
	rangat: 'Rangat',
	diglipur: 'Diglipur',
	'long-island': 'Long Island',
	'little-andaman': 'Little Andaman',
}

/** Short names for descriptions. */
export const ISLAND_SHORT_NAMES: Readonly<Record<Island, string>> = {
	'port-blair': 'Port Blair',
	havelock: 'Havelock',
	neil: 'Neil',
	baratang: 'Baratang',
	rangat: 'Rangat',
	diglipur: 'Diglipur',
	'long-island': 'Long Island',
	'little-andaman': 'Little Andaman',
}

export const ISLANDS = Object.keys(ISLAND_NAMES) as Island[]

/** The airport island: every trip starts and ends here. */
export const HOME_ISLAND: Island = 'port-blair'

/** Islands joined by the inter-island ferries (Makruzz, Nautika, Green Ocean, ITT Majestic, government). */
export const FERRY_ISLANDS: ReadonlySet<Island> = new Set<Island>(['port-blair', 'havelock', 'neil'])

/** Islands reached from Port Blair by road (Andaman Trunk Road): no ferry leg, a road transfer instead. */
export const ROAD_ISLANDS: ReadonlySet<Island> = new Set<Island>(['baratang', 'rangat', 'diglipur'])

export const HOTEL_TIERS: readonly HotelTier[] = ['standard', 'deluxe', 'premium', 'luxury']
export const MEAL_PLANS: readonly MealPlan[] = ['EP', 'CP', 'MAP', 'AP']
export const FERRY_OPERATORS: readonly FerryOperator[] = ['makruzz', 'nautika', 'green-ocean', 'itt-majestic', 'government']
export const TRANSFER_MODES: readonly TransferMode[] = ['none', 'airport-and-jetty', 'daily-cab']

export const FERRY_OPERATOR_NAMES: Readonly<Record<FerryOperator, string>> = {
	makruzz: 'Makruzz',
	nautika: 'Nautika',
	'green-ocean': 'Green Ocean',
	'itt-majestic': 'ITT Majestic',
	government: 'Government ferry',
}

/** Vehicles from smallest to largest, with their seats. */
export const VEHICLES: readonly Vehicle[] = ['sedan', 'suv', 'tempo-traveller']
export const VEHICLE_SEATS: Readonly<Record<Vehicle, number>> = { sedan: 3, suv: 6, 'tempo-traveller': 12 }
export const VEHICLE_NAMES: Readonly<Record<Vehicle, string>> = { sedan: 'sedan', suv: 'SUV', 'tempo-traveller': 'tempo traveller' }

export const DEFAULT_GST_BP: BasisPoints = 500
export const DEFAULT_AGE_BANDS: Readonly<AgeBands> = { infantMaxAge: 1, childMaxAge: 11 }
export const DEFAULT_MEAL_PLAN: MealPlan = 'CP'

/** Guard rails for input validation (far above any real trip). */
export const LIMITS = {
	/** Largest single price or discount accepted: the one money maximum, ₹10 crore. */
	maxAmount: maxMoney,
	maxMarkupBp: 100_000,
	maxGstBp: 10_000,
	maxAdults: 60,
	maxChildren: 30,
	maxInfants: 20,
	maxStays: 20,
	maxNightsPerStay: 60,
	maxTripNights: 90,
	maxActivities: 100,
	maxExtras: 50,
	maxExtraQuantity: 1000,
	maxChildAge: 17,
} as const
