/**
 * Requests and faults that must never take the server down (docs/security.md):
 * crafted chunked bodies, field floods, SIGTERM with keep-alive requests in
 * flight, PostgreSQL connections terminated under load, two instances seeding
 * an empty PostgreSQL database at once. Each test starts its own production
 * server, on ports from HARDENING_PORT (default 3220, four ports).
 */
import { spawn } from 'node:child_process'
import http from 'node:http'
import { expect, test } from '@playwright/test'
import pg from 'pg'
import { demoOwner, requirePostgres } from './helpers.ts'
import { identityKey, startProductionServer as start, stopProductionServer as stop } from './production-server.ts'

const basePort = Number(process.env.HARDENING_PORT ?? 3220)
const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

type Answer = { status: number; body: string; headers: http.IncomingHttpHeaders; ms: number }

/** A chunked POST (no Content-Length) of `count` chunks; the answer, or the socket error as status 0. */
function chunkedPost(port: number, target: string, chunk: string | Buffer, count: number, headers: Record<string, string> = {}): Promise<Answer> {
	const started = Date.now()
	return new Promise((resolve) => {
		const req = http.request({ host: '127.0.0.1', port, path: target, method: 'POST', headers: { 'Transfer-Encoding': 'chunked', ...headers } }, (res) => {
			let body = ''
			res.setEncoding('utf8')
			res.on('data', (part: string) => (body += part))
			res.on('end', () => resolve({ status: res.statusCode!, body, headers: res.headers, ms: Date.now() - started }))
		})
		req.on('error', (error) => resolve({ status: 0, body: error.message, headers: {}, ms: Date.now() - started }))
		let written = 0
		const more = () => {
			while (written < count) {
				written++
				if (!req.write(chunk)) return void req.once('drain', more)
			}
			req.end()
		}
		more()
	})
}

async function signInCookie(port: number): Promise<string> {
	const response = await fetch(`http://127.0.0.1:${port}/admin/login`, {
		method: 'POST',
		body: new URLSearchParams({ email: demoOwner.email, password: demoOwner.password }),
		redirect: 'manual',
	})
	const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith('session='))
	expect(session, 'signed in').toBeTruthy()
	return session!.split(';')[0]!
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
	const client = new pg.Client({ connectionString: adminUrl })
	await client.connect()
	try {
		return await work(client)
	} finally {
		await client.end()
	}
}

// Each test starts its own server; they share no state, so one failing does not skip the others.
test.describe.configure({ timeout: 120_000 })

test('crafted chunked bodies get a 413 and the process stays up', async () => {
	const server = await start('bodies', basePort)
	let exitCode: number | null = null
	try {
		const { port } = server
		// Over the identity API's 64 KB: it stops reading and cancels; the stream must not write again.
		for (const target of [`/securetoken.googleapis.com/v1/token?key=${identityKey}`, `/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${identityKey}`]) {
			const answer = await chunkedPost(port, target, Buffer.alloc(16 * 1024, 'a'), 8, { 'Content-Type': 'application/json' })
			expect(answer.status, target).toBe(413)
		}
		// A ticket upload over 5 MB, sent chunked by a signed-in owner: refused with its message.
		const cookie = await signInCookie(port)
		const boundary = '----hardening'
		const head = `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nupload\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="t.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`
		const upload = await new Promise<Answer>((resolve) => {
			const started = Date.now()
			const req = http.request(
				{
					host: '127.0.0.1',
					port,
					method: 'POST',
					path: '/admin/offline-tickets/AAAAAAAAAAAAAAAAAAAA',
					headers: { 'Transfer-Encoding': 'chunked', 'Content-Type': `multipart/form-data; boundary=${boundary}`, Cookie: cookie },
				},
				(res) => {
					let body = ''
					res.on('data', (part: Buffer) => (body += part.toString()))
					res.on('end', () => resolve({ status: res.statusCode!, body, headers: res.headers, ms: Date.now() - started }))
				},
			)
			req.on('error', (error) => resolve({ status: 0, body: error.message, headers: {}, ms: 0 }))
			req.write(head)
			let sent = 0
			const chunk = Buffer.alloc(256 * 1024, 'x')
			const more = () => {
				while (sent < 6 * 1024 * 1024) {
					sent += chunk.length
					if (!req.write(chunk)) return void req.once('drain', more)
				}
				req.end(`\r\n--${boundary}--\r\n`)
			}
			more()
		})
		expect(upload.status).toBeGreaterThanOrEqual(400)
		expect(upload.status).toBeLessThan(500)
		expect(upload.body).toContain('larger than 5 MB')
		// Over the 12 MB limit of every body: a 413 that names it, not a dropped connection.
		const huge = await chunkedPost(port, '/contact', Buffer.alloc(256 * 1024, 'x'), 13 * 4, { 'Content-Type': 'text/plain' })
		expect(huge.status).toBe(413)
		expect(huge.body).toContain('at most 12 MB')
		expect(huge.headers['x-content-type-options']).toBe('nosniff')
		expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200)
		expect(server.child.exitCode).toBeNull()
		expect(server.stderr()).not.toContain('ERR_INVALID_STATE')
	} finally {
		exitCode = await stop(server)
	}
	// Outside the finally, so a failure above is reported, not hidden by this one.
	expect(exitCode).toBe(0)
})

test('field floods are refused before parsing, echo nothing back, and /healthz answers within 1 s meanwhile', async () => {
	const server = await start('floods', basePort + 1)
	let exitCode: number | null = null
	try {
		const { port } = server
		const healthTimes: number[] = []
		let flooding = true
		const healthLoop = (async () => {
			while (flooding) {
				const started = Date.now()
				const response = await fetch(`http://127.0.0.1:${port}/healthz`)
				healthTimes.push(Date.now() - started)
				expect(response.status).toBe(200)
				await new Promise((resolve) => setTimeout(resolve, 50))
			}
		})()
		// 1,000,000 fields (9.9 MB) to /book-now; 200,000 to each public form.
		const million = Buffer.from('field=1234&'.repeat(9000))
		const floods = [
			chunkedPost(port, '/book-now', million, 100, { 'Content-Type': 'application/x-www-form-urlencoded' }),
			...['/contact', '/ferries', '/builder'].map((target) =>
				chunkedPost(port, target, Buffer.from('f=1&'.repeat(10_000)), 20, { 'Content-Type': 'application/x-www-form-urlencoded' }),
			),
			chunkedPost(port, '/contact', Buffer.from(`name=${'n'.repeat(200 * 1024)}`), 1, { 'Content-Type': 'application/x-www-form-urlencoded' }),
		]
		const answers = await Promise.all(floods)
		flooding = false
		await healthLoop
		for (const answer of answers) {
			expect(answer.status).toBe(413)
			expect(answer.body.length).toBeLessThan(1000)
			expect(answer.ms).toBeLessThan(5000)
		}
		expect(answers[0]!.body).toBe('The form has too many fields (at most 1000).')
		expect(answers.at(-1)!.body).toMatch(/field of the form is too long \(at most 64 KB\)/)
		expect(Math.max(...healthTimes)).toBeLessThan(1000)
	} finally {
		exitCode = await stop(server)
	}
	// Outside the finally, so a failure above is reported, not hidden by this one.
	expect(exitCode).toBe(0)
})

test('headers on every kind of response, private admin pages, bad /img input, tracking parameters and the page cache', async () => {
	const server = await start('headers', basePort + 1)
	let exitCode: number | null = null
	try {
		const base = `http://127.0.0.1:${server.port}`
		const cookie = await signInCookie(server.port)
		for (const target of ['/admin/leads', '/admin/leads.data', '/admin/login']) {
			const response = await fetch(`${base}${target}`, { headers: { Cookie: cookie }, redirect: 'manual' })
			expect(response.headers.get('cache-control'), target).toBe('private, no-store')
		}
		const redirect = await fetch(`${base}/admin/leads`, { redirect: 'manual' })
		expect(redirect.status).toBe(302)
		const badImage = await fetch(`${base}/img?url=/images/%E0%A4%A&w=640`)
		expect(badImage.status).toBe(400)
		expect(await badImage.text()).toMatch(/broken %-encoding/)
		const json = await fetch(`${base}/healthz`)
		for (const response of [redirect, badImage, json]) {
			expect(response.headers.get('x-content-type-options')).toBe('nosniff')
			// Production: HSTS on every kind of response, not only pages.
			expect(response.headers.get('strict-transport-security')).toMatch(/max-age=/)
		}
		await fetch(`${base}/packages?nights=5-6&utm_source=first`).then((response) => response.text())
		const variant = await fetch(`${base}/packages?nights=5-6&utm_source=second&gclid=abc`)
		expect(variant.headers.get('x-cache')).toBe('hit')
		expect(await variant.text()).not.toContain('utm_source')
	} finally {
		exitCode = await stop(server)
	}
	// Outside the finally, so a failure above is reported, not hidden by this one.
	expect(exitCode).toBe(0)
})

test('SIGTERM with a keep-alive request in flight: the response goes out with Connection: close, the process exits 0', async () => {
	const server = await start('sigterm', basePort + 2)
	const agent = new http.Agent({ keepAlive: true })
	try {
		const { port } = server
		// An idle keep-alive connection, and one whose request is still sending its body.
		await new Promise<void>((resolve) => http.get({ host: '127.0.0.1', port, path: '/healthz', agent }, (res) => res.resume().on('end', resolve)))
		let answer: http.IncomingMessage | undefined
		const answered = new Promise<void>((resolve) => {
			const req = http.request(
				{
					host: '127.0.0.1',
					port,
					method: 'POST',
					path: '/contact',
					agent,
					headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Transfer-Encoding': 'chunked' },
				},
				(res) => {
					answer = res
					res.resume().on('end', resolve)
				},
			)
			req.write('name=Slow+Visitor&')
			setTimeout(() => {
				server.child.kill('SIGTERM')
				setTimeout(() => req.end('phone=9876501234&message=hello'), 300)
			}, 200)
		})
		const started = Date.now()
		await answered
		expect(answer!.headers.connection).toBe('close')
		expect(await server.exit).toBe(0)
		// Well before the 10 s force timer.
		expect(Date.now() - started).toBeLessThan(5000)
		expect(server.stderr()).not.toContain('exiting anyway')
	} finally {
		agent.destroy()
		server.child.kill('SIGKILL')
	}
})

test.describe('on PostgreSQL', () => {
	test.beforeAll(async () => {
		await requirePostgres(adminUrl)
	})

	test('two instances starting together on an empty database both come up (the demo seed runs once)', async () => {
		const database = `e2e_hardening_seed_${Date.now().toString(36)}`
		await withAdmin((client) => client.query(`create database ${database}`))
		const url = adminUrl.replace(/\/[^/]*$/, `/${database}`)
		const servers = await Promise.allSettled([start('seed-a', basePort + 2, { DATABASE_URL: url }), start('seed-b', basePort + 3, { DATABASE_URL: url })])
		try {
			for (const result of servers) expect(result.status, result.status === 'rejected' ? String(result.reason) : '').toBe('fulfilled')
			const owners = await withAdmin(async (client) => {
				await client.query(`select 1`)
				const db = new pg.Client({ connectionString: url })
				await db.connect()
				const { rows } = await db.query(`select count(*)::int as n from users where email = $1`, [demoOwner.email])
				await db.end()
				return rows[0].n as number
			})
			expect(owners).toBe(1)
		} finally {
			for (const result of servers) if (result.status === 'fulfilled') await stop(result.value)
			await withAdmin((client) => client.query(`drop database if exists ${database} with (force)`))
		}
	})

	test('chaos: terminating the app’s connections under load never kills the process; it answers 503 at worst and recovers', async () => {
		const database = `e2e_hardening_chaos_${Date.now().toString(36)}`
		await withAdmin((client) => client.query(`create database ${database}`))
		const server = await start('chaos', basePort, { DATABASE_URL: adminUrl.replace(/\/[^/]*$/, `/${database}`) })
		const statuses = new Map<number, number>()
		let exitCode: number | null = null
		try {
			const { port } = server
			let running = true
			let n = 0
			const worker = async () => {
				while (running) {
					n++
					// Distinct queries miss the page cache: every request reads the database.
					const target = n % 3 === 0 ? '/healthz' : `/packages?nights=${n % 7}-${n}`
					const status = await fetch(`http://127.0.0.1:${port}${target}`).then(
						(response) => response.arrayBuffer().then(() => response.status),
						() => 0,
					)
					statuses.set(status, (statuses.get(status) ?? 0) + 1)
				}
			}
			const load = Promise.all(Array.from({ length: 6 }, worker))
			let terminated = 0
			await withAdmin(async (client) => {
				for (let round = 0; round < 8; round++) {
					await new Promise((resolve) => setTimeout(resolve, 400))
					const { rowCount } = await client.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [
						database,
					])
					terminated += rowCount ?? 0
				}
			})
			running = false
			await load
			expect(terminated).toBeGreaterThan(0)
			expect(server.child.exitCode, server.stderr()).toBeNull()
			const seen = [...statuses.keys()].sort()
			expect(
				seen.every((status) => status === 200 || status === 503),
				`statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
			).toBe(true)
			// Recovers by itself.
			let healthy = false
			for (let i = 0; i < 20 && !healthy; i++) {
				healthy = (await fetch(`http://127.0.0.1:${port}/healthz`)).status === 200
				if (!healthy) await new Promise((resolve) => setTimeout(resolve, 250))
			}
			expect(healthy).toBe(true)
			expect(server.stderr()).not.toMatch(/Unhandled 'error' event/)
		} finally {
			exitCode = await stop(server)
			await withAdmin((client) => client.query(`drop database if exists ${database} with (force)`))
		}
		expect(exitCode).toBe(0)
	})

	test('an empty recreated database and an unreachable server are reported by /healthz and at start-up, naming what is wrong', async () => {
		const database = `e2e_hardening_empty_${Date.now().toString(36)}`
		await withAdmin((client) => client.query(`create database ${database}`))
		const url = adminUrl.replace(/\/[^/]*$/, `/${database}`)
		const server = await start('empty', basePort + 1, { DATABASE_URL: url })
		try {
			// Dropped and recreated under the running server.
			await withAdmin(async (client) => {
				await client.query(`drop database ${database} with (force)`)
				await client.query(`create database ${database}`)
			})
			let health: { status: number; body: { database?: string } } = { status: 0, body: {} }
			for (let i = 0; i < 10; i++) {
				const response = await fetch(`http://127.0.0.1:${server.port}/healthz`)
				health = { status: response.status, body: await response.json() }
				if (health.body.database?.includes('no schema')) break
				await new Promise((resolve) => setTimeout(resolve, 200))
			}
			expect(health.status).toBe(503)
			expect(health.body.database).toMatch(/no schema/)
		} finally {
			await stop(server)
			await withAdmin((client) => client.query(`drop database if exists ${database} with (force)`))
		}
		// Nothing listens on port 1.
		const failed = spawn(process.execPath, ['server/start.js'], {
			stdio: ['ignore', 'ignore', 'pipe'],
			env: { ...process.env, NODE_ENV: 'development', PORT: String(basePort + 1), DATABASE_URL: 'postgres://app:secret@127.0.0.1:1/andaman' },
		})
		let stderr = ''
		failed.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
		const code = await new Promise((resolve) => failed.once('exit', resolve))
		expect(code).toBe(1)
		expect(stderr).toMatch(/DATABASE_URL: cannot use PostgreSQL at postgres:\/\/app:\*\*\*@127\.0\.0\.1:1\/andaman: the database is unreachable/)
		expect(stderr).not.toContain('secret')
	})
})
