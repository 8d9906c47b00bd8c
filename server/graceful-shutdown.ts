import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http'
import { Server as NetServer } from 'node:net'
import { closeLingering } from './body-limit.ts'

/** How long idle keep-alive connections stay open once shutdown starts (docs/operations.md, "Restart and shutdown"). */
export const idleCloseGraceMs = 2_000

/**
 * Graceful shutdown for keep-alive connections (docs/security.md, "Shutdown
 * and health"). `server.close()` stops accepting and waits for every
 * connection to end, but a keep-alive connection whose request is in flight
 * becomes idle only after its response and would then stay open until the
 * keep-alive timeout. Once draining starts, every response still to be sent
 * carries `Connection: close`, and each connection is closed as soon as its
 * response has gone.
 *
 * It wraps the request listener, so the header is set before any response is
 * written. A response the listener ended before returning (a page-cache hit)
 * is not tracked: that would cost a listener and a set entry on the hottest path.
 */
export function trackInFlight(server: Server, listener: RequestListener) {
	const active = new Set<ServerResponse>()
	let draining = false
	let closingIdle = false
	const closeIdleSoon = () => setImmediate(() => server.closeIdleConnections())
	const untrack = function (this: ServerResponse) {
		active.delete(this)
		if (closingIdle) closeIdleSoon()
	}
	server.on('request', (req: IncomingMessage, res: ServerResponse) => {
		if (draining) res.setHeader('Connection', 'close')
		listener(req, res)
		if (res.writableEnded) return
		active.add(res)
		res.once('close', untrack)
	})
	const drain = () => {
		draining = true
		closingIdle = true
		for (const res of active) if (!res.headersSent) res.setHeader('Connection', 'close')
		server.closeIdleConnections()
		// Bodies still arriving after their answer was sent: nobody waits for them.
		closeLingering()
	}
	return {
		drain,
		/**
		 * A restart: stop accepting connections at once, answer every request
		 * still arriving on an open one with `Connection: close`, and only after
		 * `graceMs` close the keep-alive connections that are still idle. A client
		 * (or proxy) that sends its next request on a connection just as it is
		 * closed gets a reset, and a proxy does not retry a POST: closing idle
		 * connections at once, as `server.close()` does, did that under load. A
		 * busy connection instead closes cleanly after its next answer. `onClosed`
		 * runs once every connection has closed.
		 */
		shutdown(onClosed: () => void, graceMs = idleCloseGraceMs) {
			draining = true
			for (const res of active) if (!res.headersSent) res.setHeader('Connection', 'close')
			// net.Server's close: http.Server's own would also close every idle connection right now.
			NetServer.prototype.close.call(server, () => onClosed())
			closeLingering()
			setTimeout(drain, graceMs).unref()
		},
		get inFlight() {
			return active.size
		},
	}
}
