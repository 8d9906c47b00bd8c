import { expect, test } from 'vitest'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { consumeRateLimit, isRemembered, peekRateLimit, purgeRateLimits, refundRateLimit, rememberKey, resetRateLimit } from './rate-limit.server.ts'

const limit = { limit: 3, windowSeconds: 60 }
const at = (iso: string) => new Date(iso)

describeEachDatabase('rate limits', (get) => {
	test('counts attempts in a fixed window and says when to retry', async () => {
		const { db } = get()
		const results = []
		for (let i = 0; i < 4; i++) results.push(await consumeRateLimit(db, 'test:a', limit, at('2026-11-22T10:00:15Z')))
		expect(results.map((r) => r.ok)).toEqual([true, true, true, false])
		expect(results[3]).toMatchObject({ count: 4, retryAfterSeconds: 45 })
		// The next window starts afresh.
		expect(await consumeRateLimit(db, 'test:a', limit, at('2026-11-22T10:01:00Z'))).toEqual({ ok: true, count: 1, retryAfterSeconds: 0 })
	})

	test('keys are independent', async () => {
		const { db } = get()
		for (let i = 0; i < 3; i++) await consumeRateLimit(db, 'test:b', limit, at('2026-11-22T10:00:00Z'))
		expect((await consumeRateLimit(db, 'test:b', limit, at('2026-11-22T10:00:01Z'))).ok).toBe(false)
		expect((await consumeRateLimit(db, 'test:c', limit, at('2026-11-22T10:00:01Z'))).ok).toBe(true)
	})

	test('concurrent attempts (as from several instances) are all counted', async () => {
		const { db } = get()
		const now = at('2026-11-22T11:00:00Z')
		const results = await Promise.all(Array.from({ length: 25 }, () => consumeRateLimit(db, 'test:burst', { limit: 10, windowSeconds: 60 }, now)))
		expect(results.filter((r) => r.ok)).toHaveLength(10)
		expect(Math.max(...results.map((r) => r.count))).toBe(25)
	})

	test('a server whose clock lags still counts in the current window', async () => {
		const { db } = get()
		await consumeRateLimit(db, 'test:clock', limit, at('2026-11-22T12:01:00Z'))
		const lagging = await consumeRateLimit(db, 'test:clock', limit, at('2026-11-22T12:00:59Z'))
		expect(lagging.count).toBe(2)
		expect((await consumeRateLimit(db, 'test:clock', limit, at('2026-11-22T12:01:01Z'))).count).toBe(3)
	})

	test('peek does not count; reset forgets; purge drops ended windows', async () => {
		const { db } = get()
		const now = at('2026-11-22T13:00:10Z')
		expect(await peekRateLimit(db, 'test:peek', limit, now)).toEqual({ ok: true, count: 0, retryAfterSeconds: 0 })
		for (let i = 0; i < 3; i++) await consumeRateLimit(db, 'test:peek', limit, now)
		expect(await peekRateLimit(db, 'test:peek', limit, now)).toEqual({ ok: false, count: 3, retryAfterSeconds: 50 })
		expect((await peekRateLimit(db, 'test:peek', limit, now)).count).toBe(3)
		// An ended window no longer blocks.
		expect((await peekRateLimit(db, 'test:peek', limit, at('2026-11-22T13:01:00Z'))).ok).toBe(true)
		await resetRateLimit(db, 'test:peek')
		expect((await peekRateLimit(db, 'test:peek', limit, now)).count).toBe(0)

		await consumeRateLimit(db, 'test:old', limit, at('2026-11-20T00:00:00Z'))
		expect(await purgeRateLimits(db, now)).toBeGreaterThanOrEqual(1)
		expect(await db.selectFrom('rate_limits').select('key').where('key', '=', 'test:old').executeTakeFirst()).toBeUndefined()
	})

	test('a refund gives back one attempt, never below zero', async () => {
		const { db } = get()
		const now = at('2026-11-22T14:00:00Z')
		for (let i = 0; i < 3; i++) await consumeRateLimit(db, 'test:refund', limit, now)
		await refundRateLimit(db, 'test:refund')
		expect(await consumeRateLimit(db, 'test:refund', limit, now)).toMatchObject({ ok: true, count: 3 })
		for (let i = 0; i < 5; i++) await refundRateLimit(db, 'test:refund')
		expect(await consumeRateLimit(db, 'test:refund', limit, now)).toMatchObject({ ok: true, count: 1 })
		await refundRateLimit(db, 'test:never-counted')
		expect(await db.selectFrom('rate_limits').select('key').where('key', '=', 'test:never-counted').executeTakeFirst()).toBeUndefined()
	})

	test('a remembered key lasts its time from the last remembering', async () => {
		const { db } = get()
		expect(await isRemembered(db, 'test:known', at('2026-11-22T15:00:00Z'))).toBe(false)
		await rememberKey(db, 'test:known', 3600, at('2026-11-22T15:00:00Z'))
		expect(await isRemembered(db, 'test:known', at('2026-11-22T15:59:59Z'))).toBe(true)
		expect(await isRemembered(db, 'test:known', at('2026-11-22T16:00:00Z'))).toBe(false)
		await rememberKey(db, 'test:known', 3600, at('2026-11-22T15:30:00Z'))
		expect(await isRemembered(db, 'test:known', at('2026-11-22T16:20:00Z'))).toBe(true)
	})
})
