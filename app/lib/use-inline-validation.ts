import { type FocusEvent, type FormEvent, useRef, useState } from 'react'
import { fieldErrors } from './forms.ts'

type Schema = { safeParse: (input: unknown) => { success: true } | { success: false; error: { issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }> } } }

/**
 * Inline validation with the form's own Zod schema (the one the server uses).
 * A field is checked when it loses focus and again as it is corrected; submit
 * checks everything and, on a problem, stays on the page and moves focus to the
 * first field to fix. Without JavaScript the server gives the same messages.
 */
export function useInlineValidation(schema: Schema, toInput: (form: FormData) => unknown, serverErrors: Record<string, string> | undefined) {
	const [errors, setErrors] = useState<Record<string, string>>(serverErrors ?? {})
	const touched = useRef(new Set<string>())
	// A new answer from the server replaces what the browser found (React's "adjust state on a prop change").
	const [shownServerErrors, setShownServerErrors] = useState(serverErrors)
	if (shownServerErrors !== serverErrors) {
		setShownServerErrors(serverErrors)
		setErrors(serverErrors ?? {})
	}

	function check(form: HTMLFormElement, names: ReadonlySet<string> | 'all') {
		const result = schema.safeParse(toInput(new FormData(form)))
		const all = result.success ? {} : fieldErrors(result.error.issues)
		if (names === 'all') return all
		return Object.fromEntries(Object.entries(all).filter(([name]) => names.has(name)))
	}

	function onBlur(event: FocusEvent<HTMLFormElement>) {
		const name = (event.target as unknown as { name?: string }).name
		if (!name || name === 'submissionKey') return
		touched.current.add(name)
		setErrors(check(event.currentTarget, touched.current))
	}

	function onChange(event: FormEvent<HTMLFormElement>) {
		const name = (event.target as unknown as { name?: string }).name
		// Re-check only once a field has been visited, so typing is not interrupted by errors.
		if (!name || (!touched.current.has(name) && !errors[name])) return
		touched.current.add(name)
		setErrors(check(event.currentTarget, touched.current))
	}

	function onSubmit(event: FormEvent<HTMLFormElement>) {
		const found = check(event.currentTarget, 'all')
		setErrors(found)
		const first = Object.keys(found)[0]
		if (!first) return
		event.preventDefault()
		const field = event.currentTarget.elements.namedItem(first)
		const target = field instanceof RadioNodeList ? (field[0] as HTMLElement | undefined) : (field as HTMLElement | null)
		target?.focus()
	}

	return { errors, formProps: { onBlur, onChange, onSubmit } }
}
