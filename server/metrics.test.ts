import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createBackup, newestBackupAgeSeconds } from '../app/server/backup/backup.server.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { enqueueEmail, listOutbox } from '../app/features/email/server/outbox.server.ts'
import { createMetrics, routePatternFinder } from './metrics.ts'

const token = 'metrics-token-for-tests-0123456789'
const routes = {
	root: { id: 'root', path: '' },
	'site/layout': { id: 'site/layout', parentId: 'root' },
	'site/home': { id: 'site/home', parentId: 'site/layout', index: true },
	'site/package': { id: 'site/package', parentId: 'site/layout', path: 'packages/:slug' },
	'admin/layout': { id: 'admin/layout', parentId: 'root', path: 'admin' },
	'admin/booking': { id: 'admin/booking', parentId: 'admin/layout', path: 'bookings/:id' },
	'site/not-found': { id: 'site/not-found', parentId: 'site/layout', path: '*' },
}
const isStatic = (pathname: string) => pathname.startsWith('/assets/')

it('labels requests by route pattern, never by raw path', () => {
	const patternOf = routePatternFinder(routes, isStatic)
	expect(patternOf('/')).toBe('/')
	expect(patternOf('/packages/andaman-family?utm_source=x')).toBe('/packages/:slug')
	expect(patternOf('/packages/andaman-family.data')).toBe('/packages/:slug')
	expect(patternOf('/admin/bookings/abc123')).toBe('/admin/bookings/:id')
	expect(patternOf('/no/such/page/12345')).toBe('/*')
	expect(patternOf('/assets/app-abc.js')).toBe('static')
})

describeEachDatabase('/metrics', (get) => {
	let server: http.Server
	let origin: string
	let backupDir: string
	beforeAll(async () => {
		const { db, url } = get()
		backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'andaman-metrics-'))
		const { file } = await createBackup({ databaseUrl: url, storageDir: path.join(backupDir, 'no-storage') }, { backupDir, keep: 2 })
		// Its time as this process's clock tells it: under a shifted clock (the year-ahead CI run) the file system keeps real time.
		fs.utimesSync(file, new Date(), new Date())
		for (const n of [1, 2, 3]) {
			await enqueueEmail(db, { kind: 'booking-received', to: `t${n}@example.com`, subject: 's', text: 't', bookingId: null, dedupeKey: `metrics-${n}` })
		}
		const metrics = createMetrics({
			token,
			routes,
			isStaticFile: isStatic,
			pageCache: () => ({ hits: 7, misses: 3, entries: 2 }),
			outboxQueueLength: async () => (await listOutbox(db, { status: 'queued' })).total,
			backupAgeSeconds: () => newestBackupAgeSeconds(backupDir),
		})
		server = http.createServer(
			metrics.wrap(async (req, res) => {
				await db.selectFrom('settings').selectAll().execute()
				res.writeHead(req.url?.startsWith('/packages/') ? 200 : 404)
				res.end('page')
			}),
		)
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
		origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	})
	afterAll(async () => {
		await new Promise((resolve) => server.close(resolve))
		fs.rmSync(backupDir, { recursive: true, force: true })
	})

	it('asks for the bearer token', async () => {
		expect((await fetch(`${origin}/metrics`)).status).toBe(401)
		const wrong = await fetch(`${origin}/metrics`, { headers: { Authorization: 'Bearer not-the-token-at-all-0000' } })
		expect(wrong.status).toBe(401)
		expect(wrong.headers.get('www-authenticate')).toContain('Bearer')
		expect(await wrong.text()).not.toContain('andaman_')
	})

	it('reports requests by route, page cache, database, outbox and backup age', async () => {
		for (const slug of ['one', 'two', 'three']) await fetch(`${origin}/packages/${slug}`)
		await fetch(`${origin}/nothing-here-${Date.now()}`)
		const response = await fetch(`${origin}/metrics`, { headers: { Authorization: `Bearer ${token}` } })
		expect(response.status).toBe(200)
		expect(response.headers.get('content-type')).toContain('text/plain')
		const text = await response.text()
		expect(text).toContain('andaman_http_requests_total{method="GET",route="/packages/:slug",status="200"} 3')
		expect(text).toMatch(/andaman_http_requests_total\{method="GET",route="\/\*",status="404"\} 1/)
		expect(text).not.toContain('/packages/one')
		expect(text).toContain('andaman_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/packages/:slug"}')
		expect(text).toContain('andaman_page_cache_requests_total{result="hit"} 7')
		expect(text).toContain('andaman_page_cache_requests_total{result="miss"} 3')
		expect(text).toMatch(/andaman_db_query_duration_seconds_count\{outcome="ok"\} [1-9]/)
		expect(text).toContain('andaman_db_pool_connections{state="open"}')
		expect(text).toContain('andaman_outbox_queued_emails 3')
		const age = Number(/^andaman_backup_age_seconds (\S+)$/m.exec(text)![1])
		expect(age).toBeGreaterThanOrEqual(0)
		expect(age).toBeLessThan(120)
		expect(text).toContain('andaman_process_cpu_seconds_total')
	})
})

it('without any backup the age is +Inf, so an alert on it fires', async () => {
	const metrics = createMetrics({
		token,
		routes,
		isStaticFile: isStatic,
		pageCache: () => ({ hits: 0, misses: 0, entries: 0 }),
		outboxQueueLength: async () => 0,
		backupAgeSeconds: () => newestBackupAgeSeconds(path.join(os.tmpdir(), 'no-backups-here')),
	})
	expect(await metrics.registry.metrics()).toMatch(/^andaman_backup_age_seconds \+Inf$/m)
})
