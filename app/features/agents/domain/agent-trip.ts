import { maxStayRows } from '~/features/rates/domain/builder.ts'

/**
 * The trip an agent prices (docs/decisions/231-agent-net-from-our-cost-and-instant-prices.md), as the query that
 * `resolveBookingDraft` reads: a package for a date, category and party, or a builder configuration in the public
 * builder's own format (what /builder sends to /book-now). Only the names either reads are kept, each value cut
 * to 100 characters and at most 60 of them, so a junk query cannot grow the trip; the engine checks the rest.
 */
const packageNames = ['package', 'tier', 'startDate', 'adults', 'childAges', 'infants'] as const
const builderNames = new Set([
	'start',
	'tier',
	'meal',
	'adults',
	'childAges',
	'infants',
	'rooms',
	'activity',
	'ferry',
	'ferryClass',
	'transfers',
	...Array.from({ length: maxStayRows }, (_, index) => ['island', 'nights', 'hotel'].map((name) => `${name}${index + 1}`)).flat(),
])
const maxValues = 60

export function agentTripParams(source: URLSearchParams): { kind: 'package' | 'builder' | null; params: URLSearchParams } {
	const params = new URLSearchParams()
	if (source.get('package')) {
		for (const name of packageNames) {
			const value = source.get(name)
			if (value) params.set(name, value.slice(0, 100))
		}
		return { kind: 'package', params }
	}
	for (const [name, value] of source) {
		if (!builderNames.has(name) || !value || params.size >= maxValues) continue
		params.append(name, value.slice(0, 100))
	}
	return params.has('start') || params.has('island1') ? { kind: 'builder', params } : { kind: null, params: new URLSearchParams() }
}
