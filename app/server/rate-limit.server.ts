import { sql } from 'kysely'
import type { Executor } from './db/client.server.ts'

/**
 * Fixed-window rate limits kept in the database, so that every server
 * instance counts against the same buckets (docs/architecture.md: N stateless
 * instances). One row per key; the key names the purpose and the subject,
 * e.g. `sign-in-failed:ip:203.0.113.7`. Public forms reuse this module.
 */
export type RateLimit = { limit: number; windowSeconds: number }
export type RateLimitResult = {
	/** False when this attempt is over the limit. */
	ok: boolean
	/** Attempts counted in the current window, this one included. */
	count: number
	/** Seconds until the window resets; 0 when `ok`. */
	retryAfterSeconds: number
}

function windowOf(now: Date, windowSeconds: number) {
	const size = windowSeconds * 1000
	const start = Math.floor(now.getTime() / size) * size
	return { start: new Date(start).toISOString(), end: new Date(start + size).toISOString(), endMs: start + size }
}

function retryAfter(endMs: number, now: Date): number {
	return Math.max(1, Math.ceil((endMs - now.getTime()) / 1000))
}

/**
 * Counts one attempt against `key` and says whether it is within the limit.
 * Atomic on both databases (a single upsert), so concurrent attempts on
 * several instances never under-count.
 */
export async function consumeRateLimit(db: Executor, key: string, { limit, windowSeconds }: RateLimit, now = new Date()): Promise<RateLimitResult> {
	const window = windowOf(now, windowSeconds)
	// A newer window resets the count; an older one (a server whose clock lags) still counts in the current window.
	const row = await db
		.insertInto('rate_limits')
		.values({ key, window_start: window.start, window_end: window.end, count: 1 })
		.onConflict((oc) =>
			oc.column('key').doUpdateSet({
				count: sql<number>`case when excluded.window_start > rate_limits.window_start then 1 else rate_limits.count + 1 end`,
				window_start: sql<string>`case when excluded.window_start > rate_limits.window_start then excluded.window_start else rate_limits.window_start end`,
				window_end: sql<string>`case when excluded.window_start > rate_limits.window_start then excluded.window_end else rate_limits.window_end end`,
			}),
		)
		.returning(['count', 'window_end'])
		.executeTakeFirstOrThrow()
	const count = Number(row.count)
	const ok = count <= limit
	return { ok, count, retryAfterSeconds: ok ? 0 : retryAfter(Date.parse(row.window_end), now) }
}

/**
 * Whether one more attempt would be allowed, without counting it. For limits
 * on failures: check before trying, consume only when the attempt fails.
 */
export async function peekRateLimit(db: Executor, key: string, { limit, windowSeconds }: RateLimit, now = new Date()): Promise<RateLimitResult> {
	const window = windowOf(now, windowSeconds)
	const row = await db.selectFrom('rate_limits').select(['count', 'window_start', 'window_end']).where('key', '=', key).executeTakeFirst()
	if (!row || row.window_start < window.start) return { ok: true, count: 0, retryAfterSeconds: 0 }
	const count = Number(row.count)
	const ok = count < limit
	return { ok, count, retryAfterSeconds: ok ? 0 : retryAfter(Date.parse(row.window_end), now) }
}

/** Forgets a key, e.g. an account's failed sign-ins after it signs in successfully. */
export async function resetRateLimit(db: Executor, key: string): Promise<void> {
	await db.deleteFrom('rate_limits').where('key', '=', key).execute()
}

/** Deletes buckets whose window has ended; cheap (indexed) and safe to run from any instance. */
export async function purgeRateLimits(db: Executor, now = new Date()): Promise<number> {
	const result = await db.deleteFrom('rate_limits').where('window_end', '<=', now.toISOString()).executeTakeFirst()
	return Number(result.numDeletedRows)
}

/**
 * Gives back one attempt counted by `consumeRateLimit` (never below zero), for
 * limits that count every attempt up front but mean failures: the attempt is
 * counted before the check, and returned when the check succeeds.
 */
export async function refundRateLimit(db: Executor, key: string): Promise<void> {
	await db
		.updateTable('rate_limits')
		.set({ count: sql<number>`case when count > 0 then count - 1 else 0 end` })
		.where('key', '=', key)
		.execute()
}

/** Remembers a key for `seconds` from now (e.g. a client address an account signed in from); a later call extends it. */
export async function rememberKey(db: Executor, key: string, seconds: number, now = new Date()): Promise<void> {
	const start = now.toISOString()
	const end = new Date(now.getTime() + seconds * 1000).toISOString()
	await db
		.insertInto('rate_limits')
		.values({ key, window_start: start, window_end: end, count: 1 })
		.onConflict((oc) => oc.column('key').doUpdateSet({ window_start: start, window_end: end, count: 1 }))
		.execute()
}

/** Whether `rememberKey` remembered the key and it has not expired. */
export async function isRemembered(db: Executor, key: string, now = new Date()): Promise<boolean> {
	const row = await db.selectFrom('rate_limits').select('window_end').where('key', '=', key).executeTakeFirst()
	return row !== undefined && row.window_end > now.toISOString()
}
