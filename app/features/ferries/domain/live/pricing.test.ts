import { describe, expect, test } from 'vitest'
import { adultFare, clockTime, ddmmyyyy, durationLabel, durationMinutes, operatorTotal, rupeesToPaise, sellPrice } from './pricing.ts'

describe('live ferry pricing', () => {
	test('operator rupees become paise, GST paise kept', () => {
		expect(rupeesToPaise(155.25)).toBe(15_525)
		expect(rupeesToPaise(1725)).toBe(172_500)
	})
	test('a party costs adults at every fare part and infants at the infant fare', () => {
		const cls = { fare: { base: 172_500, portFee: 5_000, gst: 31_050 }, infantFare: 10_000 }
		expect(adultFare(cls)).toBe(208_550)
		expect(operatorTotal(cls, 2, 1)).toBe(427_100)
	})
	test('our price adds the markup and rounds up to the rupee; no markup keeps whole rupees as they are', () => {
		expect(sellPrice(427_100, 5)).toBe(448_500)
		expect(sellPrice(230_000, 0)).toBe(230_000)
		expect(sellPrice(230_050, 0)).toBe(230_100)
	})
	test('times in each operator’s shape, and bad ones refused', () => {
		expect(clockTime('06:30 AM')).toBe('06:30')
		expect(clockTime('12:15 PM')).toBe('12:15')
		expect(clockTime('01:00 PM')).toBe('13:00')
		expect(clockTime('08:00:00')).toBe('08:00')
		expect(clockTime({ hour: 9, minute: 5 })).toBe('09:05')
		expect(clockTime({ hour: 25, minute: 0 })).toBeNull()
		expect(clockTime('soon')).toBeNull()
	})
	test('durations and dates', () => {
		expect(durationMinutes('06:30', '08:45')).toBe(135)
		expect(durationLabel(135)).toBe('2 h 15 min')
		expect(durationLabel(90)).toBe('1 h 30 min')
		expect(durationLabel(45)).toBe('45 min')
		expect(ddmmyyyy('2027-01-05')).toBe('05-01-2027')
	})
})
