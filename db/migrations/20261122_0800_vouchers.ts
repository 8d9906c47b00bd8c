import type { Kysely } from 'kysely'
import { serialPrimaryKey } from './portable.ts'

// Migrations never import app code: they describe the schema as it was on the day they were written.
export async function up(db: Kysely<unknown>): Promise<void> {
	// When the trip was marked completed (staff action after the end date).
	await db.schema.alterTable('bookings').addColumn('completed_at', 'text').execute()
	// The dashboard's "this month" and the bookings list's newest-first order.
	await db.schema.createIndex('bookings_created_at').on('bookings').columns(['created_at']).execute()

	// What the team books with suppliers for a booking: hotel stays, activities, ferries, transfers.
	await db.schema
		.createTable('booking_components')
		.addColumn('id', 'text', (col) => col.primaryKey())
		.addColumn('booking_id', 'text', (col) => col.notNull().references('bookings.id'))
		.addColumn('position', 'integer', (col) => col.notNull())
		.addColumn('kind', 'text', (col) => col.notNull())
		.addColumn('description', 'text', (col) => col.notNull())
		.addColumn('island', 'text')
		.addColumn('start_date', 'text')
		.addColumn('end_date', 'text')
		.addColumn('time', 'text')
		.addColumn('supplier', 'text')
		.addColumn('supplier_status', 'text', (col) => col.notNull())
		.addColumn('confirmation_number', 'text')
		.addColumn('notes', 'text')
		.addColumn('created_at', 'text', (col) => col.notNull())
		.addColumn('updated_at', 'text', (col) => col.notNull())
		.execute()
	await db.schema.createIndex('booking_components_booking').on('booking_components').columns(['booking_id', 'position']).execute()

	await db.schema
		.createTable('vouchers')
		.addColumn('id', 'text', (col) => col.primaryKey())
		.addColumn('booking_id', 'text', (col) => col.notNull().references('bookings.id'))
		.addColumn('version', 'integer', (col) => col.notNull())
		.addColumn('status', 'text', (col) => col.notNull())
		.addColumn('booking_reference', 'text', (col) => col.notNull())
		.addColumn('lead_name', 'text', (col) => col.notNull())
		.addColumn('snapshot_json', 'text', (col) => col.notNull())
		.addColumn('replaced_by', 'text')
		.addColumn('revoke_reason', 'text')
		.addColumn('issued_by', 'text')
		.addColumn('issued_at', 'text', (col) => col.notNull())
		.addColumn('updated_at', 'text', (col) => col.notNull())
		// Two staff issuing at once make one version.
		.addUniqueConstraint('vouchers_booking_version', ['booking_id', 'version'])
		.execute()
	await db.schema.createIndex('vouchers_issued_at').on('vouchers').columns(['issued_at']).execute()

	await db.schema
		.createTable('email_outbox')
		.addColumn('id', 'integer', serialPrimaryKey(db))
		// One email per event (e.g. booking-received:<bookingId>): enqueuing twice is a no-op.
		.addColumn('dedupe_key', 'text', (col) => col.notNull().unique())
		.addColumn('kind', 'text', (col) => col.notNull())
		.addColumn('booking_id', 'text')
		.addColumn('to_address', 'text', (col) => col.notNull())
		.addColumn('subject', 'text', (col) => col.notNull())
		.addColumn('body_text', 'text', (col) => col.notNull())
		.addColumn('status', 'text', (col) => col.notNull())
		.addColumn('attempts', 'integer', (col) => col.notNull())
		.addColumn('last_error', 'text')
		.addColumn('next_attempt_at', 'text', (col) => col.notNull())
		.addColumn('sent_at', 'text')
		.addColumn('created_at', 'text', (col) => col.notNull())
		.execute()
	await db.schema.createIndex('email_outbox_status').on('email_outbox').columns(['status', 'next_attempt_at']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('email_outbox').execute()
	await db.schema.dropTable('vouchers').execute()
	await db.schema.dropTable('booking_components').execute()
	await db.schema.dropIndex('bookings_created_at').execute()
	await db.schema.alterTable('bookings').dropColumn('completed_at').execute()
}
