import { isIsoDate } from '~/lib/dates.ts'
import { leadSources, leadStatuses, type LeadSource, type LeadStatus } from './lead.ts'

export const leadSorts = {
	newest: 'Newest first',
	oldest: 'Oldest first',
	follow_up: 'Follow-up date',
	name: 'Name A–Z',
	updated: 'Recently updated',
} as const
export type LeadSort = keyof typeof leadSorts

export const followUpFilters = { due: 'Due today or earlier', overdue: 'Overdue', upcoming: 'Upcoming', none: 'No follow-up set' } as const
export type FollowUpFilter = keyof typeof followUpFilters

export const leadsPerPage = 25

export type LeadFilters = {
	q: string
	status: LeadStatus | null
	source: LeadSource | null
	/** A staff user id, 'me' or 'none' (unassigned). */
	assignee: string | null
	followUp: FollowUpFilter | null
	from: string | null
	to: string | null
	agent: string | null
	sort: LeadSort
	page: number
}

const idLike = /^[A-Za-z0-9_-]{1,64}$/

/**
 * The list's URL as filters. A URL is typed or shared by hand, so anything
 * unknown is dropped rather than refused: the list then shows more, never an error.
 */
export function parseLeadFilters(params: URLSearchParams): LeadFilters {
	const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | null =>
		value && (allowed as readonly string[]).includes(value) ? (value as T) : null
	const date = (value: string | null) => (value && isIsoDate(value) ? value : null)
	const id = (value: string | null) => (value && idLike.test(value) ? value : null)
	const page = Number(params.get('page'))
	return {
		q: (params.get('q') ?? '').trim().slice(0, 100),
		status: pick(params.get('status'), leadStatuses),
		source: pick(params.get('source'), leadSources),
		assignee: id(params.get('assignee')),
		followUp: pick(params.get('followUp'), Object.keys(followUpFilters) as FollowUpFilter[]),
		from: date(params.get('from')),
		to: date(params.get('to')),
		agent: id(params.get('agent')),
		sort: pick(params.get('sort'), Object.keys(leadSorts) as LeadSort[]) ?? 'newest',
		page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
	}
}

/** The URL query for filters, leaving defaults out; `change` overrides some of them. */
export function leadFiltersQuery(filters: LeadFilters, change: Partial<LeadFilters> = {}): string {
	const merged = { ...filters, ...change }
	const params = new URLSearchParams()
	for (const [key, value] of Object.entries(merged)) {
		if (value === null || value === '' || (key === 'sort' && value === 'newest') || (key === 'page' && value === 1)) continue
		params.set(key, String(value))
	}
	const query = params.toString()
	return query ? `?${query}` : ''
}
