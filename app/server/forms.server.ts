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
