/**
 * Travellers type their nationality on the booking form. Ferry operators, permits and fares treat
 * Indian citizens and foreign nationals differently (a foreign national needs a passport and pays a
 * different fare), so the common ways Indians write it must all read as Indian, never as foreign.
 */
const indianSpellings = new Set([
	'indian',
	'india',
	'ind',
	'in',
	'bharat',
	'bharatiya',
	'bhartiya',
	'indian citizen',
	'citizen of india',
	'republic of india',
	'indian national',
])

export function isIndianNationality(text: string): boolean {
	const plain = text.trim().toLowerCase().replace(/[.,]/g, '').replace(/\s+/g, ' ')
	return indianSpellings.has(plain)
}

/** What is stored: "Indian" for every Indian spelling, otherwise the nationality as typed. */
export function normalisedNationality(text: string): string {
	const trimmed = text.trim()
	return trimmed === '' || isIndianNationality(trimmed) ? 'Indian' : trimmed
}
