/**
 * Invoice and credit-note numbers (docs/decisions/115-gst-tax-invoices.md): one
 * gapless series per financial year (1 April to 31 March), at most 16
 * characters of letters, digits, "-" and "/" (CGST Rules, rule 46(b)).
 */
export const maxDocumentNumberLength = 16
export const maxPrefixLength = 6
export const prefixPattern = /^[A-Z0-9][A-Z0-9/-]{0,5}$/

/** The financial year a date (YYYY-MM-DD, India) falls in, by the calendar year it starts: 2027-03-31 → 2026. */
export function financialYearOf(date: string): number {
	const [year, month] = date.split('-').map(Number) as [number, number]
	return month >= 4 ? year : year - 1
}

/** "2026-27" */
export function financialYearLabel(startYear: number): string {
	return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`
}

/** First and last day of a financial year. */
export function financialYearRange(startYear: number): { from: string; to: string } {
	return { from: `${startYear}-04-01`, to: `${startYear + 1}-03-31` }
}

/** "INV-" + 2026 + 42 → "INV-2627/0042"; null when the number would be longer than GST allows. */
export function documentNumber(prefix: string, financialYear: number, sequence: number): string | null {
	const years = `${String(financialYear % 100).padStart(2, '0')}${String((financialYear + 1) % 100).padStart(2, '0')}`
	const number = `${prefix}${years}/${String(sequence).padStart(4, '0')}`
	return number.length <= maxDocumentNumberLength ? number : null
}

export function prefixProblem(prefix: string): string | null {
	if (!prefixPattern.test(prefix)) return `Use 1 to ${maxPrefixLength} capital letters, digits, "-" or "/", starting with a letter or digit (e.g. INV-).`
	return null
}
