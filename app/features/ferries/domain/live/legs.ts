import { type FerryIsland, ferryIslands } from '~/features/ferries/domain/enquiry.ts'
import { isIsoDate } from '~/lib/dates.ts'
import { z } from '~/lib/zod.ts'
import type { Passenger } from '~/features/ferries/domain/passengers.ts'
import { liveOperators, type Seat } from './operator.ts'
import { isIndianNationality } from '~/features/bookings/domain/nationality.ts'

/**
 * Staff booking every ferry leg of a trip booking in one action (docs/ferries.md, ADR 205): the legs come from
 * the booking's ferry components, each leg is booked in order under its own key, and the chain stops at the
 * first leg that fails, so what holds is always "legs 1…k ticketed, leg k+1 failed, the rest not tried".
 */
export const maxStaffLegs = 4

const islandWords: Array<[FerryIsland, RegExp]> = [
	['port-blair', /port\s*blair|sri\s*vijaya\s*puram/i],
	['havelock', /havelock|swaraj/i],
	['neil', /\bneil\b|shaheed/i],
]

/** A ferry component's route, read from its description ("Port Blair → Havelock, premium"): the islands in the order they are named. */
export function legFromComponent(description: string, date: string | null): { from: FerryIsland; to: FerryIsland; date: string } | null {
	const found = islandWords
		.map(([island, pattern]) => ({ island, at: description.search(pattern) }))
		.filter((hit) => hit.at >= 0)
		.sort((a, b) => a.at - b.at)
	if (found.length < 2 || !date || !isIsoDate(date)) return null
	return { from: found[0]!.island, to: found[1]!.island, date }
}

/** One leg's key at the operator: the booking, the leg's place in the trip, and which try this is (a rebook after a refusal or a cancellation is the next). */
export const staffLegKey = (bookingId: string, index: number, attempt: number) => `booking:${bookingId}:leg:${index + 1}:${attempt}`

/** The first free seats, in the operator's order (staff can move people at the jetty counter; the operator's own order keeps a party together). */
export function pickSeats(seats: readonly Seat[], count: number): string[] | null {
	const free = seats.filter((seat) => seat.available).map((seat) => seat.id)
	return free.length >= count ? free.slice(0, count) : null
}

/** A sailing and class chosen from a leg's live results, as the radio button's value. */
export const choiceValue = (operator: string, sailingKey: string, classCode: string) => `${operator}|${classCode}|${sailingKey}`

const choiceSchema = z
	.string()
	.max(700)
	.transform((value, ctx) => {
		const [operator, classCode, ...key] = value.split('|')
		const sailingKey = key.join('|')
		if (!operator || !(liveOperators as readonly string[]).includes(operator) || !classCode || !sailingKey) {
			ctx.addIssue({ code: 'custom', message: 'Choose a sailing and class for this leg.' })
			return z.NEVER
		}
		return { operator: operator as (typeof liveOperators)[number], classCode, sailingKey }
	})

const legFields = Object.fromEntries(
	Array.from({ length: maxStaffLegs }, (_, i) => [
		[`leg${i + 1}From`, z.enum(ferryIslands).optional()],
		[`leg${i + 1}To`, z.enum(ferryIslands).optional()],
		[`leg${i + 1}Date`, z.string().refine(isIsoDate, 'Enter the date as YYYY-MM-DD.').optional()],
		[`leg${i + 1}Choice`, choiceSchema.optional()],
	]).flat(),
) as Record<string, z.ZodType>

export type StaffLegChoice = {
	index: number
	from: FerryIsland
	to: FerryIsland
	date: string
	operator: (typeof liveOperators)[number]
	classCode: string
	sailingKey: string
}

/** "Book these legs": every leg with a route and date must have a sailing chosen; legs are booked in their order. */
export const bookLegsSchema = z.object({ intent: z.literal('book-legs'), ...legFields }).transform((value, ctx): StaffLegChoice[] => {
	const legs: StaffLegChoice[] = []
	const values = value as Record<string, unknown>
	for (let i = 0; i < maxStaffLegs; i++) {
		const from = values[`leg${i + 1}From`] as FerryIsland | undefined
		const to = values[`leg${i + 1}To`] as FerryIsland | undefined
		const date = values[`leg${i + 1}Date`] as string | undefined
		const choice = values[`leg${i + 1}Choice`] as { operator: StaffLegChoice['operator']; classCode: string; sailingKey: string } | undefined
		if (!from || !to || !date) continue
		if (!choice) {
			ctx.addIssue({ code: 'custom', path: [`leg${i + 1}Choice`], message: `Leg ${i + 1}: choose a sailing and class.` })
			continue
		}
		legs.push({ index: i, from, to, date, ...choice })
	}
	if (!legs.length) ctx.addIssue({ code: 'custom', path: [], message: 'Search the legs and choose a sailing for each.' })
	return legs
})

/** Retry, or cancel at the operator, one live leg of the booking. */
export const legActionSchema = z.object({ intent: z.enum(['retry-leg', 'cancel-leg']), ferryBooking: z.string().min(1).max(40) })

/** A trip booking's traveller (nationality as typed: "Indian", "India", "German") as a ferry passenger: anyone not Indian travels on a passport of the country they named. */
export function passengerOfTraveller(traveller: {
	name: string
	age: number
	gender: string
	nationality: string
	idType: string
	idNumber: string
	passportExpiry: string | null
}): Passenger {
	const indian = isIndianNationality(traveller.nationality)
	return {
		name: traveller.name,
		age: traveller.age,
		gender: (['female', 'male'].includes(traveller.gender) ? traveller.gender : 'other') as Passenger['gender'],
		nationality: indian ? 'indian' : 'foreign',
		idType: traveller.idType as Passenger['idType'],
		idNumber: traveller.idNumber,
		passportExpiry: traveller.passportExpiry,
		country: indian ? null : traveller.nationality.trim(),
	}
}
