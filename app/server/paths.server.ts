import path from 'node:path'

let publicDir = path.resolve('public')

/** The folder the site's public files are served from: `public/` in development, `build/client/` in production. */
export function getPublicDir() {
	return publicDir
}
export function setPublicDir(dir: string) {
	publicDir = path.resolve(dir)
}
