import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
// @ts-expect-error s3rver ships no types.
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { filesystemMediaStore, type MediaStore, s3MediaStore } from './store.server.ts'

/**
 * Both media stores against real storage: a temporary folder, and an
 * S3-compatible server (s3rver, which speaks the S3 REST protocol) driven by
 * the real AWS SDK v3 client.
 */
const s3Port = Number(process.env.MEDIA_S3_TEST_PORT ?? 3386)
const bytes = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50])

function behavesAsAStore(name: string, make: () => MediaStore) {
	describe(name, () => {
		test('put, get, remove; a missing photo is null; removing twice is fine', async () => {
			const store = make()
			await store.put('media/AbCdEfGhIjKlMnOpQrSt.webp', bytes, 'image/webp')
			expect(await store.get('media/AbCdEfGhIjKlMnOpQrSt.webp')).toEqual(bytes)
			expect(await store.get('media/NoSuchPhoto000000000.webp')).toBeNull()
			await store.remove('media/AbCdEfGhIjKlMnOpQrSt.webp')
			await store.remove('media/AbCdEfGhIjKlMnOpQrSt.webp')
			expect(await store.get('media/AbCdEfGhIjKlMnOpQrSt.webp')).toBeNull()
		})
	})
}

let root: string
let server: { run: () => Promise<unknown>; close: () => Promise<unknown> }
beforeAll(async () => {
	root = fs.mkdtempSync(path.join(os.tmpdir(), 'media-stores-'))
	server = new S3rver({
		port: s3Port,
		address: '127.0.0.1',
		silent: true,
		directory: path.join(root, 's3'),
		configureBuckets: [{ name: 'andaman-photos', configs: [] }],
	})
	await server.run()
})
afterAll(async () => {
	await server.close()
	fs.rmSync(root, { recursive: true, force: true })
})

behavesAsAStore('filesystem store', () => filesystemMediaStore(path.join(root, 'files')))
behavesAsAStore('S3 store (AWS SDK v3 against s3rver)', () =>
	s3MediaStore({
		bucket: 'andaman-photos',
		region: 'us-east-1',
		endpoint: `http://127.0.0.1:${s3Port}`,
		forcePathStyle: true,
		credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
		prefix: 'site/',
	}),
)

test('the S3 store keeps objects under its prefix', async () => {
	const store = s3MediaStore({
		bucket: 'andaman-photos',
		region: 'us-east-1',
		endpoint: `http://127.0.0.1:${s3Port}`,
		forcePathStyle: true,
		credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
		prefix: 'site/',
	})
	await store.put('media/PrefixedPhoto0000000.webp', bytes, 'image/webp')
	const other = s3MediaStore({
		bucket: 'andaman-photos',
		region: 'us-east-1',
		endpoint: `http://127.0.0.1:${s3Port}`,
		forcePathStyle: true,
		credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
		prefix: '',
	})
	expect(await other.get('site/media/PrefixedPhoto0000000.webp')).toEqual(bytes)
	expect(await other.get('media/PrefixedPhoto0000000.webp')).toBeNull()
})

test('a store that does not answer is unavailable (503), not a crash', async () => {
	// Nothing listens on port 9 (discard) here: the connection is refused.
	const store = s3MediaStore({
		bucket: 'andaman-photos',
		region: 'us-east-1',
		endpoint: 'http://127.0.0.1:9',
		forcePathStyle: true,
		credentials: { accessKeyId: 'x', secretAccessKey: 'y' },
		prefix: '',
	})
	await expect(store.get('media/AbCdEfGhIjKlMnOpQrSt.webp')).rejects.toMatchObject({ code: 'unavailable' })
	await expect(store.put('media/AbCdEfGhIjKlMnOpQrSt.webp', bytes, 'image/webp')).rejects.toMatchObject({ code: 'unavailable' })
})

test('the filesystem store refuses keys that leave its folder', async () => {
	const store = filesystemMediaStore(path.join(root, 'files'))
	await expect(store.put('../escape.webp', bytes, 'image/webp')).rejects.toMatchObject({ code: 'not-found' })
	expect(await store.get('../../etc/passwd')).toBeNull()
})
