import { isIsoDate } from '~/lib/dates.ts'

/**
 * List URLs as filters for the ferry, ticket and agent lists. A URL is typed
 * or shared by hand, so anything unknown is dropped rather than refused.
 */
export function listParams(params: URLSearchParams) {
	const page = Number(params.get('page'))
	return {
		q: (params.get('q') ?? '').trim().slice(0, 100),
		page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
		date: (name: string) => {
			const value = params.get(name)
			return value && isIsoDate(value) ? value : null
		},
		pick: <T extends string>(name: string, allowed: readonly T[]): T | null => {
			const value = params.get(name)
			return value && (allowed as readonly string[]).includes(value) ? (value as T) : null
		},
	}
}

/** The query string for a list's filters, leaving empty values and page 1 out. */
export function listQuery(filters: Record<string, string | number | null>, change: Record<string, string | number | null> = {}): string {
	const params = new URLSearchParams()
	for (const [key, value] of Object.entries({ ...filters, ...change })) {
		if (value === null || value === '' || (key === 'page' && value === 1)) continue
		params.set(key, String(value))
	}
	const query = params.toString()
	return query ? `?${query}` : ''
}
