import { createContext, type RouterContextProvider } from 'react-router'

/** Per-request facts our server hands to React Router (through middleware-era context). */
export type RequestInfo = {
	requestId: string
	startedAt: number
	/** The client's address (see resolveClientAddress). */
	clientAddress: string
	/** The CSP nonce for this response; a placeholder when the page may be cached (server/page-cache.ts). */
	nonce?: string
	/** Set by handleError when a loader, action or render failed because the database could not serve: the server answers 503. */
	databaseFault?: boolean
	/** Set by handleError when an action could not read the posted body as a form: the server answers this 4xx instead of a 500. */
	unreadableForm?: 400 | 415
	/** True once our server refused the request's body for a limit (it answers 413 whatever the app made of it). */
	bodyRefused?: () => boolean
}
export const requestInfoContext = createContext<RequestInfo>({ requestId: 'unknown', startedAt: 0, clientAddress: 'unknown' })

/** The client's address as the server saw it (or, with TRUST_PROXY, as the load balancer reported it). For rate limits and session records. */
export function clientAddressOf(context: Readonly<RouterContextProvider> | undefined): string {
	try {
		return context?.get(requestInfoContext).clientAddress || 'unknown'
	} catch {
		return 'unknown'
	}
}

/**
 * The address to attribute a request to: the socket's peer, or behind a
 * trusted proxy the last X-Forwarded-For entry (the one the proxy added;
 * earlier entries are whatever the client claimed).
 */
export function resolveClientAddress(socketAddress: string, forwardedFor: string | null | undefined, trustProxy: boolean): string {
	if (trustProxy && forwardedFor) {
		const last = forwardedFor
			.split(',')
			.map((part) => part.trim())
			.filter(Boolean)
			.at(-1)
		if (last) return last.slice(0, 64)
	}
	return socketAddress.replace(/^::ffff:/, '') || 'unknown'
}
