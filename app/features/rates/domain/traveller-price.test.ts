import { expect, test } from 'vitest'
import { travellerPrice } from './traveller-price.ts'

test('the markup is spread over the lines so they add up to the trip price, and no cost is shown', () => {
	const priced = {
		lines: [
			{ kind: 'hotel' as const, description: 'Sea Shell, Havelock: 2 nights, deluxe double', sell: 1_200_000, cost: 960_000 },
			{ kind: 'ferry' as const, description: 'Port Blair → Havelock, premium', sell: 310_000, cost: 279_000 },
			{ kind: 'activity' as const, description: 'Elephant Beach snorkelling', sell: 150_001, cost: 112_500 },
		],
		subtotal: 1_660_001,
		markup: 166_000,
		totalCost: 1_351_500,
		margin: 308_501,
		discount: 50_000,
		gstPercent: 5,
		gst: 88_800,
		total: 1_864_801,
		perPerson: 932_401,
		payingTravellers: 2,
	}
	const shown = travellerPrice(priced)
	expect(shown.tripPrice).toBe(1_826_001)
	expect(shown.lines.map((line) => line.amount).reduce((sum, amount) => sum + amount, 0)).toBe(shown.tripPrice)
	// Each line keeps its share of the markup: 1,200,000 of 1,660,001 is 72.3 %.
	expect(shown.lines.map((line) => line.amount)).toEqual([1_320_000, 341_000, 165_001])
	expect(shown.lines.map((line) => line.description)).toEqual(priced.lines.map((line) => line.description))
	expect(shown).toMatchObject({ discount: 50_000, gstPercent: 5, gst: 88_800, total: 1_864_801, perPerson: 932_401, payingTravellers: 2 })
	expect(JSON.stringify(shown)).not.toMatch(/cost|margin|markup|subtotal/i)
})
