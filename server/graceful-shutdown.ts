import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http'
import { closeLingering } from './body-limit.ts'

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
	const closeIdleSoon = () => setImmediate(() => server.closeIdleConnections())
	const untrack = function (this: ServerResponse) {
		active.delete(this)
		if (draining) closeIdleSoon()
	}
	server.on('request', (req: IncomingMessage, res: ServerResponse) => {
		if (draining) res.setHeader('Connection', 'close')
		listener(req, res)
		if (res.writableEnded) return
		active.add(res)
		res.once('close', untrack)
	})
	return {
		drain() {
			draining = true
			for (const res of active) if (!res.headersSent) res.setHeader('Connection', 'close')
			server.closeIdleConnections()
			// Bodies still arriving after their answer was sent: nobody waits for them.
			closeLingering()
		},
		get inFlight() {
			return active.size
		},
	}
}
