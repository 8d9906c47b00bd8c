import { expect, test } from 'vitest'
import { deferHydration, deferredModuleType, stagedChunks } from './defer-hydration.ts'

const page = [
	'<html><head><link rel="stylesheet" href="/assets/root.css"/>',
	'<link rel="modulepreload" href="/assets/entry.client.js" nonce="N1"/><link rel="modulepreload" href="/assets/root.js" nonce="N1"/>',
	'</head><body><main>Hello</main>',
	'<script nonce="N1">window.__reactRouterContext = {};</script>',
	'<script nonce="N1" type="module" async="">import * as route0 from "/assets/root.js";\nimport("/assets/entry.client.js");</script>',
	'</body></html>',
].join('')

test('module preloads go and the module script is parked until the starter inserts it', () => {
	const html = deferHydration(page)
	expect(html).not.toContain('<link rel="modulepreload"')
	expect(html).toContain('<link rel="stylesheet" href="/assets/root.css"/>')
	expect(html).not.toContain('type="module" async=""')
	expect(html).toContain(`<script nonce="N1" type="${deferredModuleType}" id="rr-deferred">import * as route0 from "/assets/root.js";`)
	// The starter carries the same nonce and comes before the parked script.
	const starter = html.indexOf(`<script nonce="N1">(function(){`)
	expect(starter).toBeGreaterThan(-1)
	expect(starter).toBeLessThan(html.indexOf('id="rr-deferred"'))
	expect(html).toContain("addEventListener('load'")
	// The data script is untouched.
	expect(html).toContain('<script nonce="N1">window.__reactRouterContext = {};</script>')
})

test('pages without the module script are left alone', () => {
	const html = '<html><head><link rel="modulepreload" href="/x.js"/></head><body></body></html>'
	expect(deferHydration(html)).toBe(html)
})

/** The shape of React Router's inline module script (7.x): route imports, the manifest, then the entry. */
const moduleScript = [
	';',
	'import * as route0 from "/assets/root-R.js";',
	'import * as route1 from "/assets/layout-L.js";',
	'import * as route2 from "/assets/content-page-C.js";',
	'  window.__reactRouterManifest = {',
	'  "entry": {',
	'    "module": "/assets/entry.client-E.js",',
	'    "imports": [',
	'      "/assets/rolldown-runtime-X.js",',
	'      "/assets/react-A.js",',
	'      "/assets/react-dom-B.js",',
	'      "/assets/router-C.js"',
	'    ],',
	'    "css": []',
	'  },',
	'  "routes": {',
	'    "root": { "id": "root", "module": "/assets/root-R.js", "imports": ["/assets/react-A.js", "/assets/toast-T.js", "/assets/site-S.js"], "css": ["/assets/root.css"] },',
	'    "routes/site/layout": { "id": "routes/site/layout", "module": "/assets/layout-L.js", "imports": ["/assets/site-S.js", "/assets/menu-M.js"], "css": [] },',
	'    "routes/site/home": { "id": "routes/site/home", "module": "/assets/home-H.js", "imports": ["/assets/tooltip-U.js"], "css": [] },',
	'    "content/travel-tips": { "id": "content/travel-tips", "module": "/assets/content-page-C.js", "imports": ["/assets/site-S.js", "/assets/faqs-F.js"], "css": [] }',
	'  },',
	'  "url": "/assets/manifest-V.js",',
	'  "version": "V"',
	'};',
	'  window.__reactRouterRouteModules = {"root":route0,"routes/site/layout":route1,"content/travel-tips":route2};',
	'import("/assets/entry.client-E.js");',
].join('\n')

test('the staged chunks are the framework first, then shared chunks, then the route modules; never the entry, other routes or the manifest', () => {
	expect(stagedChunks(moduleScript)).toEqual([
		'/assets/react-A.js',
		'/assets/react-dom-B.js',
		'/assets/router-C.js',
		'/assets/rolldown-runtime-X.js',
		'/assets/toast-T.js',
		'/assets/site-S.js',
		'/assets/menu-M.js',
		'/assets/faqs-F.js',
		'/assets/root-R.js',
		'/assets/layout-L.js',
		'/assets/content-page-C.js',
	])
})

test('a module script without a manifest stages nothing, so the starter simply inserts it', () => {
	expect(stagedChunks('import("/assets/entry.client.js");')).toEqual([])
})

test('the starter carries the staged chunk list and hydrates only after importing them', () => {
	const html = deferHydration(page.replace('import * as route0 from "/assets/root.js";\n', `${moduleScript}\n`))
	const starter = html.slice(html.indexOf('<script nonce="N1">(function(){'), html.indexOf('id="rr-deferred"'))
	expect(starter).toContain('chunks=["/assets/react-A.js","/assets/react-dom-B.js","/assets/router-C.js"')
	expect(starter).not.toContain('/assets/entry.client-E.js')
	expect(starter).not.toContain('/assets/home-H.js')
	expect(starter).toContain("rel='modulepreload'")
})
