import { expect, test } from 'vitest'
import { parsePackageFilters } from './package-filters.ts'
import { filtersToSearch } from './packages.ts'

test('filters parse from the URL and ignore nonsense instead of failing the page', () => {
	expect(parsePackageFilters(new URLSearchParams('nights=5-6&category=honeymoon&island=neil&sort=price-asc&page=2'))).toEqual({
		nights: '5-6',
		category: 'honeymoon',
		island: 'neil',
		sort: 'price-asc',
		page: 2,
	})
	expect(parsePackageFilters(new URLSearchParams('nights=99&category=<script>&page=-4&sort=evil&budget='))).toEqual({ sort: 'recommended', page: 1 })
})

test('the query string leaves out defaults so shared links stay short', () => {
	expect(filtersToSearch({ sort: 'recommended', page: 1 })).toBe('')
	expect(filtersToSearch({ category: 'family', sort: 'nights-asc', page: 3 })).toBe('?category=family&sort=nights-asc&page=3')
})
