import { createHealthMonitor, type DatabaseHealth } from '~/server/db/health.server.ts'
import { db } from '~/server/db/index.server.ts'
import { createLocalRateLimit, isLoopbackAddress } from '~/server/local-rate-limit.server.ts'
import { logger } from '~/server/logger.server.ts'
import { clientAddressOf } from '~/server/request-context.ts'
import type { Route } from './+types/healthz'

/** How often one address may ask (docs/security.md, "Shutdown and health"); this machine itself is not limited. */
export const healthzRateLimit = { perSecond: 20, burst: 20 }
const takeHealthz = createLocalRateLimit(healthzRateLimit)
/** The check runs at most once a second, whoever asks; everyone in between gets its answer. */
const databaseHealth = createHealthMonitor()
let lastLogged: DatabaseHealth | null = null

/**
 * For load balancers and operators: 200 when this instance's database answers
 * a real read, is fully migrated and can take writes; 503 with the problem in
 * words otherwise (docs/security.md, "Shutdown and health").
 */
export async function loader({ context }: Route.LoaderArgs) {
	const address = clientAddressOf(context)
	if (!isLoopbackAddress(address)) {
		const taken = takeHealthz(address)
		if (!taken.ok) {
			return Response.json(
				{ status: 'busy', message: `Too many health checks from this address (at most ${healthzRateLimit.perSecond} a second).` },
				{ status: 429, headers: { 'Cache-Control': 'no-store', 'Retry-After': String(taken.retryAfterSeconds) } },
			)
		}
	}
	const health = await databaseHealth(db())
	if (health.ok) return Response.json({ status: 'ok', databaseMs: health.ms }, { headers: { 'Cache-Control': 'no-store' } })
	// One log line per check, not one per request that shares its answer.
	if (health !== lastLogged) logger.error({ msg: 'health check failed', problem: health.problem })
	lastLogged = health
	return Response.json(
		{ status: 'error', database: health.problem, databaseMs: health.ms },
		{ status: 503, headers: { 'Cache-Control': 'no-store', 'Retry-After': '5' } },
	)
}
