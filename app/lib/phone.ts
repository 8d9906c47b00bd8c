/**
 * Phone numbers are stored in E.164 (+919434200000). Indian numbers are the
 * default: a 10-digit mobile, with or without 0 or 91 in front, becomes +91….
 * Returns null for anything that cannot be a real number.
 */
export function normalizePhone(input: string): string | null {
	const trimmed = input.trim()
	if (!trimmed) return null
	const hasPlus = trimmed.startsWith('+') || trimmed.startsWith('00')
	const digits = trimmed.replace(/^00/, '').replace(/[^\d]/g, '')
	if (/[^\d\s()+.-]/.test(trimmed)) return null
	if (hasPlus) return digits.length >= 8 && digits.length <= 15 && !digits.startsWith('0') ? `+${digits}` : null
	if (/^[6-9]\d{9}$/.test(digits)) return `+91${digits}`
	if (/^0[6-9]\d{9}$/.test(digits)) return `+91${digits.slice(1)}`
	if (/^91[6-9]\d{9}$/.test(digits)) return `+${digits}`
	// Landlines with STD code, e.g. 03192 123456 (Port Blair).
	if (/^0\d{9,10}$/.test(digits)) return `+91${digits.slice(1)}`
	return null
}

/**
 * +91 94342 00000 for Indian mobiles, whether stored in E.164 or as the digits a wa.me link takes
 * (919434200000, the company's WhatsApp number); other numbers as stored. The one way a phone or
 * WhatsApp number is printed.
 */
export function formatPhone(stored: string): string {
	const match = /^\+?91(\d{5})(\d{5})$/.exec(stored.replace(/[\s-]/g, ''))
	return match ? `+91 ${match[1]} ${match[2]}` : stored
}
