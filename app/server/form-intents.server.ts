import type { UNSAFE_DataWithResponseInit as DataWithResponseInit } from 'react-router'
import type { $ZodType, output } from 'zod/v4/core'
import type { ActionResult } from '~/lib/forms.ts'
import { z } from '~/lib/zod.ts'
import { parseForm, refuse, refuseOnAppError } from './forms.server.ts'

/**
 * One form intent of a multi-form page: its own schema and the named function that does the work
 * with the parsed input. Build with `intent(schema, run)` so `run` is typed by the schema.
 */
export type Intent<Context> = { schema: $ZodType; run: (input: never, context: Context) => Promise<IntentAnswer> }

/** What an intent answers: a redirect or response, or the one `ActionResult` shape for an answer in place (`notice`, `details`). */
export type IntentAnswer = Response | DataWithResponseInit<ActionResult<unknown>>

export function intent<Schema extends $ZodType, Context>(schema: Schema, run: (input: output<Schema>, context: Context) => Promise<IntentAnswer>): Intent<Context> {
	return { schema, run }
}

/**
 * Runs the posted `intent` of a multi-form action: an unknown intent is refused with `unknown` as the
 * message on the `intent` field; a submission its schema refuses goes back to its form (400); the
 * context is built only for a valid submission (so it may throw a 404 for a missing record); an
 * expected failure (AppError below 500) goes back to the form with its status, after `onError` had a
 * chance to turn it into something else (a 404 page). Anything else is rethrown for the error boundary.
 */
export async function runIntent<Context>(formData: FormData, intents: Record<string, Intent<Context>>, options: { unknown: string; context: () => Context; onError?: (error: unknown) => void }) {
	const name = formData.get('intent')
	if (typeof name !== 'string' || !Object.hasOwn(intents, name)) return refuse(parseForm(formData, z.object({ intent: z.string().optional() })), { intent: typeof name === 'string' ? name : '', fieldErrors: { intent: options.unknown } })
	const { schema, run } = intents[name]!
	const submission = parseForm(formData, schema)
	if (submission.status !== 'success') return refuse(submission, { intent: name })
	const context = options.context()
	try {
		return await (run as (input: unknown, context: Context) => Promise<IntentAnswer>)(submission.value, context)
	} catch (error) {
		options.onError?.(error)
		return refuseOnAppError(submission, error, { intent: name })
	}
}

/** Where a list page's row action goes back to: the posted `returnTo` when it is that page (with its filters), else the page itself. */
export function backTo(value: FormDataEntryValue | null, page: string): string {
	return typeof value === 'string' && value.startsWith(page) && !value.startsWith('//') ? value : page
}
