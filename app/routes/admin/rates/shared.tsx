import { useMemo } from 'react'
import { data } from 'react-router'
import { ErrorSummary as SharedErrorSummary } from '~/components/ui/error-summary.tsx'
import { isAppError } from '~/lib/errors.ts'

/** A rate form's failure: 4xx with the message and one message per field; nothing was saved. */
export function formFailure(error: unknown, values: Record<string, string>) {
	if (isAppError(error) && error.status < 500) return data({ error: error.message, fields: error.fields ?? {}, values }, { status: error.status })
	throw error
}

export function formValues(form: FormData): Record<string, string> {
	return Object.fromEntries([...form].filter(([, value]) => typeof value === 'string')) as Record<string, string>
}

/** Paise as the rupees staff type ("4500" or "4500.50"). */
export function rupeesInput(paise: number | null | undefined): string {
	if (paise === null || paise === undefined) return ''
	return paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2)
}

/** A rate form's refusal: the shared summary (it takes focus), listing each field's message. */
export function ErrorSummary({ error, fields }: { error?: string; fields?: Record<string, string> }) {
	const errors = useMemo(() => ({ ...fields, form: error }), [error, fields])
	if (!error) return null
	return <SharedErrorSummary errors={errors} listMessages />
}

export const cellInput = 'w-24 rounded border border-slate-400 bg-white px-2 py-1 text-sm tabular-nums aria-[invalid=true]:border-error-600'
