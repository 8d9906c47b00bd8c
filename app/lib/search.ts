/** Text search helpers every list with a search box shares (leads, ferries, agents, itineraries, templates). */

/**
 * A search box entry as what to look for in that line: lower-cased; something
 * that looks like a phone number (digits, spaces, +, -, brackets) is also
 * tried as its digits, so "98765 43210" finds +919876543210 and "2026-00042"
 * still finds LD-2026-00042. Control characters count as spaces.
 */
export function searchNeedles(query: string): string[] {
	// Control characters (a NUL from a crafted URL) are spaces: no stored line has them, and PostgreSQL refuses a NUL outright.
	const trimmed = query
		.replace(/\p{Cc}/gu, ' ')
		.trim()
		.toLowerCase()
		.replace(/\s+/g, ' ')
		.slice(0, 100)
	if (!trimmed) return []
	if (/^[\d\s+()-]+$/.test(trimmed)) {
		const digits = trimmed.replace(/\D/g, '').replace(/^0+(?=\d{10})/, '')
		return digits && digits !== trimmed ? [trimmed, digits] : [trimmed]
	}
	return [trimmed]
}

/** Escapes LIKE wildcards so a search for "50%" means the characters. */
export function likePattern(needle: string): string {
	return `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}
