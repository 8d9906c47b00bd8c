/**
 * The named text fields of a submitted form, each a string: a missing field
 * or an uploaded file becomes ''. Lets one Zod schema give every problem a
 * plain-words message, even for a hand-made request.
 */
export function formFields<const Name extends string>(form: FormData, names: readonly Name[]): Record<Name, string> {
	const fields = {} as Record<Name, string>
	for (const name of names) {
		const value = form.get(name)
		fields[name] = typeof value === 'string' ? value : ''
	}
	return fields
}

/** The first message for each field of a failed Zod parse. */
export function fieldErrors(issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>): Record<string, string> {
	const errors: Record<string, string> = {}
	for (const issue of issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message
	return errors
}
