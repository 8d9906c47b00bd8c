import { checkDatabaseHealth } from '~/server/db/health.server.ts'
import { db } from '~/server/db/index.server.ts'
import { logger } from '~/server/logger.server.ts'

/**
 * For load balancers and operators: 200 when this instance's database answers
 * a real read, is fully migrated and can take writes; 503 with the problem in
 * words otherwise (docs/security.md, "Shutdown and health").
 */
export async function loader() {
	const health = await checkDatabaseHealth(db())
	if (health.ok) return Response.json({ status: 'ok', databaseMs: health.ms }, { headers: { 'Cache-Control': 'no-store' } })
	logger.error({ msg: 'health check failed', problem: health.problem })
	return Response.json({ status: 'error', database: health.problem, databaseMs: health.ms }, { status: 503, headers: { 'Cache-Control': 'no-store', 'Retry-After': '5' } })
}
