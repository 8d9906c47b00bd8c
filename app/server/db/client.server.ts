import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, Migrator, PostgresAdapter, PostgresDialect, SqliteDialect, sql, type Transaction } from 'kysely'
import pg from 'pg'
import { migrations } from '../../../db/migrations/index.ts'
import { logger } from '../logger.server.ts'
import { withAfterCommit } from './after-commit.server.ts'
import { logQuery, trackPool } from './observe.server.ts'
import type { Database } from './schema.ts'

export type DB = Kysely<Database>
/** What data functions take: the database, or a transaction they run inside. */
export type Executor = DB | Transaction<Database>

export function isPostgres(db: Executor): boolean {
	return db.getExecutor().adapter instanceof PostgresAdapter
}
export type DatabaseKind = 'sqlite' | 'postgres'

// bigint columns (money sums, COUNT) arrive as strings from pg: all our values fit in 2^53.
pg.types.setTypeParser(20, (value) => Number(value))
// numeric (AVG, ROUND) likewise.
pg.types.setTypeParser(1700, (value) => Number(value))

export function databaseKind(url: string): DatabaseKind {
	return url.startsWith('postgres') ? 'postgres' : 'sqlite'
}

/**
 * Time limits for a request's database work (docs/security.md, "Database
 * faults"): a fault or a network partition answers 503 within six seconds
 * instead of hanging every request.
 */
export const databaseTimeouts = {
	/** PostgreSQL: opening a connection, or waiting for a free one in the pool (an unreachable or partitioned server). */
	connectMs: 5_000,
	/** PostgreSQL: one statement on the server (statement_timeout), lock waits included. */
	statementMs: 5_000,
	/** PostgreSQL: one query as the client sees it, for when the server cannot even answer (a partition). */
	queryMs: 6_000,
	/** SQLite: waiting for another writer's lock (busy_timeout). */
	sqliteBusyMs: 5_000,
}
export type DatabaseTimeouts = typeof databaseTimeouts

/** Migrations at start-up: a long one (an index on a big table) may take minutes; only connecting is bounded. */
export const migrationTimeouts: DatabaseTimeouts = { ...databaseTimeouts, statementMs: 0, queryMs: 0 }

/** Opens a database from a `file:` or `postgres://` URL. The caller owns it and must destroy it. */
export function openDatabase(url: string, timeouts: DatabaseTimeouts = databaseTimeouts): DB {
	if (databaseKind(url) === 'postgres') {
		const pool = new pg.Pool({
			connectionString: url,
			max: 10,
			idleTimeoutMillis: 30_000,
			connectionTimeoutMillis: timeouts.connectMs,
			statement_timeout: timeouts.statementMs,
			query_timeout: timeouts.queryMs,
			keepAlive: true,
		})
		// A connection that fails must never crash the server: an idle one reaches the pool's handler,
		// a checked-out one (terminated mid-query, 57P01) its own; the query itself fails and the pool drops it.
		pool.on('error', (error) => logger.warn({ msg: 'idle database connection failed', error }))
		pool.on('connect', (client) => client.on('error', (error) => logger.warn({ msg: 'database connection failed', error })))
		trackPool(pool)
		return new Kysely<Database>({ dialect: withAfterCommit(new PostgresDialect({ pool })), log: logQuery })
	}
	const file = url.replace(/^file:/, '')
	if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true })
	const sqlite = new SQLite(file)
	// WAL lets readers run while one writer writes; busy_timeout waits instead of failing with SQLITE_BUSY.
	sqlite.pragma('journal_mode = WAL')
	sqlite.pragma('synchronous = NORMAL')
	sqlite.pragma('foreign_keys = ON')
	sqlite.pragma(`busy_timeout = ${timeouts.sqliteBusyMs}`)
	const replaced = file === ':memory:' ? () => null : watchFileIdentity(path.resolve(file))
	const db = new Kysely<Database>({ dialect: withAfterCommit(new SqliteDialect({ database: withStatementCache(sqlite, replaced) })), log: logQuery })
	sqliteFileChecks.set(db, replaced)
	return db
}

/** Per open SQLite database: null while the file at its path is still the one it opened, else what happened. */
const sqliteFileChecks = new WeakMap<DB, () => string | null>()

/**
 * Why the SQLite file this database opened is no longer the one at its path
 * (replaced by a restore or a copy, or removed), or null. The open connection
 * would go on reading and writing the old, unlinked file, and every write
 * would be lost; writes are refused instead (ADR 173).
 */
export function sqliteFileReplaced(db: DB): string | null {
	return sqliteFileChecks.get(db)?.() ?? null
}

function watchFileIdentity(file: string): () => string | null {
	const opened = fs.statSync(file)
	let reported = false
	return () => {
		let now: fs.Stats | undefined
		try {
			now = fs.statSync(file)
		} catch {
			// removed, or its folder is gone
		}
		if (now && now.ino === opened.ino && now.dev === opened.dev) return null
		const problem = `the database file ${file} was ${now ? 'replaced' : 'removed'} while the server was running (a restore or copy under a live server?): writes are refused so that none is lost; restart the server to open the file now there`
		if (!reported) logger.error({ msg: 'database file replaced under the running server', problem })
		reported = true
		return problem
	}
}

/** Prepared statements kept per SQL text; the oldest go first past this many. */
export const sqliteStatementCacheSize = 500

/**
 * Kysely prepares every query again; compiling the SQL was about 3 % of a staff list's render on
 * SQLite (ADR 139). The same text gets the same prepared statement (SQLite re-prepares it by itself
 * after a schema change). Safe because Kysely's SQLite driver runs one query at a time on the
 * connection and reads each statement to the end (`all`/`run`; nothing here streams with `iterate`).
 */
function withStatementCache(sqlite: SQLite.Database, replaced: () => string | null) {
	const statements = new Map<string, SQLite.Statement>()
	return {
		close: () => sqlite.close(),
		prepare(sqlText: string) {
			let statement = statements.get(sqlText)
			if (!statement) {
				statement = sqlite.prepare(sqlText)
				if (statements.size >= sqliteStatementCacheSize) statements.delete(statements.keys().next().value!)
				statements.set(sqlText, statement)
			}
			// Every statement that writes first checks that the file is still ours (one stat; reads skip it).
			if (!statement.readonly) {
				const problem = replaced()
				if (problem) throw Object.assign(new Error(`Write refused: ${problem}`), { code: 'SQLITE_READONLY_DBMOVED' })
			}
			return statement
		},
	}
}

/** PostgreSQL codes that mean "the database cannot serve now" rather than "this request is wrong". */
const unavailablePgCode = /^(08|53|57P0|57014|58)/
const unavailableSqliteCode = /^SQLITE_(BUSY|LOCKED|IOERR|FULL|READONLY|CORRUPT|NOTADB|CANTOPEN|PROTOCOL)/
const unavailableSystemCode = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EPIPE', 'EAI_AGAIN'])
const unavailableMessage =
	/Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|Connection ended|database is locked|disk I\/O error|database disk image is malformed|file is not a database|The database connection is not open|Database used before initDatabase/i

/**
 * True when an error means the database is unreachable, too slow, full,
 * read-only or damaged: a fault of the service, answered 503 with Retry-After,
 * not a fault of the request.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
	for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
		const code = (current as { code?: unknown }).code
		if (typeof code === 'string' && (unavailablePgCode.test(code) || unavailableSqliteCode.test(code) || unavailableSystemCode.has(code))) return true
		if (current instanceof Error && unavailableMessage.test(current.message)) return true
		if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnavailable(inner))) return true
	}
	return false
}

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
	const migrator = new Migrator({
		db,
		provider: { getMigrations: async () => migrations },
		// Branches developed side by side add migrations with interleaved timestamps; a database
		// that already ran a later one must still run an earlier one that arrives with a merge.
		allowUnorderedMigrations: true,
	})
	const { error, results } = await migrator.migrateToLatest()
	if (error) {
		const failed = results?.find((result) => result.status === 'Error')
		throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${String(error)}`, { cause: error })
	}
	return (results ?? []).map((result) => result.migrationName)
}

/** A unique-constraint violation on either database: a double submit or a race that another request won. */
export function isUniqueViolation(error: unknown): boolean {
	const code = (error as { code?: unknown } | null)?.code
	return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
}

export async function pingDatabase(db: DB): Promise<void> {
	await sql`select 1`.execute(db)
}
