import type { IncomingMessage, ServerResponse } from 'node:http'
import zlib from 'node:zlib'
import { deferHydration } from './defer-hydration.ts'
import { type FetchHandler, listenerHeaderNames } from './http.ts'
import { cacheKey, noncePlaceholder, type PageCache, pageCacheHeader, splitAtPlaceholder, withoutTrackingParams } from './page-cache.ts'

/** Random bytes are drawn in blocks: one system call per 256 nonces instead of one per hit. */
const randomBlock = Buffer.alloc(16 * 256)
let randomOffset = randomBlock.length

function freshNonce(): string {
	if (randomOffset === randomBlock.length) {
		crypto.getRandomValues(randomBlock)
		randomOffset = 0
	}
	const nonce = randomBlock.toString('base64', randomOffset, randomOffset + 16)
	randomOffset += 16
	return nonce
}

/** Writes the parts with the nonce between them, without copying them into one buffer. */
function writeJoined(res: ServerResponse, parts: Buffer[], nonce: string) {
	res.cork()
	parts.forEach((part, index) => {
		if (index > 0) res.write(nonce)
		res.write(part)
	})
	res.end()
}

function join(parts: Buffer[], nonce: string): Buffer {
	if (parts.length === 1) return parts[0]!
	const glue = Buffer.from(nonce)
	const pieces: Buffer[] = []
	parts.forEach((part, index) => {
		if (index > 0) pieces.push(glue)
		pieces.push(part)
	})
	return Buffer.concat(pieces)
}

/** Best compression, paid once per cache fill (a few milliseconds for a 60 KiB page). */
function compressOnce(body: Buffer): { br: Buffer; gzip: Buffer } {
	return {
		br: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } }),
		gzip: zlib.gzipSync(body, { level: 9 }),
	}
}

function headersWithNonce(headers: Array<[string, string]>, nonce: string): Array<[string, string]> {
	return headers.map(([name, value]) => [name, value.includes(noncePlaceholder) ? value.replaceAll(noncePlaceholder, nonce) : value])
}

/**
 * Wraps the React Router handler with the page cache: hits are written
 * straight to the socket (no Request/Response objects); misses that are
 * candidates render with a placeholder nonce and are stored when the route
 * opted in.
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
		const accept = req.headers['accept-encoding']
		const encoding = page.size < 1024 || !accept ? null : /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null
		if (page.hitHeaders && page.encoded) {
			// The same bytes for everyone, compressed when stored, headers worked out when stored: as cheap as a static file.
			res.writeHead(page.status, leading.concat(page.hitHeaders[encoding ?? 'identity']))
			res.end(req.method === 'HEAD' ? undefined : encoding ? page.encoded[encoding] : page.parts[0])
			return true
		}
		const nonce = freshNonce()
		const headers = leading.concat(page.flatHeaders)
		for (const index of page.nonceHeaderIndexes) headers[leading.length + index] = headers[leading.length + index]!.replaceAll(noncePlaceholder, nonce)
		headers.push('x-cache', 'hit')
		if (!encoding) {
			headers.push('content-length', String(page.size + (page.parts.length - 1) * nonce.length))
			res.writeHead(page.status, headers)
			if (req.method === 'HEAD') res.end()
			else writeJoined(res, page.parts, nonce)
			return true
		}
		// Compression costs CPU on every hit (the nonce differs each time), so use the fast settings.
		const raw = join(page.parts, nonce)
		const body =
			encoding === 'br'
				? zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
				: zlib.gzipSync(raw, { level: 1 })
		headers.push('content-encoding', encoding, 'vary', 'Accept-Encoding', 'content-length', String(body.length))
		res.writeHead(page.status, headers)
		res.end(req.method === 'HEAD' ? undefined : body)
		return true
	}

	const handler: FetchHandler = async (request, info) => {
		const key = cacheKey(request.method, request.url, request.headers.get('cookie'))
		if (!key) return render(request, info)
		// Rendered without tracking parameters, as it is stored: one visitor's campaign tags never show in another's page.
		const url = new URL(request.url)
		const search = withoutTrackingParams(url.search)
		if (search !== url.search) {
			url.search = search
			request = new Request(url, request)
		}
		const response = await render(request, { ...info, nonce: noncePlaceholder })
		// Rendered with the placeholder: the body must be rewritten whatever happens next.
		const optedIn = response.headers.get(pageCacheHeader) === 'public'
		let body = Buffer.from(await response.arrayBuffer())
		// Rewritten once per cache fill, so hits pay nothing for it.
		if (optedIn && response.status === 200) body = Buffer.from(deferHydration(body.toString('utf8')))
		const parts = splitAtPlaceholder(body)
		const headers: Array<[string, string]> = []
		for (const [name, value] of response.headers) {
			if (name === pageCacheHeader || name === 'content-length' || name === 'set-cookie') continue
			headers.push([name, value])
		}
		if (optedIn && response.status === 200 && !response.headers.has('set-cookie')) {
			const sameForEveryone = parts.length === 1 && !headers.some(([, value]) => value.includes(noncePlaceholder))
			const stored = headers.filter(([name]) => !listenerHeaderNames.has(name))
			cache.set(key, { status: response.status, headers: stored, parts, encoded: sameForEveryone ? compressOnce(parts[0]!) : undefined } satisfies Parameters<PageCache['set']>[1])
		}
		const nonce = freshNonce()
		const out = new Headers(headersWithNonce(headers, nonce))
		for (const cookie of response.headers.getSetCookie()) out.append('set-cookie', cookie)
		out.set('x-cache', 'miss')
		return new Response(request.method === 'HEAD' ? null : (join(parts, nonce) as Uint8Array<ArrayBuffer>), { status: response.status, statusText: response.statusText, headers: out })
	}

	return { serveHit, handler }
}
