import { describe, expect, it } from 'vitest'
import { liveFormUrl } from './live-form.ts'

describe('liveFormUrl', () => {
	it('is the address a GET submit would load: the action with the form values as its query', () => {
		const url = liveFormUrl('/builder', 'https://example.test/builder?tier=standard', [
			['start', '2027-01-10'],
			['activity', 'scuba-diving@havelock'],
			['activity', 'glass-boat@neil'],
			['childAges', '5, 9'],
		])
		expect(url.href).toBe('https://example.test/builder?start=2027-01-10&activity=scuba-diving%40havelock&activity=glass-boat%40neil&childAges=5%2C+9')
	})

	it('drops files and keeps nothing of the old query', () => {
		const url = liveFormUrl('/builder', 'https://example.test/builder?old=1#price', [
			['tier', 'luxury'],
			['upload', new File(['x'], 'x.txt')],
		])
		expect(url.pathname + url.search).toBe('/builder?tier=luxury')
	})

	it('resolves another origin as that origin, which the live form then refuses to fetch', () => {
		expect(liveFormUrl('https://elsewhere.test/x', 'https://example.test/', []).origin).toBe('https://elsewhere.test')
	})
})
