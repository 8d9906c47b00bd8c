import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import pg from 'pg'
import { requirePostgres } from './helpers.ts'

const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const port = Number(process.env.E2E_PG_PORT ?? 3215)
const database = `e2e_build_${Date.now().toString(36)}`

async function admin(sql: string) {
	const client = new pg.Client({ connectionString: adminUrl })
	await client.connect()
	await client.query(sql)
	await client.end()
}

let server: ChildProcess | undefined

test.beforeAll(async () => {
	await requirePostgres(adminUrl)
	await admin(`create database ${database}`)
	server = spawn(process.execPath, ['server/start.js'], {
		stdio: ['ignore', 'ignore', 'inherit'],
		env: {
			...process.env,
			NODE_ENV: 'production',
			PORT: String(port),
			// Production needs a real SITE_URL; this spec talks to the server at this address.
			SITE_URL: `http://127.0.0.1:${port}`,
			DATABASE_URL: adminUrl.replace(/\/[^/]*$/, `/${database}`),
			SESSION_SECRET: 'e2e-postgres-session-secret-long-enough-0123456789',
			IDENTITY_API_KEY: 'e2e-postgres-identity-api-key-0123456789',
			SEED_DEMO_DATA: 'true',
			IMAGE_CACHE_DIR: path.resolve('data/e2e-pg/image-cache'),
			LOG_LEVEL: 'silent',
		},
	})
	for (let i = 0; i < 100; i++) {
		try {
			if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return
		} catch {
			// not up yet
		}
		await new Promise((resolve) => setTimeout(resolve, 200))
	}
	throw new Error('the server on PostgreSQL did not start')
})

test.afterAll(async () => {
	if (!server) return
	const exited = new Promise((resolve) => server!.once('exit', resolve))
	server.kill('SIGTERM')
	await exited
	await admin(`drop database if exists ${database} with (force)`)
})

test('the same build runs on PostgreSQL: migrations, demo data, pages and a form', async ({ request }) => {
	const base = `http://127.0.0.1:${port}`
	const health = await (await request.get(`${base}/healthz`)).json()
	expect(health.status).toBe('ok')
	for (const page of ['/', '/packages?category=family', '/packages/andaman-family-holiday-6-nights', '/reviews', '/activities/scuba-diving', '/sitemap.xml']) {
		expect((await request.get(`${base}${page}`)).status(), page).toBe(200)
	}
	const form = await (await request.get(`${base}/contact`)).text()
	const submissionKey = /name="submissionKey" value="([^"]+)"/.exec(form)![1]!
	const response = await request.post(`${base}/contact`, {
		form: { name: 'Postgres Visitor', phone: '9876501234', message: 'Checking the PostgreSQL build', submissionKey },
		maxRedirects: 0,
	})
	expect(response.status()).toBe(302)
	expect(response.headers().location).toMatch(/^\/thank-you\?ref=LD-\d{4}-\d{5}$/)
})
