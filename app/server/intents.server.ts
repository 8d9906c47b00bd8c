import type { $ZodType } from 'zod/v4/core'
import { isAppError, notFound } from '~/lib/errors.ts'
import { z } from '~/lib/zod.ts'
import { parseForm, refuse, refuseOnAppError } from '~/server/forms.server.ts'

/** One entry per intent a page posts: the schema of that form, and the named function that handles it. */
export type IntentHandlers<Args> = Record<string, readonly [schema: $ZodType, handle: (formData: FormData, args: Args) => Promise<unknown>]>

/**
 * The action of a page with several forms: runs the function of the posted `intent` (each parses the
 * form with its own schema). A body that cannot be read (`form` rejects with an expected failure, such
 * as an upload over its limit) is refused with its message. An intent the page does not have is refused with `unknownIntent` (the posted
 * intent is never echoed). An expected failure (an AppError below 500) goes back to the form that sent
 * it; when `missing` is given, a not-found AppError without field messages (the page's record was
 * deleted meanwhile) is the 404 page with that message instead.
 */
export async function runIntent<Args, Handlers extends IntentHandlers<Args>>(form: FormData | Promise<FormData>, intents: Handlers, args: Args, messages: { unknownIntent: string; missing?: string }) {
	let formData: FormData
	try {
		formData = await form
	} catch (error) {
		return refuseOnAppError(parseForm(new FormData(), z.object({})), error, { intent: '' })
	}
	const intent = formData.get('intent')
	if (typeof intent !== 'string' || !Object.hasOwn(intents, intent)) return refuse(parseForm(formData, z.object({})), { intent: '', formError: messages.unknownIntent })
	const [schema, handle] = intents[intent]!
	try {
		return (await handle(formData, args)) as Awaited<ReturnType<Handlers[keyof Handlers][1]>>
	} catch (error) {
		if (messages.missing !== undefined && isAppError(error) && error.code === 'not-found' && !error.fields) notFound(messages.missing)
		return refuseOnAppError(parseForm(formData, schema), error, { intent })
	}
}
