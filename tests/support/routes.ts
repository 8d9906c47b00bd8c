import type { RouteConfigEntry } from '@react-router/dev/routes'
import { matchRoutes, type RouteObject } from 'react-router'
import routes from '../../app/routes.ts'

/**
 * The one walker of app/routes.ts that tests share: the route × role matrix, the junk-input test,
 * the editorial-page check, the identity API paths and the browser tests all read the routes
 * from the config itself, so a new route is covered the day it is declared.
 */
const config = routes as RouteConfigEntry[]

/** A route entry with its full path: no leading slash, '' for the root; layouts have `page: false`. */
export type RouteEntry = { id: string; file: string; path: string; page: boolean; entry: RouteConfigEntry }

export function routeEntries(entries: readonly RouteConfigEntry[] = config, parentPath = ''): RouteEntry[] {
	return entries.flatMap((entry) => {
		const path = entry.path ? [parentPath, entry.path].filter(Boolean).join('/') : parentPath
		const page = Boolean(entry.index || (entry.path !== undefined && !entry.children?.length))
		return [{ id: entry.id ?? entry.file, file: entry.file, path, page, entry }, ...(entry.children ? routeEntries(entry.children, path) : [])]
	})
}

export type DeclaredRoute = { path: string; file: string; id?: string }

/** Every page (index or leaf route) with its URL path, '/'-rooted. */
export function declaredRoutes(): DeclaredRoute[] {
	return routeEntries()
		.filter((route) => route.page)
		.map((route) => ({ path: `/${route.path}`.replace(/\/+/g, '/'), file: route.file, id: route.entry.id }))
}

const resourceFiles = /routes\/resources\//
/** Staff pages inside the site layout: guarded, tested in staff-packages.spec.ts. */
export const staffSitePages = new Set(['/add-package', '/test-packages'])
/** Public pages: not admin, not the agent area, not test pages, not resource routes, not the catch-all, not the identity API. */
export function publicPageRoutes(): DeclaredRoute[] {
	return declaredRoutes().filter(
		(route) =>
			!route.path.startsWith('/admin') &&
			!route.path.startsWith('/agent') &&
			!staffSitePages.has(route.path) &&
			!route.path.startsWith('/__test') &&
			route.path !== '/*' &&
			!resourceFiles.test(route.file) &&
			!route.path.includes('identitytoolkit') &&
			!route.path.includes('securetoken'),
	)
}

const isAdminPath = (path: string) => path === 'admin' || path.startsWith('admin/')

/** Every route whose URL is under /admin, including pathless layouts that only wrap admin routes (tested at /admin). */
export function adminRoutes(): Array<{ id: string; file: string; path: string }> {
	const all = routeEntries()
	return all.flatMap((route) => {
		if (isAdminPath(route.path)) return [{ id: route.id, file: route.file, path: route.path }]
		const isPathlessLayout = !route.entry.path && !route.entry.index && Boolean(route.entry.children?.length)
		if (!isPathlessLayout) return []
		const descendants = routeEntries(route.entry.children, route.path)
		const wrapsOnlyAdmin = descendants.every((child) => (!child.entry.path && !child.entry.index) || isAdminPath(child.path))
		return wrapsOnlyAdmin ? [{ id: route.id, file: route.file, path: 'admin' }] : []
	})
}

const isAgentPath = (path: string) => path === 'agent' || path.startsWith('agent/')

/** Every route whose URL is under /agent (the agent area, ADR 221), its layout included. */
export function agentRoutes(): Array<{ id: string; file: string; path: string }> {
	return routeEntries().flatMap((route) => {
		if (isAgentPath(route.path)) return [{ id: route.id, file: route.file, path: route.path }]
		const isPathlessLayout = !route.entry.path && !route.entry.index && Boolean(route.entry.children?.length)
		if (!isPathlessLayout) return []
		const descendants = routeEntries(route.entry.children, route.path)
		return descendants.every((child) => (!child.entry.path && !child.entry.index) || isAgentPath(child.path))
			? [{ id: route.id, file: route.file, path: 'agent' }]
			: []
	})
}

function toRouteObjects(entries: readonly RouteConfigEntry[]): RouteObject[] {
	return entries.map((entry) =>
		entry.index
			? { id: entry.id ?? entry.file, path: entry.path, index: true }
			: { id: entry.id ?? entry.file, path: entry.path, children: entry.children ? toRouteObjects(entry.children) : undefined },
	)
}

const tree = toRouteObjects(config)
/** The deepest route React Router would match for a URL, with its params. */
export function routeMatchFor(url: string) {
	return matchRoutes(tree, url)?.at(-1)
}

/** The file of the route React Router would render for a URL. */
export function routeFileFor(url: string): string | undefined {
	return routeMatchFor(url)?.route.id
}
