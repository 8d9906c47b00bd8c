import { describe, expect, test } from 'vitest'
import { monthParam, rangeSchema } from './forms.ts'

describe('the bulk edit form', () => {
	const base = { intent: 'range', roomTypeIds: 'rt1', first: '2026-12-01', last: '2026-12-31' }
	test('empty fields stay as they are; one ticked box is a list', () => {
		const parsed = rangeSchema.parse({ ...base, allotment: '', minStay: '', releaseDays: '' })
		expect(parsed).toMatchObject({ roomTypeIds: ['rt1'], weekdays: [], allotment: undefined, minStay: undefined, releaseDays: undefined })
	})
	test('numbers and weekdays are read; bad ones are refused with what to do', () => {
		expect(rangeSchema.parse({ ...base, allotment: '4', weekdays: ['5', '6'], minStay: '3' })).toMatchObject({ allotment: 4, weekdays: [5, 6], minStay: 3 })
		expect(rangeSchema.safeParse({ ...base, allotment: '-1' }).success).toBe(false)
		expect(rangeSchema.safeParse({ ...base, minStay: '0' }).success).toBe(false)
		expect(rangeSchema.safeParse({ ...base, roomTypeIds: undefined }).success).toBe(false)
		expect(rangeSchema.safeParse({ ...base, first: '2026-02-30' }).success).toBe(false)
	})
	test('the month in the address, or this month', () => {
		expect(monthParam('2026-12', '2026-11-27')).toBe('2026-12')
		expect(monthParam('2026-13', '2026-11-27')).toBe('2026-11')
		expect(monthParam(null, '2026-11-27')).toBe('2026-11')
	})
})
