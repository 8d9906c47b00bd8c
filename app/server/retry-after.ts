/**
 * A route's `headers` export that keeps the Retry-After of a throttled action
 * answer (429). React Router builds a page's headers from this export only, so
 * without it the header set in `data(…, { headers })` never reaches the client.
 */
export function keepRetryAfter({ actionHeaders }: { actionHeaders: Headers }): Record<string, string> {
	const retryAfter = actionHeaders.get('Retry-After')
	return retryAfter ? { 'Retry-After': retryAfter } : {}
}
