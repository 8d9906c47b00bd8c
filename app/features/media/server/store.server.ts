import fs from 'node:fs/promises'
import path from 'node:path'
import { GetObjectCommand, DeleteObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { AppError } from '~/lib/errors.ts'
import { env } from '~/server/env.server.ts'
import { resolveStored, storageDir } from '~/server/uploads.server.ts'

/**
 * Where the library's photos live (docs/decisions/132-media-library.md): files
 * under STORAGE_DIR by default, or objects in an S3-compatible bucket when
 * MEDIA_S3_BUCKET is set. Keys are ours (`media/<id>.webp`), never a name
 * a visitor chose.
 */
export type MediaStore = {
	readonly kind: 'filesystem' | 's3'
	put(key: string, bytes: Uint8Array, contentType: string): Promise<void>
	/** The stored bytes, or null when there is no such photo. */
	get(key: string): Promise<Uint8Array | null>
	/** Removes a photo; a missing one is fine. */
	remove(key: string): Promise<void>
}

/** A stored photo is at most a few MB (3072 px WebP); anything larger in the bucket is not ours to serve. */
export const maxStoredPhotoBytes = 20 * 1024 * 1024

const unavailable = (cause: unknown) => new AppError('unavailable', 'The photo store is not answering. Try again in a minute.', { cause })

export function filesystemMediaStore(root = storageDir()): MediaStore {
	return {
		kind: 'filesystem',
		async put(key, bytes) {
			const target = resolveStored(key, root)
			await fs.mkdir(path.dirname(target), { recursive: true })
			// Write then rename: a reader never sees half a photo.
			const temporary = `${target}.part`
			await fs.writeFile(temporary, bytes)
			await fs.rename(temporary, target)
		},
		async get(key) {
			try {
				return new Uint8Array(await fs.readFile(resolveStored(key, root)))
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error instanceof AppError && error.code === 'not-found')) return null
				throw error
			}
		},
		async remove(key) {
			await fs.rm(resolveStored(key, root), { force: true })
		},
	}
}

export type S3MediaConfig = {
	bucket: string
	region: string
	endpoint?: string
	forcePathStyle: boolean
	credentials?: { accessKeyId: string; secretAccessKey: string }
	prefix: string
}

/** The real AWS SDK v3 client; with `endpoint`, any S3-compatible store (MinIO, R2, Spaces…). */
export function s3MediaStore(config: S3MediaConfig): MediaStore {
	const client = new S3Client({
		region: config.region,
		endpoint: config.endpoint,
		forcePathStyle: config.forcePathStyle,
		credentials: config.credentials,
		maxAttempts: 2,
		// A store that hangs must not hold a page: connect within 3 s, answer within 10 s.
		requestHandler: { connectionTimeout: 3000, requestTimeout: 10_000 },
	})
	const objectKey = (key: string) => `${config.prefix}${key}`
	return {
		kind: 's3',
		async put(key, bytes, contentType) {
			try {
				await client.send(
					new PutObjectCommand({
						Bucket: config.bucket,
						Key: objectKey(key),
						Body: bytes,
						ContentType: contentType,
						CacheControl: 'public, max-age=31536000, immutable',
					}),
				)
			} catch (error) {
				throw unavailable(error)
			}
		},
		async get(key) {
			try {
				const object = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }))
				if ((object.ContentLength ?? 0) > maxStoredPhotoBytes) {
					await object.Body?.transformToWebStream().cancel()
					return null
				}
				return object.Body ? await object.Body.transformToByteArray() : null
			} catch (error) {
				if (
					error instanceof NoSuchKey ||
					(error as { name?: string }).name === 'NoSuchKey' ||
					(error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
				)
					return null
				throw unavailable(error)
			}
		},
		async remove(key) {
			try {
				await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }))
			} catch (error) {
				throw unavailable(error)
			}
		},
	}
}

let configured: MediaStore | null = null

/** The store the environment names: S3 when MEDIA_S3_BUCKET is set, else files under STORAGE_DIR. */
export function mediaStore(): MediaStore {
	if (configured) return configured
	const settings = env()
	configured = settings.MEDIA_S3_BUCKET
		? s3MediaStore({
				bucket: settings.MEDIA_S3_BUCKET,
				region: settings.MEDIA_S3_REGION,
				endpoint: settings.MEDIA_S3_ENDPOINT,
				forcePathStyle: settings.MEDIA_S3_FORCE_PATH_STYLE,
				credentials:
					settings.MEDIA_S3_ACCESS_KEY_ID && settings.MEDIA_S3_SECRET_ACCESS_KEY
						? { accessKeyId: settings.MEDIA_S3_ACCESS_KEY_ID, secretAccessKey: settings.MEDIA_S3_SECRET_ACCESS_KEY }
						: undefined,
				prefix: settings.MEDIA_S3_PREFIX,
			})
		: filesystemMediaStore()
	return configured
}
