import { describe, expect, test } from 'vitest'
import { checkSeasonPlan, defaultSeasonRanges, repeatSeasonPlan, seasonPlanSpan, type SeasonRange } from './seasons.ts'

describe('repeating a season plan', () => {
	test('the last year repeats on the same days until the date asked for, with no gap and no overlap', () => {
		const plan = repeatSeasonPlan(defaultSeasonRanges, '2030-03-01')
		expect(checkSeasonPlan(plan)).toEqual([])
		expect(seasonPlanSpan(plan)).toEqual({ from: '2026-01-01', to: '2030-12-31' })
		expect(plan.slice(0, defaultSeasonRanges.length)).toEqual(defaultSeasonRanges)
		// New Year is peak, May is low, the Diwali weeks of the last year come back on the same days.
		expect(plan).toContainEqual({ season: 'peak', from: '2029-01-01', to: '2029-01-05' })
		expect(plan).toContainEqual({ season: 'low', from: '2028-05-01', to: '2028-09-30' })
		expect(plan).toContainEqual({ season: 'peak', from: '2030-10-28', to: '2030-11-05' })
	})

	test('29 February ends a range on the 28th in other years, and the next one starts on 1 March', () => {
		const leap: SeasonRange[] = [
			{ season: 'high', from: '2028-01-01', to: '2028-02-29' },
			{ season: 'low', from: '2028-03-01', to: '2028-12-31' },
		]
		const plan = repeatSeasonPlan(leap, '2029-06-01')
		expect(plan.slice(2)).toEqual([
			{ season: 'high', from: '2029-01-01', to: '2029-02-28' },
			{ season: 'low', from: '2029-03-01', to: '2029-12-31' },
		])
		expect(checkSeasonPlan(plan)).toEqual([])
	})

	test('a plan already long enough, or not covering whole years, is left as it is', () => {
		expect(repeatSeasonPlan(defaultSeasonRanges, '2027-06-01')).toEqual(defaultSeasonRanges)
		const partial: SeasonRange[] = [{ season: 'high', from: '2026-03-01', to: '2026-09-30' }]
		expect(repeatSeasonPlan(partial, '2028-01-01')).toEqual(partial)
	})
})
