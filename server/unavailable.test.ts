import { expect, test } from 'vitest'
import { retryAfterSeconds, serviceUnavailable } from './unavailable.ts'

test('a database fault answers 503 with Retry-After: a page for browsers (pages and form posts), plain text for data requests and APIs', async () => {
	const page = serviceUnavailable(new Request('http://x/packages', { headers: { Accept: 'text/html,application/xhtml+xml' } }))
	expect(page.status).toBe(503)
	expect(page.headers.get('retry-after')).toBe(String(retryAfterSeconds))
	expect(page.headers.get('cache-control')).toBe('no-store')
	expect(page.headers.get('content-type')).toContain('text/html')
	expect(await page.text()).toContain('<h1>Service briefly unavailable</h1>')
	const post = serviceUnavailable(new Request('http://x/contact', { method: 'POST', headers: { Accept: 'text/html' } }))
	expect(post.headers.get('content-type')).toContain('text/html')
	for (const request of [
		new Request('http://x/packages.data', { headers: { Accept: 'text/html' } }),
		new Request('http://x/identitytoolkit.googleapis.com/v1/accounts:lookup', { method: 'POST', headers: { Accept: 'application/json' } }),
	]) {
		const answer = serviceUnavailable(request)
		expect(answer.status).toBe(503)
		expect(answer.headers.get('content-type')).toContain('text/plain')
		expect(answer.headers.get('retry-after')).toBe(String(retryAfterSeconds))
	}
})
