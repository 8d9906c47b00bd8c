/** Joins class names, skipping falsy ones. */
export function cn(...classes: Array<string | false | null | undefined>): string {
	return classes.filter(Boolean).join(' ')
}

/** Initials for an avatar fallback: first letters of up to 2 words of the alt text (docs/conventions.md#behaviours-with-numbers). */
export function initials(text: string): string {
	return text
		.trim()
		.split(/\s+/)
		.filter(Boolean)
		.slice(0, 2)
		.map((word) => word[0]!.toUpperCase())
		.join('')
}

/**
 * Only same-site paths are accepted as a place to go back to. Checked after
 * normalising, the way a browser would read the result: `/.//evil.example`,
 * `/\t/evil` and `/%2F%2Fevil` all come out as (or decode to) `//evil…`, a
 * protocol-relative address, and are refused like `//evil`, `/\evil` and
 * absolute URLs.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
	if (typeof to !== 'string' || !to.startsWith('/')) return fallback
	let result: string | undefined
	let current = to
	// Normalise, check, decode once more and repeat until decoding changes nothing (a few rounds at most).
	for (let round = 0; round < 4; round++) {
		let url: URL
		try {
			url = new URL(current, 'http://localhost')
		} catch {
			return fallback
		}
		const path = url.pathname
		if (url.origin !== 'http://localhost' || !path.startsWith('/') || /^\/[\/\\]/.test(path) || /[\\\u0000-\u001f\u007f]/.test(path)) return fallback
		result ??= url.pathname + url.search + url.hash
		let decoded: string
		try {
			decoded = decodeURIComponent(path)
		} catch {
			return fallback
		}
		if (decoded === path || decoded === current) return result
		current = decoded
	}
	return fallback
}
