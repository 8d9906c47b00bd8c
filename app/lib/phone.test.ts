import { expect, test } from 'vitest'
import { formatPhone, normalizePhone } from './phone.ts'

test('Indian mobiles in every common form become +91 E.164', () => {
	for (const input of ['9434200000', '094342 00000', '+91 94342-00000', '91 9434200000', '0091 9434200000', '(+91) 94342 00000']) {
		expect(normalizePhone(input)).toBe('+919434200000')
	}
})

test('foreign numbers keep their country code; landlines get +91', () => {
	expect(normalizePhone('+44 20 7946 0958')).toBe('+442079460958')
	expect(normalizePhone('03192 232100')).toBe('+913192232100')
})

test('nonsense is refused', () => {
	for (const input of ['', '12345', 'call me', '5434200000', '+0123456789', '+1234567890123456']) expect(normalizePhone(input)).toBeNull()
})

test('formats Indian mobiles for reading', () => {
	expect(formatPhone('+919434200000')).toBe('+91 94342 00000')
	// The company's WhatsApp number is kept as wa.me digits; printed, it reads like any other number.
	expect(formatPhone('919434200000')).toBe('+91 94342 00000')
	expect(formatPhone('+91 94342 00000')).toBe('+91 94342 00000')
	expect(formatPhone('+442079460958')).toBe('+442079460958')
})
