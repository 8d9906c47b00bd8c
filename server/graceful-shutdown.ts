import type { Server, ServerResponse } from 'node:http'
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
 * Register before the request listener, so the header is set before any
 * response is written.
 */
export function trackInFlight(server: Server) {
	const active = new Set<ServerResponse>()
	let draining = false
	const closeIdleSoon = () => setImmediate(() => server.closeIdleConnections())
	server.on('request', (_req, res: ServerResponse) => {
		if (draining) res.setHeader('Connection', 'close')
		active.add(res)
		res.once('close', () => {
			active.delete(res)
			if (draining) closeIdleSoon()
		})
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
