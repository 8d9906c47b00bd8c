/**
 * One error vocabulary for the whole app (docs/conventions.md).
 * Domain and data code throw AppError; the HTTP edge maps the code to a status.
 */
export const errorStatus = {
	'invalid-argument': 400,
	unauthenticated: 401,
	'permission-denied': 403,
	'not-found': 404,
	'already-exists': 409,
	'failed-precondition': 409,
	aborted: 409,
	'out-of-range': 400,
	'resource-exhausted': 429,
	cancelled: 499,
	internal: 500,
	unknown: 500,
	'data-loss': 500,
	unimplemented: 501,
	unavailable: 503,
	'deadline-exceeded': 504,
} as const

export type ErrorCode = keyof typeof errorStatus

export class AppError extends Error {
	override readonly name = 'AppError'
	readonly code: ErrorCode
	/** Field-level problems for forms, keyed by field name. */
	readonly fields?: Record<string, string>

	constructor(code: ErrorCode, message: string, options?: { fields?: Record<string, string>; cause?: unknown }) {
		super(message, { cause: options?.cause })
		this.code = code
		this.fields = options?.fields
	}

	get status(): number {
		return errorStatus[this.code]
	}
}

export function isAppError(error: unknown): error is AppError {
	return error instanceof AppError
}

export const statusText: Record<number, string> = {
	400: 'Bad Request',
	401: 'Unauthorized',
	403: 'Forbidden',
	404: 'Page Not Found',
	405: 'Method Not Allowed',
	409: 'Conflict',
	413: 'Payload Too Large',
	429: 'Too Many Requests',
	499: 'Request Cancelled',
	500: 'Internal Server Error',
	501: 'Not Implemented',
	503: 'Service Unavailable',
	504: 'Gateway Timeout',
}

/** Turns an AppError into the Response that React Router renders in the nearest error boundary. */
export function toResponse(error: AppError): Response {
	return new Response(error.message, { status: error.status, statusText: statusText[error.status] })
}

/**
 * Throws a Response (404 unless told otherwise) when `condition` is false: the one guard a loader or
 * action uses for "this id does not exist" or "this request cannot be answered". The message is for
 * the person reading the error page, so it says what to do next.
 */
export function invariantResponse(condition: unknown, message: string, status = 404): asserts condition {
	if (!condition) throw new Response(message, { status, statusText: statusText[status] ?? 'Error' })
}

/** Throws a 404 Response with a message that says what to do next. */
export function notFound(message: string): never {
	throw new Response(message, { status: 404, statusText: statusText[404] })
}

/** When `error` says a record is missing (AppError 'not-found'), throws the 404 page with `message`, or the error's own. Anything else is left to the caller. */
export function notFoundOn(error: unknown, message?: string): void {
	if (isAppError(error) && error.code === 'not-found') notFound(message ?? error.message)
}

/** Awaits a page's read; a missing record is the 404 page (see notFoundOn), any other failure is thrown on. */
export async function foundOr404<T>(read: Promise<T>, message?: string): Promise<T> {
	try {
		return await read
	} catch (error) {
		notFoundOn(error, message)
		throw error
	}
}
