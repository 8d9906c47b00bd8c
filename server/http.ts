import fs from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import { pipeline } from 'node:stream/promises'
import zlib from 'node:zlib'
import { isbot } from 'isbot'
import { logger } from '../app/server/logger.server.ts'
import { applySecurityHeaders } from '../app/server/security.server.ts'
import { type BodyLimits, canonicalContentType, contentTypeHeader, type LimitedBody, limitedBody } from './body-limit.ts'
import type { StaticFile } from './static-files.ts'

export type FetchHandler = (
	request: Request,
	info: { requestId: string; clientAddress: string; nonce?: string; bodyRefused?: () => boolean },
) => Promise<Response>

export type ListenerOptions = {
	handler: FetchHandler
	staticFiles: Map<string, StaticFile>
	production: boolean
	logRequests: boolean
	/** Bodies over these limits are refused with 413 while they stream in (server/body-limit.ts). */
	bodyLimits: BodyLimits
	/** The dedicated 500 page, sent when rendering itself fails. */
	errorPageHtml: string
	/** Answers from a cache without building a Request; returns false to fall through. `leading`: the headers every response carries, as a flat list. */
	serveFromCache?: (req: IncomingMessage, res: ServerResponse, leading: string[]) => boolean
	/** Builds the request URL (scheme and host behind a proxy: server/forwarded.ts); default http + Host. */
	requestUrl?: (req: IncomingMessage) => URL
}

const compressibleType = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/
/** Below this, compression costs more than it saves. */
const compressMinBytes = 1024

function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
	if (!acceptEncoding) return null
	if (/\bbr\b/.test(acceptEncoding)) return 'br'
	if (/\bgzip\b/.test(acceptEncoding)) return 'gzip'
	return null
}

/** A random per-process prefix and a counter: unique across instances and restarts without a random draw per request. */
const requestIdPrefix = Buffer.from(crypto.getRandomValues(new Uint8Array(6))).toString('base64url')
let requestCounter = 0

function newRequestId(): string {
	requestCounter = (requestCounter + 1) % Number.MAX_SAFE_INTEGER
	return `${requestIdPrefix}${requestCounter.toString(36)}`
}

function pathname(req: IncomingMessage): string {
	return (req.url ?? '/').split('?')[0]!
}

function serveStatic(req: IncomingMessage, res: ServerResponse, file: StaticFile) {
	const headers: Record<string, string> = {
		'Content-Type': file.type,
		ETag: file.etag,
		'Cache-Control': file.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
		'X-Content-Type-Options': 'nosniff',
		Vary: 'Accept-Encoding',
	}
	if (req.headers['if-none-match'] === file.etag) {
		res.writeHead(304, headers)
		res.end()
		return
	}
	const encoding = pickEncoding(req.headers['accept-encoding'])
	const variant = encoding === 'br' ? file.br : encoding === 'gzip' ? file.gzip : undefined
	if (variant && encoding) headers['Content-Encoding'] = encoding
	headers['Content-Length'] = String(variant ? variant.size : file.size)
	res.writeHead(200, headers)
	if (req.method === 'HEAD') {
		res.end()
		return
	}
	fs.createReadStream(variant ? variant.file : file.file).pipe(res)
}

export const strictTransportSecurity = 'max-age=63072000; includeSubDomains'
/** What the listener puts on every response, as the flat list a page-cache hit starts from (lower case, as stored pages drop them). */
const plainHeaders = ['x-content-type-options', 'nosniff']
const secureHeaders = [...plainHeaders, 'strict-transport-security', strictTransportSecurity]
/** Names the listener sets itself: a stored page leaves them out so a hit does not send them twice. */
export const listenerHeaderNames: ReadonlySet<string> = new Set(['x-request-id', 'x-content-type-options', 'strict-transport-security'])

/** Whether the client reached us over https: the one place that decides it (for HSTS and the request URL). */
export function isHttpsRequest(req: IncomingMessage): boolean {
	return (req.socket as { encrypted?: boolean }).encrypted === true
}

/**
 * Responses that must never be kept by a browser or a shared cache: the admin
 * and agent areas (pages and their .data), anything but an image answered to a signed-in
 * session, and anything that sets a cookie.
 */
export function isPrivateResponse(pathname: string, cookieHeader: string | undefined, response: Response): boolean {
	if (pathname === '/admin' || pathname.startsWith('/admin/') || pathname.startsWith('/admin.')) return true
	// The agent area (ADR 221) likewise: one agency's pages are never kept for anyone else.
	if (pathname === '/agent' || pathname.startsWith('/agent/') || pathname.startsWith('/agent.')) return true
	if (response.headers.has('set-cookie')) return true
	// Resized images are the same for everyone: a signed-in visitor's browser may keep them.
	if ((response.headers.get('content-type') ?? '').startsWith('image/')) return false
	return cookieHeader !== undefined && /(?:^|;\s*)session=/.test(cookieHeader)
}

function toRequest(req: IncomingMessage, signal: AbortSignal, body: LimitedBody | null, contentType: string | null, url?: URL): Request {
	const headers = new Headers()
	for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!)
	// The app's parser reads exactly the type the body limiter inspected (server/media-type.ts).
	const canonical = canonicalContentType(contentType)
	if (canonical === null) headers.delete('content-type')
	else headers.set('content-type', canonical)
	url ??= new URL(req.url ?? '/', `${isHttpsRequest(req) ? 'https' : 'http'}://${headers.get('host') ?? 'localhost'}`)
	const init: RequestInit & { duplex?: 'half' } = { method: req.method ?? 'GET', headers, signal }
	if (body) {
		init.body = body.stream
		init.duplex = 'half'
	}
	return new Request(url, init)
}

/** undici refuses to build a Request with these (and Node hands CONNECT to its own event). */
const unsupportedMethods: ReadonlySet<string> = new Set(['TRACE', 'TRACK', 'CONNECT'])

function plainResponse(status: number, message: string, headers: Record<string, string> = {}): Response {
	return new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers } })
}

function tooLargeResponse(message: string, status = 413): Response {
	return plainResponse(status, message)
}

/**
 * The production request listener: static files from an in-memory index,
 * everything else through React Router, compression only where it pays,
 * one log line per request (written after the response, off the hot path).
 */
export function createListener(options: ListenerOptions) {
	// Static files and cache hits are answered synchronously: no promise per request on the hot path.
	return (req: IncomingMessage, res: ServerResponse): Promise<void> | undefined => {
		const started = performance.now()
		const requestId = (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || newRequestId()
		const secure = options.production || isHttpsRequest(req)
		const getOrHead = req.method === 'GET' || req.method === 'HEAD'
		const file = getOrHead ? options.staticFiles.get(pathname(req)) : undefined
		// A page-cache hit gets the headers below in its one ready list (server/page-cache-layer.ts, ADR 139).
		if (!file && getOrHead && options.serveFromCache?.(req, res, ['X-Request-Id', requestId, ...(secure ? secureHeaders : plainHeaders)])) {
			if (options.logRequests) logRequest(req, res, started, requestId)
			return
		}
		res.setHeader('X-Request-Id', requestId)
		// On every kind of response (pages, redirects, images, PDFs, JSON, CSV, errors), before any path writes.
		res.setHeader('X-Content-Type-Options', 'nosniff')
		if (secure) res.setHeader('Strict-Transport-Security', strictTransportSecurity)
		if (file) {
			serveStatic(req, res, file)
			if (options.logRequests) res.on('finish', () => logRequest(req, res, started, requestId))
			return
		}

		return renderDynamic(req, res, options, started, requestId)
	}
}

async function renderDynamic(req: IncomingMessage, res: ServerResponse, options: ListenerOptions, started: number, requestId: string) {
	const declaredLength = Number(req.headers['content-length'] ?? 0)
	if (declaredLength > options.bodyLimits.maxBytes) {
		// The client said how much it will send: no point reading it; close the connection after the answer.
		const response = tooLargeResponse(`The request is too large (at most ${Math.round(options.bodyLimits.maxBytes / (1024 * 1024))} MB).`)
		response.headers.set('Connection', 'close')
		await sendResponse(req, res, response, requestId)
		req.resume()
		return
	}

	const controller = new AbortController()
	res.on('close', () => {
		if (!res.writableFinished) controller.abort()
	})
	// Methods a web Request cannot carry (TRACE echoes cookies back; never ours to answer).
	if (unsupportedMethods.has(req.method ?? '')) {
		await sendResponse(req, res, plainResponse(405, `The ${req.method} method is not allowed here.`, { Allow: 'GET, HEAD, POST' }), requestId)
		req.resume()
		return
	}
	const contentType = contentTypeHeader(req.rawHeaders)
	const body = req.method === 'GET' || req.method === 'HEAD' ? null : limitedBody(req, options.bodyLimits, contentType)
	let request: Request
	try {
		request = toRequest(req, controller.signal, body, contentType, options.requestUrl?.(req))
	} catch {
		// A Host header or target no URL can be made of: the client's fault, not ours.
		await body?.stream.cancel().catch(() => {})
		await sendResponse(req, res, plainResponse(400, 'The request could not be read: its address or headers are malformed.'), requestId)
		return
	}
	let response: Response
	try {
		response = await options.handler(request, {
			requestId,
			clientAddress: req.socket.remoteAddress ?? '',
			bodyRefused: () => Boolean(body?.refusal()),
		})
	} catch (error) {
		if (!body?.refusal()) logger.error({ msg: 'request failed', requestId, method: req.method, url: req.url, error })
		response = errorResponse(req, options)
	}
	// A body over a limit: whatever the app made of its failed parse, the answer is a 413 saying which limit.
	const refusal = body?.refusal()
	if (refusal) {
		await response.body?.cancel().catch(() => {})
		response = tooLargeResponse(refusal.message, refusal.status)
	}
	// Bots never see a rendered page for a server error: logged above, plain text here. JSON (a health
	// check's answer) and plain text pass unchanged, and Retry-After is kept.
	if (response.status >= 500 && (response.headers.get('content-type') ?? '').startsWith('text/html') && isbot(req.headers['user-agent'] ?? '')) {
		const headers = new Headers({ 'Content-Type': 'text/plain; charset=utf-8' })
		const retryAfter = response.headers.get('retry-after')
		if (retryAfter) headers.set('Retry-After', retryAfter)
		await response.body?.cancel().catch(() => {})
		response = new Response(response.status === 503 ? 'Service Unavailable' : 'Internal Server Error', { status: response.status, headers })
	}
	if (isPrivateResponse(pathname(req), req.headers.cookie, response)) res.setHeader('Cache-Control', 'private, no-store')
	await sendResponse(req, res, response, requestId)
	if (options.logRequests) logRequest(req, res, started, requestId)
}

function errorResponse(req: IncomingMessage, options: ListenerOptions): Response {
	const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' })
	applySecurityHeaders(headers, { production: options.production })
	return new Response(req.method === 'HEAD' ? null : options.errorPageHtml, { status: 500, headers })
}

async function sendResponse(req: IncomingMessage, res: ServerResponse, response: Response, requestId: string) {
	const headers = new Headers(response.headers)
	const type = headers.get('content-type') ?? ''
	const length = Number(headers.get('content-length') ?? Number.NaN)
	const encoding = pickEncoding(req.headers['accept-encoding'])
	const compress =
		response.body !== null &&
		req.method !== 'HEAD' &&
		encoding !== null &&
		!headers.has('content-encoding') &&
		compressibleType.test(type) &&
		!(length < compressMinBytes)
	if (compress) {
		headers.set('Content-Encoding', encoding)
		headers.delete('Content-Length')
		headers.append('Vary', 'Accept-Encoding')
	}
	const raw: string[] = []
	for (const [key, value] of headers) {
		if (key === 'set-cookie') continue
		// Decided by the server (isPrivateResponse), whatever the route said.
		if (key === 'cache-control' && res.hasHeader('cache-control')) continue
		raw.push(key, value)
	}
	// Every cookie, as its own header line. Set as one array before writeHead: once a header has been set
	// (X-Request-Id), writeHead applies a raw list pair by pair with setHeader, and the last cookie would win.
	const cookies = headers.getSetCookie()
	if (cookies.length) res.setHeader('Set-Cookie', cookies)
	res.writeHead(response.status, raw)
	if (response.body === null || req.method === 'HEAD') {
		res.end()
		return
	}
	const body = Readable.fromWeb(response.body as NodeReadableStream)
	try {
		if (compress) {
			// Fast settings: HTML is streamed and small; level 4 / quality 4 keep CPU low.
			const compressor =
				encoding === 'br'
					? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 }, flush: zlib.constants.BROTLI_OPERATION_FLUSH })
					: zlib.createGzip({ level: 4, flush: zlib.constants.Z_SYNC_FLUSH })
			await pipeline(body, compressor, res)
		} else {
			await pipeline(body, res)
		}
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') {
			logger.warn({ msg: 'response stream failed', requestId, error })
		}
		res.destroy()
	}
}

function logRequest(req: IncomingMessage, res: ServerResponse, started: number, requestId: string) {
	logger.info({
		msg: 'request',
		requestId,
		method: req.method,
		// A webhook secret in the query (MSG91's delivery reports) never reaches the log.
		path: req.url?.replace(/([?&]secret=)[^&]*/gi, '$1[redacted]'),
		status: res.statusCode,
		ms: Math.round((performance.now() - started) * 10) / 10,
	})
}
