import type { Kysely } from 'kysely'
import { serialPrimaryKey } from './portable.ts'

// Migrations never import app code: they describe the schema as it was on the day they were written.
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable('audit_log')
		.addColumn('id', 'integer', serialPrimaryKey(db))
		.addColumn('at', 'text', (col) => col.notNull())
		.addColumn('actor_id', 'text')
		.addColumn('actor_label', 'text', (col) => col.notNull())
		.addColumn('action', 'text', (col) => col.notNull())
		.addColumn('entity', 'text', (col) => col.notNull())
		.addColumn('entity_id', 'text', (col) => col.notNull())
		.addColumn('before_json', 'text')
		.addColumn('after_json', 'text')
		.execute()
	await db.schema.createIndex('audit_log_entity').on('audit_log').columns(['entity', 'entity_id', 'at']).execute()

	await db.schema
		.createTable('settings')
		.addColumn('key', 'text', (col) => col.primaryKey())
		.addColumn('value_json', 'text', (col) => col.notNull())
		.addColumn('updated_at', 'text', (col) => col.notNull())
		.execute()

	await db.schema
		.createTable('counters')
		.addColumn('name', 'text', (col) => col.notNull())
		.addColumn('year', 'integer', (col) => col.notNull())
		.addColumn('value', 'integer', (col) => col.notNull())
		.addPrimaryKeyConstraint('counters_pk', ['name', 'year'])
		.execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('counters').execute()
	await db.schema.dropTable('settings').execute()
	await db.schema.dropTable('audit_log').execute()
}
