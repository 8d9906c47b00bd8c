import { formatINR } from '~/lib/money.ts'

/** A budget band of the package filters, in whole rupees per person: `min` inclusive, `max` exclusive (null: no ceiling). */
export type BudgetBandRange = { key: string; label: string; min: number; max: number | null }

/** How many bands the filter offers at most. */
export const maxBudgetBands = 4

/** Round steps a threshold may take, coarsest first: a round number is easier to read than an exact split. */
const steps = [5_000, 1_000, 500, 100, 1]

/**
 * Budget bands that fit the catalogue: up to four, each holding about as many packages as the others, split
 * at round rupee amounts that fall between two packages' "from" prices, so no band is empty
 * (docs/decisions/177-book-now-trip-and-terms.md). `fromPrices` in whole rupees per person.
 */
export function budgetBandsFor(fromPrices: readonly number[]): BudgetBandRange[] {
	const prices = fromPrices
		.filter((price) => Number.isFinite(price) && price > 0)
		.map(Math.round)
		.sort((a, b) => a - b)
	const distinct = new Set(prices).size
	const count = Math.min(maxBudgetBands, distinct)
	if (count < 2) return []
	const cuts: number[] = []
	for (let band = 1; band < count; band++) {
		const ideal = Math.round((band * prices.length) / count)
		const cut = roundCut(prices, ideal)
		if (cut !== null && (cuts.length === 0 || cut > cuts.at(-1)!)) cuts.push(cut)
	}
	const bounds = [0, ...cuts, null]
	const bands = bounds.slice(0, -1).map((min, index) => bandRange(min!, bounds[index + 1] ?? null))
	return bands.filter((band) => prices.some((price) => price >= band.min && (band.max === null || price < band.max)))
}

/** The roundest amount splitting the sorted prices at (or next to) `ideal`: above the price before, at most the price after. */
function roundCut(prices: readonly number[], ideal: number): number | null {
	for (const step of steps) {
		for (const at of [ideal, ideal - 1, ideal + 1]) {
			if (at < 1 || at >= prices.length || prices[at - 1]! >= prices[at]!) continue
			const cut = (Math.floor(prices[at - 1]! / step) + 1) * step
			if (cut <= prices[at]!) return cut
		}
	}
	return null
}

function bandRange(min: number, max: number | null): BudgetBandRange {
	const rupees = (amount: number) => formatINR(amount * 100)
	if (min === 0) return { key: `under-${max}`, label: `Under ${rupees(max!)}`, min, max }
	if (max === null) return { key: `over-${min}`, label: `${rupees(min)} and over`, min, max }
	return { key: `${min}-${max}`, label: `${rupees(min)} to ${rupees(max)}`, min, max }
}

/** A band from its key in the address (`under-15000`, `15000-20000`, `over-22000`), so a shared link keeps working as the catalogue changes. */
export function parseBudgetBand(key: string | undefined): BudgetBandRange | null {
	const match = /^(?:under-(\d{1,7})|(\d{1,7})-(\d{1,7})|over-(\d{1,7}))$/.exec(key ?? '')
	if (!match) return null
	if (match[1]) return Number(match[1]) > 0 ? bandRange(0, Number(match[1])) : null
	if (match[4]) return bandRange(Number(match[4]), null)
	const [min, max] = [Number(match[2]), Number(match[3])]
	return min < max ? bandRange(min, max) : null
}

/**
 * Each band with how many of the catalogue's "from" prices (rupees per person) fall in it, for the home
 * page's budget links. The prices are compared as they are (not rounded), as the package filter compares them.
 */
export function withPackageCounts<Band extends Pick<BudgetBandRange, 'min' | 'max'>>(
	bands: readonly Band[],
	fromPrices: readonly number[],
): Array<Band & { packages: number }> {
	const prices = fromPrices.filter((price) => Number.isFinite(price) && price > 0)
	return bands.map((band) => ({ ...band, packages: prices.filter((price) => price >= band.min && (band.max === null || price < band.max)).length }))
}
