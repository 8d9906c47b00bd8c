/**
 * Shape and range checks for settings, trips and rate rows. Inputs may come from forms
 * or JSON, so every check works on `unknown` and reports problems instead of throwing.
 */
import { FERRY_OPERATORS, HOTEL_TIERS, ISLANDS, LIMITS, MEAL_PLANS, TRANSFER_MODES } from './constants'
import { validateSeasons } from './seasons'
import { toDayNumber } from '~/lib/dates.ts'
import type { FerryOperator, HotelTier, Island, MealPlan, Price, Problem, TransferMode } from './types'

type Rec = Record<string, unknown>

export function isRecord(x: unknown): x is Rec {
	return typeof x === 'object' && x !== null && !Array.isArray(x)
}

export function isInt(x: unknown, min: number, max: number): x is number {
	return typeof x === 'number' && Number.isInteger(x) && x >= min && x <= max
}

export function isNonEmptyString(x: unknown): x is string {
	return typeof x === 'string' && x.trim() !== ''
}

export function isIsland(x: unknown): x is Island {
	return (ISLANDS as readonly unknown[]).includes(x)
}

export function isTier(x: unknown): x is HotelTier {
	return (HOTEL_TIERS as readonly unknown[]).includes(x)
}

export function isMealPlan(x: unknown): x is MealPlan {
	return (MEAL_PLANS as readonly unknown[]).includes(x)
}

export function isOperator(x: unknown): x is FerryOperator {
	return (FERRY_OPERATORS as readonly unknown[]).includes(x)
}

export function isTransferMode(x: unknown): x is TransferMode {
	return (TRANSFER_MODES as readonly unknown[]).includes(x)
}

/** A {sell, cost} pair of non-negative integer paise. */
export function isPrice(x: unknown): x is Price {
	return isRecord(x) && isInt(x.sell, 0, LIMITS.maxAmount) && isInt(x.cost, 0, LIMITS.maxAmount)
}

function invalid(code: 'INVALID_INPUT' | 'INVALID_SETTINGS', field: string, message: string): Problem {
	return { code, severity: 'error', field, message }
}

/** INVALID_SETTINGS problems for operator settings (empty when valid). */
export function validateSettings(settings: unknown): Problem[] {
	if (!isRecord(settings)) return [invalid('INVALID_SETTINGS', 'settings', 'Settings are missing.')]
	const problems = validateSeasons(settings.seasons)
	const bad = (field: string, message: string) => problems.push(invalid('INVALID_SETTINGS', field, message))
	if (!isInt(settings.markupBp, 0, LIMITS.maxMarkupBp)) {
		bad('markupBp', `Markup must be whole basis points from 0 to ${LIMITS.maxMarkupBp} (100 bp = 1%).`)
	}
	if (settings.gstBp !== undefined && !isInt(settings.gstBp, 0, LIMITS.maxGstBp)) {
		bad('gstBp', 'GST must be whole basis points from 0 to 10000 (500 bp = 5%).')
	}
	if (settings.ageBands !== undefined) {
		const b = settings.ageBands
		if (!isRecord(b) || !isInt(b.infantMaxAge, 0, LIMITS.maxChildAge) || !isInt(b.childMaxAge, 0, LIMITS.maxChildAge)) {
			bad('ageBands', 'Age bands need whole-year infantMaxAge and childMaxAge from 0 to 17.')
		} else if (b.infantMaxAge >= b.childMaxAge) {
			bad('ageBands', 'infantMaxAge must be below childMaxAge.')
		}
	}
	if (settings.defaultMealPlan !== undefined && !isMealPlan(settings.defaultMealPlan)) {
		bad('defaultMealPlan', 'Default meal plan must be EP, CP, MAP or AP.')
	}
	return problems
}

/**
 * INVALID_INPUT problems for a trip request and `today` (empty when valid).
 * `classify` turns the party into adults/children by age band, to check the
 * participants of each activity (it is only called when the party is valid).
 */
export function validateTrip(
	trip: unknown,
	today: unknown,
	classify: (ages: number[], adults: number, infants: number) => { adults: number; children: number },
): Problem[] {
	const problems: Problem[] = []
	const bad = (field: string, message: string) => problems.push(invalid('INVALID_INPUT', field, message))

	if (toDayNumber(today) === null) bad('today', 'Today must be a YYYY-MM-DD date.')
	if (!isRecord(trip)) {
		bad('trip', 'The trip is missing.')
		return problems
	}
	if (toDayNumber(trip.startDate) === null) bad('startDate', 'Start date must be a real YYYY-MM-DD date.')

	// Party
	let counts: { adults: number; children: number } | null = null
	const party = trip.party
	if (!isRecord(party)) {
		bad('party', 'The party (adults, childAges, infants, rooms) is missing.')
	} else {
		let partyOk = true
		if (!isInt(party.adults, 1, LIMITS.maxAdults)) {
			bad('party.adults', `Adults must be a whole number from 1 to ${LIMITS.maxAdults}.`)
			partyOk = false
		}
		if (!Array.isArray(party.childAges) || party.childAges.length > LIMITS.maxChildren) {
			bad('party.childAges', `Child ages must be a list of at most ${LIMITS.maxChildren} ages.`)
			partyOk = false
		} else {
			party.childAges.forEach((age: unknown, i) => {
				if (!isInt(age, 0, LIMITS.maxChildAge)) {
					bad(`party.childAges[${i}]`, `A child's age must be a whole number of years from 0 to ${LIMITS.maxChildAge}; travellers 18 and over are adults.`)
					partyOk = false
				}
			})
		}
		if (!isInt(party.infants, 0, LIMITS.maxInfants)) {
			bad('party.infants', `Infants must be a whole number from 0 to ${LIMITS.maxInfants}.`)
			partyOk = false
		}
		if (!isInt(party.rooms, 1, LIMITS.maxAdults)) {
			bad('party.rooms', 'Rooms must be a whole number, at least 1.')
			partyOk = false
		} else if (isInt(party.adults, 1, LIMITS.maxAdults) && party.rooms > party.adults) {
			bad('party.rooms', `${party.rooms} rooms for ${party.adults} adult(s): every room needs an adult.`)
			partyOk = false
		}
		if (partyOk) counts = classify(party.childAges as number[], party.adults as number, party.infants as number)
	}

	// Stays
	let totalNights = 0
	if (!Array.isArray(trip.stays) || trip.stays.length === 0 || trip.stays.length > LIMITS.maxStays) {
		bad('stays', `A trip needs 1 to ${LIMITS.maxStays} stays.`)
	} else {
		trip.stays.forEach((s: unknown, i) => {
			const f = `stays[${i}]`
			if (!isRecord(s)) {
				bad(f, 'A stay must be an object.')
				return
			}
			if (!isIsland(s.island)) bad(`${f}.island`, `Unknown island "${String(s.island)}".`)
			if (!isInt(s.nights, 1, LIMITS.maxNightsPerStay)) {
				bad(`${f}.nights`, `Nights must be a whole number from 1 to ${LIMITS.maxNightsPerStay}.`)
			} else {
				totalNights += s.nights
			}
			if (s.mealPlan !== undefined && !isMealPlan(s.mealPlan)) bad(`${f}.mealPlan`, 'Meal plan must be EP, CP, MAP or AP.')
			const hasTier = s.tier !== undefined
			const hasHotel = s.hotelId !== undefined
			if (hasTier === hasHotel) {
				bad(f, 'A stay needs either a tier or a hotelId (not both).')
			} else if (hasTier) {
				if (!isTier(s.tier)) bad(`${f}.tier`, `Unknown tier "${String(s.tier)}".`)
				if (s.roomTypeId !== undefined) bad(`${f}.roomTypeId`, 'A room type can only be chosen with a hotelId.')
			} else {
				if (!isNonEmptyString(s.hotelId)) bad(`${f}.hotelId`, 'hotelId must be a non-empty string.')
				if (s.roomTypeId !== undefined && !isNonEmptyString(s.roomTypeId)) bad(`${f}.roomTypeId`, 'roomTypeId must be a non-empty string.')
			}
		})
		if (totalNights > LIMITS.maxTripNights) bad('stays', `A trip can have at most ${LIMITS.maxTripNights} nights.`)
	}

	if (!isTransferMode(trip.transfers)) bad('transfers', "Transfers must be 'none', 'airport-and-jetty' or 'daily-cab'.")

	// Activities
	if (trip.activities !== undefined) {
		if (!Array.isArray(trip.activities) || trip.activities.length > LIMITS.maxActivities) {
			bad('activities', `Activities must be a list of at most ${LIMITS.maxActivities}.`)
		} else {
			trip.activities.forEach((a: unknown, i) => {
				const f = `activities[${i}]`
				if (!isRecord(a)) {
					bad(f, 'An activity must be an object.')
					return
				}
				if (!isNonEmptyString(a.activity)) bad(`${f}.activity`, 'Activity slug is missing.')
				if (!isIsland(a.island)) bad(`${f}.island`, `Unknown island "${String(a.island)}".`)
				const hasDate = a.date !== undefined
				const hasDay = a.dayIndex !== undefined
				if (hasDate === hasDay) bad(f, 'An activity needs either a date or a dayIndex (not both).')
				else if (hasDate && toDayNumber(a.date) === null) bad(`${f}.date`, 'Activity date must be a real YYYY-MM-DD date.')
				else if (hasDay && !isInt(a.dayIndex, 0, LIMITS.maxTripNights)) bad(`${f}.dayIndex`, 'dayIndex must be a whole number, 0 for the start date.')
				const maxA = counts ? counts.adults : LIMITS.maxAdults + LIMITS.maxChildren
				const maxC = counts ? counts.children : LIMITS.maxChildren
				if (a.adults !== undefined && !isInt(a.adults, 0, maxA)) bad(`${f}.adults`, `Adults taking part must be a whole number from 0 to ${maxA}.`)
				if (a.children !== undefined && !isInt(a.children, 0, maxC)) bad(`${f}.children`, `Children taking part must be a whole number from 0 to ${maxC}.`)
				if (counts) {
					const pa = a.adults === undefined ? counts.adults : a.adults
					const pc = a.children === undefined ? counts.children : a.children
					if (pa === 0 && pc === 0) bad(f, 'An activity needs at least one adult or child taking part.')
				}
			})
		}
	}

	// Ferry preference
	if (trip.ferry !== undefined) {
		if (!isRecord(trip.ferry)) {
			bad('ferry', 'Ferry preference must be an object.')
		} else {
			if (trip.ferry.operator !== undefined && !isOperator(trip.ferry.operator))
				bad('ferry.operator', `Unknown ferry operator "${String(trip.ferry.operator)}".`)
			if (trip.ferry.class !== undefined && !isNonEmptyString(trip.ferry.class)) bad('ferry.class', 'Ferry class must be a non-empty string.')
		}
	}

	// Extras
	if (trip.extras !== undefined) {
		if (!Array.isArray(trip.extras) || trip.extras.length > LIMITS.maxExtras) {
			bad('extras', `Extras must be a list of at most ${LIMITS.maxExtras}.`)
		} else {
			trip.extras.forEach((e: unknown, i) => {
				const f = `extras[${i}]`
				if (!isRecord(e)) {
					bad(f, 'An extra must be an object.')
					return
				}
				if (!isNonEmptyString(e.description)) bad(`${f}.description`, 'An extra needs a description.')
				if (!isPrice(e.unit)) bad(`${f}.unit`, 'Unit price needs whole, non-negative paise for sell and cost.')
				if (e.quantity !== undefined && !isInt(e.quantity, 1, LIMITS.maxExtraQuantity))
					bad(`${f}.quantity`, `Quantity must be a whole number from 1 to ${LIMITS.maxExtraQuantity}.`)
				if (e.island !== undefined && !isIsland(e.island)) bad(`${f}.island`, `Unknown island "${String(e.island)}".`)
				if (e.date !== undefined && toDayNumber(e.date) === null) bad(`${f}.date`, 'Date must be a real YYYY-MM-DD date.')
			})
		}
	}

	if (trip.markupBp !== undefined && !isInt(trip.markupBp, 0, LIMITS.maxMarkupBp)) {
		bad('markupBp', `Markup override must be whole basis points from 0 to ${LIMITS.maxMarkupBp}.`)
	}
	if (trip.discount !== undefined) {
		const d = trip.discount
		if (!isRecord(d)) bad('discount', 'Discount must be an object.')
		else if (d.kind === 'amount') {
			if (!isInt(d.amount, 0, LIMITS.maxAmount)) bad('discount.amount', 'Discount amount must be whole, non-negative paise.')
		} else if (d.kind === 'percent') {
			if (!isInt(d.bp, 0, 10_000)) bad('discount.bp', 'Discount percentage must be whole basis points from 0 to 10000 (100%).')
		} else bad('discount.kind', "Discount kind must be 'amount' or 'percent'.")
	}
	return problems
}
