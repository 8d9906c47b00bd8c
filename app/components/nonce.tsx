import { createContext, useContext } from 'react'

/** The per-request CSP nonce; empty in the browser, which hides nonces from scripts anyway. */
export const NonceContext = createContext('')
export const NonceProvider = NonceContext.Provider
export function useNonce() {
	return useContext(NonceContext)
}
