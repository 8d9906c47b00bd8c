/**
 * What the database layer reports to /metrics (server/metrics.ts): the time
 * of every query, and the PostgreSQL pools' sizes. Nothing is recorded until
 * the metrics module sets an observer.
 */
import type { LogEvent } from 'kysely'
import type pg from 'pg'

type QueryObserver = (seconds: number, failed: boolean) => void
let observer: QueryObserver | undefined

export function setQueryObserver(next: QueryObserver | undefined) {
	observer = next
}

/** Kysely's `log` option. */
export function logQuery(event: LogEvent) {
	observer?.(event.queryDurationMillis / 1000, event.level === 'error')
}

const pools = new Set<pg.Pool>()

export function trackPool(pool: pg.Pool) {
	pools.add(pool)
}

/** Connections of every open pool: open, idle, and requests waiting for one. */
export function poolStats(): { total: number; idle: number; waiting: number } {
	const stats = { total: 0, idle: 0, waiting: 0 }
	for (const pool of pools) {
		if (pool.ended) {
			pools.delete(pool)
			continue
		}
		stats.total += pool.totalCount
		stats.idle += pool.idleCount
		stats.waiting += pool.waitingCount
	}
	return stats
}
