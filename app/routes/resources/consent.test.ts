import { expect, test } from 'vitest'
import { settle } from '#tests/support/route-requests.ts'
import * as consent from './consent.ts'

function consentPost(headers: Record<string, string>, redirectTo = '/packages') {
	return new Request('http://localhost/consent', {
		method: 'POST',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
		body: new URLSearchParams({ choice: 'granted', redirectTo }).toString(),
	})
}

const run = (request: Request) => settle(() => consent.action({ request, params: {}, context: {} } as any))

test('a cross-site post cannot set the consent cookie: 403', async () => {
	for (const headers of <Array<Record<string, string>>>[
		{ Origin: 'https://evil.example' },
		{ Origin: 'null' },
		{ 'Sec-Fetch-Site': 'cross-site' },
		{ Origin: 'http://localhost', 'Sec-Fetch-Site': 'cross-site' },
	]) {
		const result = await run(consentPost(headers))
		expect(result.status, JSON.stringify(headers)).toBe(403)
		expect(result.cookies).toEqual([])
	}
})

test('our own pages (and clients that are not browsers) set it and go back, never off-site', async () => {
	for (const headers of <Array<Record<string, string>>>[{ Origin: 'http://localhost', 'Sec-Fetch-Site': 'same-origin' }, {}]) {
		const result = await run(consentPost(headers))
		expect(result.status).toBe(302)
		expect(result.location).toBe('/packages')
		expect(result.cookies.some((cookie) => cookie.startsWith('analytics_consent=granted'))).toBe(true)
	}
	expect((await run(consentPost({ Origin: 'http://localhost' }, '/.//evil.example'))).location).toBe('/')
})
