import { expect, test } from 'vitest'
import { createLocalRateLimit, isLoopbackAddress } from './local-rate-limit.server.ts'

test('a burst is allowed, then one request per token; each address has its own bucket', () => {
	const take = createLocalRateLimit({ perSecond: 10, burst: 5 })
	const now = 1_000_000
	for (let i = 0; i < 5; i++) expect(take('203.0.113.7', now).ok).toBe(true)
	expect(take('203.0.113.7', now)).toEqual({ ok: false, retryAfterSeconds: 1 })
	expect(take('198.51.100.2', now).ok).toBe(true)
	// 100 ms later one token has come back, and only one.
	expect(take('203.0.113.7', now + 100).ok).toBe(true)
	expect(take('203.0.113.7', now + 100).ok).toBe(false)
	// A quiet spell refills the bucket to the burst, not beyond.
	for (let i = 0; i < 5; i++) expect(take('203.0.113.7', now + 60_000).ok).toBe(true)
	expect(take('203.0.113.7', now + 60_000).ok).toBe(false)
})

test('a slow rate says how long to wait', () => {
	const take = createLocalRateLimit({ perSecond: 0.5, burst: 1 })
	expect(take('a', 0).ok).toBe(true)
	expect(take('a', 0)).toEqual({ ok: false, retryAfterSeconds: 2 })
})

test('loopback addresses', () => {
	for (const address of ['127.0.0.1', '::1', '127.1.2.3', '::ffff:127.0.0.1']) expect(isLoopbackAddress(address), address).toBe(true)
	for (const address of ['10.0.0.1', '203.0.113.7', '::ffff:10.0.0.1', 'unknown']) expect(isLoopbackAddress(address), address).toBe(false)
})
