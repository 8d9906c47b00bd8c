import fs from 'node:fs'
import path from 'node:path'

const contentTypes: Record<string, string> = {
	'.js': 'text/javascript; charset=utf-8',
	'.mjs': 'text/javascript; charset=utf-8',
	'.css': 'text/css; charset=utf-8',
	'.html': 'text/html; charset=utf-8',
	'.json': 'application/json; charset=utf-8',
	'.webmanifest': 'application/manifest+json; charset=utf-8',
	'.txt': 'text/plain; charset=utf-8',
	'.xml': 'application/xml; charset=utf-8',
	'.svg': 'image/svg+xml',
	'.png': 'image/png',
	'.jpg': 'image/jpeg',
	'.jpeg': 'image/jpeg',
	'.webp': 'image/webp',
	'.avif': 'image/avif',
	'.ico': 'image/x-icon',
	'.woff2': 'font/woff2',
	'.pdf': 'application/pdf',
}

export type StaticFile = {
	file: string
	size: number
	type: string
	etag: string
	/** Precompressed siblings made at build time (scripts/precompress.mjs). */
	br?: { file: string; size: number }
	gzip?: { file: string; size: number }
	immutable: boolean
}

/**
 * Indexes the client build once at start-up: a request for a static file is a
 * map lookup, never a path joined from user input (no traversal possible).
 */
export function indexStaticFiles(root: string): Map<string, StaticFile> {
	const index = new Map<string, StaticFile>()
	const walk = (dir: string) => {
		for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
			const full = path.join(dir, entry.name)
			if (entry.isDirectory()) {
				walk(full)
				continue
			}
			if (entry.name.endsWith('.br') || entry.name.endsWith('.gz')) continue
			const stat = fs.statSync(full)
			const urlPath = `/${path.relative(root, full).split(path.sep).join('/')}`
			const sibling = (ext: string) => {
				try {
					return { file: full + ext, size: fs.statSync(full + ext).size }
				} catch {
					return undefined
				}
			}
			index.set(urlPath, {
				file: full,
				size: stat.size,
				type: contentTypes[path.extname(entry.name).toLowerCase()] ?? 'application/octet-stream',
				etag: `"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}"`,
				br: sibling('.br'),
				gzip: sibling('.gz'),
				// Vite's hashed output never changes under the same name.
				immutable: urlPath.startsWith('/assets/'),
			})
		}
	}
	if (fs.existsSync(root)) walk(root)
	return index
}
