/*
 * The voucher's service worker (docs/decisions/041-voucher-page-offline.md).
 * Registered only by /voucher/{id} pages with scope /voucher/: it controls
 * nothing else on the site. Every voucher page, PDF and app file fetched from
 * a voucher page is kept; when the network is gone, the kept copy is served.
 * Network first: a reissued or revoked voucher shows as soon as there is a network.
 */
const CACHE = 'voucher-v1'

// The app's tsconfig has DOM types, not the worker's: the few worker types used here.
/** @typedef {Event & { waitUntil(promise: Promise<unknown>): void }} ExtendableEvent */
/** @typedef {ExtendableEvent & { request: Request, respondWith(response: Promise<Response> | Response): void }} FetchEvent */
/** @typedef {ExtendableEvent & { data: { type?: string, urls?: string[] } | null, ports: readonly MessagePort[] }} KeepMessageEvent */
/** @type {{ skipWaiting(): Promise<void>, clients: { claim(): Promise<void> }, location: Location, addEventListener(type: string, listener: (event: any) => void): void }} */
const worker = /** @type {any} */ (self)

worker.addEventListener('install', () => {
	void worker.skipWaiting()
})

worker.addEventListener('activate', (/** @type {ExtendableEvent} */ event) => {
	event.waitUntil(
		caches
			.keys()
			.then((keys) => Promise.all(keys.filter((key) => key.startsWith('voucher-') && key !== CACHE).map((key) => caches.delete(key))))
			.then(() => worker.clients.claim()),
	)
})

/** Voucher pages and PDFs, and the app's own files (built assets, icons). */
/** @param {URL} url */
function keepable(url) {
	if (url.origin !== worker.location.origin) return false
	return /^\/voucher\/[A-Za-z0-9]{20}(\/pdf)?$/.test(url.pathname) || url.pathname.startsWith('/assets/') || /^\/favicon\.(ico|svg)$/.test(url.pathname)
}

/** @param {Request} request */
async function networkFirst(request) {
	const cache = await caches.open(CACHE)
	try {
		const response = await fetch(request)
		if (response.ok && response.type === 'basic') await cache.put(request, response.clone())
		return response
	} catch (error) {
		const kept = await cache.match(request, { ignoreVary: true })
		if (kept) return kept
		throw error
	}
}

worker.addEventListener('fetch', (/** @type {FetchEvent} */ event) => {
	const request = event.request
	if (request.method !== 'GET') return
	const url = new URL(request.url)
	if (!keepable(url)) return
	// Hashed build files never change: serve them from the cache when we have them.
	if (url.pathname.startsWith('/assets/')) {
		event.respondWith(caches.match(request).then((kept) => kept ?? networkFirst(request)))
		return
	}
	event.respondWith(networkFirst(request))
})

/** The page asks for itself and the files it loaded before the worker took control. */
worker.addEventListener('message', (/** @type {KeepMessageEvent} */ event) => {
	const data = event.data
	if (!data || data.type !== 'keep' || !Array.isArray(data.urls)) return
	const urls = data.urls
	const reply = () => event.ports[0]?.postMessage({ type: 'kept' })
	event.waitUntil(
		caches
			.open(CACHE)
			.then((cache) =>
				Promise.all(
					urls
						.map((path) => new URL(path, worker.location.origin))
						.filter(keepable)
						.map((url) => cache.add(new Request(url.href, { credentials: 'same-origin' })).catch(() => undefined)),
				),
			)
			.then(reply, reply),
	)
})
