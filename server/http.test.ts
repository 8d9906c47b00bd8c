import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { fileBody } from '../app/server/file-body.server.ts'
import { createListener } from './http.ts'

const bigFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'http-test-')), 'big.webp')

let server: http.Server
let origin: string

beforeAll(async () => {
	fs.writeFileSync(bigFile, Buffer.alloc(8 * 1024 * 1024, 7))
	server = http.createServer(
		createListener({
			handler: async (request) => {
				const headers = new Headers({ Location: '/next' })
				headers.append('Set-Cookie', 'session=abc; Path=/; HttpOnly; SameSite=Lax')
				headers.append('Set-Cookie', 'toast=xyz; Path=/; HttpOnly; SameSite=Lax')
				const path = new URL(request.url).pathname
				if (path === '/two-cookies') return new Response(null, { status: 302, headers })
				if (path === '/big-file') return new Response(fileBody(bigFile), { headers: { 'Content-Type': 'image/webp' } })
				if (path === '/img') return new Response('webp', { headers: { 'Content-Type': 'image/webp', 'Cache-Control': 'public, max-age=31536000, immutable' } })
				// A route that says it may be cached: the server decides for private pages.
				return new Response('ok', { headers: { 'Cache-Control': 'public, max-age=600' } })
			},
			staticFiles: new Map(),
			production: false,
			logRequests: false,
			bodyLimits: { maxBytes: 1024, maxFields: 10, maxFieldBytes: 100, maxDrainBytes: 4096 },
			errorPageHtml: '<h1>500</h1>',
		}),
	)
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
	await new Promise((resolve) => server.close(resolve))
	fs.rmSync(path.dirname(bigFile), { recursive: true, force: true })
})

test('a visitor who leaves in the middle of a file download does not end the process', async () => {
	for (let i = 0; i < 5; i++) {
		await new Promise<void>((resolve, reject) => {
			const request = http.get(`${origin}/big-file`, (res) => {
				res.once('data', () => {
					request.destroy()
					resolve()
				})
			})
			request.on('error', (error) => ((error as NodeJS.ErrnoException).code === 'ECONNRESET' ? resolve() : reject(error)))
		})
	}
	// The file streams' errors come a tick after the cancel: give them time, then the server still answers.
	await new Promise((resolve) => setTimeout(resolve, 200))
	expect((await fetch(`${origin}/img`)).status).toBe(200)
})

test('every Set-Cookie of a response reaches the client (a sign-in sets the session and a toast at once)', async () => {
	const response = await fetch(`${origin}/two-cookies`, { redirect: 'manual' })
	expect(response.status).toBe(302)
	expect(response.headers.get('x-request-id')).toBeTruthy()
	expect(response.headers.getSetCookie()).toEqual(['session=abc; Path=/; HttpOnly; SameSite=Lax', 'toast=xyz; Path=/; HttpOnly; SameSite=Lax'])
})

test('nosniff on every kind of response; HSTS in production (and on https); private pages are never stored', async () => {
	const redirect = await fetch(`${origin}/two-cookies`, { redirect: 'manual' })
	expect(redirect.headers.get('x-content-type-options')).toBe('nosniff')
	// Sets cookies: private whatever the route said.
	expect(redirect.headers.get('cache-control')).toBe('private, no-store')
	expect(redirect.headers.get('strict-transport-security')).toBeNull()
	for (const path of ['/admin', '/admin/leads', '/admin/leads.data', '/admin.data', '/agent', '/agent/users', '/agent/users.data', '/agent.data']) {
		const response = await fetch(`${origin}${path}`)
		expect(response.headers.get('cache-control'), path).toBe('private, no-store')
	}
	expect((await fetch(`${origin}/packages`, { headers: { Cookie: 'analytics_consent=granted; session=abc' } })).headers.get('cache-control')).toBe(
		'private, no-store',
	)
	expect((await fetch(`${origin}/img`, { headers: { Cookie: 'session=abc' } })).headers.get('cache-control')).toContain('immutable')
	const tooLarge = await fetch(`${origin}/packages`, { method: 'POST', body: 'x'.repeat(2000) })
	expect(tooLarge.status).toBe(413)
	expect(tooLarge.headers.get('x-content-type-options')).toBe('nosniff')
	const publicPage = await fetch(`${origin}/packages`)
	expect(publicPage.headers.get('cache-control')).toBe('public, max-age=600')
	expect(publicPage.headers.get('x-content-type-options')).toBe('nosniff')

	const production = http.createServer(
		createListener({
			handler: async () => Response.json({ ok: true }),
			staticFiles: new Map(),
			production: true,
			logRequests: false,
			bodyLimits: { maxBytes: 1024, maxFields: 10, maxFieldBytes: 100, maxDrainBytes: 4096 },
			errorPageHtml: '',
		}),
	)
	await new Promise<void>((resolve) => production.listen(0, '127.0.0.1', resolve))
	try {
		const json = await fetch(`http://127.0.0.1:${(production.address() as AddressInfo).port}/api/x`)
		expect(json.headers.get('strict-transport-security')).toMatch(/max-age=\d+/)
		expect(json.headers.get('x-content-type-options')).toBe('nosniff')
	} finally {
		production.closeAllConnections()
		await new Promise((resolve) => production.close(resolve))
	}
})
