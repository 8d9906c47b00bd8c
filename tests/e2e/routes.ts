import type { RouteConfigEntry } from '@react-router/dev/routes'
import routes from '../../app/routes.ts'

export type DeclaredRoute = { path: string; file: string; id?: string }

/** Every route of app/routes.ts with its full path, read from the route config itself. */
export function declaredRoutes(entries: RouteConfigEntry[] = routes as RouteConfigEntry[], prefix = ''): DeclaredRoute[] {
	return entries.flatMap((entry) => {
		const path = entry.path === undefined ? prefix : `${prefix}/${entry.path}`.replace(/\/+/g, '/')
		const own = entry.index || (entry.path !== undefined && !entry.children?.length) ? [{ path: path || '/', file: entry.file, id: entry.id }] : []
		return [...own, ...(entry.children ? declaredRoutes(entry.children, path) : [])]
	})
}

const resourceFiles = /routes\/resources\//
/** Staff pages inside the site layout: guarded, tested in staff-packages.spec.ts. */
export const staffSitePages = new Set(['/add-package', '/test-packages'])
/** Public pages: not admin, not test pages, not resource routes, not the catch-all. */
export function publicPageRoutes(): DeclaredRoute[] {
	return declaredRoutes().filter(
		(route) => !route.path.startsWith('/admin') && !staffSitePages.has(route.path) && !route.path.startsWith('/__test') && route.path !== '/*' && !resourceFiles.test(route.file) && !route.path.includes('identitytoolkit') && !route.path.includes('securetoken'),
	)
}
