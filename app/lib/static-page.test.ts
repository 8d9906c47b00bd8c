import { describe, expect, it } from 'vitest'
import { isStaticPageHandle, rendersStaticPage, staticPage } from './static-page.ts'

const page = (handles: unknown[], errors: unknown = null) => ({
	staticHandlerContext: { matches: handles.map((_, index) => ({ route: { id: `r${index}` } })), errors },
	routeModules: Object.fromEntries(handles.map((handle, index) => [`r${index}`, { handle }])),
})

describe('static pages', () => {
	it('recognises the handle, alone or spread into a route’s own handle', () => {
		expect(isStaticPageHandle(staticPage)).toBe(true)
		expect(isStaticPageHandle({ ...staticPage, breadcrumb: 'Guide' })).toBe(true)
		expect(isStaticPageHandle({ staticPage: 'yes' })).toBe(false)
		expect(isStaticPageHandle(undefined)).toBe(false)
		expect(isStaticPageHandle(null)).toBe(false)
	})

	it('is static only when the deepest route opted in', () => {
		expect(rendersStaticPage(page([undefined, undefined, staticPage]))).toBe(true)
		// A layout's opt-in does not make the pages under it static.
		expect(rendersStaticPage(page([undefined, staticPage, undefined]))).toBe(false)
		expect(rendersStaticPage(page([]))).toBe(false)
	})

	it('hydrates error pages even under a static route', () => {
		expect(rendersStaticPage(page([undefined, staticPage], { r1: new Error('boom') }))).toBe(false)
	})
})
