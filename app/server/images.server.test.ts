import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { imageParamsSchema, resizedImage, resolveSource } from './images.server.ts'

let root: string
let config: { publicDir: string; cacheDir: string; allowedOrigins: string[] }

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
