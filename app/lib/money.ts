/** Money is integer paise, INR only (docs/conventions.md). */
export type Paise = number

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 })
const inrExact = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 })

/** ₹1,23,456 — whole rupees, as travellers read prices. */
export function formatINR(paise: Paise): string {
	return inr.format(Math.round(paise / 100))
}

/** ₹1,23,456.50 — for invoices, payments and anything that must add up to the paisa. */
export function formatINRExact(paise: Paise): string {
	return inrExact.format(paise / 100)
}

/** Parses "12,345.50" or "12345" typed by staff into paise; null when it is not a non-negative amount. */
export function parseRupees(input: string): Paise | null {
	const cleaned = input.replace(/[₹,\s]/g, '')
	if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null
	const [whole, fraction = ''] = cleaned.split('.')
	return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}
