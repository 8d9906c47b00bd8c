import type { MiddlewareFunction } from 'react-router'
import { isSecretAddress } from '~/lib/secret-addresses.ts'

/** A redirect's status: the answers whose Location a browser follows. */
const redirectStatuses = new Set([301, 302, 303, 307, 308])

/**
 * Root middleware for addresses that carry a secret (app/lib/secret-addresses.ts, ADR 169), for
 * pages, their `.data`, resource routes and errors alike: the answer is `Cache-Control: private,
 * no-store` unless the route already said `no-store`, so no browser or shared cache keeps it. A redirect into such an
 * address (a booking's thank-you page, booking from a quote) is followed as a document load, never
 * a client-side navigation, so an analytics tag loaded on the page before never sees the address.
 */
export const secretAddressHeaders: MiddlewareFunction<Response> = async ({ request }, next) => {
	const response = await next()
	const url = new URL(request.url)
	const location = redirectStatuses.has(response.status) ? response.headers.get('Location') : null
	const into = location !== null && URL.canParse(location, url) && isSecretAddress(new URL(location, url))
	if (!into && !isSecretAddress(url)) return response
	// A copy: a response passed through from fetch has headers that cannot be changed.
	const answer = new Response(response.body, response)
	if (isSecretAddress(url) && !/\bno-store\b/.test(answer.headers.get('Cache-Control') ?? '')) answer.headers.set('Cache-Control', 'private, no-store')
	if (into) answer.headers.set('X-Remix-Reload-Document', 'true')
	return answer
}
