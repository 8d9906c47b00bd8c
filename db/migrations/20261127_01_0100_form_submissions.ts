import type { Kysely } from 'kysely'

// Migrations never import app code: they describe the schema as it was on the day they were written.
// One row per staff form submission that created a record (docs/decisions/166-staff-creates-once-per-submission.md):
// the form's one-time key, claimed in the same transaction as the record, so the same form posted twice
// creates one record and the second post is answered with the first's.
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable('form_submissions')
		.addColumn('key', 'text', (col) => col.primaryKey())
		// What the submission made: itinerary, agent, hotel, day_template, …
		.addColumn('entity', 'text', (col) => col.notNull())
		.addColumn('entity_id', 'text', (col) => col.notNull())
		.addColumn('created_at', 'text', (col) => col.notNull())
		.execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('form_submissions').execute()
}
