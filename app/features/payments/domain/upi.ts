/**
 * UPI deep links (docs/decisions/110-online-payments.md): `upi://pay?...` opens the traveller's UPI app
 * with the payee, the exact amount and our booking reference filled in. No gateway, nothing called.
 */
import type { Paise } from '~/lib/money.ts'

/** A UPI id (virtual payment address): name@handle. */
export function isUpiId(value: string): boolean {
	return /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9.-]{1,63}$/.test(value)
}

/** Rupees with two decimals, as the UPI linking spec wants `am` (no grouping, no symbol). */
export function upiAmount(amount: Paise): string {
	return `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`
}

/** `upi://pay?pa=…&pn=…&am=…&cu=INR&tn=<reference>`; encoded with %20 for spaces (some UPI apps read + literally). */
export function upiPayLink(input: { payee: string; payeeName: string; amount: Paise; note: string }): string {
	const params = [
		['pa', input.payee],
		['pn', input.payeeName],
		['am', upiAmount(input.amount)],
		['cu', 'INR'],
		['tn', input.note],
	]
	return `upi://pay?${params.map(([key, value]) => `${key}=${encodeURIComponent(value!)}`).join('&')}`
}

/** A UPI transaction reference (UTR / RRN) as travellers copy it from their app: 12 digits, or 6–35 letters and digits. */
export function normaliseUpiReference(value: string): string | null {
	const cleaned = value.replace(/\s+/g, '').toUpperCase()
	return /^[A-Z0-9]{6,35}$/.test(cleaned) ? cleaned : null
}
