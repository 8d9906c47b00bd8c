import type { IncomingMessage } from 'node:http'

export type OriginPolicy = {
	/** Production: every request URL gets SITE_URL's origin, whatever Host or forwarded headers say. */
	production: boolean
	siteUrl: string
	/** Outside production: take the scheme and host from X-Forwarded-Proto / X-Forwarded-Host. */
	trustProxy: boolean
}

const hostPattern = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/

function firstValue(header: string | string[] | undefined): string | undefined {
	const value = Array.isArray(header) ? header[0] : header
	return value?.split(',')[0]?.trim() || undefined
}

function validHost(value: string | undefined): string | undefined {
	return value && value.length <= 255 && hostPattern.test(value) ? value : undefined
}

/**
 * The origin (scheme://host[:port]) this request was addressed to, as the
 * browser saw it. React Router compares it with the browser's Origin header
 * before running an action, so behind a TLS-terminating proxy it must say
 * https, not the http the proxy spoke to us. The check itself stays as it is.
 */
export function requestOrigin(headers: IncomingMessage['headers'], policy: OriginPolicy): string {
	if (policy.production) return new URL(policy.siteUrl).origin
	const host = (policy.trustProxy && validHost(firstValue(headers['x-forwarded-host']))) || validHost(firstValue(headers.host)) || 'localhost'
	const forwardedProto = policy.trustProxy ? firstValue(headers['x-forwarded-proto'])?.toLowerCase() : undefined
	const scheme = forwardedProto === 'https' || forwardedProto === 'http' ? forwardedProto : 'http'
	return `${scheme}://${host}`
}

/**
 * The full request URL: the origin above and the request target's path and
 * query. An absolute-form target (`GET http://elsewhere/x`) contributes only
 * its path, never its host.
 */
export function requestUrl(req: Pick<IncomingMessage, 'url' | 'headers'>, policy: OriginPolicy): URL {
	const target = req.url ?? '/'
	let pathAndQuery = target
	if (!target.startsWith('/')) {
		try {
			const absolute = new URL(target)
			pathAndQuery = absolute.pathname + absolute.search
		} catch {
			pathAndQuery = '/'
		}
	}
	// `//evil.example/x` as a path must stay a path, not become a host.
	return new URL(`${requestOrigin(req.headers, policy)}/${pathAndQuery.replace(/^\/+/, '')}`)
}
