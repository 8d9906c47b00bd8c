import { createContext, useContext } from 'react'

/** The per-request CSP nonce; empty in the browser, which hides nonces from scripts anyway. */
export const NonceContext = createContext('')
export const NonceProvider = NonceContext.Provider
export function useNonce() {
	return useContext(NonceContext)
}

/** The stylesheet text, provided on the server only (see app/server/app-css.server.ts). */
export const StyleContext = createContext('')
export const StyleProvider = StyleContext.Provider
export function useInlineStyles() {
	return useContext(StyleContext)
}
