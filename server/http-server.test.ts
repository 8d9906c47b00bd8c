import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import { expect, test } from 'vitest'
import { watchStalls } from '#tests/support/clock.ts'
import { createHttpServer } from './http-server.ts'

const limits = { requestTimeoutMs: 1000, headersTimeoutMs: 800, checkIntervalMs: 100, keepAliveTimeoutMs: 10_000 }

/** The promise's value, or a failure naming what did not happen within `ms`: a wait that cannot hang the test. */
function within<T>(ms: number, promise: Promise<T>, missing: string): Promise<T> {
	return Promise.race([promise, new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error(`${missing} within ${ms} ms`)), ms).unref())])
}

async function listening(listener: http.RequestListener, overrides: Partial<typeof limits> = {}) {
	const { server, inFlight } = createHttpServer(listener, { ...limits, ...overrides })
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	return { server, inFlight, port: (server.address() as AddressInfo).port }
}

test('a body that trickles in is cut at the request timeout, not held open for minutes', async () => {
	const { server, port } = await listening((req, res) => {
		req.resume()
		req.on('end', () => res.end('done'))
	})
	try {
		const longestStall = watchStalls()
		const started = Date.now()
		const outcome = await new Promise<string>((resolve) => {
			const req = http.request({ port, host: '127.0.0.1', method: 'POST', path: '/upload', headers: { 'Transfer-Encoding': 'chunked' } }, (res) =>
				resolve(`status ${res.statusCode}`),
			)
			req.on('error', (error) => resolve(`closed: ${error.message}`))
			req.write('x')
			const trickle = setInterval(() => req.write('x'), 100)
			req.on('close', () => clearInterval(trickle))
			setTimeout(() => clearInterval(trickle), 5000)
		})
		const took = Date.now() - started
		expect(outcome).toMatch(/status 408|closed/)
		expect(took).toBeLessThan(3000 + longestStall())
	} finally {
		server.closeAllConnections()
		await new Promise((resolve) => server.close(resolve))
	}
})

test('a connection that never sends a byte is closed at the header timeout; one that sends its request in time is answered', async () => {
	// The whole-request limit far above the header limit: only the header limit can close the silent connection in time.
	const { server, port } = await listening((_req, res) => res.end('hello'), { requestTimeoutMs: 10_000 })
	try {
		const longestStall = watchStalls()
		const started = Date.now()
		const silent = net.connect(port, '127.0.0.1')
		let answer = ''
		// Read, as a real client does: Node answers 408 before it closes, and an unread answer holds back the close.
		silent.setEncoding('utf8').on('data', (part: string) => (answer += part))
		const closedAfter = await within(
			20_000,
			new Promise<number>((resolve) => silent.on('close', () => resolve(Date.now() - started))),
			'the silent connection was not closed',
		)
		expect(answer).toMatch(/^HTTP\/1.1 408 /)
		expect(closedAfter).toBeGreaterThanOrEqual(limits.headersTimeoutMs - 50)
		// Generous: the machine running the tests may be busy.
		expect(closedAfter).toBeLessThan(limits.headersTimeoutMs + 3000 + longestStall())
		// A request sent after a pause shorter than the limit is answered, and its keep-alive connection is not cut at the limit.
		const socket = net.connect(port, '127.0.0.1')
		let text = ''
		socket.setEncoding('utf8')
		const answered = new Promise<void>((resolve) => socket.on('data', (part: string) => ((text += part), text.endsWith('hello') && resolve())))
		await new Promise((resolve) => setTimeout(resolve, limits.headersTimeoutMs / 2))
		socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n')
		await answered
		expect(text).toMatch(/^HTTP\/1.1 200/)
		await new Promise((resolve) => setTimeout(resolve, limits.headersTimeoutMs))
		expect(socket.destroyed).toBe(false)
		socket.destroy()
	} finally {
		server.closeAllConnections()
		await new Promise((resolve) => server.close(resolve))
	}
})

test('draining: a keep-alive request in flight gets Connection: close and the server closes without waiting for the keep-alive timeout', async () => {
	let release: () => void = () => {}
	const { server, inFlight, port } = await listening((_req, res) => {
		release = () => res.end('finished')
	})
	const agent = new http.Agent({ keepAlive: true })
	try {
		const answered = new Promise<http.IncomingMessage>((resolve) => http.get({ port, host: '127.0.0.1', path: '/slow', agent }, resolve))
		for (let i = 0; i < 100 && inFlight.inFlight === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20))
		expect(inFlight.inFlight).toBe(1)
		const longestStall = watchStalls()
		const started = Date.now()
		const closed = new Promise((resolve) => server.close(resolve))
		inFlight.drain()
		release()
		const response = await answered
		response.resume()
		expect(response.headers.connection).toBe('close')
		await closed
		expect(Date.now() - started).toBeLessThan(4000 + longestStall())
	} finally {
		agent.destroy()
	}
})

test('a response ended by the listener itself (a cache hit) is not tracked, and during draining it still closes its connection', async () => {
	const { server, inFlight, port } = await listening((_req, res) => res.end('from the cache'))
	const agent = new http.Agent({ keepAlive: true })
	const get = (via: http.Agent) =>
		new Promise<http.IncomingMessage>((resolve, reject) => {
			http
				.get({ port, host: '127.0.0.1', path: '/', agent: via }, (res) => {
					res.resume()
					res.on('end', () => resolve(res))
				})
				.on('error', reject)
		})
	try {
		expect((await get(agent)).headers.connection).toBe('keep-alive')
		expect(inFlight.inFlight).toBe(0)
		// Draining closes the idle connection above; a request on a new one is answered and told to close it.
		inFlight.drain()
		expect((await get(new http.Agent({ keepAlive: true }))).headers.connection).toBe('close')
		expect(inFlight.inFlight).toBe(0)
	} finally {
		agent.destroy()
		server.closeAllConnections()
		await new Promise((resolve) => server.close(resolve))
	}
})

test('shutdown: new connections are refused at once; a keep-alive connection idle at that moment is still answered (with Connection: close) during the grace; the rest close after it', async () => {
	const { inFlight, port } = await listening((_req, res) => res.end('answered'))
	const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
	const get = (via: http.Agent | undefined) =>
		new Promise<{ status: number; connection?: string } | string>((resolve) => {
			http
				.get({ port, host: '127.0.0.1', path: '/', agent: via }, (res) => {
					res.resume()
					res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection }))
				})
				.on('error', (error) => resolve((error as NodeJS.ErrnoException).code ?? error.message))
		})
	try {
		expect(await get(agent)).toEqual({ status: 200, connection: 'keep-alive' })
		const idleOther = new http.Agent({ keepAlive: true })
		expect(await get(idleOther)).toMatchObject({ status: 200 })
		let closedAt = 0
		const longestStall = watchStalls()
		const started = Date.now()
		const closed = new Promise<void>((resolve) =>
			inFlight.shutdown(() => {
				closedAt = Date.now() - started
				resolve()
			}, 500),
		)
		// The idle connection's next request, sent just after the shutdown began: answered, not reset.
		await new Promise((resolve) => setTimeout(resolve, 50))
		expect(await get(agent)).toEqual({ status: 200, connection: 'close' })
		expect(await get(undefined)).toBe('ECONNREFUSED')
		await closed
		// The other idle connection was closed at the end of the grace, not before, and not 10 s later.
		expect(closedAt).toBeGreaterThanOrEqual(450)
		expect(closedAt).toBeLessThan(2000 + longestStall())
		idleOther.destroy()
	} finally {
		agent.destroy()
	}
})
