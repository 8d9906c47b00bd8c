import fs from 'node:fs'
import path from 'node:path'
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
	/** Free space below this on the SQLite folder's disk is reported as full. */
	minFreeBytes: 64 * 1024 * 1024,
}

/** A session-level advisory lock around `work` on PostgreSQL (held on one pooled connection); SQLite runs it as is. */
export async function withDatabaseLock<T>(db: DB, key: number, work: () => Promise<T>): Promise<T> {
	if (!isPostgres(db)) return work()
	return db.connection().execute(async (connection) => {
		await sql`select pg_advisory_lock(${key})`.execute(connection)
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

async function sqliteProblem(db: DB): Promise<string | null> {
	const replaced = sqliteFileReplaced(db)
	if (replaced) return replaced
	const check = await sql<{ quick_check: string }>`pragma quick_check(1)`.execute(db)
	const verdict = check.rows[0]?.quick_check
	if (verdict !== 'ok') return `the SQLite file is damaged (integrity check: ${verdict ?? 'no answer'})`
	// The file this connection really uses ('' for an in-memory database).
	const main = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db)
	const file = main.rows[0]?.file
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
export async function checkDatabaseHealth(db: DB, options: { timeoutMs?: number } = {}): Promise<DatabaseHealth> {
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
		return (await migrationProblem(db)) ?? (isPostgres(db) ? await postgresProblem(db) : await sqliteProblem(db))
	})().catch((error: unknown) => describeDatabaseError(error))
	try {
		const problem = await Promise.race([checks, timeout])
		return problem ? { ok: false, ms: elapsed(), problem } : { ok: true, ms: elapsed() }
	} finally {
		clearTimeout(timer)
	}
}

/** An operator's sentence for a database error. */
export function describeDatabaseError(error: unknown): string {
	const code = String((error as { code?: unknown } | null)?.code ?? '')
	const message = error instanceof Error ? error.message : String(error)
	if (/^SQLITE_(CORRUPT|NOTADB)/.test(code)) return `the SQLite file is damaged or is not a database (${message})`
	if (/^SQLITE_(FULL)/.test(code)) return 'the disk holding the SQLite file is full'
	if (/^SQLITE_(READONLY|CANTOPEN)/.test(code)) return `the SQLite file cannot be written or opened (${message})`
	if (code === '42P01' || /no such table/i.test(message)) return 'the database has no schema: it is empty or was recreated, and no migration has run (restart the server to migrate it)'
	if (code === '3D000') return `the PostgreSQL database does not exist (${message})`
	if (isDatabaseUnavailable(error)) return `the database is unreachable or not answering (${message})`
	return `the database failed a read (${message})`
}
