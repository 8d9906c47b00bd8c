import { describe, expect, test } from 'vitest'
import { isIndianNationality, normalisedNationality } from './nationality.ts'

describe('nationality', () => {
	test.each(['Indian', 'india', ' INDIA ', 'Ind', 'IN', 'Bharat', 'Bharatiya', 'Indian citizen', 'Indian.'])('%s reads as Indian', (text) => {
		expect(isIndianNationality(text)).toBe(true)
		expect(normalisedNationality(text)).toBe('Indian')
	})

	test.each(['German', 'Indonesian', 'British Indian', 'Sri Lankan', 'Bangladeshi'])('%s is a foreign national, stored as typed', (text) => {
		expect(isIndianNationality(text)).toBe(false)
		expect(normalisedNationality(` ${text} `)).toBe(text)
	})

	test('an empty answer defaults to Indian, as the form suggests', () => {
		expect(normalisedNationality('  ')).toBe('Indian')
	})
})
