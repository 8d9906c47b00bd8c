import { optionalEmailField, visitorNameField, visitorPhoneField, visitorTextLimits } from '~/features/leads/domain/contact-fields.ts'
import { FERRY_OPERATOR_NAMES, FERRY_OPERATORS } from '~/features/rates/domain/pricing/constants.ts'
import type { FerryOperator } from '~/features/rates/domain/pricing/types.ts'
import { isIsoDate } from '~/lib/dates.ts'
import { z } from '~/lib/zod.ts'
import { type LiveOperator, liveOperatorLabels, liveOperators } from '~/features/ferries/domain/live/operator.ts'

/** The public ferry enquiry (/ferries): one schema for the server and the browser. */
export const ferryIslands = ['port-blair', 'havelock', 'neil'] as const
export type FerryIsland = (typeof ferryIslands)[number]
export const ferryIslandLabels: Record<FerryIsland, string> = {
	'port-blair': 'Port Blair (Sri Vijaya Puram)',
	havelock: 'Havelock (Swaraj Dweep)',
	neil: 'Neil (Shaheed Dweep)',
}

export const tripTypes = ['one_way', 'return', 'island_hopping'] as const
export type TripType = (typeof tripTypes)[number]
export const tripTypeLabels: Record<TripType, string> = { one_way: 'One way', return: 'Return', island_hopping: 'Island hopping' }

export const preferredTimes = ['any', 'early', 'morning', 'afternoon'] as const
export type PreferredTime = (typeof preferredTimes)[number]
export const preferredTimeLabels: Record<PreferredTime, string> = {
	any: 'Any time',
	early: 'Early (before 8 am)',
	morning: 'Morning (8 am–noon)',
	afternoon: 'Afternoon',
}

export const operatorChoices = ['any', ...FERRY_OPERATORS] as const
/** Every operator a ferry booking can name: the ones staff ticket by hand and the live ones (staff save a live leg's details too). */
export const ferryBookingOperators: readonly string[] = [...new Set<string>([...FERRY_OPERATORS, ...liveOperators])]
/** An operator's name; a live ticket's operator (sealink, demo) by its live label (docs/ferries.md). */
export const operatorLabel = (operator: string) =>
	operator === 'any' ? 'Any operator' : (FERRY_OPERATOR_NAMES[operator as FerryOperator] ?? liveOperatorLabels[operator as LiveOperator] ?? operator)
export const classLabel = (cls: string) => (cls === 'any' ? 'Any class' : cls.charAt(0).toUpperCase() + cls.slice(1))

/** The most journeys one enquiry takes; empty ones are ignored. */
export const maxLegs = 4

/** The journeys a trip type needs: one way 1, return 2 (there and back), island hopping up to 4. */
export function journeysFor(tripType: string | undefined): number {
	return tripType === 'return' ? 2 : tripType === 'island_hopping' ? maxLegs : 1
}

/**
 * How many journeys the form shows: what the trip type needs, or more when journeys
 * beyond that were filled in (a refused form must show every answer it refused).
 */
export function journeysShown(values: Record<string, string | undefined>): number {
	let lastFilled = 0
	for (let i = 0; i < maxLegs; i++) if ((['from', 'to', 'date'] as const).some((part) => values[legField(i, part)])) lastFilled = i + 1
	return Math.max(journeysFor(values.tripType), lastFilled)
}

export type FerryLeg = { from: FerryIsland; to: FerryIsland; date: string; time: PreferredTime; operator: string; class: string }

export type FerryEnquiry = {
	tripType: TripType
	legs: FerryLeg[]
	adults: number
	infants: number
	indians: number
	foreigners: number
	name: string
	phone: string
	email?: string | undefined
	message: string | undefined
	submissionKey: string
}

export const legField = (index: number, part: 'from' | 'to' | 'date' | 'time' | 'operator' | 'class') =>
	`leg${index + 1}${part.charAt(0).toUpperCase()}${part.slice(1)}`

const count = (label: string, min: number, max: number) =>
	z
		.string()
		.trim()
		.optional()
		.transform((value) => (value ? Number(value) : min))
		.pipe(
			z
				.number({ message: `Enter the number of ${label}.` })
				.int(`Enter a whole number of ${label}.`)
				.min(min, `Enter at least ${min} ${label}.`)
				.max(max, `For more than ${max} ${label}, call us: group tickets are booked by phone.`),
		)

const baseSchema = z.object({
	tripType: z.enum(tripTypes, { message: 'Choose one way, return or island hopping.' }),
	adults: count('adults', 1, 30),
	infants: count('infants', 0, 10),
	indians: count('Indian nationals', 0, 40),
	foreigners: count('foreign nationals', 0, 40),
	name: visitorNameField,
	phone: visitorPhoneField,
	email: optionalEmailField,
	message: z
		.string()
		.trim()
		.max(visitorTextLimits.shortMessage, 'Keep the message under 2,000 characters.')
		.optional()
		.transform((value) => value || undefined),
	submissionKey: z.string().min(10, 'The form expired: reload the page and send it again.').max(40),
})

const islandSet = new Set<string>(ferryIslands)

/**
 * Parses the flat form (leg1From, leg1To, … leg4Class) into an enquiry.
 * Legs are checked one by one (from ≠ to, real dates, not before `today`, in
 * order) and against the trip type; every message says what to change.
 */
export function parseFerryEnquiry(
	values: Record<string, string | undefined>,
	today: string,
): { ok: true; enquiry: FerryEnquiry } | { ok: false; errors: Record<string, string> } {
	const errors: Record<string, string> = {}
	const base = baseSchema.safeParse(values)
	if (!base.success) for (const issue of base.error.issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message

	const legs: FerryLeg[] = []
	for (let i = 0; i < maxLegs; i++) {
		const get = (part: Parameters<typeof legField>[1]) => (values[legField(i, part)] ?? '').trim()
		const from = get('from')
		const to = get('to')
		const date = get('date')
		if (!from && !to && !date) continue
		const label = `Leg ${i + 1}`
		if (!islandSet.has(from)) errors[legField(i, 'from')] = `${label}: choose where the ferry leaves from.`
		if (!islandSet.has(to)) errors[legField(i, 'to')] = `${label}: choose where you are going.`
		else if (from === to) errors[legField(i, 'to')] = `${label}: choose a different island to go to than the one you leave from.`
		if (!date) errors[legField(i, 'date')] = `${label}: choose the date of travel.`
		else if (!isIsoDate(date)) errors[legField(i, 'date')] = `${label}: enter a real date.`
		else if (date < today) errors[legField(i, 'date')] = `${label}: the date has passed. Choose today or a later date.`
		else if (legs.length && date < legs[legs.length - 1]!.date)
			errors[legField(i, 'date')] = `${label}: travel dates must be in order. Choose ${legs[legs.length - 1]!.date} or later.`
		const time = get('time') || 'any'
		const operator = get('operator') || 'any'
		const cls = (get('class') || 'any').toLowerCase()
		if (!(preferredTimes as readonly string[]).includes(time)) errors[legField(i, 'time')] = `${label}: choose a preferred time from the list.`
		if (!(operatorChoices as readonly string[]).includes(operator)) errors[legField(i, 'operator')] = `${label}: choose an operator from the list.`
		if (!/^[a-z-]{1,20}$/.test(cls)) errors[legField(i, 'class')] = `${label}: choose a class from the list.`
		legs.push({ from: from as FerryIsland, to: to as FerryIsland, date, time: time as PreferredTime, operator, class: cls })
	}

	if (!legs.length) errors[legField(0, 'from')] ??= 'Tell us at least one journey: from, to and date.'
	const tripType = base.success ? base.data.tripType : null
	if (tripType && legs.length && !Object.keys(errors).some((key) => key.startsWith('leg'))) {
		if (tripType === 'one_way' && legs.length !== 1)
			errors.tripType = 'A one-way trip has one journey. Choose island hopping for more, or clear the extra journeys.'
		if (tripType === 'return') {
			if (legs.length !== 2) errors.tripType = 'A return trip has two journeys: there and back. Fill in journey 2 for the way back.'
			else if (legs[1]!.from !== legs[0]!.to || legs[1]!.to !== legs[0]!.from)
				errors[legField(1, 'to')] = 'Leg 2: a return comes back the same way. Choose the reverse of journey 1, or pick island hopping.'
		}
		if (tripType === 'island_hopping' && legs.length < 2) errors.tripType = 'Island hopping has two or more journeys. Fill in the next one, or choose one way.'
	}
	if (base.success) {
		const { adults, infants, indians, foreigners } = base.data
		if (infants > adults) errors.infants = 'Each infant travels on an adult’s lap: enter no more infants than adults.'
		else if (indians + foreigners !== adults + infants)
			errors.indians = `Indian and foreign nationals should add up to everyone travelling (${adults + infants}). Ferries check ID for each passenger.`
	}
	if (Object.keys(errors).length || !base.success) return { ok: false, errors }
	return { ok: true, enquiry: { ...base.data, legs } }
}

/** ",port-blair>havelock,havelock>neil," for the list's route filter. */
export function routesKey(legs: ReadonlyArray<Pick<FerryLeg, 'from' | 'to'>>): string {
	return `,${legs.map((leg) => `${leg.from}>${leg.to}`).join(',')},`
}

export function routeLabel(from: string, to: string): string {
	const short = (island: string) => ({ 'port-blair': 'Port Blair', havelock: 'Havelock', neil: 'Neil' })[island] ?? island
	return `${short(from)} → ${short(to)}`
}

/** Every one-way route between the three ferry islands, for filters and forms. */
export const ferryRoutes = ferryIslands.flatMap((from) =>
	ferryIslands.filter((to) => to !== from).map((to) => ({ from, to, key: `${from}>${to}`, label: routeLabel(from, to) })),
)

const legParts = ['from', 'to', 'date', 'time', 'operator', 'class'] as const
/** Every field the public ferry enquiry shows: a refused post echoes only these. */
export const ferryEnquiryFields = [
	'submissionKey',
	'tripType',
	...Array.from({ length: maxLegs }, (_, i) => legParts.map((part) => legField(i, part))).flat(),
	'adults',
	'infants',
	'indians',
	'foreigners',
	'name',
	'phone',
	'email',
	'message',
]

/** The public ferry enquiry as one Zod schema (what `parseForm` takes), checked by `parseFerryEnquiry` as of `today`. */
export function ferryEnquirySchema(today: string) {
	return z.object(Object.fromEntries(ferryEnquiryFields.map((name) => [name, z.string().optional()]))).transform((values, ctx) => {
		const parsed = parseFerryEnquiry(values, today)
		if (parsed.ok) return parsed.enquiry
		for (const [name, message] of Object.entries(parsed.errors)) ctx.addIssue({ code: 'custom', path: name === 'form' ? [] : [name], message })
		return z.NEVER
	})
}
