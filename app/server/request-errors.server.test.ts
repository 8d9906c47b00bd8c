import { afterEach, describe, expect, test, vi } from 'vitest'
import { logger } from './logger.server.ts'
import type { RequestInfo } from './request-context.ts'
import { logRequestError } from './request-errors.server.ts'

const crossOriginPost = () => new Request('http://localhost:3000/contact', { method: 'POST', headers: { Origin: 'https://evil.example' } })
const info = (bodyRefused = false): RequestInfo => ({ requestId: 'req-1', startedAt: 0, clientAddress: '203.0.113.9', bodyRefused: () => bodyRefused })

/** The level each logged line went out at, and its message. */
function logged(run: () => void) {
	const lines: Array<[string, string]> = []
	for (const level of ['info', 'warn', 'error'] as const) vi.spyOn(logger, level).mockImplementation((fields) => void lines.push([level, fields.msg]))
	run()
	return lines
}

afterEach(() => {
	vi.restoreAllMocks()
})

describe('errors React Router reports are logged at the level they deserve', () => {
	test('a body our server refused for its size (answered 413) is info, not an unhandled error', () => {
		const tooLarge = Object.assign(new Error('The request is too large (at most 12 MB).'), { status: 413 })
		const request = new Request('http://localhost:3000/contact', { method: 'POST' })
		expect(logged(() => logRequestError(tooLarge, request, info(true)))).toEqual([['info', 'body refused']])
		// Whatever the action made of the broken body (a parse error of its own) counts the same.
		expect(logged(() => logRequestError(new TypeError('Failed to parse body as FormData.'), request, info(true)))).toEqual([['info', 'body refused']])
	})

	test("React Router's refusal of an action from another origin (answered 400) is info", () => {
		for (const message of ['The `request.url` origin does not match `origin` header from a forwarded action request. Aborting the action.', 'Bad Request']) {
			expect(logged(() => logRequestError(new Error(message), crossOriginPost(), info()))).toEqual([['info', 'cross-origin action refused']])
		}
		const badOrigin = new Request('http://localhost:3000/contact', { method: 'POST', headers: { Origin: 'not a url' } })
		expect(logged(() => logRequestError(new Error('`origin` header is not a valid URL. Aborting the action.'), badOrigin, info()))).toEqual([
			['info', 'cross-origin action refused'],
		])
	})

	test('a real fault stays an unhandled error, even on a post from another origin (the gateway posts to a resource route)', () => {
		expect(logged(() => logRequestError(new Error('boom'), new Request('http://localhost:3000/contact'), info()))).toEqual([['error', 'unhandled error']])
		expect(logged(() => logRequestError(new Error('boom'), crossOriginPost(), info()))).toEqual([['error', 'unhandled error']])
		// The refusal's words on a same-origin post are not a refusal: something else failed.
		const sameOrigin = new Request('http://localhost:3000/contact', { method: 'POST', headers: { Origin: 'http://localhost:3000' } })
		expect(logged(() => logRequestError(new Error('Bad Request'), sameOrigin, info()))).toEqual([['error', 'unhandled error']])
		// A request our server did not tag (a test's, the bench's) is judged by the error alone.
		expect(logged(() => logRequestError(new Error('boom'), crossOriginPost(), { requestId: 'r', startedAt: 0, clientAddress: 'unknown' }))).toEqual([
			['error', 'unhandled error'],
		])
	})

	test('a database that cannot serve is a warning and marks the request for a 503', () => {
		const requestInfo = info()
		const unavailable = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
		expect(logged(() => logRequestError(unavailable, new Request('http://localhost:3000/'), requestInfo))).toEqual([['warn', 'database unavailable']])
		expect(requestInfo.databaseFault).toBe(true)
	})

	test('a post whose body is not a form is info and marks the request for a 415 (not a form) or a 400 (a broken one)', async () => {
		const post = (type: string, body: string) => new Request('http://localhost:3000/contact', { method: 'POST', headers: { 'Content-Type': type }, body })
		for (const [request, status] of [
			[post('text/plain', 'hello'), 415],
			[post('application/json', '{}'), 415],
			[post('multipart/form-data; boundary=abc', 'junk'), 400],
		] as const) {
			const error = await request.formData().catch((thrown: unknown) => thrown)
			const requestInfo = info()
			expect(logged(() => logRequestError(error, request, requestInfo))).toEqual([['info', 'unreadable form']])
			expect(requestInfo.unreadableForm).toBe(status)
		}
		// The same words on a GET, or in another kind of error, are not about a posted form.
		const requestInfo = info()
		expect(logged(() => logRequestError(new TypeError('Failed to parse body as FormData.'), new Request('http://localhost:3000/'), requestInfo))).toEqual([
			['error', 'unhandled error'],
		])
		expect(requestInfo.unreadableForm).toBeUndefined()
	})
})
