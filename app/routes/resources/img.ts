import fs from 'node:fs'
import { fileBody } from '~/server/file-body.server.ts'
import { isAppError } from '~/lib/errors.ts'
import { env } from '~/server/env.server.ts'
import { imageParamsSchema, resizedImage } from '~/features/media/server/images.server.ts'
import { libraryPhotoReader } from '~/features/media/server/media.server.ts'
import { getPublicDir } from '~/server/paths.server.ts'
import { db } from '~/server/db/index.server.ts'
import { createLocalRateLimit, isLoopbackAddress } from '~/server/local-rate-limit.server.ts'
import { clientAddressOf } from '~/server/request-context.ts'
import type { Route } from './+types/img'

/** New renders (cache misses) one address may ask for (docs/security.md, "Images"); this machine itself is not limited. */
export const imageRenderRateLimit = { perSecond: 1, burst: 60 }
const takeRender = createLocalRateLimit(imageRenderRateLimit)

/** The image resize path (docs/conventions.md): ?url=…&w=…&q=… → webp, resized once, then served from the disk cache. */
export async function loader({ request, context }: Route.LoaderArgs) {
	const query = Object.fromEntries(new URL(request.url).searchParams)
	const parsed = imageParamsSchema.safeParse(query)
	if (!parsed.success) {
		return new Response(parsed.error.issues.map((issue) => issue.message).join('; '), {
			status: 400,
			headers: { 'Content-Type': 'text/plain; charset=utf-8' },
		})
	}
	const address = clientAddressOf(context)
	let retryAfterSeconds = 0
	const allowRender = () => {
		if (isLoopbackAddress(address)) return true
		const taken = takeRender(address)
		if (!taken.ok) retryAfterSeconds = taken.retryAfterSeconds
		return taken.ok
	}
	try {
		const file = await resizedImage(parsed.data, {
			publicDir: getPublicDir(),
			cacheDir: env().IMAGE_CACHE_DIR,
			allowedOrigins: env().IMAGE_ALLOWED_ORIGINS,
			queryOrigins: env().IMAGE_QUERY_ORIGINS,
			libraryPhoto: libraryPhotoReader(db()),
			allowRender,
		})
		const stat = await fs.promises.stat(file)
		return new Response(fileBody(file), {
			headers: {
				'Content-Type': 'image/webp',
				'Content-Length': String(stat.size),
				'Cache-Control': 'public, max-age=31536000, immutable',
			},
		})
	} catch (error) {
		if (isAppError(error)) {
			const headers: Record<string, string> = { 'Content-Type': 'text/plain; charset=utf-8' }
			if (retryAfterSeconds) Object.assign(headers, { 'Retry-After': String(retryAfterSeconds), 'Cache-Control': 'no-store' })
			return new Response(error.message, { status: error.status, headers })
		}
		throw error
	}
}
