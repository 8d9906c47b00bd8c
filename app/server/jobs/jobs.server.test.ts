import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { listBackups } from '../backup/backup.server.ts'
import { backgroundJobs } from './background.server.ts'
import { claimNextJob, enqueueJob, listJobs, purgeFinishedJobs, queueRecurringJobs, retryFailedJob, runDueJobs, startJobRunner } from './jobs.server.ts'
import { jobKindLabel, recurringSlot, retryDelayMs } from './slots.ts'

const owner = { id: 'owner-1', label: 'Owner' }
const at = (iso: string) => new Date(iso)

describe('slots and waits', () => {
	test('a recurring job’s slot is counted from the epoch, so every instance names the same one', () => {
		const hourly = { kind: 'payment-reminders', everyMs: 60 * 60_000 }
		expect(recurringSlot(hourly, at('2026-11-27T18:42:10Z'))).toEqual({ key: 'payment-reminders@2026-11-27T18:00:00.000Z', runAt: '2026-11-27T18:00:00.000Z' })
		expect(recurringSlot(hourly, at('2026-11-27T18:59:59.999Z')).key).toBe(recurringSlot(hourly, at('2026-11-27T18:00:00Z')).key)
		expect(recurringSlot(hourly, at('2026-11-27T19:00:00Z')).key).toBe('payment-reminders@2026-11-27T19:00:00.000Z')
		expect(() => recurringSlot({ kind: 'busy', everyMs: 10 }, at('2026-11-27T18:00:00Z'))).toThrow(RangeError)
	})

	test('waits between attempts grow fourfold from 30 seconds and stop at 6 hours', () => {
		expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 120_000, 480_000, 1_920_000])
		expect(retryDelayMs(20)).toBe(6 * 60 * 60_000)
	})

	test('a kind reads as words', () => {
		expect(jobKindLabel('payment-reminders')).toBe('Payment reminders')
	})
})

describeEachDatabase('the job runner', (get) => {
	test('a recurring slot is queued once and run once, though ten instances poll at the same moment', async () => {
		const { db } = get()
		const now = at('2026-11-27T18:30:05Z')
		const recurring = [{ kind: 'sweep-once', everyMs: 60_000 }]
		const queued = await Promise.all(Array.from({ length: 10 }, () => queueRecurringJobs(db, recurring, now)))
		expect(queued.reduce((a, b) => a + b, 0)).toBe(1)
		let runs = 0
		const handlers = {
			'sweep-once': async () => {
				runs++
				await new Promise((resolve) => setTimeout(resolve, 20))
			},
		}
		await Promise.all(Array.from({ length: 10 }, (_, i) => runDueJobs(db, handlers, { worker: `instance-${i}`, now: () => now })))
		expect(runs).toBe(1)
		const [job] = await db.selectFrom('jobs').selectAll().where('kind', '=', 'sweep-once').execute()
		expect(job).toMatchObject({ status: 'done', attempts: 1, key: 'sweep-once@2026-11-27T18:30:00.000Z' })
		// The next slot is a new job.
		expect(await queueRecurringJobs(db, recurring, at('2026-11-27T18:31:00Z'))).toBe(1)
		// A poller that remembers its slots writes once per slot: deleting the row shows the second poll did not insert again.
		const seen = new Map<string, string>()
		expect(await queueRecurringJobs(db, recurring, at('2026-11-27T18:32:00Z'), seen)).toBe(1)
		await db.deleteFrom('jobs').where('key', '=', 'sweep-once@2026-11-27T18:32:00.000Z').execute()
		expect(await queueRecurringJobs(db, recurring, at('2026-11-27T18:32:30Z'), seen)).toBe(0)
		expect(await db.selectFrom('jobs').select('id').where('key', '=', 'sweep-once@2026-11-27T18:32:00.000Z').execute()).toEqual([])
		expect(await queueRecurringJobs(db, recurring, at('2026-11-27T18:33:00Z'), seen)).toBe(1)
	})

	test('a failing job is retried after a growing wait, then kept as failed until an owner runs it again', async () => {
		const { db } = get()
		const start = at('2026-11-27T10:00:00Z')
		expect(await enqueueJob(db, { kind: 'flaky', key: 'flaky:1', payload: { n: 1 }, maxAttempts: 2 }, start)).toBe(true)
		expect(await enqueueJob(db, { kind: 'flaky', key: 'flaky:1', payload: { n: 2 } }, start)).toBe(false)
		let fail = true
		const seen: unknown[] = []
		const handlers = {
			flaky: async (payload: unknown) => {
				seen.push(payload)
				if (fail) throw new Error('the supplier’s server answered 502')
			},
		}
		expect(await runDueJobs(db, handlers, { worker: 'a', now: () => start })).toEqual({ done: 0, retried: 1, failed: 0 })
		let row = await db.selectFrom('jobs').selectAll().where('key', '=', 'flaky:1').executeTakeFirstOrThrow()
		expect(row).toMatchObject({ status: 'queued', attempts: 1, last_error: 'the supplier’s server answered 502', run_at: '2026-11-27T10:00:30.000Z' })
		// Not before its wait is over.
		expect(await runDueJobs(db, handlers, { worker: 'a', now: () => at('2026-11-27T10:00:29Z') })).toEqual({ done: 0, retried: 0, failed: 0 })
		expect(await runDueJobs(db, handlers, { worker: 'a', now: () => at('2026-11-27T10:00:31Z') })).toEqual({ done: 0, retried: 0, failed: 1 })
		expect((await listJobs(db, 'failed')).map((job) => job.key)).toContain('flaky:1')

		fail = false
		await retryFailedJob(db, owner, row.id, at('2026-11-27T11:00:00Z'))
		await expect(retryFailedJob(db, owner, row.id)).rejects.toMatchObject({ code: 'failed-precondition' })
		expect(await runDueJobs(db, handlers, { worker: 'b', now: () => at('2026-11-27T11:00:01Z') })).toEqual({ done: 1, retried: 0, failed: 0 })
		row = await db.selectFrom('jobs').selectAll().where('key', '=', 'flaky:1').executeTakeFirstOrThrow()
		expect(row.status).toBe('done')
		expect(seen).toEqual([{ n: 1 }, { n: 1 }, { n: 1 }])
		expect(await db.selectFrom('audit_log').select('action').where('entity', '=', 'job').where('entity_id', '=', String(row.id)).execute()).toEqual([
			{ action: 'job-retry' },
		])
	})

	test('a job left running by an instance that stopped mid-job runs again once its lease is over, and only then', async () => {
		const { db } = get()
		const start = at('2026-11-27T12:00:00Z')
		await enqueueJob(db, { kind: 'long', key: 'long:1' }, start)
		const taken = await claimNextJob(db, 'crashed-instance', ['long'], start, () => 60_000)
		expect(taken).toMatchObject({ status: 'running', locked_by: 'crashed-instance', attempts: 1 })
		let runs = 0
		const handlers = { long: async () => void runs++ }
		expect(await runDueJobs(db, handlers, { worker: 'restarted', now: () => at('2026-11-27T12:00:59Z') })).toEqual({ done: 0, retried: 0, failed: 0 })
		expect(await runDueJobs(db, handlers, { worker: 'restarted', now: () => at('2026-11-27T12:01:01Z') })).toEqual({ done: 1, retried: 0, failed: 0 })
		expect(runs).toBe(1)
		expect(await db.selectFrom('jobs').select(['status', 'attempts', 'locked_by']).where('key', '=', 'long:1').executeTakeFirstOrThrow()).toEqual({
			status: 'done',
			attempts: 2,
			locked_by: null,
		})
	})

	test('finished jobs are purged after a week, failed ones after a month', async () => {
		const { db } = get()
		const then = at('2026-10-01T00:00:00Z')
		await enqueueJob(db, { kind: 'old-done', key: 'old-done:1' }, then)
		await enqueueJob(db, { kind: 'old-failed', key: 'old-failed:1', maxAttempts: 1 }, then)
		await runDueJobs(db, { 'old-done': async () => {}, 'old-failed': async () => Promise.reject(new Error('no')) }, { worker: 'p', now: () => then })
		expect(await purgeFinishedJobs(db, at('2026-10-10T00:00:00Z'))).toBeGreaterThanOrEqual(1)
		expect((await db.selectFrom('jobs').select('key').where('key', 'in', ['old-done:1', 'old-failed:1']).execute()).map((row) => row.key)).toEqual([
			'old-failed:1',
		])
		await purgeFinishedJobs(db, at('2026-11-05T00:00:00Z'))
		expect(await db.selectFrom('jobs').select('key').where('key', '=', 'old-failed:1').execute()).toEqual([])
	})

	test('the runner in a process: a failed poll is logged and the next one runs the job; stop waits and stops', async () => {
		const { db } = get()
		let calls = 0
		let runs = 0
		const stop = startJobRunner(
			() => {
				calls++
				if (calls === 1) throw new Error('database not ready (a test fault)')
				return db
			},
			{
				handlers: { 'runner-test': async () => void runs++ },
				recurring: [{ kind: 'runner-test', everyMs: 60 * 60_000 }],
				pollMs: 15,
				firstDelayMs: 5,
				worker: 'runner',
			},
		)
		try {
			for (let i = 0; i < 100 && runs === 0; i++) await new Promise((resolve) => setTimeout(resolve, 15))
		} finally {
			await stop()
		}
		expect(runs).toBe(1)
		const after = calls
		await new Promise((resolve) => setTimeout(resolve, 50))
		expect(calls).toBe(after)
	})

	test('the backup job takes a backup when none is recent, and not again in the same half interval', async () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'andaman-backup-job-'))
		try {
			const config = {
				SITE_URL: 'https://example.travel',
				SMTP_URL: undefined,
				DATABASE_URL: get().url,
				STORAGE_DIR: path.join(dir, 'storage'),
				BACKUP_DIR: path.join(dir, 'backups'),
				BACKUP_EVERY: 24 * 60 * 60_000,
				BACKUP_KEEP: 3,
				NODE_ENV: 'production' as const,
			}
			const { handlers, recurring } = backgroundJobs(config)
			expect(recurring.map((job) => job.kind).sort()).toEqual(['agent-quote-hold-sweep', 'backup', 'ferry-hold-sweep', 'payment-reminders', 'supplier-chase'])
			const context = { db: get().db, now: new Date(), job: { id: 1, kind: 'backup', key: 'backup@x', attempts: 1 } }
			await handlers.backup!(null, context)
			// Its time as this process's clock tells it: under a shifted clock (the year-ahead CI run) the file system keeps real time.
			fs.utimesSync(listBackups(path.join(dir, 'backups')).at(-1)!, new Date(), new Date())
			await handlers.backup!(null, context)
			expect(listBackups(path.join(dir, 'backups'))).toHaveLength(1)
			expect(Object.keys(backgroundJobs({ ...config, BACKUP_EVERY: null, SMTP_URL: 'smtp://localhost:2525' }).handlers).sort()).toEqual([
				'agent-quote-hold-sweep',
				'email-delivery',
				'ferry-hold-sweep',
				'payment-reminders',
				'supplier-chase',
			])
			// WhatsApp or SMS configured: their delivery and the trip-tomorrow queue join; nothing of them without.
			const whatsapp = { send: async () => ({ providerId: 'wamid.test' }) } as unknown as NonNullable<Parameters<typeof backgroundJobs>[1]>['whatsapp']
			expect(Object.keys(backgroundJobs({ ...config, BACKUP_EVERY: null }, { whatsapp }).handlers).sort()).toEqual([
				'agent-quote-hold-sweep',
				'ferry-hold-sweep',
				'message-delivery',
				'payment-reminders',
				'supplier-chase',
				'trip-tomorrow-messages',
			])
		} finally {
			fs.rmSync(dir, { recursive: true, force: true })
		}
	})
})
