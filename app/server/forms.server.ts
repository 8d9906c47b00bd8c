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
