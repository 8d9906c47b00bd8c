import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { sql } from 'kysely'
import { migrations } from '../../../db/migrations/index.ts'
import { type DB, isDatabaseUnavailable, isPostgres, sqliteFileReplaced } from './client.server.ts'

/**
 * The health of the database for /healthz and start-up (docs/security.md,
 * "Shutdown and health"): it answers a real read within a time limit, every
 * migration this build knows has run, a SQLite file passes a quick integrity
 * check and its folder is writable with room to grow, a PostgreSQL server
 * accepts writes. Each problem is said in words an operator can act on.
 */

export type DatabaseHealth = { ok: true; ms: number } | { ok: false; ms: number; problem: string }

export const healthLimits = {
	/** The whole check, after which the database counts as not answering. */
	timeoutMs: 3_000,
	/** /healthz runs the check at most this often; requests in between get the last answer (databaseHealth). */
	intervalMs: 1_000,
	/** The SQLite integrity check (it reads the whole file) runs at most this often, on another thread. */
	integrityIntervalMs: 60_000,
	/** Free space below this on the SQLite folder's disk is reported as full. */
	minFreeBytes: 64 * 1024 * 1024,
}

/**
 * A session-level advisory lock around `work` on PostgreSQL (held on one pooled connection); SQLite runs it as is.
 * It is taken by trying again every 100 ms, never by one waiting statement: another instance may hold it for
 * longer than the per-request statement deadline (client.server.ts) allows one statement to run.
 */
export async function withDatabaseLock<T>(db: DB, key: number, work: () => Promise<T>): Promise<T> {
	if (!isPostgres(db)) return work()
	return db.connection().execute(async (connection) => {
		for (;;) {
			const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${key}) as locked`.execute(connection)
			if (rows[0]?.locked) break
			await new Promise((resolve) => setTimeout(resolve, 100))
		}
		try {
			return await work()
		} finally {
			await sql`select pg_advisory_unlock(${key})`.execute(connection)
		}
	})
}

async function migrationProblem(db: DB): Promise<string | null> {
	let applied: Set<string>
	try {
		const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(db)
		applied = new Set(rows.rows.map((row) => row.name))
	} catch (error) {
		if (isDatabaseUnavailable(error)) throw error
		return 'the database has no schema: it is empty or was recreated, and no migration has run (restart the server to migrate it)'
	}
	const missing = Object.keys(migrations).filter((name) => !applied.has(name))
	if (missing.length) return `${missing.length} migration(s) have not run: ${missing.join(', ')} (restart the server to migrate)`
	return null
}

/** The integrity verdict of a SQLite file: 'ok', the first problem found, or null while none is known yet. */
type IntegrityCheck = (db: DB, file: string) => Promise<string | null>

/** `pragma quick_check` on the connection itself: it holds the event loop while it reads the whole file. */
const inlineIntegrity: IntegrityCheck = async (db) => {
	const check = await sql<{ quick_check: string }>`pragma quick_check(1)`.execute(db)
	return check.rows[0]?.quick_check ?? 'no answer'
}

async function sqliteProblem(db: DB, integrity: IntegrityCheck): Promise<string | null> {
	const replaced = sqliteFileReplaced(db)
	if (replaced) return replaced
	// The file this connection really uses ('' for an in-memory database).
	const main = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db)
	const file = main.rows[0]?.file
	const verdict = await integrity(db, file ?? '')
	if (verdict !== null && verdict !== 'ok') return `the SQLite file is damaged (integrity check: ${verdict})`
	if (!file) return null
	const folder = path.dirname(file)
	try {
		fs.accessSync(folder, fs.constants.W_OK)
		fs.accessSync(file, fs.constants.W_OK)
	} catch {
		return `the SQLite file or its folder is read-only: ${file}`
	}
	const space = fs.statfsSync(folder)
	const free = space.bavail * space.bsize
	if (free < healthLimits.minFreeBytes) return `the disk holding ${folder} is full (${Math.floor(free / (1024 * 1024))} MB free)`
	return null
}

async function postgresProblem(db: DB): Promise<string | null> {
	const rows = await sql<{ read_only: string }>`select current_setting('transaction_read_only') as read_only`.execute(db)
	if (rows.rows[0]?.read_only === 'on') return 'the PostgreSQL server only accepts reads (a standby, or read-only mode)'
	return null
}

/** Runs every check, bounded by `healthLimits.timeoutMs`. */
export async function checkDatabaseHealth(db: DB, options: { timeoutMs?: number; integrity?: IntegrityCheck } = {}): Promise<DatabaseHealth> {
	const started = performance.now()
	const elapsed = () => Math.round(performance.now() - started)
	const timeoutMs = options.timeoutMs ?? healthLimits.timeoutMs
	let timer: ReturnType<typeof setTimeout> | undefined
	const timeout = new Promise<string>((resolve) => {
		timer = setTimeout(() => resolve(`the database did not answer within ${timeoutMs / 1000} s`), timeoutMs)
	})
	const checks = (async () => {
		// A real read of a table every page needs, not just `select 1`.
		await db.selectFrom('settings').select('key').limit(1).execute()
		return (await migrationProblem(db)) ?? (isPostgres(db) ? await postgresProblem(db) : await sqliteProblem(db, options.integrity ?? inlineIntegrity))
	})().catch((error: unknown) => describeDatabaseError(error))
	try {
		const problem = await Promise.race([checks, timeout])
		return problem ? { ok: false, ms: elapsed(), problem } : { ok: true, ms: elapsed() }
	} finally {
		clearTimeout(timer)
	}
}

const sqliteModule = createRequire(import.meta.url).resolve('better-sqlite3')
/** Runs in a worker thread with its own read-only connection, so the check never holds the server's event loop. */
const integrityWorker = `
const { parentPort, workerData } = require('node:worker_threads')
const Database = require(workerData.sqliteModule)
const db = new Database(workerData.file, { readonly: true, fileMustExist: true })
db.pragma('busy_timeout = 5000')
try { parentPort.postMessage(String(db.pragma('quick_check(1)', { simple: true }))) } finally { db.close() }
`

/** `pragma quick_check` on another thread: its verdict, or the error it failed with, in words. */
export function integrityOffThread(file: string): Promise<string> {
	return new Promise((resolve) => {
		const worker = new Worker(integrityWorker, { eval: true, workerData: { file, sqliteModule } })
		worker.once('message', (verdict: string) => resolve(verdict))
		worker.once('error', (error) => resolve(`the check failed: ${error.message}`))
		worker.once('exit', () => resolve('the check stopped without a verdict'))
	})
}

/**
 * The integrity verdict for the health check: the last one a worker thread
 * found, refreshed in the background at most once per `intervalMs`. Until the
 * first verdict arrives, none is reported (the file's other checks still run).
 */
export function backgroundIntegrity(intervalMs = healthLimits.integrityIntervalMs, check = integrityOffThread): IntegrityCheck {
	const verdicts = new Map<string, { verdict: string | null; checkedAt: number; running: boolean }>()
	return async (db, file) => {
		if (!file) return inlineIntegrity(db, file)
		let state = verdicts.get(file)
		if (!state) verdicts.set(file, (state = { verdict: null, checkedAt: Number.NEGATIVE_INFINITY, running: false }))
		if (!state.running && Date.now() - state.checkedAt >= intervalMs) {
			const current = state
			current.running = true
			current.checkedAt = Date.now()
			void check(file).then((verdict) => {
				current.verdict = verdict
				current.running = false
			})
		}
		return state.verdict
	}
}

/**
 * The health /healthz reports (docs/security.md, "Shutdown and health"): the
 * full check runs at most once per `intervalMs` for each database, requests in
 * between (and those arriving while it runs) share its answer, and the SQLite
 * integrity check runs on another thread at most once a minute. However often
 * it is asked, the database sees one check a second.
 */
export function createHealthMonitor(options: { intervalMs?: number; integrity?: IntegrityCheck; check?: typeof checkDatabaseHealth } = {}) {
	const intervalMs = options.intervalMs ?? healthLimits.intervalMs
	const integrity = options.integrity ?? backgroundIntegrity()
	const check = options.check ?? checkDatabaseHealth
	const last = new WeakMap<DB, { health: Promise<DatabaseHealth>; settledAt: number | null }>()
	return (db: DB): Promise<DatabaseHealth> => {
		const previous = last.get(db)
		if (previous && (previous.settledAt === null || Date.now() - previous.settledAt < intervalMs)) return previous.health
		const next: { health: Promise<DatabaseHealth>; settledAt: number | null } = { health: check(db, { integrity }), settledAt: null }
		void next.health.finally(() => (next.settledAt = Date.now()))
		last.set(db, next)
		return next.health
	}
}

/** An operator's sentence for a database error. */
export function describeDatabaseError(error: unknown): string {
	const code = String((error as { code?: unknown } | null)?.code ?? '')
	const message = error instanceof Error ? error.message : String(error)
	if (/^SQLITE_(CORRUPT|NOTADB)/.test(code)) return `the SQLite file is damaged or is not a database (${message})`
	if (/^SQLITE_(FULL)/.test(code)) return 'the disk holding the SQLite file is full'
	if (/^SQLITE_(READONLY|CANTOPEN)/.test(code)) return `the SQLite file cannot be written or opened (${message})`
	if (code === '42P01' || /no such table/i.test(message))
		return 'the database has no schema: it is empty or was recreated, and no migration has run (restart the server to migrate it)'
	if (code === '3D000') return `the PostgreSQL database does not exist (${message})`
	if (isDatabaseUnavailable(error)) return `the database is unreachable or not answering (${message})`
	return `the database failed a read (${message})`
}
