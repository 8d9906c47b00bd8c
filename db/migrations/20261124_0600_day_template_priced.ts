import type { Kysely } from 'kysely'

// Migrations never import app code: they describe the schema as it was on the day they were written.
// A day template's priced activities: engine activity ids (`scuba-diving@havelock`) as a JSON array.
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.alterTable('day_templates')
		.addColumn('priced_json', 'text', (col) => col.notNull().defaultTo('[]'))
		.execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.alterTable('day_templates').dropColumn('priced_json').execute()
}
