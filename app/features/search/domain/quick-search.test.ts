import { describe, expect, test } from 'vitest'
import { groupHits, kindsVisibleIn, parseQuickSearch, resultsPerKind, type SearchHit, searchKinds } from './quick-search.ts'

describe('quick search words', () => {
	test('trimmed; blank is nothing to look for; one character or over 100 says why', () => {
		expect(parseQuickSearch(new URLSearchParams({ q: '  meera  ' }))).toEqual({ q: 'meera', error: null })
		expect(parseQuickSearch(new URLSearchParams())).toEqual({ q: '', error: null })
		expect(parseQuickSearch(new URLSearchParams({ q: 'm' }))).toEqual({ q: '', error: 'Type at least 2 characters.' })
		expect(parseQuickSearch(new URLSearchParams({ q: 'x'.repeat(101) })).error).toMatch(/at most 100 characters/)
		expect(parseQuickSearch(new URLSearchParams({ q: 'x'.repeat(100_000) })).error).toMatch(/at most 100 characters/)
	})
})

describe('kinds a role may search', () => {
	test('only kinds whose section the role can open', () => {
		expect(kindsVisibleIn(['/admin/leads', '/admin/agents', '/admin/team'])).toEqual(['lead', 'agent'])
		expect(kindsVisibleIn([])).toEqual([])
	})
})

describe('grouping', () => {
	const hit = (kind: SearchHit['kind'], id: string): SearchHit => ({ kind, id, title: id, detail: '', href: `/x/${id}` })
	test('in the fixed order of kinds, empty kinds left out, a link to the list when a kind filled its share', () => {
		const many = Array.from({ length: resultsPerKind }, (_, i) => hit('lead', `l${i}`))
		const groups = groupHits([hit('agent', 'a1'), ...many, hit('booking', 'b1')], 'meera iyer')
		expect(groups.map((group) => group.kind)).toEqual(['lead', 'booking', 'agent'])
		expect(groups[0]!.more).toBe('/admin/leads?q=meera+iyer')
		expect(groups[1]!.more).toBeNull()
		expect(searchKinds).toHaveLength(8)
	})
})
