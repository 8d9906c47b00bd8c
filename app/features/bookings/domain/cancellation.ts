/** A cancellation tier: from `minDaysBefore` days before the start (inclusive), the fee is `feePercent` of the package price. */
export type CancellationTier = { minDaysBefore: number; feePercent: number }

function sorted(tiers: readonly CancellationTier[]) {
	return [...tiers].sort((a, b) => b.minDaysBefore - a.minDaysBefore)
}

/** Rows for the policy page, e.g. "30 or more days before the trip" — "15 to 29 days" — "Less than 15 days". */
export function describeCancellationTiers(tiers: readonly CancellationTier[]): Array<{ when: string; feePercent: number }> {
	const ordered = sorted(tiers)
	return ordered.map((tier, index) => {
		const upper = index === 0 ? null : ordered[index - 1]!.minDaysBefore - 1
		const when =
			upper === null
				? `${tier.minDaysBefore} or more days before the trip`
				: tier.minDaysBefore === 0
					? `Less than ${upper + 1} days before the trip, or no-show`
					: `${tier.minDaysBefore} to ${upper} days before the trip`
		return { when, feePercent: tier.feePercent }
	})
}

/** The fee percent for cancelling `daysBefore` days before the start. */
export function cancellationFeePercent(tiers: readonly CancellationTier[], daysBefore: number): number {
	const tier = sorted(tiers).find((candidate) => daysBefore >= candidate.minDaysBefore)
	return tier?.feePercent ?? 100
}
