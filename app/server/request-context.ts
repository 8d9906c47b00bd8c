import { createContext } from 'react-router'

/** Per-request facts our server hands to React Router (through middleware-era context). */
export type RequestInfo = {
	requestId: string
	startedAt: number
	/** The client's address as the socket saw it (behind a proxy: the proxy's, unless TRUST_PROXY). */
	clientAddress?: string
	/** The CSP nonce for this response; a placeholder when the page may be cached (server/page-cache.ts). */
	nonce?: string
}
export const requestInfoContext = createContext<RequestInfo>({ requestId: 'unknown', startedAt: 0 })
