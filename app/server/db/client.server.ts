import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely'
import pg from 'pg'
import { migrations } from '../../../db/migrations/index.ts'
import { logger } from '../logger.server.ts'
import { logQuery, trackPool } from './observe.server.ts'
import type { Database } from './schema.ts'

export type DB = Kysely<Database>
export type DatabaseKind = 'sqlite' | 'postgres'

// bigint columns (money sums, COUNT) arrive as strings from pg: all our values fit in 2^53.
pg.types.setTypeParser(20, (value) => Number(value))
// numeric (AVG, ROUND) likewise.
pg.types.setTypeParser(1700, (value) => Number(value))

export function databaseKind(url: string): DatabaseKind {
	return url.startsWith('postgres') ? 'postgres' : 'sqlite'
}

/** Opens a database from a `file:` or `postgres://` URL. The caller owns it and must destroy it. */
export function openDatabase(url: string): DB {
	if (databaseKind(url) === 'postgres') {
		const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 30_000 })
		// An idle client losing its connection (a database restart) must not crash the server.
		pool.on('error', (error) => logger.warn({ msg: 'idle database connection failed', error }))
		trackPool(pool)
		return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: logQuery })
	}
	const file = url.replace(/^file:/, '')
	if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true })
	const sqlite = new SQLite(file)
	// WAL lets readers run while one writer writes; busy_timeout waits instead of failing with SQLITE_BUSY.
	sqlite.pragma('journal_mode = WAL')
	sqlite.pragma('synchronous = NORMAL')
	sqlite.pragma('foreign_keys = ON')
	sqlite.pragma('busy_timeout = 5000')
	return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), log: logQuery })
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
