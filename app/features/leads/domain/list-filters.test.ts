import { expect, test } from 'vitest'
import { leadFiltersQuery, parseLeadFilters } from './list-filters.ts'

test('a shared URL becomes filters; unknown values are dropped, not errors', () => {
	const filters = parseLeadFilters(
		new URLSearchParams('q=%20Meera%20&status=quoted&source=fax&assignee=me&followUp=due&from=2026-11-01&to=2026-02-30&sort=name&page=3&agent=AG1'),
	)
	expect(filters).toEqual({
		q: 'Meera',
		status: 'quoted',
		source: null,
		assignee: 'me',
		followUp: 'due',
		from: '2026-11-01',
		to: null,
		agent: 'AG1',
		sort: 'name',
		page: 3,
	})
	expect(parseLeadFilters(new URLSearchParams('page=-1&sort=random&assignee=<script>'))).toMatchObject({ page: 1, sort: 'newest', assignee: null })
})

test('the query string leaves defaults out and applies changes', () => {
	const filters = parseLeadFilters(new URLSearchParams('status=new&page=2'))
	expect(leadFiltersQuery(filters)).toBe('?status=new&page=2')
	expect(leadFiltersQuery(filters, { status: null, page: 1 })).toBe('')
	expect(leadFiltersQuery(filters, { q: 'LD-2026' })).toBe('?q=LD-2026&status=new&page=2')
})
