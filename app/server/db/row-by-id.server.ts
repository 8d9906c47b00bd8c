import type { Kysely } from 'kysely'
import { AppError } from '~/lib/errors.ts'
import { type Executor, isPostgres } from './client.server.ts'
import type { Database, Row } from './schema.ts'

/** The tables whose rows are found by a text `id`. */
export type TableWithId = { [T in keyof Database]: Database[T] extends { id: string } ? T : never }[keyof Database]

/**
 * One row by its id, or a `not-found` AppError with the caller's message (written for whoever
 * follows the link). `forUpdate` locks the row on PostgreSQL until the transaction ends (SQLite's
 * write transaction already holds the database): a write that checks the row first (a status move, an
 * edit with its audit row) reads it so, and two staff changing the same record at once take turns, each
 * checking what the other saved.
 */
export async function rowById<T extends TableWithId>(db: Executor, table: T, id: string, missing: string, { forUpdate = false } = {}): Promise<Row<T>> {
	// Kysely cannot follow a table chosen by a type parameter; every such table has the same id column.
	const untyped = db as unknown as Kysely<Record<string, { id: string }>>
	let query = untyped
		.selectFrom(table as string)
		.selectAll()
		.where('id', '=', id)
	if (forUpdate && isPostgres(db)) query = query.forUpdate()
	const row = await query.executeTakeFirst()
	if (!row) throw new AppError('not-found', missing)
	return row as unknown as Row<T>
}
