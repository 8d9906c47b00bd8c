import http from 'node:http'
import { trackInFlight } from './graceful-shutdown.ts'

/** Time limits on the HTTP connection (docs/security.md, "Requests and bodies"). */
export const requestLimits = {
	/** The whole request, body included: a slow upload cannot hold a connection longer. */
	requestTimeoutMs: 60_000,
	/** The request line and headers. */
	headersTimeoutMs: 15_000,
	/** How often Node checks those two timeouts (so a request is cut at most this much late). */
	checkIntervalMs: 2_000,
	/** An idle keep-alive connection (above a load balancer's 60 s, so the balancer closes first). */
	keepAliveTimeoutMs: 65_000,
}

/** The production HTTP server: request timeouts, and in-flight tracking for a graceful shutdown. */
export function createHttpServer(listener: http.RequestListener, limits = requestLimits) {
	const server = http.createServer({
		requestTimeout: limits.requestTimeoutMs,
		headersTimeout: limits.headersTimeoutMs,
		connectionsCheckingInterval: limits.checkIntervalMs,
		keepAliveTimeout: limits.keepAliveTimeoutMs,
	})
	// Around the listener: a response written during shutdown must already carry Connection: close.
	const inFlight = trackInFlight(server, listener)
	return { server, inFlight }
}
