import type { Submission, SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import type { $ZodType } from 'zod/v4/core'
import type { ActionResult } from '~/lib/forms.ts'
import { isAppError } from '~/lib/errors.ts'
import { isId, newId } from '~/lib/ids.ts'
import { z } from '~/lib/zod.ts'

/** A fresh one-time key for a form render: the server uses it to turn a double submit into one record. */
export function newSubmissionKey(): string {
	return newId()
}

/**
 * A staff form's one-time key as posted (the hidden `submissionKey` field, for createOnce), or null when
 * there is none or it is not one of ours (the create then simply runs: a form rendered before the key was
 * added, or a script, still works).
 */
export function submissionKeyOf(form: FormData): string | null {
	const key = form.get('submissionKey')
	return typeof key === 'string' && isId(key) ? key : null
}

/** True when the hidden honeypot field was filled in: a bot. */
export function isHoneypotFilled(form: FormData): boolean {
	const value = form.get('website_url')
	return typeof value === 'string' && value.trim() !== ''
}

/** The longest value any public form field accepts: a refused post never echoes more than this per field. */
export const maxEchoedValueLength = 8192

/**
 * Parses a submitted form with its one Zod schema (Conform's `parseWithZod`). Values stay strings as
 * posted (no coercion): each schema says how a string becomes a number or a date, with a message a
 * person understands. Nested names (`days[0].title`) become nested objects. For an object schema,
 * fields it does not name are dropped first (a post stuffed with extra fields is never echoed back),
 * and a required field the post left out counts as empty, so it gets the schema's own message.
 */
export function parseForm<Schema extends $ZodType>(form: FormData | URLSearchParams, schema: Schema) {
	return parseWithZod(namedFieldsOf(form, schema), { schema, disableAutoCoercion: true })
}

/** The fields of an object schema, looking through a `.transform()` (a pipe from the object). */
function objectShapeOf(schema: unknown): z.ZodRawShape | undefined {
	if (schema instanceof z.ZodObject) return schema.shape
	return schema instanceof z.ZodPipe ? objectShapeOf(schema.in) : undefined
}

/**
 * Names the form library reserves for its own intents and state (we use neither). A posted one it cannot
 * read as JSON made it throw, a 500 for a crafted request, so they never reach it.
 */
const reservedNames = new Set(['__intent__', '__state__'])

function namedFieldsOf(form: FormData | URLSearchParams, schema: $ZodType): FormData | URLSearchParams {
	const shape = objectShapeOf(schema)
	if (!shape) {
		if (![...reservedNames].some((name) => form.has(name))) return form
		const kept = new FormData()
		for (const [name, value] of form.entries()) if (!reservedNames.has(name)) kept.append(name, value)
		return kept
	}
	const kept = new FormData()
	const sent = new Set<string>()
	for (const [name, value] of form.entries()) {
		const root = name.split(/[.[]/, 1)[0] ?? name
		if (!Object.hasOwn(shape, root)) continue
		kept.append(name, value)
		sent.add(root)
	}
	for (const [name, field] of Object.entries(shape)) if (!sent.has(name) && !z.safeParse(field, undefined).success) kept.append(name, '')
	return kept
}

/** At most this many fields are echoed back with a refused form. */
export const maxEchoedFields = 1000

/** The values to send back with a refused form: strings cut to `maxEchoedValueLength`, at most `maxEchoedFields` of them, files never. */
function capEcho(value: unknown, budget: { fields: number }): unknown {
	if (typeof value === 'string') return budget.fields-- > 0 ? value.slice(0, maxEchoedValueLength) : undefined
	if (Array.isArray(value)) return value.map((item) => capEcho(item, budget)).filter((item) => item !== undefined)
	if (value && typeof value === 'object' && !(value instanceof Blob)) {
		const out: Record<string, unknown> = {}
		for (const [name, item] of Object.entries(value)) {
			const capped = capEcho(item, budget)
			if (capped !== undefined) out[name] = capped
		}
		return out
	}
	return undefined
}

type Refusal<Details = undefined> = {
	intent?: string
	status?: number
	formError?: string
	fieldErrors?: Record<string, string>
	hideFields?: string[]
	headers?: HeadersInit
	details?: Details
}

/**
 * The answer to a refused form: the submission's own errors plus any the domain found (`fieldErrors`,
 * `formError`), the posted values to show again (capped; `hideFields` such as passwords never), as the
 * one `ActionResult` shape, with a 4xx status (400 unless told).
 */
export function refuse<Details = undefined>(
	submission: Submission<unknown, string[]>,
	{ intent, status = 400, formError, fieldErrors, hideFields, headers, details }: Refusal<Details> = {},
) {
	const reply = submission.reply({
		formErrors: formError ? [formError] : undefined,
		fieldErrors: fieldErrors ? Object.fromEntries(Object.entries(fieldErrors).map(([name, message]) => [name === 'form' ? '' : name, [message]])) : undefined,
		hideFields,
	})
	// The values as posted, empty ones too (a field the visitor cleared must come back cleared, not with its default).
	const posted: Record<string, unknown> = { ...submission.payload }
	for (const name of hideFields ?? []) delete posted[name]
	const result: SubmissionResult<string[]> = {
		...reply,
		initialValue: (capEcho(posted, { fields: maxEchoedFields }) ?? {}) as SubmissionResult<string[]>['initialValue'],
	}
	return data<ActionResult<Details>>({ intent, result, details }, { status, headers })
}

/**
 * The answer to a form whose domain call failed: an expected failure (an AppError below 500) goes back
 * to the form that sent `intent` with its message, field errors and 4xx status (and `Retry-After` when
 * the error says when to try again); anything else is rethrown for the error boundary.
 */
export function refuseOnAppError<Details = undefined>(
	submission: Submission<unknown, string[]>,
	error: unknown,
	options: Omit<Refusal<Details>, 'status' | 'formError' | 'fieldErrors' | 'headers'> = {},
) {
	if (!isAppError(error) || error.status >= 500) throw error
	const retryAfterSeconds = (error as { retryAfterSeconds?: number }).retryAfterSeconds
	const headers = retryAfterSeconds ? { 'Retry-After': String(retryAfterSeconds) } : undefined
	return refuse(submission, { ...options, status: error.status, formError: error.message, fieldErrors: error.fields, headers })
}

/**
 * The answer to a form an action accepted without redirecting: `notice` says what it did, `details` what the
 * page shows next; `keepValues` sends the posted values back (capped) for a form shown again.
 */
export function accepted<Details = undefined>(
	submission: Submission<unknown, string[]>,
	{ intent, notice, details, keepValues = false }: { intent?: string; notice?: string; details?: Details; keepValues?: boolean },
) {
	// Kept values come back without the errors a half-filled form has: the visitor has not sent it yet.
	const result: SubmissionResult<string[]> = keepValues
		? { status: 'success', initialValue: (capEcho(submission.payload, { fields: maxEchoedFields }) ?? {}) as SubmissionResult<string[]>['initialValue'] }
		: submission.reply({ resetForm: true })
	return data<ActionResult<Details>>({ intent, result, notice, details })
}
