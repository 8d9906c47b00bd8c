import type { z } from '~/lib/zod.ts'
import { type LiveOperator, OperatorError } from '~/features/ferries/domain/live/operator.ts'

/**
 * One POST or GET of JSON to an operator, read through a Zod schema. Whatever goes wrong becomes an
 * OperatorError with its kind; the message never carries credentials (the request body is never logged
 * or quoted), only the operator, the call and what happened.
 */
export async function callOperator<T>(
	operator: LiveOperator,
	url: string,
	init: { method?: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string>; signal: AbortSignal },
	schema: z.ZodType<T>,
): Promise<T> {
	const call = new URL(url).pathname.split('/').filter(Boolean).at(-1) ?? url
	let response: Response
	try {
		response = await fetch(url, {
			method: init.method ?? 'POST',
			headers: { accept: 'application/json', ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
			body: init.body === undefined ? undefined : JSON.stringify(init.body),
			signal: init.signal,
		})
	} catch (error) {
		const timedOut = init.signal.aborted || (error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError'
		throw new OperatorError(operator, 'unreachable', timedOut ? `${call}: no answer in time` : `${call}: could not connect`)
	}
	if (response.status === 401 || response.status === 403) throw new OperatorError(operator, 'refused', `${call}: credentials refused (${response.status})`)
	if (response.status >= 500) throw new OperatorError(operator, 'unreachable', `${call}: the operator's server failed (${response.status})`)
	let body: unknown
	try {
		body = await response.json()
	} catch {
		throw new OperatorError(operator, init.signal.aborted ? 'unreachable' : 'malformed', `${call}: the answer (${response.status}) is not JSON`)
	}
	const parsed = schema.safeParse(body)
	if (!parsed.success)
		throw new OperatorError(
			operator,
			'malformed',
			`${call}: unexpected answer (${parsed.error.issues[0]?.path.join('.') || 'body'}: ${parsed.error.issues[0]?.message ?? 'invalid'})`,
		)
	return parsed.data
}

/** Sailing keys carry the operator's ids through our pages: base64url JSON, read back and checked by the adapter. */
export function encodeKey(operator: LiveOperator, ids: Record<string, string | number>): string {
	return `${operator}.${Buffer.from(JSON.stringify(ids)).toString('base64url')}`
}

export function decodeKey<T>(operator: LiveOperator, key: string, schema: z.ZodType<T>): T {
	const [prefix, data] = key.split('.')
	if (prefix !== operator || !data) throw new OperatorError(operator, 'malformed', 'not a sailing of this operator')
	try {
		return schema.parse(JSON.parse(Buffer.from(data, 'base64url').toString('utf8')))
	} catch {
		throw new OperatorError(operator, 'malformed', 'not a sailing of this operator')
	}
}
