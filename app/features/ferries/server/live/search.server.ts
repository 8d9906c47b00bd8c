import { type LiveOperator, OperatorError, type OperatorErrorKind, type Sailing, type SearchQuery } from '~/features/ferries/domain/live/operator.ts'
import { adultFare, operatorTotal, sellPrice } from '~/features/ferries/domain/live/pricing.ts'
import type { OperatorSetup } from './operators.server.ts'

/** A class as a traveller sees it: our price per adult and for the whole party, in paise. */
export type PricedClass = Sailing['classes'][number] & { perAdult: number; total: number }
export type PricedSailing = Omit<Sailing, 'classes'> & { classes: PricedClass[] }
export type OperatorFailure = { operator: LiveOperator; kind: OperatorErrorKind; message: string }
export type SearchAnswer = { sailings: PricedSailing[]; failures: OperatorFailure[]; searched: LiveOperator[] }

/** How long an operator's answer to the same search is reused: a few seconds of browsing, never a hold (holds re-check). */
export const searchCacheMs = 60_000
const cache = new Map<string, { at: number; sailings: Sailing[] }>()
const cacheLimit = 500

/** Test-only: forget cached answers. */
export function clearSearchCache() {
	cache.clear()
}

/**
 * One operator's sailings, within its own time-out. A failure is an OperatorError; anything else an operator
 * adapter throws (a bug, a malformed answer it did not foresee) is reported as `malformed`, never a crash.
 */
export async function searchOperator(
	setup: OperatorSetup,
	operator: LiveOperator,
	query: SearchQuery,
	options: { fresh?: boolean; now?: number } = {},
): Promise<Sailing[]> {
	const adapter = setup.adapters.find((candidate) => candidate.operator === operator)
	if (!adapter) throw new OperatorError(operator, 'unsupported', 'not configured')
	const now = options.now ?? Date.now()
	const cacheKey = `${operator}|${query.from}|${query.to}|${query.date}|${query.adults}|${query.infants}`
	const hit = cache.get(cacheKey)
	if (!options.fresh && hit && now - hit.at < searchCacheMs) return hit.sailings
	const signal = AbortSignal.timeout(setup.timeoutMs)
	let timer: ReturnType<typeof setTimeout> | undefined
	const timedOut = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(new OperatorError(operator, 'unreachable', `no answer within ${setup.timeoutMs} ms`)), setup.timeoutMs)
	})
	try {
		const sailings = await Promise.race([adapter.search(query, signal), timedOut])
		if (cache.size >= cacheLimit) cache.delete(cache.keys().next().value!)
		cache.set(cacheKey, { at: now, sailings })
		return sailings
	} catch (error) {
		if (error instanceof OperatorError) throw error
		throw new OperatorError(operator, 'malformed', 'the answer could not be read')
	} finally {
		clearTimeout(timer)
	}
}

/** Every configured operator at once; one slow or failing operator is reported, never waited on past its time-out. */
export async function searchSailings(setup: OperatorSetup, query: SearchQuery, markupPercent: number): Promise<SearchAnswer> {
	const searched = setup.adapters.map((adapter) => adapter.operator)
	const results = await Promise.allSettled(searched.map((operator) => searchOperator(setup, operator, query)))
	const sailings: PricedSailing[] = []
	const failures: OperatorFailure[] = []
	results.forEach((result, i) => {
		if (result.status === 'fulfilled') sailings.push(...result.value.map((sailing) => priced(sailing, query, markupPercent)))
		else {
			const error = result.reason instanceof OperatorError ? result.reason : new OperatorError(searched[i]!, 'malformed', 'the answer could not be read')
			failures.push({ operator: error.operator, kind: error.kind, message: error.message })
		}
	})
	sailings.sort((a, b) => a.departs.localeCompare(b.departs) || a.operator.localeCompare(b.operator))
	return { sailings, failures, searched }
}

export function priced(sailing: Sailing, query: Pick<SearchQuery, 'adults' | 'infants'>, markupPercent: number): PricedSailing {
	return {
		...sailing,
		classes: sailing.classes.map((cls) => ({
			...cls,
			perAdult: sellPrice(adultFare(cls), markupPercent),
			total: sellPrice(operatorTotal(cls, query.adults, query.infants), markupPercent),
		})),
	}
}
