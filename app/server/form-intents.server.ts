import type { Submission } from '@conform-to/react'
import type { $ZodType, output } from 'zod/v4/core'
import { isAppError, notFound } from '~/lib/errors.ts'
import { z } from '~/lib/zod.ts'
import { parseForm, refuse, refuseOnAppError } from './forms.server.ts'

/**
 * What an intent's function gets besides its parsed input: the form as posted (for a file, which no
 * schema keeps) and the accepted submission (for a refusal the domain finds: `refuse(submission, …)`).
 */
export type Posted = { formData: FormData; submission: Submission<unknown, string[]> }

/**
 * One form intent of a multi-form page: its own schema and the named function that does the work
 * with the parsed input. Build with `intent(schema, run)` so `run` is typed by the schema. `formError`
 * is the whole-form message a submission its schema refuses also shows (for a form without fields to
 * show messages on, such as status buttons).
 */
export type Intent<Context, Answer = Response> = {
	schema: $ZodType
	run: (input: never, context: Context, posted: Posted) => Promise<Answer>
	formError?: string
}

export function intent<Schema extends $ZodType, Context, Answer = Response>(
	schema: Schema,
	run: (input: output<Schema>, context: Context, posted: Posted) => Promise<Answer>,
	options: { formError?: string } = {},
): Intent<Context, Answer> {
	return { schema, run, ...options }
}

export type IntentOptions<Context> = {
	/**
	 * The answer to an intent the page does not have. A string is the message on the `intent` field, the
	 * posted intent sent back. `{ formError }` is a whole-form message with an empty `intent`, nothing
	 * posted sent back.
	 */
	unknown: string | { formError: string }
	context: () => Context
	onError?: (error: unknown) => void
	/** When given, a not-found AppError without field messages (the page's own record deleted meanwhile) is the 404 page with this message. */
	missing?: string
}

/**
 * Runs the posted `intent` of a multi-form action. `form` may be a promise (`readMultipartForm(request)`):
 * a body that cannot be read (an expected failure, such as an upload over its limit) is refused with
 * its message and an empty intent. An unknown intent is refused as `unknown` says; a submission its
 * schema refuses goes back to its form (400); the context is built only for a valid submission (so it
 * may throw a 404 for a missing record); an expected failure (AppError below 500) goes back to the form
 * with its status, after `onError` had a chance to turn it into something else (a 404 page) and, with
 * `missing`, a not-found without field messages is the 404 page. Anything else is rethrown for the
 * error boundary.
 */
export async function runIntent<Context, Intents extends Record<string, Intent<Context, unknown>> = Record<string, Intent<Context, unknown>>>(
	form: FormData | Promise<FormData>,
	intents: Intents,
	options: IntentOptions<Context>,
) {
	let formData: FormData
	try {
		formData = await form
	} catch (error) {
		return refuseOnAppError(parseForm(new FormData(), z.object({})), error, { intent: '' })
	}
	const name = formData.get('intent')
	if (typeof name !== 'string' || !Object.hasOwn(intents, name)) {
		if (typeof options.unknown !== 'string') return refuse(parseForm(formData, z.object({})), { intent: '', formError: options.unknown.formError })
		return refuse(parseForm(formData, z.object({ intent: z.string().optional() })), {
			intent: typeof name === 'string' ? name : '',
			fieldErrors: { intent: options.unknown },
		})
	}
	const { schema, run, formError } = intents[name]!
	const submission = parseForm(formData, schema)
	if (submission.status !== 'success') return refuse(submission, { intent: name, formError })
	const context = options.context()
	try {
		return (await (run as (input: unknown, context: Context, posted: Posted) => Promise<unknown>)(submission.value, context, {
			formData,
			submission,
		})) as Awaited<ReturnType<Intents[keyof Intents]['run']>>
	} catch (error) {
		options.onError?.(error)
		if (options.missing !== undefined && isAppError(error) && error.code === 'not-found' && !error.fields) notFound(options.missing)
		return refuseOnAppError(submission, error, { intent: name })
	}
}

/** Where a list page's row action goes back to: the posted `returnTo` when it is that page (with its filters), else the page itself. */
export function backTo(value: FormDataEntryValue | null, page: string): string {
	return typeof value === 'string' && value.startsWith(page) && !value.startsWith('//') ? value : page
}
