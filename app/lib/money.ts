/** Money is integer paise, INR only (docs/conventions.md). */
import { z } from './zod.ts'

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

/**
 * The most any one money field may hold: ₹10 crore (10^10 paise), the same for payments, refunds,
 * payment links, rates, fares and prices (docs/security.md). A large group trip costs tens of lakhs,
 * so only a slip (extra zeros, a pasted number) reaches it; and sums stay exact: some 900,000 such
 * amounts still add up within a JavaScript number's whole range (2^53) and a PostgreSQL bigint.
 */
export const maxMoney: Paise = 10_000_000_000

/** What a form says of an amount above `maxMoney`. */
export const tooMuchMoney = `That is more than any amount we record (${formatINR(maxMoney)}, ten crore): check the number of zeros.`

/**
 * A rupee amount typed in a form ("15,000", "15000.50"), read as paise by one Zod field: `message`
 * (which says what to type) when it is not an amount, or is zero unless `zero` allows it; a blank is
 * zero when `blankIsZero`; above `maxMoney`, `tooMuchMoney`. Every money field of every form uses it.
 */
export function rupeesField(message: string, { zero = false, blankIsZero = false } = {}) {
	return z
		.string({ message })
		.trim()
		.max(64, message)
		.transform((value, ctx) => {
			const paise = parseRupees(value === '' && blankIsZero ? '0' : value)
			if (paise === null || (paise === 0 && !zero)) {
				ctx.addIssue({ code: 'custom', message })
				return z.NEVER
			}
			if (paise > maxMoney) {
				ctx.addIssue({ code: 'custom', message: tooMuchMoney })
				return z.NEVER
			}
			return paise
		})
}
