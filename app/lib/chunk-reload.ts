/**
 * docs/conventions.md: a failed chunk load (usually a deploy replaced the files) reloads
 * the page once, at most once per path within 10 seconds, so a broken page
 * never loops.
 */
export const chunkReloadWindowMs = 10_000
const storageKey = 'chunk-reload'

const chunkErrorPatterns = [
	/Failed to fetch dynamically imported module/i,
	/error loading dynamically imported module/i,
	/Importing a module script failed/i,
	/Unable to preload CSS/i,
	/Loading (CSS )?chunk .* failed/i,
]

export function isChunkLoadError(error: unknown): boolean {
	const message = error instanceof Error ? error.message : typeof error === 'string' ? error : ''
	return chunkErrorPatterns.some((pattern) => pattern.test(message))
}

/** Pure decision: reload unless this path was already reloaded for a chunk error within the window. */
export function shouldReload(lastReloads: Record<string, number>, path: string, now: number): boolean {
	const last = lastReloads[path]
	return last === undefined || now - last > chunkReloadWindowMs
}

function readReloads(): Record<string, number> {
	try {
		return JSON.parse(sessionStorage.getItem(storageKey) ?? '{}') as Record<string, number>
	} catch {
		return {}
	}
}

/** Reloads the page for a chunk error when the guard allows; returns whether it did. */
export function reloadForChunkError(path = window.location.pathname, now = Date.now()): boolean {
	const reloads = readReloads()
	if (!shouldReload(reloads, path, now)) return false
	reloads[path] = now
	try {
		sessionStorage.setItem(storageKey, JSON.stringify(reloads))
	} catch {
		// Storage full or blocked: still reload once; the worst case is one extra reload.
	}
	window.location.reload()
	return true
}

export function installChunkReloadGuard() {
	window.addEventListener('vite:preloadError', (event) => {
		if (reloadForChunkError()) event.preventDefault()
	})
	window.addEventListener('unhandledrejection', (event) => {
		if (isChunkLoadError(event.reason)) reloadForChunkError()
	})
}
