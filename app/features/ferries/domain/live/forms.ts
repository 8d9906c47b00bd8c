import { ferryIslands } from '~/features/ferries/domain/enquiry.ts'
import { isIsoDate } from '~/lib/dates.ts'
import { z } from '~/lib/zod.ts'
import { liveOperators } from './operator.ts'

/** The live sailings search on /ferries (a GET form) and the seat hold form: one schema each for server and browser. */
export const maxLiveAdults = 9
export const maxLiveInfants = 4

function searchFields(today: string) {
	return {
		from: z.enum(ferryIslands, { message: 'Choose where you sail from.' }),
		to: z.enum(ferryIslands, { message: 'Choose where you sail to.' }),
		date: z
			.string({ message: 'Choose the date of the sailing.' })
			.refine(isIsoDate, 'Choose the date of the sailing.')
			.refine((date) => date >= today, 'Choose today or a later date.'),
		adults: z.coerce
			.number({ message: 'Say how many adults and children travel.' })
			.int('Use a whole number.')
			.min(1, 'At least one adult or child travels.')
			.max(maxLiveAdults, `Up to ${maxLiveAdults} on one booking; ask us for a group.`),
		infants: z.coerce
			.number({ message: 'Say how many infants travel, or 0.' })
			.int('Use a whole number.')
			.min(0, 'Use 0 or more.')
			.max(maxLiveInfants, `Up to ${maxLiveInfants} infants on one booking.`)
			.default(0),
	}
}
const differentIslands = { path: ['to'], message: 'Choose a different island to sail to.' }

export function liveSearchSchema(today: string) {
	return z.object(searchFields(today)).refine((value) => value.from !== value.to, differentIslands)
}

/** Choosing seats (or, where the operator assigns them, just the class) on one sailing: the search travels along. */
export function holdFormSchema(today: string) {
	return z
		.object({
			...searchFields(today),
			operator: z.enum(liveOperators, { message: 'Choose a sailing from the list.' }),
			sailing: z.string({ message: 'Choose a sailing from the list.' }).min(1).max(600),
			class: z.string({ message: 'Choose a class.' }).min(1).max(40),
			// One ticked box arrives as one value, several as a list.
			seats: z.preprocess(
				(value) => (typeof value === 'string' ? [value] : (value ?? [])),
				z.array(z.string().max(12)).max(maxLiveAdults, `Choose at most ${maxLiveAdults} seats.`),
			),
			// The basket this leg joins (a return, the next island), by its first hold's id; absent for a first leg.
			basket: basketField,
		})
		.refine((value) => value.from !== value.to, differentIslands)
}

/** A basket's id as a form or the address carries it: empty is none. */
export const basketField = z.preprocess(
	(value) => (value === '' ? undefined : value),
	z
		.string()
		.regex(/^[A-Za-z0-9]{20}$/, 'This trip’s address is wrong. Start again from the first leg.')
		.optional(),
)

/** Query-string fields of a search, to carry it from the results to the seat list and back. */
export function searchParamsOf(query: { from: string; to: string; date: string; adults: number; infants: number }, basket?: string | null): URLSearchParams {
	const params = new URLSearchParams({ from: query.from, to: query.to, date: query.date, adults: String(query.adults), infants: String(query.infants) })
	if (basket) params.set('basket', basket)
	return params
}
