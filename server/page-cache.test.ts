import http from 'node:http'
import zlib from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { cacheKey, PageCache, pageCacheHeader, withoutTrackingParams } from './page-cache.ts'
import { createPageCacheLayer } from './page-cache-layer.ts'

describe('cache keys', () => {
	test('anonymous GETs of public pages are cacheable, with the query and consent in the key', () => {
		expect(cacheKey('GET', 'http://x/packages?nights=5-6', null)).toBe('/packages?nights=5-6|consent=')
		expect(cacheKey('GET', 'http://x/', 'analytics_consent=granted')).toBe('/|consent=granted')
	})
	test('anything personal is never cached', () => {
		expect(cacheKey('POST', 'http://x/contact', null)).toBeNull()
		expect(cacheKey('GET', 'http://x/', '__session=abc')).toBeNull()
		expect(cacheKey('GET', 'http://x/', 'toast=abc; analytics_consent=granted')).toBeNull()
		expect(cacheKey('GET', 'http://x/admin/leads', null)).toBeNull()
		expect(cacheKey('GET', 'http://x/agent/users', null)).toBeNull()
		expect(cacheKey('GET', 'http://x/agent.data', null)).toBeNull()
	})
})

describe('the cache', () => {
	const page = (text: string) => ({
		status: 200,
		headers: [] as Array<[string, string]>,
		body: Buffer.from(text),
		encoded: { br: Buffer.alloc(0), gzip: Buffer.alloc(0) },
	})

	test('hits until invalidated', () => {
		const cache = new PageCache({ maxEntries: 10, maxBodyBytes: 1000, maxTotalBytes: 1_000_000, ttlMs: 60_000 })
		cache.set('a', page('A'), cache.currentGeneration)
		expect(cache.get('a')?.body.toString()).toBe('A')
		cache.invalidate()
		expect(cache.get('a')).toBeUndefined()
		expect(cache.hits).toBe(1)
		expect(cache.misses).toBe(1)
	})
	test('evicts the least recently used beyond its size and refuses oversized bodies', () => {
		const cache = new PageCache({ maxEntries: 2, maxBodyBytes: 5, maxTotalBytes: 1_000_000, ttlMs: 60_000 })
		cache.set('a', page('A'), cache.currentGeneration)
		cache.set('b', page('B'), cache.currentGeneration)
		cache.get('a')
		cache.set('c', page('C'), cache.currentGeneration)
		expect(cache.get('b')).toBeUndefined()
		expect(cache.get('a')).toBeDefined()
		cache.set('big', page('too large'), cache.currentGeneration)
		expect(cache.get('big')).toBeUndefined()
	})
	test('entries age out', () => {
		const cache = new PageCache({ maxEntries: 2, maxBodyBytes: 100, maxTotalBytes: 1_000_000, ttlMs: 1000 })
		cache.set('a', page('A'), cache.currentGeneration, 0)
		expect(cache.get('a', 999)).toBeDefined()
		expect(cache.get('a', 2001)).toBeUndefined()
	})
	test('a page whose render began before the last invalidation is refused', () => {
		const cache = new PageCache({ maxEntries: 2, maxBodyBytes: 100, maxTotalBytes: 1_000_000, ttlMs: 60_000 })
		const renderBegan = cache.currentGeneration
		cache.invalidate()
		expect(cache.set('a', page('old rows'), renderBegan)).toBe(false)
		expect(cache.get('a')).toBeUndefined()
		expect(cache.set('a', page('new rows'), cache.currentGeneration)).toBe(true)
		expect(cache.get('a')?.body.toString()).toBe('new rows')
	})
})

describe('cache keys without a URL parser', () => {
	test('plain request targets give the same key as the full URL the renderer sees', () => {
		for (const target of ['/', '/packages', '/packages?nights=5-6&sort=price', '/packages?', '/a/b-c_d~e?x=1,2;y=@:/']) {
			expect(cacheKey('GET', target, null)).toBe(cacheKey('GET', `http://localhost:3000${target}`, null))
		}
	})
	test('targets a URL parser would normalise go through it', () => {
		expect(cacheKey('GET', '/a/../packages', null)).toBe('/packages|consent=')
		expect(cacheKey('GET', '/caf%C3%A9', null)).toBe('/caf%C3%A9|consent=')
		expect(cacheKey('GET', '/packages?q=a b', null)).toBe('/packages?q=a%20b|consent=')
		// The listener resolves req.url against a base in the same way before rendering.
		expect(cacheKey('GET', '//evil.example/x', null)).toBe(cacheKey('GET', new URL('//evil.example/x', 'http://localhost').href, null))
	})
})

describe('bounds and tracking parameters', () => {
	const page = (bytes: number) => ({
		status: 200,
		headers: [] as Array<[string, string]>,
		body: Buffer.alloc(bytes, 'x'),
		encoded: { br: Buffer.alloc(0), gzip: Buffer.alloc(0) },
	})

	test('the cache is bounded by the bytes of all its pages, dropping the least recently used', () => {
		const cache = new PageCache({ maxEntries: 1000, maxBodyBytes: 400, maxTotalBytes: 1000, ttlMs: 60_000 })
		for (let i = 0; i < 10; i++) cache.set(`p${i}`, page(300), cache.currentGeneration)
		expect(cache.size).toBe(3)
		expect(cache.totalBytes).toBe(900)
		expect(cache.get('p9')).toBeDefined()
		expect(cache.get('p0')).toBeUndefined()
		// Replacing a page counts its bytes once.
		cache.set('p9', page(100), cache.currentGeneration)
		expect(cache.totalBytes).toBe(700)
		cache.invalidate()
		expect(cache.totalBytes).toBe(0)
	})

	test('1,000 campaign variants of a page share one cache entry', () => {
		const keys = new Set<string>()
		for (let i = 0; i < 1000; i++) keys.add(cacheKey('GET', `/packages?nights=5-6&utm_source=ad${i}&utm_campaign=c&gclid=${i}&fbclid=${i}`, null)!)
		expect([...keys]).toEqual(['/packages?nights=5-6|consent='])
		expect(cacheKey('GET', '/?utm_medium=email', null)).toBe('/|consent=')
		expect(withoutTrackingParams('?utm=1&q=x')).toBe('?utm=1&q=x')
		expect(withoutTrackingParams('?MSCLKID=1')).toBe('')
	})
})

describe('stored pages', () => {
	test('count their compressed copies against the memory bound', () => {
		const cache = new PageCache({ maxEntries: 1000, maxBodyBytes: 400, maxTotalBytes: 1000, ttlMs: 60_000 })
		cache.set(
			'static',
			{ status: 200, headers: [], body: Buffer.alloc(300, 'x'), encoded: { br: Buffer.alloc(20), gzip: Buffer.alloc(30) } },
			cache.currentGeneration,
		)
		expect(cache.totalBytes).toBe(350)
		expect(cache.get('static')?.size).toBe(300)
	})

	/** The layer behind a real HTTP server, as the listener uses it: a hit first, else the handler. */
	async function serve(render: Parameters<typeof createPageCacheLayer>[1]) {
		const layer = createPageCacheLayer(new PageCache({ maxEntries: 10, maxBodyBytes: 512 * 1024, maxTotalBytes: 1024 * 1024, ttlMs: 60_000 }), render)
		const server = http.createServer((req, res) => {
			if (layer.serveHit(req, res)) return
			void layer
				.handler(new Request(`http://localhost${req.url}`, { headers: req.headers as Record<string, string> }), { requestId: 't', clientAddress: '127.0.0.1' })
				.then(async (response) => {
					res.writeHead(response.status, Object.fromEntries(response.headers))
					res.end(Buffer.from(await response.arrayBuffer()))
				})
		})
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
		const { port } = server.address() as { port: number }
		const get = (path: string, encoding: string) =>
			new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
				http
					.get({ port, path, headers: { 'accept-encoding': encoding } }, (res) => {
						const chunks: Buffer[] = []
						res.on('data', (chunk: Buffer) => chunks.push(chunk))
						res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }))
					})
					.on('error', reject)
			})
		return { get, close: () => server.close() }
	}

	test('are compressed once when stored and served as the same bytes to every visitor', async () => {
		const html = `<!DOCTYPE html><html><body>${'<p>Havelock in March: calm seas.</p>'.repeat(100)}</body></html>`
		let renders = 0
		const { get, close } = await serve(async () => {
			renders++
			return new Response(html, { headers: { 'content-type': 'text/html', [pageCacheHeader]: 'public', 'content-security-policy': "script-src 'sha384-abc'" } })
		})
		try {
			expect((await get('/guide', '')).headers['x-cache']).toBe('miss')
			const first = await get('/guide', 'br')
			const second = await get('/guide', 'br')
			expect(first.headers['content-encoding']).toBe('br')
			expect(first.body.equals(second.body)).toBe(true)
			expect(zlib.brotliDecompressSync(first.body).toString()).toBe(html)
			const gzip = await get('/guide', 'gzip')
			expect(gzip.headers['content-encoding']).toBe('gzip')
			expect(zlib.gunzipSync(gzip.body).toString()).toBe(html)
			expect(gzip.headers['content-security-policy']).toBe("script-src 'sha384-abc'")
			expect(renders).toBe(1)
		} finally {
			close()
		}
	})

	test('a hydrated page keeps the nonce it was rendered with, in its body and its policy, while it is stored', async () => {
		let renders = 0
		const { get, close } = await serve(async (_request, info) => {
			renders++
			const nonce = `nonce-of-render-${renders}`
			expect(info.nonce).toBeUndefined()
			const html = `<!DOCTYPE html><html><body>${'<p>Ross Island at dawn.</p>'.repeat(60)}<script nonce="${nonce}">hydrate()</script></body></html>`
			return new Response(html, {
				headers: { 'content-type': 'text/html', [pageCacheHeader]: 'public', 'content-security-policy': `script-src 'nonce-${nonce}' 'strict-dynamic'` },
			})
		})
		try {
			const miss = await get('/packages', 'br')
			const hits = await Promise.all([get('/packages', 'br'), get('/packages', 'br'), get('/packages', '')])
			expect(miss.headers['x-cache']).toBe('miss')
			expect(hits.map((hit) => hit.headers['x-cache'])).toEqual(['hit', 'hit', 'hit'])
			expect(hits[0]!.body.equals(hits[1]!.body)).toBe(true)
			const page = zlib.brotliDecompressSync(hits[0]!.body).toString()
			expect(page).toBe(hits[2]!.body.toString())
			expect(page).toContain('<script nonce="nonce-of-render-1">')
			expect(hits[2]!.headers['content-security-policy']).toBe("script-src 'nonce-nonce-of-render-1' 'strict-dynamic'")
			expect(renders).toBe(1)
		} finally {
			close()
		}
	})

	/** The layer's answer to one request for a page that opts in, read straight from its handler. */
	async function layerAnswer(request: Request) {
		const layer = createPageCacheLayer(
			new PageCache({ maxEntries: 10, maxBodyBytes: 1024, maxTotalBytes: 4096, ttlMs: 60_000 }),
			async () => new Response('<p>Port Blair</p>', { headers: { [pageCacheHeader]: 'public' } }),
		)
		const response = await layer.handler(request, { requestId: 't', clientAddress: '127.0.0.1' })
		return { optIn: response.headers.get(pageCacheHeader), cache: response.headers.get('x-cache') }
	}

	test('a page that does not opt in is passed through as rendered, every time', async () => {
		let renders = 0
		const { get, close } = await serve(async () => {
			renders++
			return new Response(`<p>Form ${renders}</p>`, { headers: { 'content-type': 'text/html' } })
		})
		try {
			const first = await get('/contact', '')
			const second = await get('/contact', '')
			expect([first.body.toString(), second.body.toString()]).toEqual(['<p>Form 1</p>', '<p>Form 2</p>'])
			expect(first.headers['x-cache']).toBeUndefined()
			expect(first.headers[pageCacheHeader]).toBeUndefined()
			// Nor for a visitor with a session, even on a page that opts in.
			expect(await layerAnswer(new Request('http://localhost/', { headers: { cookie: 'session=abc' } }))).toEqual({ optIn: null, cache: null })
		} finally {
			close()
		}
	})

	test('a page the cache was cleared under while it rendered is not stored, nor marked for nginx to keep', async () => {
		const cache = new PageCache({ maxEntries: 10, maxBodyBytes: 1024, maxTotalBytes: 4096, ttlMs: 60_000 })
		let renders = 0
		const layer = createPageCacheLayer(cache, async () => {
			renders++
			// A change commits while this render runs (it read the rows before).
			if (renders === 1) cache.invalidate()
			return new Response(`<p>Render ${renders}</p>`, { headers: { [pageCacheHeader]: 'public' } })
		})
		const answer = (request: Request) => layer.handler(request, { requestId: 't', clientAddress: '127.0.0.1' })
		const raced = await answer(new Request('http://localhost/packages'))
		expect(await raced.text()).toBe('<p>Render 1</p>')
		expect(raced.headers.get('x-cache')).toBeNull()
		expect(cache.size).toBe(0)
		const next = await answer(new Request('http://localhost/packages'))
		expect(next.headers.get('x-cache')).toBe('miss')
		expect(cache.size).toBe(1)
	})
})
