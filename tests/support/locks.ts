import { sql } from 'kysely'
import type { DB } from '~/server/db/client.server.ts'

/**
 * PostgreSQL only: runs `work` while another transaction keeps the room type's night rows locked, and lets go once
 * `waiting` statements wait for a lock. Everything `work` read before it waits was read before anything it does
 * commits, so a check-then-act race happens every time instead of by chance.
 */
export async function whileNightsLocked<T>(db: DB, roomTypeId: string, nights: readonly string[], waiting: number, work: () => Promise<T>): Promise<T> {
	let letGo = () => {}
	const gate = new Promise<void>((resolve) => (letGo = resolve))
	let locked = () => {}
	const isLocked = new Promise<void>((resolve) => (locked = resolve))
	const lock = db.transaction().execute(async (trx) => {
		await trx
			.updateTable('room_nights')
			.set({ updated_at: sql`updated_at` })
			.where('room_type_id', '=', roomTypeId)
			.where('night', 'in', nights)
			.execute()
		locked()
		await gate
	})
	await isLocked
	const result = work()
	// Settled (or failed) before all arrived: stop waiting; the caller still gets its answer or its error.
	let settled = false
	result.then(
		() => (settled = true),
		() => (settled = true),
	)
	try {
		// A statement waits at most 5 s for a lock (statement_timeout): let go 3 s after the first began waiting,
		// even if some never arrived (a slow machine); the race is then narrower, never a failure of its own.
		let firstWaiter: number | null = null
		for (const started = Date.now(); Date.now() - started < 20_000;) {
			const { rows } = await sql<{
				n: number
			}>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db)
			if (rows[0]!.n >= waiting || settled) break
			if (rows[0]!.n > 0) firstWaiter ??= Date.now()
			if (firstWaiter !== null && Date.now() - firstWaiter > 3_000) break
			await new Promise((resolve) => setTimeout(resolve, 10))
		}
	} finally {
		letGo()
		await lock
	}
	return result
}
