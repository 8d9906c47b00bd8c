import type { Kysely } from 'kysely'

// Migrations never import app code: they describe the schema as it was on the day they were written.
// The operations desk's vehicles, drivers and guides, their assignment to the day sheet's lines, and
// the run sheets sent to drivers (docs/decisions/193-resources-assigned-under-the-resource-lock.md).
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable('ops_resources')
		.addColumn('id', 'text', (col) => col.primaryKey())
		// 'vehicle', 'driver' or 'guide'.
		.addColumn('kind', 'text', (col) => col.notNull())
		.addColumn('island', 'text', (col) => col.notNull())
		// A person's name, or a vehicle's label ("Innova, white").
		.addColumn('name', 'text', (col) => col.notNull())
		.addColumn('phone', 'text')
		.addColumn('languages', 'text')
		.addColumn('seats', 'integer')
		.addColumn('plate', 'text')
		// Bumped by every assignment of this resource: assignments of one resource take turns.
		.addColumn('revision', 'integer', (col) => col.notNull().defaultTo(1))
		.addColumn('archived_at', 'text')
		.addColumn('created_at', 'text', (col) => col.notNull())
		.addColumn('updated_at', 'text', (col) => col.notNull())
		.execute()
	await db.schema.createIndex('ops_resources_island').on('ops_resources').columns(['island', 'kind']).execute()
	await db.schema
		.createTable('ops_assignments')
		// The day sheet's line: its component's id (one line per transfer, ferry or activity).
		.addColumn('component_id', 'text', (col) => col.primaryKey().references('booking_components.id'))
		.addColumn('booking_id', 'text', (col) => col.notNull().references('bookings.id'))
		.addColumn('date', 'text', (col) => col.notNull())
		.addColumn('driver_id', 'text', (col) => col.references('ops_resources.id'))
		.addColumn('vehicle_id', 'text', (col) => col.references('ops_resources.id'))
		.addColumn('guide_id', 'text', (col) => col.references('ops_resources.id'))
		.addColumn('revision', 'integer', (col) => col.notNull().defaultTo(1))
		.addColumn('updated_by', 'text', (col) => col.notNull())
		.addColumn('updated_at', 'text', (col) => col.notNull())
		.execute()
	await db.schema.createIndex('ops_assignments_date').on('ops_assignments').column('date').execute()
	await db.schema
		.createTable('ops_run_sheets')
		.addColumn('resource_id', 'text', (col) => col.notNull().references('ops_resources.id'))
		.addColumn('date', 'text', (col) => col.notNull())
		// The text as it was sent: a sheet that now reads otherwise is flagged as changed.
		.addColumn('sent_text', 'text', (col) => col.notNull())
		.addColumn('sent_at', 'text', (col) => col.notNull())
		.addColumn('sent_by', 'text', (col) => col.notNull())
		.addPrimaryKeyConstraint('ops_run_sheets_pk', ['resource_id', 'date'])
		.execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('ops_run_sheets').execute()
	await db.schema.dropTable('ops_assignments').execute()
	await db.schema.dropTable('ops_resources').execute()
}
