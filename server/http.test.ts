import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createListener } from './http.ts'

let server: http.Server
let origin: string

beforeAll(async () => {
	server = http.createServer(
		createListener({
			handler: async (request) => {
				const headers = new Headers({ Location: '/next' })
				headers.append('Set-Cookie', 'session=abc; Path=/; HttpOnly; SameSite=Lax')
				headers.append('Set-Cookie', 'toast=xyz; Path=/; HttpOnly; SameSite=Lax')
				return new URL(request.url).pathname === '/two-cookies' ? new Response(null, { status: 302, headers }) : new Response('ok')
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
})

test('every Set-Cookie of a response reaches the client (a sign-in sets the session and a toast at once)', async () => {
	const response = await fetch(`${origin}/two-cookies`, { redirect: 'manual' })
	expect(response.status).toBe(302)
	expect(response.headers.get('x-request-id')).toBeTruthy()
	expect(response.headers.getSetCookie()).toEqual(['session=abc; Path=/; HttpOnly; SameSite=Lax', 'toast=xyz; Path=/; HttpOnly; SameSite=Lax'])
})
