import { hostname } from 'node:os'
import { AppError } from '~/lib/errors.ts'
import { newId } from '~/lib/ids.ts'
import { type Actor, recordAudit } from '../db/audit.server.ts'
import type { DB, Executor } from '../db/client.server.ts'
import type { JobRow } from '../db/schema.ts'
import { logger } from '../logger.server.ts'
import { type JobStatus, type RecurringJob, recurringSlot, retryDelayMs } from './slots.ts'

/**
 * One durable job runner for everything timed or retried (docs/decisions/209-one-job-runner.md). A job
 * is a row: queued once per key, claimed by one instance for a lease with one conditional update,
 * retried with back-off, and kept as failed for owners after its last attempt. An instance that stops
 * mid-job leaves it running with a lease that runs out; then another instance (or the same one,
 * restarted) runs it again, so handlers are written to be safe to run twice.
 */

export type JobContext = { db: DB; now: Date; job: { id: number; kind: string; key: string; attempts: number } }
export type JobHandler = (payload: unknown, context: JobContext) => Promise<void>

const defaultLeaseMs = 10 * 60_000
const defaultMaxAttempts = 5

/** Queues a job once per key; false when a job with this key exists already. */
export async function enqueueJob(
	executor: Executor,
	job: { kind: string; key: string; runAt?: Date; payload?: unknown; maxAttempts?: number },
	now = new Date(),
): Promise<boolean> {
	const result = await executor
		.insertInto('jobs')
		.values({
			kind: job.kind,
			key: job.key,
			payload_json: JSON.stringify(job.payload ?? null),
			status: 'queued',
			run_at: (job.runAt ?? now).toISOString(),
			attempts: 0,
			max_attempts: job.maxAttempts ?? defaultMaxAttempts,
			locked_by: null,
			locked_until: null,
			last_error: null,
			created_at: now.toISOString(),
			finished_at: null,
		})
		.onConflict((oc) => oc.column('key').doNothing())
		.executeTakeFirst()
	return Number(result.numInsertedOrUpdatedRows ?? 0) === 1
}

/**
 * Queues the current slot's job of each recurring kind (a no-op when it is queued already, by this instance or another).
 * `seen` remembers the slots this process has queued, so a poller writes once per slot, not on every poll.
 */
export async function queueRecurringJobs(db: Executor, recurring: readonly RecurringJob[], now = new Date(), seen?: Map<string, string>): Promise<number> {
	let queued = 0
	for (const job of recurring) {
		const slot = recurringSlot(job, now)
		if (seen?.get(job.kind) === slot.key) continue
		if (await enqueueJob(db, { kind: job.kind, key: slot.key, runAt: new Date(slot.runAt), maxAttempts: job.maxAttempts ?? 1 }, now)) queued++
		seen?.set(job.kind, slot.key)
	}
	return queued
}

/**
 * Claims the next due job of the given kinds for `worker`: a queued job whose time has come, or a
 * running one whose lease ran out. One conditional update decides, so of several instances one wins.
 */
export async function claimNextJob(
	db: DB,
	worker: string,
	kinds: readonly string[],
	now = new Date(),
	leaseMs: (kind: string) => number = () => defaultLeaseMs,
): Promise<JobRow | null> {
	if (kinds.length === 0) return null
	const nowIso = now.toISOString()
	const candidates = await db
		.selectFrom('jobs')
		.selectAll()
		.where('kind', 'in', [...kinds])
		.where((eb) =>
			eb.or([eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', nowIso)]), eb.and([eb('status', '=', 'running'), eb('locked_until', '<', nowIso)])]),
		)
		.orderBy('run_at')
		.orderBy('id')
		.limit(5)
		.execute()
	for (const row of candidates) {
		const lockedUntil = new Date(now.getTime() + leaseMs(row.kind)).toISOString()
		const claimed = await db
			.updateTable('jobs')
			.set({ status: 'running', locked_by: worker, locked_until: lockedUntil, attempts: row.attempts + 1 })
			.where('id', '=', row.id)
			.where('status', '=', row.status)
			.where('attempts', '=', row.attempts)
			.executeTakeFirst()
		if (Number(claimed.numUpdatedRows) === 1) return { ...row, status: 'running', locked_by: worker, locked_until: lockedUntil, attempts: row.attempts + 1 }
	}
	return null
}

/** Runs one claimed job and records how it went: done, queued again after a wait, or failed for good. */
async function runClaimed(db: DB, row: JobRow, handler: JobHandler, now: () => Date): Promise<'done' | 'retried' | 'failed'> {
	try {
		await handler(JSON.parse(row.payload_json), { db, now: now(), job: { id: row.id, kind: row.kind, key: row.key, attempts: row.attempts } })
		await db
			.updateTable('jobs')
			.set({ status: 'done', locked_by: null, locked_until: null, last_error: null, finished_at: now().toISOString() })
			.where('id', '=', row.id)
			.where('locked_by', '=', row.locked_by)
			.where('attempts', '=', row.attempts)
			.execute()
		return 'done'
	} catch (error) {
		const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000)
		const failed = row.attempts >= row.max_attempts
		await db
			.updateTable('jobs')
			.set(
				failed
					? { status: 'failed', locked_by: null, locked_until: null, last_error: message, finished_at: now().toISOString() }
					: {
							status: 'queued',
							locked_by: null,
							locked_until: null,
							last_error: message,
							run_at: new Date(now().getTime() + retryDelayMs(row.attempts)).toISOString(),
						},
			)
			.where('id', '=', row.id)
			.where('locked_by', '=', row.locked_by)
			.where('attempts', '=', row.attempts)
			.execute()
		logger.error({ msg: failed ? 'job failed' : 'job will be retried', kind: row.kind, key: row.key, attempts: row.attempts, error })
		return failed ? 'failed' : 'retried'
	}
}

/** Runs the due jobs this instance has handlers for, one after another, at most `limit`. */
export async function runDueJobs(
	db: DB,
	handlers: Readonly<Record<string, JobHandler>>,
	options: { worker: string; limit?: number; now?: () => Date; leaseMs?: (kind: string) => number },
) {
	const now = options.now ?? (() => new Date())
	const result = { done: 0, retried: 0, failed: 0 }
	for (let i = 0; i < (options.limit ?? 20); i++) {
		const row = await claimNextJob(db, options.worker, Object.keys(handlers), now(), options.leaseMs)
		if (!row) break
		result[await runClaimed(db, row, handlers[row.kind]!, now)]++
	}
	return result
}

/** Finished jobs older than `keepDays` go; failed ones stay until an owner retries them or they are a month old. */
export async function purgeFinishedJobs(db: Executor, now = new Date(), keepDays = 7): Promise<number> {
	const doneBefore = new Date(now.getTime() - keepDays * 86_400_000).toISOString()
	const failedBefore = new Date(now.getTime() - 30 * 86_400_000).toISOString()
	const result = await db
		.deleteFrom('jobs')
		.where((eb) =>
			eb.or([
				eb.and([eb('status', '=', 'done'), eb('finished_at', '<', doneBefore)]),
				eb.and([eb('status', '=', 'failed'), eb('finished_at', '<', failedBefore)]),
			]),
		)
		.executeTakeFirst()
	return Number(result.numDeletedRows)
}

export type JobEntry = {
	id: number
	kind: string
	key: string
	status: JobStatus
	attempts: number
	maxAttempts: number
	runAt: string
	lastError: string | null
	finishedAt: string | null
}

/** Jobs for owners: failed first, then the latest. */
export async function listJobs(db: Executor, status: JobStatus | 'all' = 'all'): Promise<JobEntry[]> {
	let query = db.selectFrom('jobs').selectAll()
	if (status !== 'all') query = query.where('status', '=', status)
	const rows = await query
		.orderBy((eb) => eb.case().when('status', '=', 'failed').then(0).else(1).end())
		.orderBy('run_at', 'desc')
		.orderBy('id', 'desc')
		.limit(200)
		.execute()
	return rows.map((row) => ({
		id: row.id,
		kind: row.kind,
		key: row.key,
		status: row.status as JobStatus,
		attempts: row.attempts,
		maxAttempts: row.max_attempts,
		runAt: row.run_at,
		lastError: row.last_error,
		finishedAt: row.finished_at,
	}))
}

/** An owner runs a failed job again: queued now with one more attempt. */
export async function retryFailedJob(db: DB, actor: Actor, id: number, now = new Date()): Promise<void> {
	await db.transaction().execute(async (trx) => {
		const row = await trx.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst()
		if (!row) throw new AppError('not-found', 'That job is no longer here. Reload the list.')
		const result = await trx
			.updateTable('jobs')
			.set({ status: 'queued', run_at: now.toISOString(), max_attempts: row.attempts + 1, finished_at: null })
			.where('id', '=', id)
			.where('status', '=', 'failed')
			.executeTakeFirst()
		if (Number(result.numUpdatedRows) !== 1) throw new AppError('failed-precondition', 'Only a failed job can be run again; this one is not failed now.')
		await recordAudit(trx, { actor, action: 'job-retry', entity: 'job', entityId: String(id), before: { status: row.status, lastError: row.last_error } })
	})
}

/** This process's name in `locked_by`: the host and a random part, so two processes on one host differ. */
export const thisWorker = `${hostname()}:${process.pid}:${newId(6)}`

/**
 * The runner in a server process: every `pollMs` it queues the current slot of each recurring job and
 * runs what is due. A failed poll (the database away) is logged and the next poll tries again; nothing
 * here can stop the process. Returns a function that stops it and waits for a job in progress.
 */
export function startJobRunner(
	database: () => DB,
	options: { handlers: Readonly<Record<string, JobHandler>>; recurring: readonly RecurringJob[]; pollMs?: number; firstDelayMs?: number; worker?: string },
) {
	const pollMs = options.pollMs ?? 5_000
	const leases = new Map(options.recurring.map((job) => [job.kind, job.leaseMs ?? defaultLeaseMs]))
	let stopped = false
	let timer: NodeJS.Timeout | undefined
	let running: Promise<void> | null = null
	let lastPurge = 0
	const queuedSlots = new Map<string, string>()
	const poll = async () => {
		try {
			const db = database()
			await queueRecurringJobs(db, options.recurring, new Date(), queuedSlots)
			await runDueJobs(db, options.handlers, { worker: options.worker ?? thisWorker, leaseMs: (kind) => leases.get(kind) ?? defaultLeaseMs })
			if (Date.now() - lastPurge > 60 * 60_000) {
				lastPurge = Date.now()
				await purgeFinishedJobs(db)
			}
		} catch (error) {
			logger.error({ msg: 'job runner poll failed', error })
		}
	}
	const schedule = (delay: number) => {
		if (stopped) return
		timer = setTimeout(() => {
			running = poll().finally(() => {
				running = null
				schedule(pollMs)
			})
		}, delay)
		timer.unref()
	}
	schedule(options.firstDelayMs ?? 1_000)
	return async () => {
		stopped = true
		clearTimeout(timer)
		await running
	}
}
