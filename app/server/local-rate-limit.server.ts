/**
 * Rate limits kept in this process's memory (token buckets), for answers that
 * must stay cheap: a database round trip per request would cost more than the
 * answer it protects (/healthz, image renders). Each instance counts for
 * itself; the database-backed limits (rate-limit.server.ts) are for sign-in and
 * public forms, which must count across instances.
 */
export type LocalRateLimit = {
	/** Requests a second, on average. */
	perSecond: number
	/** Requests allowed at once after a quiet spell. */
	burst: number
}

/** Keys remembered at most; past this the oldest bucket is forgotten (a full bucket behaves the same). */
const maxKeys = 10_000

export function createLocalRateLimit({ perSecond, burst }: LocalRateLimit) {
	const buckets = new Map<string, { tokens: number; at: number }>()
	/** Takes one token for `key`: ok, or how many seconds until the next one. */
	return (key: string, now = Date.now()): { ok: true } | { ok: false; retryAfterSeconds: number } => {
		const bucket = buckets.get(key) ?? { tokens: burst, at: now }
		buckets.delete(key)
		bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * perSecond)
		bucket.at = now
		buckets.set(key, bucket)
		if (buckets.size > maxKeys) buckets.delete(buckets.keys().next().value!)
		if (bucket.tokens >= 1) {
			bucket.tokens -= 1
			return { ok: true }
		}
		return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond)) }
	}
}

/** This machine itself (a local monitor, or a proxy on the same machine without TRUST_PROXY). */
export function isLoopbackAddress(address: string): boolean {
	return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.')
}
