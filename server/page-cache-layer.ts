import type { IncomingMessage, ServerResponse } from 'node:http'
import zlib from 'node:zlib'
import { deferHydration } from './defer-hydration.ts'
import { type FetchHandler, listenerHeaderNames } from './http.ts'
import { cacheKey, type HitEncoding, type PageCache, pageCacheHeader, withoutTrackingParams } from './page-cache.ts'

/** Best compression, paid once per cache fill (a few milliseconds for a 60 KiB page). */
function compressOnce(body: Buffer): { br: Buffer; gzip: Buffer } {
	return {
		br: zlib.brotliCompressSync(body, {
			params: {
				[zlib.constants.BROTLI_PARAM_QUALITY]: 11,
				[zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
				[zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
			},
		}),
		gzip: zlib.gzipSync(body, { level: 9 }),
	}
}

/** A stored page is at most one of three encodings; below 1 KiB compression costs more than it saves. */
function hitEncoding(accept: string | undefined, size: number): HitEncoding {
	if (!accept || size < 1024) return 'identity'
	if (accept.includes('br') && /\bbr\b/.test(accept)) return 'br'
	if (accept.includes('gzip') && /\bgzip\b/.test(accept)) return 'gzip'
	return 'identity'
}

/** The opt-in header is ours alone: a visitor never sees it, cached or not. */
function withoutOptIn(response: Response): Response {
	response.headers.delete(pageCacheHeader)
	return response
}

/**
 * Wraps the React Router handler with the page cache (ADR 001, ADR 161). A stored page is the same
 * bytes for every visitor: a hydrated page keeps the nonce it was rendered with for as long as it is
 * stored, so it is compressed once, and a hit writes a ready header list and a ready buffer straight
 * to the socket (no Request/Response objects, no per-hit work beyond the lookup).
 */
export function createPageCacheLayer(cache: PageCache, render: FetchHandler) {
	/**
	 * Answers a hit, or returns false. `leading`: the headers every response carries (request id,
	 * nosniff, HSTS) as a flat list, so the listener need not `setHeader` them first, which would
	 * send writeHead down Node's slow path of merging every header one by one.
	 */
	function serveHit(req: IncomingMessage, res: ServerResponse, leading: string[] = []): boolean {
		const key = cacheKey(req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET'), req.url ?? '/', req.headers.cookie)
		if (!key) return false
		const page = cache.get(key)
		if (!page) return false
		const encoding = hitEncoding(req.headers['accept-encoding'], page.size)
		const headers = page.hitHeaders[encoding]
		res.writeHead(page.status, leading.length ? leading.concat(headers) : headers)
		res.end(req.method === 'HEAD' ? undefined : encoding === 'identity' ? page.body : page.encoded[encoding])
		return true
	}

	const handler: FetchHandler = async (request, info) => {
		const key = cacheKey(request.method, request.url, request.headers.get('cookie'))
		if (!key) return withoutOptIn(await render(request, info))
		// Rendered without tracking parameters, as it is stored: one visitor's campaign tags never show in another's page.
		const url = new URL(request.url)
		const search = withoutTrackingParams(url.search)
		if (search !== url.search) {
			url.search = search
			request = new Request(url, request)
		}
		// Read before the render reads anything: a change that commits while it runs makes this page unstorable.
		const generation = cache.currentGeneration
		const response = await render(request, info)
		const optedIn = response.headers.get(pageCacheHeader) === 'public'
		if (!optedIn || response.status !== 200 || response.headers.has('set-cookie')) return withoutOptIn(response)
		// Rewritten once per cache fill, so hits pay nothing for it.
		const body = Buffer.from(deferHydration(await response.text()))
		const headers: Array<[string, string]> = []
		for (const [name, value] of response.headers) {
			if (name === pageCacheHeader || name === 'content-length') continue
			headers.push([name, value])
		}
		const current = generation === cache.currentGeneration
		if (current && cache.accepts(body.length)) {
			const stored = headers.filter(([name]) => !listenerHeaderNames.has(name))
			cache.set(key, { status: response.status, headers: stored, body, encoded: compressOnce(body) }, generation)
		}
		const out = new Headers(headers)
		// nginx keeps only pages marked X-Cache (ADR 162): one the cache was cleared under is this visitor's alone.
		if (current) out.set('x-cache', 'miss')
		return new Response(request.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), {
			status: response.status,
			statusText: response.statusText,
			headers: out,
		})
	}

	return { serveHit, handler }
}
