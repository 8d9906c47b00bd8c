import http from 'node:http'
import { trackInFlight } from './graceful-shutdown.ts'

/** Time limits on the HTTP connection (docs/security.md, "Requests and bodies"). */
export const requestLimits = {
	/** The whole request, body included: a slow upload cannot hold a connection longer. */
	requestTimeoutMs: 60_000,
	/**
	 * The request line and headers. Node starts this clock when it accepts the connection, so one that sends
	 * nothing at all is answered 408 and closed at the same limit.
	 */
	headersTimeoutMs: 15_000,
	/**
	 * How often Node checks those two timeouts, so a request is cut at most this much late. A second keeps a
	 * silent connection's close within 16 s; the check only walks the open connections.
	 */
	checkIntervalMs: 1_000,
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

/**
 * Starts listening; a port another process holds (or one we may not bind)
 * fails with a sentence naming it, for server/start.js to print before it exits 1.
 */
export function listen(server: http.Server, port: number, host: string): Promise<void> {
	return new Promise((resolve, reject) => {
		const failed = (error: NodeJS.ErrnoException) => {
			const where = `${host}:${port}`
			if (error.code === 'EADDRINUSE')
				reject(
					new Error(
						`PORT ${port}: the port is already in use on ${host} (another server, or another copy of this one, is listening there). Stop it or set PORT to a free port.`,
						{ cause: error },
					),
				)
			else if (error.code === 'EACCES')
				reject(
					new Error(`PORT ${port}: this user may not listen on ${where}. Use a port above 1023 (behind a proxy) or grant the permission.`, { cause: error }),
				)
			else reject(new Error(`Cannot listen on ${where}: ${error.message}`, { cause: error }))
		}
		server.once('error', failed)
		server.listen(port, host, () => {
			server.off('error', failed)
			resolve()
		})
	})
}
