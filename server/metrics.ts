/**
 * `/metrics` in Prometheus text format, off (404, as any unknown page) unless
 * METRICS_TOKEN is set, then only with `Authorization: Bearer <token>`.
 * Requests are labelled by route pattern (`/packages/:slug`), never by raw
 * path, so the number of series stays bounded whatever visitors type.
 * Decisions: docs/decisions/097-metrics.md.
 */
import crypto from 'node:crypto'
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import client from 'prom-client'
import { matchRoutes, type RouteObject } from 'react-router'
import { poolStats, setQueryObserver } from '../app/server/db/observe.server.ts'

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean }

export type MetricsOptions = {
	token: string | undefined
	/** React Router's route manifest (build.routes). */
	routes: Record<string, ManifestRoute | undefined>
	isStaticFile: (pathname: string) => boolean
	pageCache: () => { hits: number; misses: number; entries: number }
	/** Emails waiting to be sent. */
	outboxQueueLength: () => Promise<number>
	/** Seconds since the newest backup archive, null when there is none. */
	backupAgeSeconds: () => number | null
}

type PatternRoute = RouteObject & { pattern: string }

/** The manifest as a route tree whose leaves know their full pattern. */
function routeTree(manifest: MetricsOptions['routes']): PatternRoute[] {
	const byParent = new Map<string | undefined, ManifestRoute[]>()
	for (const route of Object.values(manifest)) {
		if (!route) continue
		const siblings = byParent.get(route.parentId) ?? []
		siblings.push(route)
		byParent.set(route.parentId, siblings)
	}
	const build = (parentId: string | undefined, prefix: string): PatternRoute[] =>
		(byParent.get(parentId) ?? []).map((route) => {
			const pattern = route.path ? `${prefix.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}` : prefix
			const children = build(route.id, pattern)
			return route.index
				? { id: route.id, index: true, pattern, caseSensitive: route.caseSensitive }
				: { id: route.id, path: route.path, caseSensitive: route.caseSensitive, pattern, children }
		}) as PatternRoute[]
	return build(undefined, '/')
}

/** The route pattern for a path: `/packages/:slug`, `static`, or `unmatched`. Data requests (`.data`) count as their page. */
export function routePatternFinder(manifest: MetricsOptions['routes'], isStaticFile: (pathname: string) => boolean) {
	const tree = routeTree(manifest)
	return (url: string): string => {
		let pathname = url.split('?')[0] || '/'
		if (isStaticFile(pathname)) return 'static'
		if (pathname.endsWith('.data')) pathname = pathname.replace(/(\/_root)?\.data$/, '') || '/'
		const matches = matchRoutes(tree, pathname)
		const leaf = matches?.at(-1)?.route as PatternRoute | undefined
		return leaf ? leaf.pattern : 'unmatched'
	}
}

function tokenMatches(header: string | undefined, token: string): boolean {
	const presented = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1] ?? ''
	const a = crypto.createHash('sha256').update(presented).digest()
	const b = crypto.createHash('sha256').update(token).digest()
	return crypto.timingSafeEqual(a, b)
}

export function createMetrics(options: MetricsOptions) {
	const registry = new client.Registry()
	client.collectDefaultMetrics({ register: registry, prefix: 'andaman_' })
	const patternOf = routePatternFinder(options.routes, options.isStaticFile)

	const requests = new client.Counter({
		name: 'andaman_http_requests_total',
		help: 'HTTP requests answered, by method, route pattern and status code.',
		labelNames: ['method', 'route', 'status'] as const,
		registers: [registry],
	})
	const duration = new client.Histogram({
		name: 'andaman_http_request_duration_seconds',
		help: 'Time from the request arriving to the response finishing, by method and route pattern.',
		labelNames: ['method', 'route'] as const,
		buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
		registers: [registry],
	})
	new client.Counter({
		name: 'andaman_page_cache_requests_total',
		help: 'Page cache look-ups for anonymous pages, by result (hit or miss).',
		labelNames: ['result'] as const,
		registers: [registry],
		collect() {
			const { hits, misses } = options.pageCache()
			this.reset()
			this.inc({ result: 'hit' }, hits)
			this.inc({ result: 'miss' }, misses)
		},
	})
	new client.Gauge({
		name: 'andaman_page_cache_entries',
		help: 'Pages held in the page cache.',
		registers: [registry],
		collect() {
			this.set(options.pageCache().entries)
		},
	})
	const queries = new client.Histogram({
		name: 'andaman_db_query_duration_seconds',
		help: 'Database query time, by outcome (ok or error).',
		labelNames: ['outcome'] as const,
		buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
		registers: [registry],
	})
	setQueryObserver((seconds, failed) => queries.observe({ outcome: failed ? 'error' : 'ok' }, seconds))
	new client.Gauge({
		name: 'andaman_db_pool_connections',
		help: 'PostgreSQL pool connections by state (open, idle) and requests waiting for one (waiting). SQLite has no pool: all zero.',
		labelNames: ['state'] as const,
		registers: [registry],
		collect() {
			const stats = poolStats()
			this.set({ state: 'open' }, stats.total)
			this.set({ state: 'idle' }, stats.idle)
			this.set({ state: 'waiting' }, stats.waiting)
		},
	})
	new client.Gauge({
		name: 'andaman_outbox_queued_emails',
		help: 'Emails in the outbox waiting to be sent.',
		registers: [registry],
		async collect() {
			try {
				this.set(await options.outboxQueueLength())
			} catch {
				this.set(Number.NaN)
			}
		},
	})
	new client.Gauge({
		name: 'andaman_backup_age_seconds',
		help: 'Seconds since the newest backup archive in BACKUP_DIR was written; +Inf when there is none.',
		registers: [registry],
		collect() {
			this.set(options.backupAgeSeconds() ?? Number.POSITIVE_INFINITY)
		},
	})

	async function serveMetrics(req: IncomingMessage, res: ServerResponse) {
		if (!tokenMatches(req.headers.authorization, options.token!)) {
			res.writeHead(401, { 'Content-Type': 'text/plain; charset=utf-8', 'WWW-Authenticate': 'Bearer realm="metrics"', 'Cache-Control': 'no-store' })
			res.end('A valid bearer token is required.')
			return
		}
		const body = await registry.metrics()
		res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' })
		res.end(body)
	}

	/** Wraps the server's listener: answers /metrics, times everything else. */
	function wrap(listener: RequestListener): RequestListener {
		return (req, res) => {
			if (options.token && (req.url === '/metrics' || req.url?.startsWith('/metrics?'))) {
				void serveMetrics(req, res)
				return
			}
			const started = process.hrtime.bigint()
			res.once('finish', () => {
				const route = patternOf(req.url ?? '/')
				const method = req.method === 'HEAD' || req.method === 'GET' || req.method === 'POST' ? req.method : 'OTHER'
				requests.inc({ method, route, status: String(res.statusCode) })
				duration.observe({ method, route }, Number(process.hrtime.bigint() - started) / 1e9)
			})
			return listener(req, res)
		}
	}

	return { wrap, registry }
}
