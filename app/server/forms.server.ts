import { data } from 'react-router'
import { isAppError } from '~/lib/errors.ts'
import { newId } from '~/lib/ids.ts'

/** A fresh one-time key for a form render: the server uses it to turn a double submit into one record. */
export function newSubmissionKey(): string {
	return newId()
}

/** True when the hidden honeypot field was filled in: a bot. */
export function isHoneypotFilled(form: FormData): boolean {
	const value = form.get('website_url')
	return typeof value === 'string' && value.trim() !== ''
}

/** The longest value any public form field accepts: a refused post never echoes more than this per field. */
export const maxEchoedValueLength = 8192

/**
 * The posted values to send back with a refused form: only the fields that form
 * shows (names matching `shown`), each cut to `maxEchoedValueLength`. A post
 * stuffed with extra or oversized fields is never echoed back in bulk.
 */
export function echoFields(values: Record<string, string>, shown: RegExp): Record<string, string> {
	const echoed: Record<string, string> = {}
	for (const [name, value] of Object.entries(values)) if (shown.test(name)) echoed[name] = value.slice(0, maxEchoedValueLength)
	return echoed
}

/** Field errors from a Zod error, first message per field. */
export function fieldErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Record<string, string> {
	const errors: Record<string, string> = {}
	for (const issue of issues) {
		const key = String(issue.path[0] ?? 'form')
		errors[key] ??= issue.message
	}
	return errors
}

/**
 * The answer to a multi-form (intent) action that failed: an expected failure (an AppError
 * below 500) goes back to the form that sent `intent` with its message and field errors and
 * the error's 4xx status; anything else is rethrown for the error boundary.
 */
export function intentFailure(intent: string, error: unknown) {
	if (isAppError(error) && error.status < 500) return data({ intent, errors: { ...(error.fields ?? {}), form: error.message } as Record<string, string> }, { status: error.status })
	throw error
}
