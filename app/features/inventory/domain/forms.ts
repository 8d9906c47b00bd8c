import { isIsoDate } from '~/lib/dates.ts'
import { z } from '~/lib/zod.ts'
import { saleModes } from './availability.ts'

/** The staff availability page's forms (app/routes/admin/rates/hotel-availability.tsx), one schema per intent. */

const night = (message: string) => z.string({ message }).refine(isIsoDate, message)
/** A checkbox group: one ticked box comes back as a single value. */
const list = z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(z.string().max(40)).max(50))
/** An optional whole number: empty leaves the value as it is. */
const optionalCount = (max: number, message: string, min = 0) =>
	z.preprocess(
		(value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
		z.coerce.number({ message }).int(message).min(min, message).max(max, message).optional(),
	)

export const termsSchema = z.object({
	intent: z.literal('terms'),
	mode: z.enum(saleModes, { message: 'Choose how the hotel sells to us.' }),
	releaseDays: z.coerce
		.number({ message: 'Give the release period in days, 0 to 90.' })
		.int()
		.min(0, 'Give the release period in days, 0 to 90.')
		.max(90, 'Give the release period in days, 0 to 90.'),
})

export const rangeSchema = z.object({
	intent: z.literal('range'),
	roomTypeIds: list.refine((ids) => ids.length > 0, 'Tick at least one room type.'),
	first: night('Give the first night.'),
	last: night('Give the last night.'),
	weekdays: list.transform((days) => days.map(Number).filter((day) => Number.isInteger(day) && day >= 0 && day <= 6)),
	allotment: optionalCount(999, 'Give the rooms as a whole number, 0 to 999, or leave it empty.'),
	releaseDays: optionalCount(90, 'Give the release days, 0 to 90, or leave it empty.'),
	minStay: optionalCount(30, 'Give the minimum stay, 1 to 30 nights, or leave it empty.', 1),
	closedToArrival: z.enum(['', 'yes', 'no']).optional(),
})

export const stopSaleSchema = z.object({
	intent: z.literal('stop'),
	roomTypeId: z.string().max(40).optional(),
	first: night('Give the first night of the stop-sale.'),
	last: night('Give the last night of the stop-sale.'),
	reason: z
		.string({ message: 'Say why the hotel is not sold (staff see it; travellers see it when they pick those dates).' })
		.trim()
		.min(2, 'Say why the hotel is not sold.')
		.max(200, 'Keep the reason under 200 characters.'),
})

/** A contract import: the file comes as `file` (read by the route), or the rows pasted as `csv`. */
export const contractImportSchema = z.object({ intent: z.literal('import'), csv: z.string().max(2_000_000).optional() })

export const liftSchema = z.object({ intent: z.literal('lift'), stopSaleId: z.string().max(40) })

/** `YYYY-MM` from the address, or this month. */
export function monthParam(value: string | null, today: string): string {
	return value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value) && value >= '2020-01' && value <= '2100-12' ? value : today.slice(0, 7)
}
