import type { PageCache } from './page-cache.ts'

export type PageCacheSyncOptions = {
	/** Subscribes to this process's committed changes (`onPublicPagesChanged`); returns the unsubscribe. */
	onChange: (listener: (generation: number) => void) => () => void
	/** The generation in the database, which every instance's changes move. */
	readGeneration: () => Promise<number>
	pollMs: number
	onPollError?: (error: unknown) => void
}

/**
 * Keeps the page cache in step with the database (ADR 001, ADR 175): a change this process commits
 * clears it at once, a change any other instance commits within `pollMs`. Only committed values
 * reach it: the signal fires after COMMIT, and the poll reads what is committed. Any generation
 * other than the last one seen clears the cache, even an older one (a poll that read before a commit
 * and answered after it, a restored database): a clear too many costs one render per page.
 */
export async function keepPageCacheCurrent(cache: PageCache, options: PageCacheSyncOptions): Promise<() => void> {
	let seen = await options.readGeneration()
	cache.invalidate()
	const moveTo = (generation: number) => {
		if (generation === seen) return
		seen = generation
		cache.invalidate()
	}
	const unsubscribe = options.onChange(moveTo)
	let polling = false
	const poll = setInterval(async () => {
		if (polling) return
		polling = true
		try {
			moveTo(await options.readGeneration())
		} catch (error) {
			options.onPollError?.(error)
		} finally {
			polling = false
		}
	}, options.pollMs)
	poll.unref()
	return () => {
		clearInterval(poll)
		unsubscribe()
	}
}
