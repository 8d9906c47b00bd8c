import { isInfant, maxPassengers, type Passenger, passengerField, parsePassengers } from '~/features/ferries/domain/passengers.ts'
import { z } from '~/lib/zod.ts'
import type { Passenger as OperatorPassenger } from './operator.ts'

/**
 * Ticketing a held sailing (docs/ferries.md, ADR 203): the passengers the operator needs, then payment,
 * then the booking at the operator under the leg's one idempotency key.
 */

/** Where a live leg stands (`ready`: a leg staff book, paid for on the trip booking as a whole). `unknown`: the operator did not answer the booking call, so it may have ticketed; staff retry with the same key. */
export const liveStates = ['awaiting-payment', 'ready', 'ticketing', 'ticketed', 'refused', 'unknown', 'cancelled'] as const
export type LiveState = (typeof liveStates)[number]
export const liveStateLabels: Record<LiveState, string> = {
	'awaiting-payment': 'Waiting for payment',
	ready: 'About to be booked',
	ticketing: 'Being ticketed',
	ticketed: 'Ticketed',
	refused: 'Refused by the operator',
	unknown: 'No answer from the operator: retry',
	cancelled: 'Cancelled at the operator',
}

/** The one key a leg is booked with at the operator: a retry or a second click sends the same key. */
export const legKey = (holdId: string) => `ferry-leg:${holdId}`

const contactFields = {
	name: z
		.string({ message: 'Enter the name of the person we contact.' })
		.trim()
		.min(2, 'Enter the name of the person we contact.')
		.max(120, 'Keep the name under 120 characters.'),
	phone: z
		.string({ message: 'Enter a phone number we can call.' })
		.trim()
		.regex(/^\+?[0-9 ()-]{8,20}$/, 'Enter a phone number we can call, with its country code if not Indian.'),
	email: z.email({ message: 'Enter an email address: the ticket is sent there.' }).max(200),
}

const checkoutParts = ['name', 'age', 'gender', 'nationality', 'idType', 'idNumber', 'passportExpiry', 'country'] as const

/**
 * The passengers form on the hold page: the contact and one row per traveller (p1Name … p12Country), every field
 * named, checked against the hold's party and sailing date, and read as the contact and the passengers.
 */
export function checkoutFormSchema(party: Party) {
	return z.object({ intent: z.literal('checkout'), ...contactFields, ...livePassengerFields }).transform((value, ctx): CheckoutForm => {
		const passengers = passengersOrIssues(value, party, ctx)
		return { contact: { name: value.name, phone: value.phone, email: value.email }, passengers }
	})
}

/** A ferry lead booked live by staff: the travellers as printed on their ID, one row each (the lead has the contact). */
export function leadPassengersSchema(party: Party) {
	return z.object({ intent: z.literal('book-live'), ...livePassengerFields }).transform((value, ctx): Passenger[] => passengersOrIssues(value, party, ctx))
}

type Party = { adults: number; infants: number; travelDate: string }

/** Every passenger field (p1Name … p12Country), named so the form parser keeps them. */
const livePassengerFields = Object.fromEntries(
	Array.from({ length: maxPassengers }, (_, i) => checkoutParts.map((part) => [passengerField(i, part), z.string().max(200).optional()])).flat(),
) as Record<string, z.ZodOptional<z.ZodString>>

function passengersOrIssues(value: Record<string, unknown>, party: Party, ctx: z.core.$RefinementCtx): Passenger[] {
	const parsed = parseCheckoutPassengers(value as Record<string, string | undefined>, party)
	if (parsed.ok) return parsed.passengers
	for (const [path, message] of Object.entries(parsed.errors)) ctx.addIssue({ code: 'custom', path: path === 'form' ? [] : [path], message })
	return z.NEVER
}

export type CheckoutForm = { contact: { name: string; phone: string; email: string }; passengers: Passenger[] }

/**
 * The passengers checked against the hold: one row per adult and infant (by age), male or female as the operators
 * record it, a foreign national's passport with its expiry and country.
 */
export function parseCheckoutPassengers(
	values: Record<string, string | undefined>,
	party: { adults: number; infants: number; travelDate: string },
): { ok: true; passengers: Passenger[] } | { ok: false; errors: Record<string, string> } {
	const parsed = parsePassengers(values, party.travelDate, { countryRequired: true })
	if (!parsed.ok) return parsed
	const errors: Record<string, string> = {}
	const { passengers } = parsed
	passengers.forEach((passenger, i) => {
		if (passenger.gender === 'other')
			errors[`p${i + 1}Gender`] = `Passenger ${i + 1}: the operators’ booking systems record male or female only; choose the one on the ID.`
	})
	const infants = passengers.filter(isInfant).length
	const adults = passengers.length - infants
	if (adults !== party.adults || infants !== party.infants)
		errors.form = `The hold is for ${party.adults} adult${party.adults === 1 ? '' : 's'} and children and ${party.infants} infant${party.infants === 1 ? '' : 's'}; the passengers given are ${adults} and ${infants}. Give one row for each traveller.`
	if (passengers.length > maxPassengers) errors.form = `Up to ${maxPassengers} passengers on one ticket.`
	return Object.keys(errors).length ? { ok: false, errors } : { ok: true, passengers }
}

/** Our passenger as the operator adapters take it. */
export function operatorPassenger(passenger: Passenger): OperatorPassenger {
	return {
		name: passenger.name,
		age: passenger.age,
		gender: passenger.gender === 'female' ? 'female' : 'male',
		nationality: passenger.nationality,
		idType: passenger.idType,
		idNumber: passenger.idNumber,
		passportExpiry: passenger.passportExpiry,
		country: passenger.country ?? null,
	}
}
