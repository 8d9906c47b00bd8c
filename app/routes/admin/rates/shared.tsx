import { useMemo } from 'react'
import { ErrorSummary as SharedErrorSummary } from '~/components/ui/error-summary.tsx'
import { errorsOf, type SubmissionResult } from '~/lib/forms.ts'
import { z } from '~/lib/zod.ts'

/**
 * The one schema of a rate form: the fields it posts, each a string as typed (or missing). The rate
 * module (`~/features/rates/server/admin.server.ts`) checks them and answers with one message per field.
 */
export function rateFormSchema<const Name extends string>(names: readonly Name[]) {
	return z.object(Object.fromEntries(names.map((name) => [name, z.string().optional()])) as Record<Name, z.ZodOptional<z.ZodString>>)
}

/** A hotel's details, for adding a hotel (/admin/hotels) and editing one. */
export const hotelFormSchema = rateFormSchema(['intent', 'name', 'island', 'tier', 'stars', 'address', 'phone', 'email', 'checkIn', 'checkOut', 'active', 'notes'])

/** The row a rate grid form saves: its id as posted, or null for a new row. */
export function rowId(id: string | undefined): number | null {
	return /^\d+$/.test(id ?? '') ? Number(id) : null
}

/** Paise as the rupees staff type ("4500" or "4500.50"). */
export function rupeesInput(paise: number | null | undefined): string {
	if (paise === null || paise === undefined) return ''
	return paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2)
}

/** A rate form's refusal (the action's `result`, or its `error` and `fields`): the shared summary (it takes focus), listing each field's message. */
export function ErrorSummary({ error, fields, result }: { error?: string; fields?: Record<string, string>; result?: SubmissionResult<string[]> }) {
	const errors = useMemo<Record<string, string | undefined>>(() => (result ? errorsOf(result) : { ...fields, form: error }), [error, fields, result])
	if (!errors.form) return null
	return <SharedErrorSummary errors={errors} listMessages />
}

export const cellInput = 'w-24 rounded border border-slate-400 bg-white px-2 py-1 text-sm tabular-nums aria-[invalid=true]:border-error-600'
