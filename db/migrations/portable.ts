import { type ColumnDefinitionBuilder, type Kysely, SqliteAdapter } from 'kysely'

/** Migration-only helpers for the few places where SQLite and PostgreSQL need different DDL. */
export function isSqlite(db: Kysely<unknown>): boolean {
	return db.getExecutor().adapter instanceof SqliteAdapter
}

/** An auto-incrementing integer primary key on either database. */
export function serialPrimaryKey(db: Kysely<unknown>) {
	return (col: ColumnDefinitionBuilder) => (isSqlite(db) ? col.primaryKey().autoIncrement() : col.primaryKey().generatedByDefaultAsIdentity())
}
