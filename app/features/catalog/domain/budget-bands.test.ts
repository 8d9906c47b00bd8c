import { describe, expect, test } from 'vitest'
import { formatINR } from '~/lib/money.ts'
import { budgetBandsFor, parseBudgetBand, withPackageCounts } from './budget-bands.ts'

/** The demo catalogue's published "from" prices (rupees per person): 12 of 13 under ₹25,000. */
const demo = [12_915, 14_910, 16_590, 16_590, 16_905, 19_005, 19_005, 20_685, 21_000, 22_365, 22_680, 22_785, 44_205]

const inBand = (prices: readonly number[], band: { min: number; max: number | null }) =>
	prices.filter((price) => price >= band.min && (band.max === null || price < band.max)).length

describe('budgetBandsFor', () => {
	test('the demo catalogue: four bands at round amounts, none empty, none holding most of the packages', () => {
		const bands = budgetBandsFor(demo)
		expect(bands.map((band) => band.key)).toEqual(['under-15000', '15000-20000', '20000-22000', 'over-22000'])
		expect(bands.map((band) => inBand(demo, band))).toEqual([2, 5, 2, 4])
		expect(bands[0]!.label).toBe(`Under ${formatINR(15_000_00)}`)
		expect(bands[3]!.label).toBe(`${formatINR(22_000_00)} and over`)
	})

	test('every package is in exactly one band, and every band has one, for any catalogue', () => {
		let seed = 7
		const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647
		for (let run = 0; run < 200; run++) {
			const prices = Array.from({ length: 1 + Math.floor(random() * 30) }, () => 5_000 + Math.floor(random() * 200_000))
			const bands = budgetBandsFor(prices)
			if (new Set(prices).size < 2) {
				expect(bands).toEqual([])
				continue
			}
			expect(bands.length).toBeGreaterThanOrEqual(2)
			expect(bands.length).toBeLessThanOrEqual(4)
			for (const band of bands) expect(inBand(prices, band)).toBeGreaterThan(0)
			for (const price of prices) expect(bands.filter((band) => inBand([price], band)).length).toBe(1)
			for (const band of bands) expect(parseBudgetBand(band.key)).toEqual(band)
		}
	})

	test('one price, or none, gives no bands to choose from', () => {
		expect(budgetBandsFor([])).toEqual([])
		expect(budgetBandsFor([20_000, 20_000])).toEqual([])
	})
})

describe('parseBudgetBand', () => {
	test('reads the three shapes of key and refuses anything else', () => {
		expect(parseBudgetBand('under-25000')).toMatchObject({ min: 0, max: 25_000 })
		expect(parseBudgetBand('25000-45000')).toMatchObject({ min: 25_000, max: 45_000 })
		expect(parseBudgetBand('over-75000')).toMatchObject({ min: 75_000, max: null })
		for (const bad of [undefined, '', 'cheap', '45000-25000', 'under-0', 'under-99999999', '1-2-3']) expect(parseBudgetBand(bad), String(bad)).toBeNull()
	})
})

describe('withPackageCounts', () => {
	test('the demo catalogue: each band says how many packages it holds, and together they hold them all', () => {
		const bands = withPackageCounts(budgetBandsFor(demo), demo)
		expect(bands.map((band) => [band.key, band.packages])).toEqual([
			['under-15000', 2],
			['15000-20000', 5],
			['20000-22000', 2],
			['over-22000', 4],
		])
		expect(bands.reduce((sum, band) => sum + band.packages, 0)).toBe(demo.length)
	})

	test('a price on a threshold counts in the band it starts, as the filter puts it; paise are not rounded into the next band', () => {
		const bands = [
			{ min: 0, max: 15_000 },
			{ min: 15_000, max: null },
		]
		expect(withPackageCounts(bands, [15_000, 14_999.5, 0, Number.NaN]).map((band) => band.packages)).toEqual([1, 1])
	})
})
