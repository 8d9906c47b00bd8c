import type { Kysely } from 'kysely'

// Migrations never import app code: they describe the schema as it was on the day they were written.
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable('bookings')
		.addColumn('id', 'text', (col) => col.primaryKey())
		.addColumn('reference', 'text', (col) => col.notNull().unique())
		// One booking per submitted form (a double submit finds the first).
		.addColumn('submission_key', 'text', (col) => col.unique())
		// One booking per accepted quote (two tabs accepting at once make one booking).
		.addColumn('quote_id', 'text', (col) => col.unique())
		.addColumn('package_id', 'text', (col) => col.references('packages.id'))
		.addColumn('lead_id', 'text', (col) => col.references('leads.id'))
		.addColumn('status', 'text', (col) => col.notNull())
		.addColumn('tier', 'text')
		.addColumn('start_date', 'text', (col) => col.notNull())
		.addColumn('nights', 'integer', (col) => col.notNull())
		.addColumn('adults', 'integer', (col) => col.notNull())
		.addColumn('child_ages_json', 'text', (col) => col.notNull())
		.addColumn('infants', 'integer', (col) => col.notNull())
		.addColumn('rooms', 'integer', (col) => col.notNull())
		.addColumn('title', 'text', (col) => col.notNull())
		.addColumn('price_json', 'text', (col) => col.notNull())
		.addColumn('total', 'bigint', (col) => col.notNull())
		.addColumn('advance_due', 'bigint', (col) => col.notNull())
		.addColumn('contact_name', 'text', (col) => col.notNull())
		.addColumn('contact_phone', 'text', (col) => col.notNull())
		.addColumn('contact_email', 'text')
		.addColumn('special_requests', 'text')
		.addColumn('cancel_reason', 'text')
		.addColumn('cancellation_fee', 'bigint')
		.addColumn('refund_due', 'bigint')
		.addColumn('confirmed_at', 'text')
		.addColumn('cancelled_at', 'text')
		.addColumn('created_at', 'text', (col) => col.notNull())
		.addColumn('updated_at', 'text', (col) => col.notNull())
		.execute()
	await db.schema.createIndex('bookings_status_start').on('bookings').columns(['status', 'start_date']).execute()

	await db.schema
		.createTable('booking_travellers')
		.addColumn('id', 'text', (col) => col.primaryKey())
		.addColumn('booking_id', 'text', (col) => col.notNull().references('bookings.id'))
		.addColumn('position', 'integer', (col) => col.notNull())
		.addColumn('name', 'text', (col) => col.notNull())
		.addColumn('age', 'integer', (col) => col.notNull())
		.addColumn('gender', 'text', (col) => col.notNull())
		.addColumn('nationality', 'text', (col) => col.notNull())
		.addColumn('id_type', 'text', (col) => col.notNull())
		.addColumn('id_number', 'text', (col) => col.notNull())
		.addColumn('passport_expiry', 'text')
		.addUniqueConstraint('booking_travellers_position', ['booking_id', 'position'])
		.execute()

	await db.schema
		.createTable('payments')
		.addColumn('id', 'text', (col) => col.primaryKey())
		.addColumn('booking_id', 'text', (col) => col.notNull().references('bookings.id'))
		.addColumn('amount', 'bigint', (col) => col.notNull())
		.addColumn('method', 'text', (col) => col.notNull())
		.addColumn('reference', 'text', (col) => col.notNull())
		.addColumn('paid_on', 'text', (col) => col.notNull())
		.addColumn('verified', 'integer', (col) => col.notNull())
		.addColumn('recorded_by', 'text')
		.addColumn('created_at', 'text', (col) => col.notNull())
		// The same UPI/bank/card reference recorded twice is one payment.
		.addUniqueConstraint('payments_reference', ['booking_id', 'method', 'reference'])
		.execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('payments').execute()
	await db.schema.dropTable('booking_travellers').execute()
	await db.schema.dropTable('bookings').execute()
}
