import { data } from 'react-router'
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

export function ErrorSummary({ error, fields }: { error?: string; fields?: Record<string, string> }) {
	if (!error) return null
	const messages = Object.values(fields ?? {})
	return (
		<div role="alert" className="rounded-md bg-error-50 p-3 text-error-700">
			<p className="font-medium">{error}</p>
			{messages.length ? (
				<ul className="mt-1 list-disc pl-5 text-sm">
					{messages.slice(0, 30).map((message) => (
						<li key={message}>{message}</li>
					))}
				</ul>
			) : null}
		</div>
	)
}

export const cellInput = 'w-24 rounded border border-slate-400 bg-white px-2 py-1 text-sm tabular-nums aria-[invalid=true]:border-error-600'
