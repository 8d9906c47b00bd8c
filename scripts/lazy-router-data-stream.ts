/**
 * React Router encodes a document's loader data for the browser (turbo-stream, `serverHandoffStream`)
 * before it calls our entry, for every page. A static page (app/lib/static-page.ts) ships no framework
 * code and never sends that stream, so the encoding was pure waste: 0.4 ms of the builder's render, and
 * the unread stream then sat in memory until a full garbage collection (Node 20 keeps every web stream
 * that long). This rewrites the one place the router builds the entry's context so that the stream is
 * encoded the first time something reads it: `<ServerRouter>` on a hydrated page, exactly as before; on a
 * static page app/entry.server.tsx hands the router a context without it, so it is never made.
 *
 * Used by vite.config.ts on the production server build. Returns null when the code does not contain the
 * context, and throws when it contains it in a shape this does not know, so an upgrade of React Router
 * that changes it fails the build instead of quietly going back to the eager encoding.
 */
export function lazyRouterDataStream(code: string): string | null {
	if (!code.includes('serverHandoffStream: encodeViaTurboStream(')) return null
	const eager = /serverHandoffStream: encodeViaTurboStream\(\s*state,\s*request\.signal,\s*build\.entry\.module\.streamTimeout,\s*serverMode\s*\),/g
	const matches = code.match(eager) ?? []
	if (matches.length !== 1)
		throw new Error(`lazy-router-data-stream: expected one eager serverHandoffStream in React Router's document handler, found ${matches.length}`)
	return code.replace(
		eager,
		[
			'get serverHandoffStream() {',
			'  const stream = encodeViaTurboStream(state, request.signal, build.entry.module.streamTimeout, serverMode);',
			'  Object.defineProperty(this, "serverHandoffStream", { value: stream, writable: true, enumerable: true, configurable: true });',
			'  return stream;',
			'},',
		].join('\n'),
	)
}
