import { useSyncExternalStore } from 'react'
import { PrefetchPageLinks } from 'react-router'

/** docs/conventions.md#behaviours-with-numbers: at most 4 route preloads at a time. */
export const maxConcurrentPrefetches = 4

let intents: string[] = []
const listeners = new Set<() => void>()

/** Records an intent to visit `href`; only the 4 most recent intents are preloaded. */
export function prefetchIntent(href: string) {
	if (intents.includes(href)) return
	intents = [...intents, href].slice(-maxConcurrentPrefetches)
	for (const listener of listeners) listener()
}

/** The pages being preloaded now (for tests and the limiter). */
export function currentPrefetches(): readonly string[] {
	return intents
}

const subscribe = (listener: () => void) => {
	listeners.add(listener)
	return () => listeners.delete(listener)
}
const empty: string[] = []

export function PrefetchLimiter() {
	const pages = useSyncExternalStore(
		subscribe,
		() => intents,
		() => empty,
	)
	return (
		<>
			{pages.map((page) => (
				<PrefetchPageLinks key={page} page={page} />
			))}
		</>
	)
}
