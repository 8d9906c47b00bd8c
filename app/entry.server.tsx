import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream, renderToStaticMarkup } from 'react-dom/server'
import { type EntryContext, type HandleErrorFunction, type RouterContextProvider, ServerRouter } from 'react-router'
import { staticClientIntegrity, staticClientUrl } from 'virtual:static-client'
import { NonceProvider } from './components/nonce.tsx'
import { StaticPageContext } from './components/static-page.tsx'
import { rendersStaticPage } from './lib/static-page.ts'
import { env } from './server/env.server.ts'
import { logger } from './server/logger.server.ts'
import { requestInfoContext } from './server/request-context.ts'
import { logRequestError } from './server/request-errors.server.ts'
import { applySecurityHeaders } from './server/security.server.ts'

export const streamTimeout = 5_000

const utf8 = new TextEncoder()

export default function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	routerContext: EntryContext,
	loadContext: RouterContextProvider,
) {
	// Pages that opted in get no framework scripts, only the static client (app/lib/static-page.ts). Their
	// one script is trusted by its hash, not a nonce, so their bytes are the same for every visitor.
	const staticPage =
		staticClientUrl && rendersStaticPage(routerContext)
			? { src: staticClientUrl, integrity: staticClientIntegrity, version: routerContext.manifest.version }
			: null
	const nonce = staticPage
		? undefined
		: (loadContext.get(requestInfoContext).nonce ?? Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64'))
	applySecurityHeaders(responseHeaders, {
		trusted: staticPage ? { integrity: staticPage.integrity } : { nonce: nonce! },
		production: env().NODE_ENV === 'production',
	})
	responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
	if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status: responseStatusCode, headers: responseHeaders })

	// A static page is finished HTML that nothing hydrates, and its data is all loaded before it renders
	// (no Suspense on these pages): React's string renderer for non-interactive HTML writes it without the
	// stream's per-chunk encoding or hydration markers, about a tenth of the page's render (ADR 235). A
	// component that suspended would throw here, and React Router renders the error page instead.
	if (staticPage) {
		// Without React Router's data stream: a static page never sends it, and the production build encodes
		// it only when it is read (scripts/lazy-router-data-stream.ts), so here it is never encoded.
		const withoutDataStream: EntryContext = Object.create(routerContext, { serverHandoffStream: { value: undefined } })
		const html = renderToStaticMarkup(
			<StaticPageContext.Provider value={staticPage}>
				<ServerRouter context={withoutDataStream} url={request.url} />
			</StaticPageContext.Provider>,
		)
		// As bytes: the fetch API first copies a string body whole (to make it well-formed), then encodes it as it
		// is read. Encoding it here skips the copy: 0.16 ms instead of 0.28 for the builder's 74 KB page (3,000
		// responses each way, one process). Either way V8 first joins React's pieces into one string. A page of
		// more than 65,536 characters with any character above U+00FF (₹) becomes a large object of its own
		// (the builder's page is 147 KB as UTF-16), and where page faults are dear that join dominates: about
		// 0.9 ms of the builder's render on the 2026-11-29 build machine. Streaming the page instead avoids the
		// join but measured no cheaper there (CHANGELOG, 2026-11-29).
		return new Response(utf8.encode(`<!DOCTYPE html>${html}`), { headers: responseHeaders, status: responseStatusCode })
	}

	return new Promise<Response>((resolve, reject) => {
		let shellRendered = false
		const userAgent = request.headers.get('user-agent')
		// Bots and crawlers get the whole page at once; people get the shell as soon as it is ready.
		const waitForAll = (userAgent && isbot(userAgent)) || routerContext.isSpaMode
		let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)

		const ready = () => {
			shellRendered = true
			const body = new PassThrough({
				final(callback) {
					clearTimeout(timeoutId)
					timeoutId = undefined
					callback()
				},
			})
			pipe(body)
			resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }))
		}
		const { pipe, abort } = renderToPipeableStream(
			<NonceProvider value={nonce ?? ''}>
				<StaticPageContext.Provider value={staticPage}>
					<ServerRouter context={routerContext} url={request.url} nonce={nonce} />
				</StaticPageContext.Provider>
			</NonceProvider>,
			{
				nonce,
				...(waitForAll ? { onAllReady: ready } : { onShellReady: ready }),
				onShellError(error: unknown) {
					reject(error)
				},
				onError(error: unknown) {
					responseStatusCode = 500
					if (shellRendered) logger.error({ msg: 'render error', url: request.url, error })
				},
			},
		)
	})
}

/** Errors are logged once, with the request id, at the level they deserve (logRequestError), and never sent to the browser. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
	if (request.signal.aborted) return
	logRequestError(error, request, (context as RouterContextProvider).get(requestInfoContext))
}
