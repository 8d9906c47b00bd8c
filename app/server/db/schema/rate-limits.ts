/** Fixed-window counters shared by every server instance (app/server/rate-limit.server.ts). */
export interface RateLimitsTable {
	key: string
	window_start: string
	window_end: string
	count: number
}
