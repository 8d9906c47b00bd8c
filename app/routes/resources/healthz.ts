import { db } from '~/server/db/index.server.ts'
import { pingDatabase } from '~/server/db/client.server.ts'
import { logger } from '~/server/logger.server.ts'

/** For load balancers: 200 when this instance can reach its database, 503 otherwise. */
export async function loader() {
	const started = performance.now()
	try {
		await pingDatabase(db())
		return Response.json({ status: 'ok', databaseMs: Math.round(performance.now() - started) }, { headers: { 'Cache-Control': 'no-store' } })
	} catch (error) {
		logger.error({ msg: 'health check failed', error })
		return Response.json({ status: 'error', database: 'unreachable' }, { status: 503, headers: { 'Cache-Control': 'no-store' } })
	}
}
