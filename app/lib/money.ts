/** Money is integer paise, INR only (docs/conventions.md). */
export type Paise = number

const whole = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 0 })
const withPaise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 })

/**
 * The one way an amount is written (docs/decisions/179-money-written-one-way.md): never rounded, so
 * what a page says is what is owed. Whole rupees have no decimals (₹1,23,456); an amount with paise
 * shows them (₹1,23,456.50). A tax document passes `{ taxDocument: true }`: two decimals on every
 * figure, so its columns line up and add up to the paisa.
 */
export function formatINR(paise: Paise, options: { taxDocument?: boolean } = {}): string {
	const rupees = paise / 100
	return options.taxDocument || !Number.isInteger(paise / 100) ? withPaise.format(rupees) : whole.format(rupees)
}

/** ₹1,23,456.00: `formatINR` for tax documents (invoices, credit notes and what quotes their totals). */
export function formatINRExact(paise: Paise): string {
	return formatINR(paise, { taxDocument: true })
}

/** Parses "12,345.50" or "12345" typed by staff into paise; null when it is not a non-negative amount. */
export function parseRupees(input: string): Paise | null {
	const cleaned = input.replace(/[₹,\s]/g, '')
	if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null
	const [whole, fraction = ''] = cleaned.split('.')
	return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}
