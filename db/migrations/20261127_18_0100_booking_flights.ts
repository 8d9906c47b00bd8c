import type { Kysely } from 'kysely'

// Migrations never import app code: they describe the schema as it was on the day they were written.
// A booking's flights into and out of Port Blair (docs/decisions/192-the-day-sheet-from-booking-components-and-flights.md):
// one row per booking, written by staff on the operations desk or by the traveller on the trip page.
// `revision` counts saves, so a save from an older form is refused instead of overwriting.
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable('booking_flights')
		.addColumn('booking_id', 'text', (col) => col.primaryKey().references('bookings.id'))
		.addColumn('arrival_flight', 'text')
		.addColumn('arrival_date', 'text')
		.addColumn('arrival_time', 'text')
		.addColumn('departure_flight', 'text')
		.addColumn('departure_date', 'text')
		.addColumn('departure_time', 'text')
		.addColumn('revision', 'integer', (col) => col.notNull().defaultTo(1))
		// 'staff' or 'traveller': who wrote it last.
		.addColumn('updated_by', 'text', (col) => col.notNull())
		.addColumn('updated_at', 'text', (col) => col.notNull())
		.execute()
	await db.schema.createIndex('booking_flights_arrival_date').on('booking_flights').column('arrival_date').execute()
	await db.schema.createIndex('booking_flights_departure_date').on('booking_flights').column('departure_date').execute()
	// The day sheet reads one date's components: those starting that day, and hotels ending it.
	await db.schema.createIndex('booking_components_start_date').on('booking_components').column('start_date').execute()
	await db.schema.createIndex('booking_components_kind_end_date').on('booking_components').columns(['kind', 'end_date']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropIndex('booking_components_kind_end_date').execute()
	await db.schema.dropIndex('booking_components_start_date').execute()
	await db.schema.dropTable('booking_flights').execute()
}
