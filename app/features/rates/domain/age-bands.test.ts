import { describe, expect, test } from 'vitest'
import { childAgeRule, parseChildAges } from './age-bands.ts'

describe('childAgeRule', () => {
	test('the default bands give children 2 to 11, adults from 12', () => {
		const rule = childAgeRule({ infantMaxAge: 1, childMaxAge: 11 })
		expect(rule).toMatchObject({ min: 2, max: 11, adultFrom: 12, label: 'Children’s ages (2 to 11)' })
		expect(parseChildAges('5, 9', rule)).toEqual({ ok: true, ages: [5, 9] })
		expect(parseChildAges('', rule)).toEqual({ ok: true, ages: [] })
		expect(parseChildAges(undefined, rule)).toEqual({ ok: true, ages: [] })
		for (const bad of ['12', '1', '17', 'five', '5.5', '-3']) expect(parseChildAges(bad, rule), bad).toEqual({ ok: false, message: rule.message })
	})

	test('follows the owner’s settings', () => {
		const rule = childAgeRule({ infantMaxAge: 2, childMaxAge: 14 })
		expect(rule.label).toBe('Children’s ages (3 to 14)')
		expect(parseChildAges('14', rule)).toEqual({ ok: true, ages: [14] })
		expect(parseChildAges('2', rule).ok).toBe(false)
		expect(rule.message).toContain('15 and over count as adults')
	})
})
