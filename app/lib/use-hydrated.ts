import { useSyncExternalStore } from 'react'

const subscribeToNothing = () => () => {}

/**
 * False in the server's HTML and while hydrating, true once JavaScript runs:
 * for plain-HTML fallbacks (a "show" button) that JavaScript makes unnecessary.
 */
export function useHydrated(): boolean {
	return useSyncExternalStore(
		subscribeToNothing,
		() => true,
		() => false,
	)
}
