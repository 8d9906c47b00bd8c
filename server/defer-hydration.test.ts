import { expect, test } from 'vitest'
import { deferHydration, deferredModuleType } from './defer-hydration.ts'

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
	expect(html).not.toContain('modulepreload')
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
