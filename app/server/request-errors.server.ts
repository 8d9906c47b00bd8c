import { isDatabaseUnavailable } from './db/client.server.ts'
import { logger } from './logger.server.ts'
import type { RequestInfo } from './request-context.ts'

/**
 * The errors React Router reports (through `handleError`) when it refuses an action posted from another
 * origin, before any of our code runs: the page request's two and the data request's one. The
 * visitor gets a 400; it is an expected refusal, not a fault.
 */
const originRefusals = new Set([
	'The `request.url` origin does not match `origin` header from a forwarded action request. Aborting the action.',
	'`origin` header is not a valid URL. Aborting the action.',
	'Bad Request',
])

function isCrossOriginMutation(request: Request): boolean {
	if (request.method === 'GET' || request.method === 'HEAD') return false
	const origin = request.headers.get('Origin')
	if (origin === null) return false
	try {
		return new URL(origin).origin !== new URL(request.url).origin
	} catch {
		return true
	}
}

/** What `Request.formData()` throws for a body that is not a form (415) or a form it cannot parse (400). */
const unreadableFormErrors = new Map<string, 400 | 415>([
	['Content-Type was not one of "multipart/form-data" or "application/x-www-form-urlencoded".', 415],
	['Failed to parse body as FormData.', 400],
])

/** The status for an action that failed because its body could not be read as a form, else null. */
export function unreadableFormStatus(error: unknown, request: Request): 400 | 415 | null {
	if (request.method === 'GET' || request.method === 'HEAD' || !(error instanceof TypeError)) return null
	return unreadableFormErrors.get(error.message) ?? null
}

/** The answer to a post whose body is not a form the page can read (text, JSON, a broken multipart body). */
export function unreadableFormResponse(status: 400 | 415): Response {
	const message =
		status === 415
			? 'This address takes a form: send it as application/x-www-form-urlencoded or multipart/form-data.'
			: 'The form could not be read: its multipart body is malformed.'
	return new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })
}

/**
 * What an error React Router reports is, when it is expected: a body our server refused for its size
 * (answered 413 by server/http.ts), an action refused for its origin (400), a database that cannot
 * serve (503), a post whose body is not a readable form (415 or 400, answered by server/app.ts). Null for anything else: a fault.
 */
export function expectedRequestError(
	error: unknown,
	request: Request,
	info: Pick<RequestInfo, 'bodyRefused'>,
): 'body refused' | 'cross-origin action refused' | 'database unavailable' | 'unreadable form' | null {
	if (isDatabaseUnavailable(error)) return 'database unavailable'
	if (info.bodyRefused?.()) return 'body refused'
	if (unreadableFormStatus(error, request)) return 'unreadable form'
	if (error instanceof Error && originRefusals.has(error.message) && isCrossOriginMutation(request)) return 'cross-origin action refused'
	return null
}

/**
 * Logs an error React Router reports once, with the request id: a refused body or origin at info (the
 * visitor got a 4xx), a database that cannot serve at warn (marked, so the server answers 503), and
 * anything else at error as an unhandled error.
 */
export function logRequestError(error: unknown, request: Request, info: RequestInfo) {
	const fields = { requestId: info.requestId, method: request.method, url: request.url }
	const expected = expectedRequestError(error, request, info)
	if (expected === 'database unavailable') {
		info.databaseFault = true
		logger.warn({ msg: expected, ...fields, error })
	} else if (expected) {
		if (expected === 'unreadable form') info.unreadableForm = unreadableFormStatus(error, request)!
		logger.info({ msg: expected, ...fields, reason: error instanceof Error ? error.message : String(error) })
	} else {
		logger.error({ msg: 'unhandled error', ...fields, error })
	}
}
