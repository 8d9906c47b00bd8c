import { describe, expect, test } from 'vitest'
import { gstinCheckCharacter, gstinProblem, stateOfGstin } from './gstin.ts'

/** A GSTIN with the right check character for the given first 14 characters. */
const withCheck = (first14: string) => `${first14}${gstinCheckCharacter(first14)}`

describe('GSTIN', () => {
	test('a published GSTIN passes; its check character is computed from the other 14', () => {
		// GSTN's own example of the check digit.
		expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V')
		expect(gstinProblem('27AAPFU0939F1ZV')).toBeNull()
		expect(gstinProblem(' 27aapfu0939f1zv ')).toBeNull()
		expect(stateOfGstin('27AAPFU0939F1ZV')).toBe('27')
	})

	test('one wrong character is caught by the check character', () => {
		expect(gstinProblem('27AAPFU0939F1ZW')).toMatch(/last character does not match/)
		expect(gstinProblem('27AAPFU0938F1ZV')).toMatch(/last character does not match/)
	})

	test('wrong length, shape or state code are refused with what is wrong', () => {
		expect(gstinProblem('27AAPFU0939F1Z')).toMatch(/15 characters; this one has 14/)
		expect(gstinProblem('27AAPF00939F1ZV')).toMatch(/the 10-character PAN/)
		expect(gstinProblem('27AAPFU0939F1YV')).toMatch(/the 10-character PAN/)
		expect(gstinProblem(withCheck('99AAPFU0939F1Z'))).toMatch(/99 is not one/)
		expect(gstinProblem(withCheck('35AABCA1234F1Z'))).toBeNull()
		expect(stateOfGstin(withCheck('35AABCA1234F1Z'))).toBe('35')
	})
})
