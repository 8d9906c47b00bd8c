import { describe, expect, test } from 'vitest'
import { formatUploadPercent, uploadPercent } from './upload-progress.ts'

describe('upload progress', () => {
	test('a whole-number percentage, 100 only when every byte has gone', () => {
		expect(uploadPercent(0, 1000)).toBe(0)
		expect(uploadPercent(1, 1000)).toBe(0)
		expect(uploadPercent(505, 1000)).toBe(50)
		expect(uploadPercent(999, 1000)).toBe(99)
		expect(uploadPercent(999_999, 1_000_000)).toBe(99)
		expect(uploadPercent(1000, 1000)).toBe(100)
		expect(uploadPercent(1200, 1000)).toBe(100)
	})
	test('an unknown or empty total reads as 0, never NaN', () => {
		expect(uploadPercent(10, 0)).toBe(0)
		expect(uploadPercent(10, Number.NaN)).toBe(0)
		expect(uploadPercent(-5, 100)).toBe(0)
	})
	test('formatted for the label', () => {
		expect(formatUploadPercent(0)).toBe('0%')
		expect(formatUploadPercent(42)).toBe('42%')
		expect(formatUploadPercent(100)).toBe('100%')
		expect(formatUploadPercent(140)).toBe('100%')
	})
})
