import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { AppError } from '~/lib/errors.ts'
import { imageCacheBytes, type ImageConfig, imageParamsSchema, remoteImageLimits, resizedImage, resolveSource } from './images.server.ts'

let root: string
let config: ImageConfig

beforeAll(async () => {
	root = fs.mkdtempSync(path.join(os.tmpdir(), 'img-test-'))
	fs.mkdirSync(path.join(root, 'public/images'), { recursive: true })
	await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#0ea5e9' } })
		.jpeg()
		.toFile(path.join(root, 'public/images/sea.jpg'))
	fs.writeFileSync(path.join(root, 'public/images/broken.jpg'), 'not an image at all')
	fs.writeFileSync(path.join(root, 'public/secret.txt'), 'secret')
	config = { publicDir: path.join(root, 'public'), cacheDir: path.join(root, 'cache'), allowedOrigins: ['https://cdn.example.com'] }
})
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

describe('parameters', () => {
	test('accepts breakpoint widths and their doubles, default quality 80', () => {
		expect(imageParamsSchema.parse({ url: '/images/sea.jpg', w: '640' })).toEqual({ url: '/images/sea.jpg', w: 640, q: 80 })
		expect(imageParamsSchema.parse({ url: '/images/sea.jpg', w: '3072', q: '100' }).w).toBe(3072)
	})
	test('refuses other widths, bad quality and missing url with messages', () => {
		expect(imageParamsSchema.safeParse({ url: '/images/sea.jpg', w: '500' }).error?.issues[0]?.message).toMatch(/w must be one of 320, 640/)
		expect(imageParamsSchema.safeParse({ url: '/images/sea.jpg', w: '640', q: '0' }).success).toBe(false)
		expect(imageParamsSchema.safeParse({ url: '/images/sea.jpg', w: 'big' }).success).toBe(false)
		expect(imageParamsSchema.safeParse({ w: '640' }).success).toBe(false)
	})
})

describe('sources', () => {
	test('only files under /images and allow-listed origins', () => {
		expect(resolveSource('/images/sea.jpg', config)).toMatchObject({ kind: 'file' })
		expect(() => resolveSource('/images/../secret.txt', config)).toThrow(/under \/images/)
		expect(() => resolveSource('/images/%2e%2e/secret.txt', config)).toThrow(/under \/images/)
		expect(() => resolveSource('//evil.example/x.jpg', config)).toThrow()
		expect(() => resolveSource('https://evil.example/x.jpg', config)).toThrow(/not allowed/)
		expect(resolveSource('https://cdn.example.com/x.jpg', config)).toMatchObject({ kind: 'remote' })
	})
})

describe('resizing', () => {
	test('resizes to webp at the asked width, once, then serves the cache', async () => {
		const params = { url: '/images/sea.jpg', w: 640, q: 80 }
		const [a, b] = await Promise.all([resizedImage(params, config), resizedImage(params, config)])
		expect(a).toBe(b)
		const meta = await sharp(a).metadata()
		expect(meta.format).toBe('webp')
		expect(meta.width).toBe(640)
		const mtime = fs.statSync(a).mtimeMs
		expect(await resizedImage(params, config)).toBe(a)
		expect(fs.statSync(a).mtimeMs).toBe(mtime)
	})
	test('never enlarges beyond the source', async () => {
		const file = await resizedImage({ url: '/images/sea.jpg', w: 3072, q: 80 }, config)
		expect((await sharp(file).metadata()).width).toBe(1600)
	})
	test('a missing source is not-found and a broken one fails to get image meta', async () => {
		await expect(resizedImage({ url: '/images/none.jpg', w: 320, q: 80 }, config)).rejects.toMatchObject({ code: 'not-found' })
		await expect(resizedImage({ url: '/images/broken.jpg', w: 320, q: 80 }, config)).rejects.toMatchObject({
			code: 'not-found',
			message: 'failed to get image meta',
		})
	})
})

describe('one copy per image, a bounded cache, limited renders', () => {
	/** Every resized copy in a cache folder. */
	const copies = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).filter((name) => String(name).endsWith('.webp')).length : 0)

	test('a changing query string on the source makes no new copy (our files, and a remote origin unless it needs its query)', async () => {
		const cacheDir = path.join(root, 'cache-query')
		const own = { ...config, cacheDir }
		const first = await resizedImage({ url: '/images/sea.jpg?v=1', w: 320, q: 80 }, own)
		for (let i = 2; i < 30; i++) expect(await resizedImage({ url: `/images/sea.jpg?v=${i}`, w: 320, q: 80 }, own)).toBe(first)
		expect(await resizedImage({ url: '/images/sea.jpg', w: 320, q: 80 }, own)).toBe(first)
		expect(copies(cacheDir)).toBe(1)
		expect(resolveSource('https://cdn.example.com/x.jpg?cache=123#top', config)).toMatchObject({ url: new URL('https://cdn.example.com/x.jpg') })
		expect(resolveSource('https://cdn.example.com/x.jpg?id=7', { ...config, queryOrigins: ['https://cdn.example.com'] })).toMatchObject({
			url: new URL('https://cdn.example.com/x.jpg?id=7'),
		})
	})

	test('past its byte bound the cache removes the least recently used copies', async () => {
		const widths = [320, 640, 768, 1024, 1280, 1536] as const
		let all = 0
		for (const w of widths)
			all += fs.statSync(await resizedImage({ url: '/images/sea.jpg', w, q: 80 }, { ...config, cacheDir: path.join(root, 'cache-unbounded') })).size
		// Room for about half of them.
		const cacheDir = path.join(root, 'cache-bound')
		const bounded = { ...config, cacheDir, maxCacheBytes: Math.floor(all / 2) }
		for (const w of widths) await resizedImage({ url: '/images/sea.jpg', w, q: 80 }, bounded)
		expect(await imageCacheBytes(cacheDir)).toBeLessThanOrEqual(bounded.maxCacheBytes)
		expect(copies(cacheDir)).toBeLessThan(widths.length)
		// The newest is kept; asked for again, a removed one (the oldest) is rendered again.
		expect(fs.existsSync(await resizedImage({ url: '/images/sea.jpg', w: 1536, q: 80 }, bounded))).toBe(true)
		expect(fs.existsSync(await resizedImage({ url: '/images/sea.jpg', w: 320, q: 80 }, bounded))).toBe(true)
	})

	test('a new render is refused with 429 when the rate says no; a cached copy is still served', async () => {
		const cacheDir = path.join(root, 'cache-rate')
		const cached = await resizedImage({ url: '/images/sea.jpg', w: 320, q: 80 }, { ...config, cacheDir })
		const refusing = { ...config, cacheDir, allowRender: () => false }
		expect(await resizedImage({ url: '/images/sea.jpg', w: 320, q: 80 }, refusing)).toBe(cached)
		await expect(resizedImage({ url: '/images/sea.jpg', w: 640, q: 80 }, refusing)).rejects.toMatchObject({ status: 429 })
	})
})

describe('library photos', () => {
	test('/media/<id>.webp is a library photo; anything else under /media is refused', () => {
		expect(resolveSource('/media/AbCdEfGhIjKlMnOpQrSt.webp', config)).toEqual({ kind: 'media', id: 'AbCdEfGhIjKlMnOpQrSt' })
		for (const url of ['/media/../secret.txt', '/media/AbCdEfGhIjKlMnOpQrSt.jpg', '/media/short.webp', '/media/AbCdEfGhIjKlMnOpQrSt.webp?x=1']) {
			expect(() => resolveSource(url, config)).toThrow(/library photo/)
		}
	})
	test('resized once; after that the cache answers without reading the store; a deleted photo is not-found', async () => {
		const photo = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#f97316' } })
			.webp()
			.toBuffer()
		let reads = 0
		const known = new Set(['LibraryPhoto00000001'])
		const withLibrary = { ...config, libraryPhoto: async (id: string) => (known.has(id) ? { read: async () => (reads++, new Uint8Array(photo)) } : null) }
		const params = { url: '/media/LibraryPhoto00000001.webp', w: 640, q: 80 }
		const file = await resizedImage(params, withLibrary)
		expect((await sharp(file).metadata()).width).toBe(640)
		expect(await resizedImage(params, withLibrary)).toBe(file)
		expect(reads).toBe(1)
		known.delete('LibraryPhoto00000001')
		await expect(resizedImage(params, withLibrary)).rejects.toMatchObject({ code: 'not-found' })
		await expect(resizedImage(params, config)).rejects.toMatchObject({ code: 'not-found' })
	})
})

describe('bad input and hostile sources', () => {
	test('a broken %-encoding is a 400 with a message, not a crash', () => {
		const error = (() => {
			try {
				resolveSource('/images/%E0%A4%A', config)
			} catch (caught) {
				return caught as AppError
			}
		})()
		expect(error?.status).toBe(400)
		expect(error?.message).toMatch(/broken %-encoding/)
	})

	test('redirects are followed only within allowed origins, and a remote body stops being read past the limit', async () => {
		let hugeBytesSent = 0
		let hugeClosed = false
		const server = http.createServer((req, res) => {
			if (req.url === '/away') return void res.writeHead(302, { Location: `http://localhost:${port}/sea.jpg` }).end()
			if (req.url === '/home') return void res.writeHead(302, { Location: '/sea.jpg' }).end()
			if (req.url === '/sea.jpg')
				return void res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(fs.readFileSync(path.join(root, 'public/images/sea.jpg')))
			if (req.url === '/huge') {
				res.writeHead(200, { 'Content-Type': 'image/jpeg' })
				res.on('close', () => (hugeClosed = true))
				const chunk = Buffer.alloc(64 * 1024)
				const pump = () => {
					while (hugeBytesSent < 50 * 1024 * 1024 && !res.destroyed) {
						hugeBytesSent += chunk.length
						if (!res.write(chunk)) return void res.once('drain', pump)
					}
					res.end()
				}
				return pump()
			}
			res.writeHead(404).end()
		})
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
		const port = (server.address() as AddressInfo).port
		const origin = `http://127.0.0.1:${port}`
		const remote = { ...config, allowedOrigins: [origin] }
		const before = remoteImageLimits.maxBytes
		remoteImageLimits.maxBytes = 1024 * 1024
		try {
			// localhost is another origin than 127.0.0.1: not followed.
			await expect(resizedImage({ url: `${origin}/away`, w: 320, q: 80 }, remote)).rejects.toThrow(/redirects to http:\/\/localhost:\d+, which is not allowed/)
			expect(await resizedImage({ url: `${origin}/home`, w: 320, q: 80 }, remote)).toMatch(/\.webp$/)
			await expect(resizedImage({ url: `${origin}/huge`, w: 320, q: 80 }, remote)).rejects.toThrow(/too large/)
			await new Promise((resolve) => setTimeout(resolve, 200))
			expect(hugeClosed).toBe(true)
			expect(hugeBytesSent).toBeLessThan(20 * 1024 * 1024)
		} finally {
			remoteImageLimits.maxBytes = before
			server.closeAllConnections()
			await new Promise((resolve) => server.close(resolve))
		}
	})
})
