/** Joins class names, skipping falsy ones. */
export function cn(...classes: Array<string | false | null | undefined>): string {
	return classes.filter(Boolean).join(' ')
}

/** Initials for an avatar fallback: first letters of up to 2 words of the alt text (SPEC §9). */
export function initials(text: string): string {
	return text
		.trim()
		.split(/\s+/)
		.filter(Boolean)
		.slice(0, 2)
		.map((word) => word[0]!.toUpperCase())
		.join('')
}

/** Only same-site paths are accepted as a place to go back to: refuses `//evil.com`, `/\evil.com` and absolute URLs. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
	if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback
	try {
		const url = new URL(to, 'http://localhost')
		if (url.origin !== 'http://localhost') return fallback
		return url.pathname + url.search + url.hash
	} catch {
		return fallback
	}
}
