import { z } from '~/lib/zod.ts'

/**
 * The one schema of a rate form: the fields it posts, each a string as typed (or missing). The rate
 * module (`~/features/rates/server/admin.server.ts`) checks them and answers with one message per field.
 */
export function rateFormSchema<const Name extends string>(names: readonly Name[]) {
	return z.object(Object.fromEntries(names.map((name) => [name, z.string().optional()])) as Record<Name, z.ZodOptional<z.ZodString>>)
}

/** A hotel's details, for adding a hotel (/admin/hotels) and editing one. */
export const hotelFormSchema = rateFormSchema([
	'intent',
	'name',
	'island',
	'tier',
	'stars',
	'address',
	'phone',
	'email',
	'checkIn',
	'checkOut',
	'active',
	'notes',
])

/** The row a rate grid form saves: its id as posted, or null for a new row. */
export function rowId(id: string | undefined): number | null {
	return /^\d+$/.test(id ?? '') ? Number(id) : null
}
