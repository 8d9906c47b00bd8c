import { describe, expect, test } from 'vitest'
import { amountInWords, indianNumberInWords } from './amount-in-words.ts'
import { documentNumber, financialYearLabel, financialYearOf, financialYearRange, prefixProblem } from './numbering.ts'

describe('financial-year numbering', () => {
	test('the year runs 1 April to 31 March', () => {
		expect(financialYearOf('2026-04-01')).toBe(2026)
		expect(financialYearOf('2027-03-31')).toBe(2026)
		expect(financialYearOf('2026-03-31')).toBe(2025)
		expect(financialYearOf('2026-12-31')).toBe(2026)
		expect(financialYearLabel(2026)).toBe('2026-27')
		expect(financialYearLabel(2099)).toBe('2099-00')
		expect(financialYearRange(2026)).toEqual({ from: '2026-04-01', to: '2027-03-31' })
	})

	test('numbers carry the prefix and the year, and never pass 16 characters', () => {
		expect(documentNumber('INV-', 2026, 1)).toBe('INV-2627/0001')
		expect(documentNumber('CN-', 2026, 42)).toBe('CN-2627/0042')
		expect(documentNumber('AIT/IN', 2099, 99_999)).toBe('AIT/IN9900/99999')
		expect(documentNumber('AIT/IN', 2099, 99_999)!.length).toBe(16)
		expect(documentNumber('AIT/IN', 2026, 100_000)).toBeNull()
	})

	test('prefixes: capitals, digits, - and / only, up to 6 characters', () => {
		expect(prefixProblem('INV-')).toBeNull()
		expect(prefixProblem('A/26/')).toBeNull()
		expect(prefixProblem('INVOICE')).toMatch(/1 to 6/)
		expect(prefixProblem('-INV')).toMatch(/starting with a letter/)
		expect(prefixProblem('IN V')).toMatch(/capital letters/)
		expect(prefixProblem('=1+1')).not.toBeNull()
	})
})

describe('amounts in words, Indian numbering', () => {
	test('lakh and crore, rupees and paise', () => {
		expect(amountInWords(1_23_456_50)).toBe('Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Fifty Paise Only')
		expect(amountInWords(52_500_00)).toBe('Rupees Fifty-Two Thousand Five Hundred Only')
		expect(amountInWords(12_34_56_789_05)).toBe('Rupees Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine and Five Paise Only')
		expect(amountInWords(1_00_00_000_00)).toBe('Rupees One Crore Only')
		expect(amountInWords(10_100_00_00_000_00)).toBe('Rupees Ten Thousand One Hundred Crore Only')
		expect(amountInWords(75)).toBe('Seventy-Five Paise Only')
		expect(amountInWords(0)).toBe('Rupees Zero Only')
		expect(indianNumberInWords(100_000)).toBe('One Lakh')
		expect(indianNumberInWords(1_010)).toBe('One Thousand Ten')
		expect(() => amountInWords(-1)).toThrow()
		expect(() => amountInWords(1.5)).toThrow()
	})
})
