import { type CatalogPackage, tierLabels, tiers } from '~/features/catalog/domain/packages.ts'
import { addDays, isIsoDate } from '~/lib/dates.ts'
import { normalizePhone } from '~/lib/phone.ts'
import { z } from '~/lib/zod.ts'
import { visitorTextLimits } from '~/features/leads/domain/contact-fields.ts'
import { type ChildAgeRule, childAgeRule, parseChildAges } from '~/features/rates/domain/age-bands.ts'
import { DEFAULT_AGE_BANDS } from '~/features/rates/domain/pricing/constants.ts'
import type { TravellerPrice } from '~/features/rates/domain/traveller-price.ts'
import { normalisedNationality } from './nationality.ts'

export const maxTravellers = 12
export const idTypes = { aadhaar: 'Aadhaar card', passport: 'Passport', voter_id: 'Voter ID', driving_licence: 'Driving licence', pan: 'PAN card' } as const
export type IdType = keyof typeof idTypes
export const genders = { female: 'Female', male: 'Male', other: 'Other' } as const

/**
 * The trip part of /book-now (what is being booked, when, for whom), with children's ages by the
 * owner's age bands (`childAgeRule`, the same rule as the builder). No date is assumed: the traveller
 * picks one and sees its payment and cancellation terms before booking.
 */
export function tripSchemaFor(rule: ChildAgeRule = childAgeRule(DEFAULT_AGE_BANDS)) {
	return z.object({
		package: z.string().regex(/^[a-z0-9-]+$/, 'Choose a package to book.'),
		tier: z.enum(tiers, { message: 'Choose a hotel category.' }),
		startDate: z.string({ message: chooseArrival }).refine(isIsoDate, chooseArrival),
		adults: z.coerce
			.number({ message: 'Say how many adults travel.' })
			.int()
			.min(1, 'At least one adult travels.')
			.max(maxTravellers, `At most ${maxTravellers} adults in one booking; call us for groups.`),
		childAges: z
			.string()
			.max(visitorTextLimits.childAges, rule.message)
			.optional()
			.transform((value, ctx) => {
				const parsed = parseChildAges(value, rule)
				if (parsed.ok) return parsed.ages
				ctx.addIssue({ code: 'custom', message: parsed.message })
				return z.NEVER
			}),
		infants: z.coerce.number().int().min(0).max(4, 'At most 4 infants.').default(0),
	})
}
const chooseArrival = 'Choose the date you arrive in Port Blair.'
export const tripSchema = tripSchemaFor()
export type Trip = z.infer<typeof tripSchema>

export type BookingPrice = {
	/** `dates`, when the price came from the engine: the nights of a hotel line, the day of a ferry or activity (they date the booking's components). */
	lines: Array<{ label: string; quantity: number; unit: number; amount: number; dates?: string[] }>
	total: number
	perPerson: number
	payingTravellers: number
}

/** A traveller's priced line (builder or quote) as a booking's price line, keeping its dates. */
export function bookingPriceLine(line: { description: string; amount: number; dates?: readonly string[] }): BookingPrice['lines'][number] {
	return { label: line.description, quantity: 1, unit: line.amount, amount: line.amount, ...(line.dates?.length ? { dates: [...line.dates] } : {}) }
}

/**
 * Our planned cost for a priced trip: the sum of the supplier costs the engine gave its lines from the rate
 * rows (what each component's planned cost is when the booking is made, ADR 213), or null when any line
 * sold for something has no cost on file (a rate row whose cost was left at 0): never a partial sum.
 * Staff-only, like the lines' costs: it is never part of what a traveller or an agent is sent.
 */
export function plannedTripCost(lines: ReadonlyArray<{ sell: number; cost: number }>): number | null {
	if (!lines.length) return null
	let total = 0
	for (const line of lines) {
		if (!Number.isSafeInteger(line.cost) || line.cost < 0) return null
		if (line.cost === 0 && line.sell > 0) return null
		total += line.cost
	}
	return total
}

/**
 * A trip priced by the engine, as the traveller is shown it (`travellerPrice`: the builder's trip, or a package's
 * for its date, tier and party), as a booking's price: its lines with their dates, then GST. What the page
 * shows, what book-now confirms and what is charged are this one number (docs/decisions/215-package-bookings-priced-for-their-date.md).
 */
export function bookingPriceFrom(price: Pick<TravellerPrice, 'lines' | 'gst' | 'gstPercent' | 'total' | 'perPerson' | 'payingTravellers'>): BookingPrice {
	return {
		lines: [
			...price.lines.map(bookingPriceLine),
			...(price.gst ? [{ label: `GST (${price.gstPercent}%)`, quantity: 1, unit: price.gst, amount: price.gst }] : []),
		],
		total: price.total,
		perPerson: price.perPerson,
		payingTravellers: price.payingTravellers,
	}
}

/** Why a package cannot be booked in a hotel category it does not offer, or null when it does. */
export function tierProblem(pkg: Pick<CatalogPackage, 'prices'>, tier: Trip['tier']): string | null {
	return pkg.prices[tier] === null ? `${tierLabels[tier]} hotels are not offered on this package. Choose another hotel category.` : null
}

export function travellerCount(trip: Pick<Trip, 'adults' | 'childAges' | 'infants'>) {
	return trip.adults + trip.childAges.length + trip.infants
}

/** The traveller rows and contact of the POST form. Foreign nationals need a passport, valid past the trip. */
export function parseTravellers(values: Record<string, string | undefined>, count: number, tripEnd: string) {
	const errors: Record<string, string> = {}
	const travellers: Array<{ name: string; age: number; gender: string; nationality: string; idType: IdType; idNumber: string; passportExpiry: string | null }> =
		[]
	for (let i = 1; i <= count; i++) {
		const name = values[`t${i}Name`]?.trim() ?? ''
		const age = Number(values[`t${i}Age`])
		const gender = values[`t${i}Gender`] ?? ''
		const nationality = normalisedNationality(values[`t${i}Nationality`] ?? '')
		const idType = values[`t${i}IdType`] as IdType
		const idNumber = values[`t${i}IdNumber`]?.trim().toUpperCase() ?? ''
		const passportExpiry = values[`t${i}PassportExpiry`]?.trim() || null
		const foreign = nationality !== 'Indian'
		if (name.length < 2) errors[`t${i}Name`] = `Give traveller ${i}’s full name as on their ID.`
		else if (name.length > visitorTextLimits.name) errors[`t${i}Name`] = `Keep traveller ${i}’s name under ${visitorTextLimits.name} characters.`
		else if (nationality.length > visitorTextLimits.nationality)
			errors[`t${i}Nationality`] = `Keep traveller ${i}’s nationality under ${visitorTextLimits.nationality} characters.`
		else if (!Number.isInteger(age) || age < 0 || age > 110) errors[`t${i}Age`] = `Give traveller ${i}’s age in years.`
		else if (!(gender in genders)) errors[`t${i}Gender`] = `Choose traveller ${i}’s gender (needed on ferry manifests).`
		else if (!(idType in idTypes)) errors[`t${i}IdType`] = `Choose traveller ${i}’s ID.`
		else if (foreign && idType !== 'passport') errors[`t${i}IdType`] = `Traveller ${i} is a foreign national: ferries and permits need their passport.`
		else if (idNumber.length < 4 || idNumber.length > visitorTextLimits.idNumber || !/^[A-Z0-9 -]+$/.test(idNumber))
			errors[`t${i}IdNumber`] = `Give traveller ${i}’s ${idTypes[idType].toLowerCase()} number.`
		else if (foreign && (!passportExpiry || !isIsoDate(passportExpiry))) errors[`t${i}PassportExpiry`] = `Give traveller ${i}’s passport expiry date.`
		else if (foreign && passportExpiry! <= addDays(tripEnd, 0))
			errors[`t${i}PassportExpiry`] = `Traveller ${i}’s passport must be valid after the trip ends (${tripEnd}).`
		else travellers.push({ name, age, gender, nationality, idType, idNumber, passportExpiry: foreign ? passportExpiry : null })
	}
	const contactName = values.contactName?.trim() ?? ''
	const phoneText = values.contactPhone ?? ''
	const contactPhone = phoneText.length <= visitorTextLimits.phone ? normalizePhone(phoneText) : null
	const contactEmail = values.contactEmail?.trim() || null
	if (contactName.length < 2) errors.contactName = 'Give the lead traveller’s name.'
	else if (contactName.length > visitorTextLimits.name) errors.contactName = `Keep the name under ${visitorTextLimits.name} characters.`
	if (!contactPhone) errors.contactPhone = 'Give a phone number we can reach during the trip: a 10-digit Indian mobile, or + and the country code.'
	if (contactEmail && contactEmail.length > visitorTextLimits.email) errors.contactEmail = `Keep the email under ${visitorTextLimits.email} characters.`
	else if (contactEmail && !z.email().safeParse(contactEmail).success) errors.contactEmail = 'Enter an email address like name@example.com, or leave it empty.'
	if (values.acceptTerms !== 'on') errors.acceptTerms = 'Tick the box to accept the booking terms and the cancellation policy.'
	// How the traveller wants messages (docs/messaging.md): WhatsApp only with its explicit opt-in.
	const messageChannel = values.messageChannel === 'whatsapp' || values.messageChannel === 'sms' ? values.messageChannel : 'email'
	const whatsappOptIn = values.whatsappOptIn === 'on'
	if (messageChannel === 'whatsapp' && !whatsappOptIn) errors.whatsappOptIn = 'Tick the box to agree to WhatsApp messages, or choose SMS or email.'
	const specialRequests = values.specialRequests?.trim() || null
	if (specialRequests && specialRequests.length > visitorTextLimits.shortMessage)
		errors.specialRequests = `Keep special requests under ${visitorTextLimits.shortMessage.toLocaleString('en-IN')} characters.`
	if (Object.keys(errors).length) return { ok: false as const, errors }
	return {
		ok: true as const,
		value: {
			travellers,
			contactName,
			contactPhone: contactPhone!,
			contactEmail,
			specialRequests,
			messageChannel: messageChannel as 'whatsapp' | 'sms' | 'email',
			whatsappOptIn,
		},
	}
}

/** The most traveller rows the booking form is read for (t1… to t99…); the trip decides how many it shows. */
export const maxTravellerRows = 99

const travellerFields = ['Name', 'Age', 'Gender', 'Nationality', 'IdType', 'IdNumber', 'PassportExpiry'] as const
const postedText = z.string().optional()

/**
 * The /book-now POST form: the trip it books (a quote, the builder's parameters, or a package's),
 * a traveller row per person and the lead's contact. It names every field the form shows, so a
 * refused post echoes only those; the rules that depend on the trip (how many travellers, the trip's
 * end for a passport) are `resolveBookingDraft` and `parseTravellers`, whose messages the route sends
 * back as field errors (docs/decisions/152-forms-that-depend-on-the-trip.md).
 */
export const bookingFormSchema = z.object({
	/** "update": price the trip as chosen and show it again, keeping what was typed; anything else books. */
	intent: postedText,
	/** `pricedTripKey` of the trip the page showed priced. */
	priced: postedText,
	submissionKey: postedText,
	quote: postedText,
	builder: postedText,
	package: postedText,
	tier: postedText,
	startDate: postedText,
	adults: postedText,
	childAges: postedText,
	infants: postedText,
	contactName: postedText,
	contactPhone: postedText,
	contactEmail: postedText,
	specialRequests: postedText,
	acceptTerms: postedText,
	messageChannel: postedText,
	whatsappOptIn: postedText,
	...(Object.fromEntries(
		Array.from({ length: maxTravellerRows }, (_, i) => travellerFields.map((field) => [`t${i + 1}${field}`, postedText])).flat(),
	) as Record<string, typeof postedText>),
})

/**
 * What the page priced, posted back with the booking: the trip (its carried fields) and its total. A booking
 * whose trip no longer gives this key (a choice changed after the price was shown, or the price moved) is
 * shown priced again rather than booked (docs/decisions/177-book-now-trip-and-terms.md).
 */
export function pricedTripKey(draft: { carry: Record<string, string>; price: { total: number } }): string {
	return `${new URLSearchParams(Object.entries(draft.carry).sort(([a], [b]) => a.localeCompare(b))).toString()}#${draft.price.total}`
}

/** Who the traveller rows are for when the trip cannot be priced yet (no date, a field to fix): read leniently, so typed rows are kept. */
export function partyFromValues(values: Record<string, string | undefined>): { adults: number; childAges: number[]; infants: number } {
	const whole = (text: string | undefined, min: number, max: number, fallback: number) => {
		const value = Number(text)
		return text !== undefined && text.trim() !== '' && Number.isInteger(value) ? Math.min(max, Math.max(min, value)) : fallback
	}
	const childAges = (values.childAges ?? '')
		.split(/[,\s]+/)
		.filter((part) => /^\d{1,2}$/.test(part))
		.map(Number)
		.slice(0, maxTravellers)
	return { adults: whole(values.adults, 1, maxTravellers, 2), childAges, infants: whole(values.infants, 0, 4, 0) }
}
