import { mediaIdFromPath } from '~/features/media/domain/media.ts'
import { isAppError } from '~/lib/errors.ts'
import { db } from '~/server/db/index.server.ts'
import { libraryPhotoReader } from '~/features/media/server/media.server.ts'
import type { Route } from './+types/media'

/**
 * A library photo's cleaned full-size copy (docs/decisions/132-media-library.md),
 * for og:image and structured data; pages show photos through /img. Public like
 * the demo images: photos are made for travellers to see.
 */
export async function loader({ params }: Route.LoaderArgs) {
	const id = mediaIdFromPath(`/media/${params.file}`)
	const missing = () => new Response('There is no such photo.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
	if (!id) return missing()
	try {
		const photo = await libraryPhotoReader(db())(id)
		const bytes = photo ? await photo.read() : null
		if (!bytes) return missing()
		return new Response(new Uint8Array(bytes), {
			headers: {
				'Content-Type': 'image/webp',
				'Content-Length': String(bytes.byteLength),
				// A new photo is a new id: the bytes under one never change.
				'Cache-Control': 'public, max-age=31536000, immutable',
				'X-Content-Type-Options': 'nosniff',
			},
		})
	} catch (error) {
		if (isAppError(error)) return new Response(error.message, { status: error.status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
		throw error
	}
}
