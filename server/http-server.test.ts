import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from 'vitest'
import { createHttpServer } from './http-server.ts'

const limits = { requestTimeoutMs: 1000, headersTimeoutMs: 800, checkIntervalMs: 100, keepAliveTimeoutMs: 10_000 }

async function listening(listener: http.RequestListener) {
	const { server, inFlight } = createHttpServer(listener, limits)
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	return { server, inFlight, port: (server.address() as AddressInfo).port }
}

test('a body that trickles in is cut at the request timeout, not held open for minutes', async () => {
	const { server, port } = await listening((req, res) => {
		req.resume()
		req.on('end', () => res.end('done'))
	})
	try {
		const started = Date.now()
		const outcome = await new Promise<string>((resolve) => {
			const req = http.request({ port, host: '127.0.0.1', method: 'POST', path: '/upload', headers: { 'Transfer-Encoding': 'chunked' } }, (res) => resolve(`status ${res.statusCode}`))
			req.on('error', (error) => resolve(`closed: ${error.message}`))
			req.write('x')
			const trickle = setInterval(() => req.write('x'), 100)
			req.on('close', () => clearInterval(trickle))
			setTimeout(() => clearInterval(trickle), 5000)
		})
		expect(outcome).toMatch(/status 408|closed/)
		expect(Date.now() - started).toBeLessThan(3000)
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
		const started = Date.now()
		const closed = new Promise((resolve) => server.close(resolve))
		inFlight.drain()
		release()
		const response = await answered
		response.resume()
		expect(response.headers.connection).toBe('close')
		await closed
		expect(Date.now() - started).toBeLessThan(4000)
	} finally {
		agent.destroy()
	}
})

test('a response ended by the listener itself (a cache hit) is not tracked, and during draining it still closes its connection', async () => {
	const { server, inFlight, port } = await listening((_req, res) => res.end('from the cache'))
	const agent = new http.Agent({ keepAlive: true })
	const get = (via: http.Agent) =>
		new Promise<http.IncomingMessage>((resolve, reject) => {
			http.get({ port, host: '127.0.0.1', path: '/', agent: via }, (res) => {
				res.resume()
				res.on('end', () => resolve(res))
			}).on('error', reject)
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
