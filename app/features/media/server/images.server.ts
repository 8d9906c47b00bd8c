import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { z } from '~/lib/zod.ts'
import { AppError } from '~/lib/errors.ts'
import { defaultImageQuality, imageWidths } from '~/components/ui/img.tsx'
import { logger } from '~/server/logger.server.ts'
import { mediaIdFromPath } from '~/features/media/domain/media.ts'
import { readAtMost } from '~/server/read-at-most.server.ts'

/** Widths the route renders: the docs/conventions.md#behaviours-with-numbers breakpoints and their 2x densities. Anything else is refused (no cache flooding). */
export const allowedWidths: ReadonlySet<number> = new Set(imageWidths.flatMap((w) => [w, w * 2]))
/** Limits on fetching a remote source image (docs/security.md, "Images"). */
export const remoteImageLimits = { timeoutMs: 5000, maxBytes: 20 * 1024 * 1024, maxRedirects: 3 }
/** The disk cache of resized images: past this many bytes the least recently used copies are removed. */
export const imageCacheLimits = { maxBytes: 512 * 1024 * 1024 }

export const imageParamsSchema = z.object({
	url: z.string().min(1, 'url is required').max(2048),
	w: z.coerce
		.number({ message: 'w must be a number' })
		.int('w must be a whole number')
		.refine((w) => allowedWidths.has(w), { message: `w must be one of ${[...allowedWidths].sort((a, b) => a - b).join(', ')}` }),
	q: z.coerce.number().int('q must be a whole number').min(1, 'q must be 1 to 100').max(100, 'q must be 1 to 100').default(defaultImageQuality),
})
export type ImageParams = z.infer<typeof imageParamsSchema>

export type ImageConfig = {
	publicDir: string
	cacheDir: string
	allowedOrigins: readonly string[]
	/**
	 * The operator's library photo by id (docs/decisions/132-media-library.md):
	 * null when there is none (deleted), else a reader for its bytes, which is
	 * called only when the resized copy is not cached yet.
	 */
	libraryPhoto?: (id: string) => Promise<{ read: () => Promise<Uint8Array | null> } | null>
	/** Allowed origins whose image addresses keep their query string; every other source loses it (it cannot pick another image). */
	queryOrigins?: readonly string[]
	/** The disk cache's size bound; `imageCacheLimits.maxBytes` by default. */
	maxCacheBytes?: number
	/** Asked before each new render (a cache miss): false refuses it with 429 (the route's per-address rate). */
	allowRender?: () => boolean
}

type ImageSource = { kind: 'file'; file: string } | { kind: 'remote'; url: URL } | { kind: 'media'; id: string }

/** One name per source image, whatever query string or spelling reached it: the cache key is made of it. */
function sourceKey(source: ImageSource): string {
	if (source.kind === 'file') return `file:${source.file}`
	if (source.kind === 'media') return `media:${source.id}`
	return `remote:${source.url.href}`
}

/** Where a source image comes from: a file under our public images, a library photo, or an allow-listed origin. */
export function resolveSource(url: string, config: ImageConfig): ImageSource {
	if (url.startsWith('/media/')) {
		const id = mediaIdFromPath(url)
		if (!id) throw new AppError('invalid-argument', 'url must be a library photo such as /media/<id>.webp')
		return { kind: 'media', id }
	}
	if (url.startsWith('/') && !url.startsWith('//')) {
		let pathname: string
		try {
			pathname = decodeURIComponent(url.split('?')[0]!)
		} catch {
			throw new AppError('invalid-argument', 'url has a broken %-encoding: use a site path such as /images/beach.jpg')
		}
		if (pathname.includes('\0')) throw new AppError('invalid-argument', 'url must point to an image under /images/')
		const imagesRoot = path.resolve(config.publicDir, 'images')
		const file = path.resolve(config.publicDir, `.${path.posix.normalize(pathname)}`)
		if (!file.startsWith(imagesRoot + path.sep)) throw new AppError('invalid-argument', 'url must point to an image under /images/')
		return { kind: 'file', file }
	}
	let parsed: URL
	try {
		parsed = new URL(url)
	} catch {
		throw new AppError('invalid-argument', 'url must be a site path such as /images/beach.jpg or an allowed https URL')
	}
	if (!config.allowedOrigins.includes(parsed.origin)) throw new AppError('invalid-argument', `images from ${parsed.origin} are not allowed`)
	// A changing query string must not make a new copy of the same image, unless the origin picks the image by it.
	parsed.hash = ''
	if (!config.queryOrigins?.includes(parsed.origin)) parsed.search = ''
	return { kind: 'remote', url: parsed }
}

async function readSource(source: Exclude<ImageSource, { kind: 'media' }>, config: ImageConfig): Promise<{ bytes: Buffer; version: string }> {
	if (source.kind === 'file') {
		try {
			const stat = await fs.stat(source.file)
			if (!stat.isFile()) throw new AppError('not-found', 'image not found')
			return { bytes: await fs.readFile(source.file), version: `${stat.size}-${stat.mtimeMs}` }
		} catch (error) {
			if (error instanceof AppError) throw error
			throw new AppError('not-found', 'image not found')
		}
	}
	const response = await fetchAllowed(source.url, config)
	if (!response.ok) {
		await response.body?.cancel().catch(() => {})
		throw new AppError('not-found', `image source answered ${response.status}`)
	}
	const bytes = await readAtMost(response, remoteImageLimits.maxBytes, {
		tooLarge: () => new AppError('invalid-argument', `source image is too large (over ${Math.round(remoteImageLimits.maxBytes / (1024 * 1024))} MB)`),
		failed: (cause) => new AppError('not-found', 'image could not be fetched', { cause }),
	})
	return { bytes, version: response.headers.get('etag') ?? String(bytes.length) }
}

/** Fetches a remote image, following a redirect only when it stays on an allowed origin. */
async function fetchAllowed(url: URL, config: ImageConfig): Promise<Response> {
	const signal = AbortSignal.timeout(remoteImageLimits.timeoutMs)
	let current = url
	for (let hop = 0; ; hop++) {
		const response = await fetch(current, { signal, redirect: 'manual' }).catch((error: unknown) => {
			throw new AppError('not-found', 'image could not be fetched', { cause: error })
		})
		const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null
		if (!location) return response
		await response.body?.cancel().catch(() => {})
		if (hop >= remoteImageLimits.maxRedirects) throw new AppError('not-found', 'image source redirects too many times')
		let next: URL
		try {
			next = new URL(location, current)
		} catch {
			throw new AppError('not-found', 'image source redirects to an invalid address')
		}
		if (!config.allowedOrigins.includes(next.origin)) throw new AppError('invalid-argument', `image source redirects to ${next.origin}, which is not allowed`)
		current = next
	}
}

const inFlight = new Map<string, Promise<string>>()

/**
 * Returns the path of the resized webp, rendering it once with sharp and then
 * serving it from the disk cache. Concurrent requests for the same image share
 * one render.
 */
export async function resizedImage(params: ImageParams, config: ImageConfig): Promise<string> {
	const source = resolveSource(params.url, config)
	let load: () => Promise<Buffer>
	let version: string
	if (source.kind === 'media') {
		const photo = await config.libraryPhoto?.(source.id)
		if (!photo) throw new AppError('not-found', 'image not found')
		// A library photo never changes under its id (a new upload is a new id), so a cached copy is checked before its bytes are read.
		version = source.id
		load = async () => {
			const bytes = await photo.read()
			if (!bytes) throw new AppError('not-found', 'image not found')
			return Buffer.from(bytes)
		}
	} else {
		const read = await readSource(source, config)
		version = read.version
		load = async () => read.bytes
	}
	const key = createHash('sha256')
		.update(`${sourceKey(source)}|${version}|${params.w}|${params.q}`)
		.digest('hex')
	const target = path.join(config.cacheDir, key.slice(0, 2), `${key}.webp`)
	const cache = cacheIndex(config.cacheDir)
	try {
		await fs.access(target)
		cache.used(target)
		return target
	} catch {
		// Not cached yet.
	}
	let pending = inFlight.get(key)
	if (!pending) {
		if (config.allowRender && !config.allowRender())
			throw new AppError('resource-exhausted', 'Too many new image sizes were asked for from this address: try again shortly.')
		pending = load()
			.then((bytes) => render(bytes, params, target))
			.then(async (file) => {
				await cache.added(file, (await fs.stat(file)).size, config.maxCacheBytes ?? imageCacheLimits.maxBytes)
				return file
			})
			.finally(() => inFlight.delete(key))
		inFlight.set(key, pending)
	}
	return pending
}

/**
 * What the disk cache holds, least recently used first, and its total size:
 * read from the folder once (oldest files first), then kept up to date by
 * this process. Past the bound, the oldest copies are removed; one asked for
 * again is simply rendered again.
 */
class CacheIndex {
	private readonly files = new Map<string, number>()
	private total = 0
	private readonly scanned: Promise<void>

	constructor(dir: string) {
		this.scanned = this.scan(dir).catch((error: unknown) => logger.warn({ msg: 'image cache could not be read', dir, error }))
	}

	private async scan(dir: string) {
		const found: Array<{ file: string; size: number; at: number }> = []
		const folders = await fs.readdir(dir).catch(() => [] as string[])
		for (const folder of folders) {
			const names = await fs.readdir(path.join(dir, folder)).catch(() => [] as string[])
			for (const name of names) {
				if (!name.endsWith('.webp')) continue
				const file = path.join(dir, folder, name)
				const stat = await fs.stat(file).catch(() => null)
				if (stat?.isFile()) found.push({ file, size: stat.size, at: stat.mtimeMs })
			}
		}
		found.sort((a, b) => a.at - b.at)
		// Files this process added while the folder was being read stay the newest.
		const added = [...this.files]
		this.files.clear()
		this.total = 0
		for (const { file, size } of [...found.map(({ file, size }) => ({ file, size })), ...added.map(([file, size]) => ({ file, size }))]) this.put(file, size)
	}

	private put(file: string, size: number) {
		this.total -= this.files.get(file) ?? 0
		this.files.delete(file)
		this.files.set(file, size)
		this.total += size
	}

	used(file: string) {
		const size = this.files.get(file)
		if (size !== undefined) this.put(file, size)
	}

	async added(file: string, size: number, maxBytes: number) {
		this.put(file, size)
		await this.scanned
		for (const [oldest, oldestSize] of this.files) {
			if (this.total <= maxBytes || oldest === file) break
			this.files.delete(oldest)
			this.total -= oldestSize
			await fs.rm(oldest, { force: true })
		}
	}

	get bytes() {
		return this.total
	}
}

const cacheIndexes = new Map<string, CacheIndex>()
function cacheIndex(dir: string): CacheIndex {
	let index = cacheIndexes.get(dir)
	if (!index) cacheIndexes.set(dir, (index = new CacheIndex(dir)))
	return index
}

/** The bytes the image cache in `dir` holds, as this process counts them (for tests). */
export async function imageCacheBytes(dir: string): Promise<number> {
	return cacheIndex(dir).bytes
}

async function render(bytes: Buffer, params: ImageParams, target: string): Promise<string> {
	try {
		await sharp(bytes).metadata()
	} catch (error) {
		logger.warn({ msg: 'failed to get image meta', url: params.url, error })
		throw new AppError('not-found', 'failed to get image meta')
	}
	const output = await sharp(bytes).rotate().resize({ width: params.w, withoutEnlargement: true }).webp({ quality: params.q }).toBuffer()
	await fs.mkdir(path.dirname(target), { recursive: true })
	// Write then rename: a reader never sees half a file.
	const temporary = `${target}.${process.pid}.${Date.now()}.tmp`
	await fs.writeFile(temporary, output)
	await fs.rename(temporary, target)
	return target
}
