/**
 * Row counts and content checksums of every table, the same way on the live
 * database, inside a backup's snapshot and after a restore, so "the restore
 * has exactly what was backed up" is a comparison, not a hope.
 */
import crypto from 'node:crypto'
import type SQLite from 'better-sqlite3'
import type pg from 'pg'

export type TableFingerprint = { rows: number; checksum: string }
export type DatabaseFingerprint = Record<string, TableFingerprint>

function quoteIdentifier(name: string): string {
	return `"${name.replaceAll('"', '""')}"`
}

/** Every table of an SQLite database: rows as JSON, sorted, hashed (order-independent). */
export function sqliteFingerprint(database: SQLite.Database): DatabaseFingerprint {
	const tables = database.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").all() as Array<{
		name: string
	}>
	const result: DatabaseFingerprint = {}
	for (const { name } of tables) {
		const rows = (
			database
				.prepare(`select * from ${quoteIdentifier(name)}`)
				.raw(true)
				.all() as unknown[][]
		).map((row) => JSON.stringify(row, (_key, value) => (typeof value === 'bigint' ? value.toString() : value)))
		rows.sort()
		const hash = crypto.createHash('sha256')
		for (const row of rows) hash.update(row).update('\n')
		result[name] = { rows: rows.length, checksum: hash.digest('hex') }
	}
	return result
}

/**
 * Every table of a schema (public unless told) of a PostgreSQL database, through one
 * client (so inside a snapshot transaction when the caller opened one). Each
 * row's text form is hashed by the server, sorted, then hashed again.
 */
export async function postgresFingerprint(client: pg.ClientBase, schema = 'public'): Promise<DatabaseFingerprint> {
	const { rows: tables } = await client.query<{ name: string }>(
		"select table_name as name from information_schema.tables where table_schema = $1 and table_type = 'BASE TABLE' order by table_name",
		[schema],
	)
	const result: DatabaseFingerprint = {}
	for (const { name } of tables) {
		const { rows } = await client.query<{ rows: string; checksum: string | null }>(
			`select count(*)::text as rows, md5(coalesce(string_agg(h, E'\\n' order by h), '')) as checksum from (select md5(t::text) as h from ${quoteIdentifier(schema)}.${quoteIdentifier(name)} t) rows`,
		)
		result[name] = { rows: Number(rows[0]!.rows), checksum: rows[0]!.checksum ?? '' }
	}
	return result
}

/** The tables whose counts or checksums differ, described for a person. Empty when they match. */
export function fingerprintDifferences(expected: DatabaseFingerprint, actual: DatabaseFingerprint): string[] {
	const differences: string[] = []
	for (const name of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
		const want = expected[name]
		const got = actual[name]
		if (!want) differences.push(`${name}: not in the backup`)
		else if (!got) differences.push(`${name}: missing after the restore`)
		else if (want.rows !== got.rows) differences.push(`${name}: ${want.rows} rows expected, ${got.rows} found`)
		else if (want.checksum !== got.checksum) differences.push(`${name}: contents differ`)
	}
	return differences
}

/** The fingerprint of the database at a `file:` or `postgres://` URL, through a connection of its own. */
export async function fingerprintDatabase(databaseUrl: string): Promise<DatabaseFingerprint> {
	if (!databaseUrl.startsWith('postgres')) {
		const { default: SQLite } = await import('better-sqlite3')
		const database = new SQLite(databaseUrl.replace(/^file:/, ''), { readonly: true, fileMustExist: true })
		try {
			return sqliteFingerprint(database)
		} finally {
			database.close()
		}
	}
	const { default: pg } = await import('pg')
	const client = new pg.Client({ connectionString: databaseUrl })
	await client.connect()
	try {
		return await postgresFingerprint(client)
	} finally {
		await client.end()
	}
}
