import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requestOrigin, requestUrl } from './forwarded.ts'
import { defaultBodyLimits } from './body-limit.ts'
import { createListener } from './http.ts'

const behindProxy = { production: false, siteUrl: 'http://localhost:3000', trustProxy: true }
const direct = { production: false, siteUrl: 'http://localhost:3000', trustProxy: false }
const production = { production: true, siteUrl: 'https://andamanisles.travel', trustProxy: true }

describe('requestOrigin', () => {
	it('takes scheme and host from the proxy when TRUST_PROXY is on', () => {
		expect(requestOrigin({ host: '127.0.0.1:3000', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'book.example:8443' }, behindProxy)).toBe(
			'https://book.example:8443',
		)
		expect(requestOrigin({ host: 'book.example', 'x-forwarded-proto': 'https, http' }, behindProxy)).toBe('https://book.example')
	})
	it('ignores forwarded headers without TRUST_PROXY (a client could send them)', () => {
		expect(requestOrigin({ host: 'book.example', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' }, direct)).toBe('http://book.example')
	})
	it('ignores nonsense in them', () => {
		expect(requestOrigin({ host: 'book.example', 'x-forwarded-proto': 'gopher', 'x-forwarded-host': 'a b/c' }, behindProxy)).toBe('http://book.example')
		expect(requestOrigin({ host: 'x@evil.example' }, direct)).toBe('http://localhost')
	})
	it('in production is always SITE_URL’s origin', () => {
		expect(requestOrigin({ host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' }, production)).toBe(
			'https://andamanisles.travel',
		)
	})
})

describe('requestUrl', () => {
	it('keeps path and query, never a host from the request target', () => {
		expect(requestUrl({ url: '/book-now?quote=abc', headers: {} }, production).href).toBe('https://andamanisles.travel/book-now?quote=abc')
		expect(requestUrl({ url: 'http://evil.example/admin?x=1', headers: {} }, production).href).toBe('https://andamanisles.travel/admin?x=1')
		expect(requestUrl({ url: '//evil.example/x', headers: { host: 'book.example' } }, direct).host).toBe('book.example')
	})
})

describe('the listener behind a TLS proxy', () => {
	let server: http.Server
	let origin: string
	beforeAll(async () => {
		server = http.createServer(
			createListener({
				// What React Router's action check compares: the request URL's origin against the Origin header.
				handler: async (request) => {
					const sameOrigin = new URL(request.url).origin === request.headers.get('origin')
					return new Response(sameOrigin ? 'accepted' : 'refused', { status: sameOrigin ? 200 : 400 })
				},
				staticFiles: new Map(),
				production: false,
				logRequests: false,
				bodyLimits: defaultBodyLimits,
				errorPageHtml: '<h1>500</h1>',
				requestUrl: (req) => requestUrl(req, behindProxy),
			}),
		)
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
		origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	})
	afterAll(async () => {
		await new Promise((resolve) => server.close(resolve))
	})

	it('a form posted from https://site arrives as https://site', async () => {
		const response = await fetch(`${origin}/admin/login`, {
			method: 'POST',
			headers: { Origin: 'https://book.example', 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'book.example' },
			body: 'email=a',
		})
		expect(await response.text()).toBe('accepted')
	})
	it('a cross-site post is still refused', async () => {
		const response = await fetch(`${origin}/admin/login`, {
			method: 'POST',
			headers: { Origin: 'https://evil.example', 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'book.example' },
			body: 'email=a',
		})
		expect(response.status).toBe(400)
	})
})
