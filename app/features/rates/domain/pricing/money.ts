/**
 * Integer money arithmetic in paise. Every function returns an integer; rounding is
 * always half up (…0.5 paise goes up), done with BigInt so no floating-point error
 * or overflow can creep in.
 */
import type { BasisPoints, Paise } from './types'

/** 100% in basis points. */
export const BP_PER_UNIT = 10_000

/**
 * `amount × bp / 10000`, rounded half up to the nearest paise.
 * Both arguments must be non-negative integers.
 * Example: applyBp(1_234_50, 500) = round(6172.5) = 6173 paise (5% of ₹1,234.50).
 */
export function applyBp(amount: Paise, bp: BasisPoints): Paise {
	const n = BigInt(amount) * BigInt(bp)
	return Number((n + 5000n) / 10000n)
}

/**
 * `amount / divisor`, rounded half up to the nearest paise.
 * `amount` a non-negative integer, `divisor` a positive integer.
 */
export function divideRoundHalfUp(amount: Paise, divisor: number): Paise {
	const d = BigInt(divisor)
	return Number((2n * BigInt(amount) + d) / (2n * d))
}

/**
 * Splits `target` paise over the parts in proportion to their sizes, in whole paise that add up
 * to `target` exactly (the leftover paise go to the first parts, one each). Used to show a price
 * with the markup spread over its lines, so the lines a traveller sees add up to the trip price.
 */
export function spreadProportionally(parts: readonly Paise[], target: Paise): Paise[] {
	const subtotal = parts.reduce((sum, value) => sum + value, 0)
	if (subtotal === 0) return parts.map(() => 0)
	const shares = parts.map((part) => Math.floor((part * target) / subtotal))
	let rest = target - shares.reduce((sum, value) => sum + value, 0)
	for (let index = 0; rest > 0 && index < shares.length; index++, rest--) shares[index]! += 1
	return shares
}

/** Rupees to paise, for writing fixtures and tests readably: rupees(1500) = 150000. */
export function rupees(amount: number): Paise {
	return Math.round(amount * 100)
}
