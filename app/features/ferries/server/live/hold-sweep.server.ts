import type { DB } from '~/server/db/client.server.ts'
import { logger } from '~/server/logger.server.ts'
import { repeatEvery } from '~/server/repeat.server.ts'
import { releaseLapsedHolds } from './holds.server.ts'

/** How often lapsed seat holds are released: a hold lasts minutes, so every minute keeps the seat list honest. */
export const holdSweepEveryMs = 60_000

/**
 * Lapsed ferry seat holds released in-process (ADR 204). Correctness never waits for it: a lapsed claim is
 * taken over by the next hold of its seat and a lapsed hold reads as lapsed (ADR 184); the sweep marks the rest,
 * so staff lists and the seat list agree. Several servers may each run it: releasing is a conditional update.
 */
export function startHoldSweep(database: () => DB, options: { firstDelayMs?: number; everyMs?: number } = {}) {
	return repeatEvery(
		async () => {
			try {
				const released = await releaseLapsedHolds(database())
				if (released) logger.info({ msg: 'lapsed ferry holds released', released })
			} catch (error) {
				logger.error({ msg: 'releasing lapsed ferry holds failed', error })
			}
		},
		{ firstDelayMs: options.firstDelayMs ?? 30_000, everyMs: options.everyMs ?? holdSweepEveryMs },
	)
}
