import { expect, test } from 'vitest'
import { chunkReloadWindowMs, isChunkLoadError, shouldReload } from './chunk-reload.ts'

test('recognises the browsers’ chunk load failures and nothing else', () => {
	expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true)
	expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
	expect(isChunkLoadError(new Error('error loading dynamically imported module'))).toBe(true)
	expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false)
	expect(isChunkLoadError(undefined)).toBe(false)
})

test('reloads once per path within the 10 second window', () => {
	const now = 1_000_000
	expect(shouldReload({}, '/packages', now)).toBe(true)
	expect(shouldReload({ '/packages': now - 5_000 }, '/packages', now)).toBe(false)
	expect(shouldReload({ '/packages': now - chunkReloadWindowMs - 1 }, '/packages', now)).toBe(true)
	expect(shouldReload({ '/packages': now - 5_000 }, '/builder', now)).toBe(true)
})
