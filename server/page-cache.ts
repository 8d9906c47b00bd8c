/**
 * The page cache (docs/decisions/001-page-cache.md, 161). Anonymous GET requests
 * for pages that opt in (the `X-Page-Cache: public` header from a route's
 * `headers` export) are rendered once and then served from memory until an
 * admin change invalidates them or they age out. A stored page is the same
 * bytes for everyone: a hydrated page keeps the nonce it was rendered with.
 * The cache is cleared after a change commits, and keeps only pages whose render
 * began after the last clear (ADR 175).
 */

export const pageCacheHeader = 'x-page-cache'

/** Only these cookies may be present: they do not change what a page shows beyond the cache key. */
const keyCookies = new Set(['analytics_consent'])

export type CachedPage = {
	status: number
	headers: Array<[string, string]>
	body: Buffer
	/** Compressed once when stored, at the best settings, instead of on every hit. */
	encoded: { br: Buffer; gzip: Buffer }
	/** The body's bytes, uncompressed. */
	size: number
	/** What the entry holds in memory: the body and its compressed copies. */
	storedBytes: number
	storedAt: number
	/** The cache's generation when the render that produced it began. */
	generation: number
	/** The complete response headers of a hit for each encoding, length included, worked out once (ADR 139). */
	hitHeaders: Record<HitEncoding, string[]>
}

export type HitEncoding = 'identity' | 'br' | 'gzip'

type StoredFields = 'generation' | 'storedAt' | 'size' | 'storedBytes' | 'hitHeaders'

export type PageCacheOptions = {
	maxEntries: number
	/** One page. */
	maxBodyBytes: number
	/** Every page together: the least recently used go first when a new page would pass it. */
	maxTotalBytes: number
	ttlMs: number
}

/** Query parameters that only tell analytics where a visitor came from: never part of the key. */
const trackingParam = /^(utm_.*|gclid|fbclid|msclkid|dclid|gbraid|wbraid)$/i
const mayHaveTracking = /utm_|clid|clkid|braid/i

/** The query without tracking parameters ('' when nothing else is left); unchanged when it has none. */
export function withoutTrackingParams(search: string): string {
	if (!search || !mayHaveTracking.test(search)) return search
	const params = new URLSearchParams(search)
	for (const name of [...params.keys()]) if (trackingParam.test(name)) params.delete(name)
	const rest = params.toString()
	return rest ? `?${rest}` : ''
}

export function parseCookies(header: string | null | undefined): Map<string, string> {
	const cookies = new Map<string, string>()
	if (!header) return cookies
	for (const pair of header.split(';')) {
		const index = pair.indexOf('=')
		if (index > 0) cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim())
	}
	return cookies
}

/** A plain request target (the common case) splits without a URL parser; anything else is normalised by one. */
const plainTarget = /^\/[A-Za-z0-9\-_~/]*(?:\?[A-Za-z0-9\-_~=&+,;:@/]*)?$/

function splitUrl(url: string): { pathname: string; search: string } {
	if (plainTarget.test(url) && !url.includes('//') && !url.includes('/.')) {
		const query = url.indexOf('?')
		if (query === -1) return { pathname: url, search: '' }
		// URL drops a lone '?', so the key must too.
		return { pathname: url.slice(0, query), search: query === url.length - 1 ? '' : url.slice(query) }
	}
	const { pathname, search } = new URL(url, 'http://x')
	return { pathname, search }
}

/** The cache key for a request, or null when the request must be rendered for this visitor alone. */
export function cacheKey(method: string, url: string, cookieHeader: string | null | undefined): string | null {
	if (method !== 'GET') return null
	const { pathname, search } = splitUrl(url)
	if (
		pathname.startsWith('/admin') ||
		pathname.startsWith('/agent') ||
		pathname.startsWith('/__test') ||
		pathname.startsWith('/identitytoolkit') ||
		pathname.startsWith('/securetoken')
	)
		return null
	if (!cookieHeader) return `${pathname}${withoutTrackingParams(search)}|consent=`
	const cookies = parseCookies(cookieHeader)
	for (const name of cookies.keys()) if (!keyCookies.has(name)) return null
	return `${pathname}${withoutTrackingParams(search)}|consent=${cookies.get('analytics_consent') ?? ''}`
}

export class PageCache {
	private readonly entries = new Map<string, CachedPage>()
	private generation = 0
	private bytes = 0
	hits = 0
	misses = 0

	constructor(private readonly options: PageCacheOptions) {}

	get(key: string, now = Date.now()): CachedPage | undefined {
		const entry = this.entries.get(key)
		if (!entry) {
			this.misses++
			return undefined
		}
		if (entry.generation !== this.generation || now - entry.storedAt > this.options.ttlMs) {
			this.remove(key)
			this.misses++
			return undefined
		}
		// Map order is insertion order: re-inserting marks it most recently used.
		this.entries.delete(key)
		this.entries.set(key, entry)
		this.hits++
		return entry
	}

	/** Whether a body this size may be stored: asked before compressing it, which costs more than the check. */
	accepts(size: number): boolean {
		return size <= this.options.maxBodyBytes
	}

	/**
	 * Stores a page rendered from `generation`, the value of `currentGeneration` when its render
	 * began, before it read anything. A render that began before the last invalidation may have
	 * read the old rows, so it is refused (false) rather than kept until it ages out (ADR 175).
	 */
	set(key: string, page: Omit<CachedPage, StoredFields>, generation: number, now = Date.now()): boolean {
		const size = page.body.length
		if (generation !== this.generation || !this.accepts(size)) return false
		const storedBytes = size + page.encoded.br.length + page.encoded.gzip.length
		const hit = [...page.headers.flat(), 'x-cache', 'hit']
		const hitHeaders = {
			identity: [...hit, 'content-length', String(size)],
			br: [...hit, 'content-encoding', 'br', 'vary', 'Accept-Encoding', 'content-length', String(page.encoded.br.length)],
			gzip: [...hit, 'content-encoding', 'gzip', 'vary', 'Accept-Encoding', 'content-length', String(page.encoded.gzip.length)],
		}
		this.remove(key)
		this.entries.set(key, { ...page, size, storedBytes, storedAt: now, generation, hitHeaders })
		this.bytes += storedBytes
		while (this.entries.size > this.options.maxEntries || this.bytes > this.options.maxTotalBytes) {
			const oldest = this.entries.keys().next().value
			if (oldest === undefined) break
			this.remove(oldest)
		}
		return true
	}

	private remove(key: string) {
		const entry = this.entries.get(key)
		if (!entry) return
		this.bytes -= entry.storedBytes
		this.entries.delete(key)
	}

	/**
	 * Drops every page and moves to the next generation: called once a change that public pages show
	 * has committed (server/page-cache-sync.ts). The generation is this cache's own and only grows, so
	 * a render that began before any clear can never be stored after it.
	 */
	invalidate() {
		this.generation++
		this.entries.clear()
		this.bytes = 0
	}

	/** Read when a render begins and handed back to `set`. */
	get currentGeneration() {
		return this.generation
	}

	get size() {
		return this.entries.size
	}

	/** The bytes of every stored page together. */
	get totalBytes() {
		return this.bytes
	}
}
