import { expect, test } from 'vitest'
import { currentPrefetches, maxConcurrentPrefetches, prefetchIntent } from './prefetch.tsx'

test('at most 4 route preloads at a time: the newest intents win, repeats are ignored', () => {
	expect(maxConcurrentPrefetches).toBe(4)
	for (const page of ['/packages', '/activities', '/destinations', '/travel-guide', '/builder', '/contact']) prefetchIntent(page)
	expect(currentPrefetches()).toEqual(['/destinations', '/travel-guide', '/builder', '/contact'])
	prefetchIntent('/builder')
	expect(currentPrefetches()).toEqual(['/destinations', '/travel-guide', '/builder', '/contact'])
})
