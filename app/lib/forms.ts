import { type DefaultValue, type SubmissionResult, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useFormAction, useNavigation } from 'react-router'
import type { $ZodType, input, output } from 'zod/v4/core'

export type { SubmissionResult }

/**
 * The one shape an action answers with when it does not redirect: the form it belongs to (`intent`,
 * for pages with several forms) and Conform's result (errors per field, '' for the whole form, and the
 * values to show again), `notice` when an action answered in place instead of redirecting (what it did), and
 * `details` for what the next step of the page needs (a QR code to scan, codes shown once).
 * Built on the server by `refuse`/`refuseOnAppError`/`accepted` in `~/server/forms.server.ts`.
 */
export type ActionResult<Details = undefined> = { intent?: string; result: SubmissionResult<string[]>; notice?: string; details?: Details }

function isActionResult(value: unknown): value is ActionResult<unknown> {
	return typeof value === 'object' && value !== null && 'result' in value && typeof (value as ActionResult<unknown>).result === 'object'
}

/** The `details` of the page's result (for `intent`, when given). */
export function detailsFor<Details>(actionData: ActionResult<Details> | undefined | null | object, intent?: string): Details | undefined {
	if (!isActionResult(actionData)) return undefined
	if (intent !== undefined && actionData.intent !== intent) return undefined
	return actionData.details as Details | undefined
}

/** The result for one form of the page: `actionData` when it answered that intent (or any, without one). */
export function resultFor(actionData: unknown, intent?: string): SubmissionResult<string[]> | undefined {
	if (!isActionResult(actionData)) return undefined
	if (intent !== undefined && actionData.intent !== intent) return undefined
	return actionData.result
}

/**
 * The answer of a page whose forms do not validate in the browser, read once: the form it answers
 * (`intent`, '' when none), its errors (`errorsOf`) and the values to show again (undefined when
 * nothing was refused). A page passes each form its own part by comparing `intent`.
 */
export function answerOf(actionData: unknown): { intent: string; errors: Record<string, string>; values: Record<string, string> | undefined } {
	const result = resultFor(actionData)
	const intent = typeof actionData === 'object' && actionData !== null && 'intent' in actionData ? actionData.intent : ''
	return { intent: typeof intent === 'string' ? intent : '', errors: errorsOf(result), values: result ? valuesOf(result) : undefined }
}

/**
 * The first message per field, with the whole-form message under `form`: the shape our field
 * components and `ErrorSummary` take. Takes a server result or a Conform form's `allErrors` (which
 * holds the server's errors and the ones the browser found).
 */
export function errorsOf(source: SubmissionResult<string[]> | Record<string, string[] | null | undefined> | null | undefined): Record<string, string> {
	const byField =
		source && 'error' in source && !Array.isArray(source.error)
			? (source.error as Record<string, string[] | null | undefined>)
			: ((source ?? {}) as Record<string, string[] | null | undefined>)
	const errors: Record<string, string> = {}
	for (const [name, messages] of Object.entries(byField)) {
		const first = Array.isArray(messages) ? messages[0] : undefined
		if (first) errors[name === '' ? 'form' : name] ??= first
	}
	return errors
}

/** The values to show again after a refused submit, as strings by field name. */
export function valuesOf(result: SubmissionResult<string[]> | null | undefined): Record<string, string> {
	const values: Record<string, string> = {}
	for (const [name, value] of Object.entries(result?.initialValue ?? {})) if (typeof value === 'string') values[name] = value
	return values
}

/** The first message for each field of a failed Zod parse (`form` for problems with no field). */
export function fieldErrors(issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>): Record<string, string> {
	const errors: Record<string, string> = {}
	for (const issue of issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message
	return errors
}

/**
 * A Conform form checked in the browser with the same Zod schema the server parses with: a field is
 * checked when it loses focus and again as it is corrected; submit checks everything and, on a
 * problem, stays on the page. Without JavaScript the server answers with the same messages.
 */
export function useValidatedForm<Schema extends $ZodType<Record<string, unknown>, Record<string, unknown>>>(
	schema: Schema,
	options: { id: string; lastResult?: SubmissionResult<string[]> | null; defaultValue?: DefaultValue<input<Schema>> },
) {
	return useForm<input<Schema>, output<Schema>, string[]>({
		id: options.id,
		lastResult: options.lastResult ?? undefined,
		defaultValue: options.defaultValue,
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		onValidate: ({ formData }) => parseWithZod(formData, { schema, disableAutoCoercion: true }),
	})
}

/**
 * True while this page's form (or the one posting `intent`, and `fields` when one page repeats a form
 * per row) is being submitted: the one "is it pending" check for buttons. `formAction` defaults to the
 * current route's action.
 */
export function useIsPending({
	intent,
	fields,
	formAction,
	formMethod = 'POST',
	state = 'non-idle',
}: {
	intent?: string
	fields?: Record<string, string>
	formAction?: string
	formMethod?: 'POST' | 'GET' | 'PUT' | 'PATCH' | 'DELETE'
	state?: 'submitting' | 'loading' | 'non-idle'
} = {}): boolean {
	const contextualFormAction = useFormAction()
	const navigation = useNavigation()
	const isPendingState = state === 'non-idle' ? navigation.state !== 'idle' : navigation.state === state
	if (!isPendingState) return false
	if (navigation.formAction !== (formAction ?? contextualFormAction) || navigation.formMethod !== formMethod) return false
	if (intent !== undefined && navigation.formData?.get('intent') !== intent) return false
	return Object.entries(fields ?? {}).every(([name, value]) => navigation.formData?.get(name) === value)
}
