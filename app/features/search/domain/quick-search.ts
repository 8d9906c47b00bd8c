import { z } from 'zod'

/**
 * Quick search at the desk (docs/decisions/129-quick-search.md): one box that finds
 * leads, bookings, quotes, vouchers, ferry leads and bookings, offline tickets and
 * agents by reference, name, phone or email. Matching itself reuses the leads list's
 * needles (searchNeedles, likePattern in app/lib/search.ts).
 */

export const searchKinds = ['lead', 'booking', 'quote', 'voucher', 'ferry-lead', 'ferry-booking', 'offline-ticket', 'agent'] as const
export type SearchKind = (typeof searchKinds)[number]

type KindInfo = {
	/** The group's heading. */
	heading: string
	/** The admin section a staff member must be able to open to see this kind (its nav entry). */
	section: string
	/** The section's own list, searched for the same words, when it has a search box. */
	listSearch: ((q: string) => string) | null
}

const withQ = (path: string) => (q: string) => `${path}?${new URLSearchParams({ q })}`

export const searchKindInfo: Record<SearchKind, KindInfo> = {
	lead: { heading: 'Leads', section: '/admin/leads', listSearch: withQ('/admin/leads') },
	booking: { heading: 'Bookings', section: '/admin/pending', listSearch: null },
	quote: { heading: 'Quotes', section: '/admin/create-itinerary', listSearch: null },
	voucher: { heading: 'Vouchers', section: '/admin/vouchers', listSearch: withQ('/admin/vouchers') },
	'ferry-lead': { heading: 'Ferry leads', section: '/admin/ferry-leads', listSearch: withQ('/admin/ferry-leads') },
	'ferry-booking': { heading: 'Ferry bookings', section: '/admin/ferry-bookings', listSearch: withQ('/admin/ferry-bookings') },
	'offline-ticket': { heading: 'Offline tickets', section: '/admin/offline-tickets', listSearch: withQ('/admin/offline-tickets') },
	agent: { heading: 'Agents', section: '/admin/agents', listSearch: withQ('/admin/agents') },
}

/** The kinds whose admin section is among the sections a role may open: what a role cannot open, it cannot find. */
export function kindsVisibleIn(sectionPaths: readonly string[]): SearchKind[] {
	const open = new Set(sectionPaths)
	return searchKinds.filter((kind) => open.has(searchKindInfo[kind].section))
}

/** Matches shown per kind: enough to pick from at the desk; the section's own list has the rest. */
export const resultsPerKind = 6
export const quickSearchLimits = { maxLength: 100, minLength: 2 } as const

const tooLong = `Search for at most ${quickSearchLimits.maxLength} characters: a reference, a name, a phone number or an email.`
const tooShort = `Type at least ${quickSearchLimits.minLength} characters.`

export const quickSearchSchema = z.object({
	q: z
		.string()
		.trim()
		.max(quickSearchLimits.maxLength, tooLong)
		.refine((q) => q === '' || q.length >= quickSearchLimits.minLength, tooShort),
})

/**
 * The search box's words from a URL, or why there is nothing to look for. Input is cut at
 * four times the limit before it is parsed (the server caps the URL itself).
 */
export function parseQuickSearch(params: URLSearchParams): { q: string; error: string | null } {
	const raw = (params.get('q') ?? '').slice(0, quickSearchLimits.maxLength * 4)
	const parsed = quickSearchSchema.safeParse({ q: raw })
	if (parsed.success) return { q: parsed.data.q, error: null }
	return { q: '', error: parsed.error.issues[0]?.message ?? tooShort }
}

export type SearchHit = {
	kind: SearchKind
	id: string
	/** What the hit is called at the desk: a reference and a name. */
	title: string
	/** One line that tells two hits apart: status, phone, dates. */
	detail: string
	href: string
}

export type SearchGroup = { kind: SearchKind; heading: string; hits: SearchHit[]; more: string | null }

/** Hits grouped by kind in the fixed order, empty kinds left out; a "more" link when a kind filled its share. */
export function groupHits(hits: SearchHit[], q: string): SearchGroup[] {
	return searchKinds
		.map((kind) => {
			const ofKind = hits.filter((hit) => hit.kind === kind)
			const info = searchKindInfo[kind]
			return { kind, heading: info.heading, hits: ofKind, more: ofKind.length >= resultsPerKind && info.listSearch ? info.listSearch(q) : null }
		})
		.filter((group) => group.hits.length > 0)
}
