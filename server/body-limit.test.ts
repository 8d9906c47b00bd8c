import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { inspectorFor, multipartInspector, urlencodedInspector } from './body-limit.ts'
import { rawExchange } from '#tests/support/raw-http.ts'
import { createListener } from './http.ts'

const limits = { maxBytes: 64 * 1024, maxFields: 10, maxFieldBytes: 100, maxDrainBytes: 256 * 1024 }
const bytes = (text: string) => new TextEncoder().encode(text)

/** Feeds a body to an inspector in chunks of `size` bytes; returns the first refusal. */
function inspect(inspector: ReturnType<typeof urlencodedInspector>, body: string, size: number): string | null {
	const all = bytes(body)
	for (let offset = 0; offset < all.length; offset += size) {
		const problem = inspector(all.subarray(offset, offset + size))
		if (problem) return problem
	}
	return null
}

describe('urlencoded bodies', () => {
	test('the field limit is exact, whatever the chunking', () => {
		const ten = Array.from({ length: 10 }, (_, i) => `f${i}=v`).join('&')
		for (const size of [1, 3, 1000]) {
			expect(inspect(urlencodedInspector(limits), ten, size)).toBeNull()
			expect(inspect(urlencodedInspector(limits), `${ten}&x=1`, size)).toMatch(/too many fields \(at most 10\)/)
		}
	})
	test('one long field is refused even when it arrives in small pieces', () => {
		expect(inspect(urlencodedInspector(limits), `a=${'x'.repeat(98)}`, 7)).toBeNull()
		expect(inspect(urlencodedInspector(limits), `a=${'x'.repeat(99)}`, 7)).toMatch(/field of the form is too long/)
		expect(inspect(urlencodedInspector(limits), `a=1&b=${'x'.repeat(200)}&c=2`, 50)).toMatch(/too long/)
	})
})

describe('multipart bodies', () => {
	const boundary = '----b0undary'
	const part = (name: string, value: string, filename?: string) =>
		`--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n\r\n${value}\r\n`
	const body = (parts: string[]) => `${parts.join('')}--${boundary}--\r\n`

	test('counts parts, with delimiters split across chunks', () => {
		const ten = body(Array.from({ length: 10 }, (_, i) => part(`f${i}`, 'v')))
		const eleven = body(Array.from({ length: 11 }, (_, i) => part(`f${i}`, 'v')))
		for (const size of [1, 5, 4096]) {
			expect(inspect(multipartInspector(boundary, limits), ten, size)).toBeNull()
			expect(inspect(multipartInspector(boundary, limits), eleven, size)).toMatch(/too many fields/)
		}
	})
	test('a long text part is refused, a long file part is not', () => {
		for (const size of [3, 4096]) {
			expect(inspect(multipartInspector(boundary, limits), body([part('note', 'x'.repeat(500))]), size)).toMatch(/too long/)
			expect(inspect(multipartInspector(boundary, limits), body([part('file', 'x'.repeat(5000), 'ticket.pdf')]), size)).toBeNull()
		}
	})
	test('the boundary comes from the content type, quoted or not; without one the form is refused', () => {
		expect(inspectorFor(`multipart/form-data; boundary="${boundary}"`, limits)?.(bytes(body([part('a', '1')])))).toBeNull()
		expect(inspectorFor('multipart/form-data', limits)?.(bytes('x'))).toMatch(/boundary/)
		expect(inspectorFor('application/json', limits)).toBeNull()
	})
})

describe('through the listener', () => {
	let server: http.Server
	let port: number
	let reads = 0

	beforeAll(async () => {
		server = http.createServer(
			createListener({
				handler: async (request) => {
					const path = new URL(request.url).pathname
					if (path === '/form') {
						reads++
						const form = await request.formData()
						return new Response(`fields=${[...form.keys()].length}`)
					}
					if (path === '/reads-a-little') {
						// Like the identity API: stops at its own limit and cancels the reader.
						const reader = request.body!.getReader()
						await reader.read()
						await reader.cancel()
						return new Response('too large for me', { status: 413 })
					}
					return new Response('ok')
				},
				staticFiles: new Map(),
				production: false,
				logRequests: false,
				bodyLimits: limits,
				errorPageHtml: '<h1>500</h1>',
			}),
		)
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
		port = (server.address() as AddressInfo).port
	})
	afterAll(async () => {
		server.closeAllConnections()
		await new Promise((resolve) => server.close(resolve))
	})

	/** A chunked POST written in `chunks` pieces of `chunk`; resolves with the status and body. */
	function chunkedPost(path: string, chunk: string, chunks: number, type = 'text/plain'): Promise<{ status: number; body: string }> {
		return new Promise((resolve, reject) => {
			const req = http.request({ port, host: '127.0.0.1', path, method: 'POST', headers: { 'Content-Type': type, 'Transfer-Encoding': 'chunked' } }, (res) => {
				let text = ''
				res.setEncoding('utf8')
				res.on('data', (part: string) => (text += part))
				res.on('end', () => resolve({ status: res.statusCode!, body: text }))
			})
			req.on('error', reject)
			let written = 0
			const writeMore = () => {
				while (written < chunks) {
					written++
					if (!req.write(chunk)) return void req.once('drain', writeMore)
				}
				req.end()
			}
			writeMore()
		})
	}

	test('a chunked body over the byte limit gets a 413, and the server keeps answering', async () => {
		const answer = await chunkedPost('/form', 'x'.repeat(1024), 100)
		expect(answer.status).toBe(413)
		expect(answer.body).toMatch(/too large/)
		expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200)
	})

	test('a reader that cancels early does not make the stream write again (no ERR_INVALID_STATE)', async () => {
		for (let i = 0; i < 5; i++) expect((await chunkedPost('/reads-a-little', 'y'.repeat(16 * 1024), 8)).status).toBe(413)
		expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200)
	})

	test('a field flood is refused before the form parser sees it', async () => {
		const before = reads
		const answer = await chunkedPost('/form', 'a=1&'.repeat(1000), 10, 'application/x-www-form-urlencoded')
		expect(answer.status).toBe(413)
		expect(answer.body).toBe('The form has too many fields (at most 10).')
		expect(reads).toBe(before + 1)
		expect((await chunkedPost('/form', 'a=1&b=2', 1, 'application/x-www-form-urlencoded')).body).toBe('fields=2')
	})

	test('past the drain allowance the connection is closed instead of reading on', async () => {
		const answer = await chunkedPost('/form', 'z'.repeat(64 * 1024), 20).catch((error: Error) => ({ status: 0, body: error.message }))
		// Either the 413 arrived before the close, or the socket was reset: never a hang, never a crash.
		expect([0, 413]).toContain(answer.status)
		expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200)
	})

	/** A POST written byte for byte (duplicate headers included). */
	const rawPost = (headerLines: string[], body: string) =>
		rawExchange(
			port,
			`POST /form HTTP/1.0\r\nHost: localhost\r\n${headerLines.map((line) => `${line}\r\n`).join('')}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
		)

	describe('crafted content types cannot take a form past the limits', () => {
		const boundary = 'REAL-b0undary'
		// 50 fields, five times the limit: if any slips through, the handler counts them.
		const fifty = `${Array.from({ length: 50 }, (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`).join('')}--${boundary}--\r\n`
		const crafted: Array<[string, string[]]> = [
			['a parameter whose name ends in boundary=', [`Content-Type: multipart/form-data; xboundary=decoy; boundary=${boundary}`]],
			['boundary= inside a quoted parameter value', [`Content-Type: multipart/form-data; note="; boundary=decoy"; boundary=${boundary}`]],
			['a second boundary parameter (the first counts)', [`Content-Type: multipart/form-data; boundary=${boundary}; boundary=decoy`]],
			['upper-case names and a quoted boundary with an escape', [`Content-Type: Multipart/Form-Data; BOUNDARY="${boundary.replace('-', '\\-')}"`]],
			['two types in one header (the last valid one counts)', [`Content-Type: text/plain, multipart/form-data; boundary=${boundary}`]],
			[
				'two Content-Type headers (Node keeps the first, the parser reads the last)',
				['Content-Type: text/plain', `Content-Type: multipart/form-data; boundary=${boundary}`],
			],
		]
		for (const [name, headers] of crafted) {
			test(name, async () => {
				const answer = await rawPost(headers, fifty)
				expect(answer.body).toBe('The form has too many fields (at most 10).')
				expect(answer.status).toBe(413)
			})
		}
		test('a boundary longer than 70 characters is refused, not cut to 70', async () => {
			const long = 'b'.repeat(80)
			const answer = await rawPost([`Content-Type: multipart/form-data; boundary=${long}`], fifty.replaceAll(boundary, long))
			expect(answer.status).toBe(400)
			expect(answer.body).toMatch(/boundary/)
		})
		test('a urlencoded form behind a first type is counted too', async () => {
			for (const headers of [
				['Content-Type: text/plain, application/x-www-form-urlencoded'],
				['Content-Type: text/plain', 'Content-Type: application/x-www-form-urlencoded'],
			]) {
				const answer = await rawPost(headers, 'a=1&'.repeat(50))
				expect(answer.status).toBe(413)
			}
		})
		test('a plain form with an ordinary header still reaches the app whole', async () => {
			const nine = `${Array.from({ length: 9 }, (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`).join('')}--${boundary}--\r\n`
			expect(await rawPost([`Content-Type: multipart/form-data; boundary=${boundary}`], nine)).toEqual({ status: 200, body: 'fields=9' })
			expect(await rawPost(['Content-Type: application/x-www-form-urlencoded; charset=UTF-8'], 'a=1&b=2')).toEqual({ status: 200, body: 'fields=2' })
		})
	})
})
