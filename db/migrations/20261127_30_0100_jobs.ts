import type { Kysely } from 'kysely'
import { serialPrimaryKey } from './portable.ts'

// Migrations never import app code: they describe the schema as it was on the day they were written.
// One durable job runner for everything timed or retried (docs/decisions/209-one-job-runner.md):
// a job is claimed for a lease by one instance, retried with back-off, and kept as failed for owners.
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable('jobs')
		.addColumn('id', 'integer', serialPrimaryKey(db))
		.addColumn('kind', 'text', (col) => col.notNull())
		// Once per key: a recurring job's key names its slot ("payment-reminders@2026-11-27T18:00:00.000Z").
		.addColumn('key', 'text', (col) => col.notNull().unique())
		.addColumn('payload_json', 'text', (col) => col.notNull())
		// queued, running, done, failed
		.addColumn('status', 'text', (col) => col.notNull())
		.addColumn('run_at', 'text', (col) => col.notNull())
		.addColumn('attempts', 'integer', (col) => col.notNull())
		.addColumn('max_attempts', 'integer', (col) => col.notNull())
		.addColumn('locked_by', 'text')
		// A running job whose lease has passed was left by an instance that stopped mid-job: it runs again.
		.addColumn('locked_until', 'text')
		.addColumn('last_error', 'text')
		.addColumn('created_at', 'text', (col) => col.notNull())
		.addColumn('finished_at', 'text')
		.execute()
	await db.schema.createIndex('jobs_due').on('jobs').columns(['status', 'run_at']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('jobs').execute()
}
