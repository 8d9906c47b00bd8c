import { expect, test } from 'vitest'
import { isUpiId, normaliseUpiReference, upiAmount, upiPayLink } from './upi.ts'

test('the UPI link carries the payee, the exact amount in rupees and paise, INR and the booking reference', () => {
	expect(upiPayLink({ payee: 'andamanisles@upi', payeeName: 'Andaman Isles Travel', amount: 1_500_050, note: 'BK-2026-00042' })).toBe(
		'upi://pay?pa=andamanisles%40upi&pn=Andaman%20Isles%20Travel&am=15000.50&cu=INR&tn=BK-2026-00042',
	)
	expect(upiAmount(5)).toBe('0.05')
	expect(upiAmount(100)).toBe('1.00')
})

test('UPI ids and transaction references are checked before they are used', () => {
	expect(isUpiId('andamanisles@upi')).toBe(true)
	expect(isUpiId('no-at-sign')).toBe(false)
	expect(isUpiId('a@')).toBe(false)
	expect(normaliseUpiReference(' 4123 5678 9012 ')).toBe('412356789012')
	expect(normaliseUpiReference('abc')).toBeNull()
	expect(normaliseUpiReference('<script>')).toBeNull()
})
