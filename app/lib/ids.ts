const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** 20 random characters from [A-Za-z0-9] (docs/conventions.md): about 119 bits, so public links are unguessable. */
export function newId(length = 20): string {
	// Rejection sampling keeps every character equally likely (256 is not a multiple of 62).
	let id = ''
	while (id.length < length) {
		for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
			if (byte < 248 && id.length < length) id += alphabet[byte % 62]
		}
	}
	return id
}

export function isId(value: string): boolean {
	return /^[A-Za-z0-9]{20}$/.test(value)
}

/** Human reference such as `LD-2026-00042`: readable on the phone, never used as a secret. */
export function formatReference(prefix: string, year: number, sequence: number): string {
	return `${prefix}-${year}-${String(sequence).padStart(5, '0')}`
}

/** The traveller's trip page token: 24 characters, about 143 random bits (docs/decisions/110-online-payments.md). */
export function newTripToken(): string {
	return newId(24)
}

/** Trip tokens: new ones are [A-Za-z0-9]; those given to older bookings by the migration are base64url. */
export function isTripToken(value: string): boolean {
	return /^[A-Za-z0-9_-]{24}$/.test(value)
}
