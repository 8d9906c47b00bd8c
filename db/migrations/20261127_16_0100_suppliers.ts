import type { Kysely } from 'kysely'

// Migrations never import app code: they describe the schema as it was on the day they were written.
// Suppliers and their confirmation links (docs/decisions/189-suppliers-and-their-terms.md,
// docs/decisions/190-supplier-confirmation-links.md). Additive only: booking_components gains two
// nullable columns, nothing existing changes.
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable('suppliers')
		.addColumn('id', 'text', (col) => col.primaryKey())
		.addColumn('name', 'text', (col) => col.notNull())
		// hotel, activity, transport, ferry, guide, other
		.addColumn('kind', 'text', (col) => col.notNull())
		.addColumn('contact_person', 'text')
		.addColumn('email', 'text')
		.addColumn('whatsapp', 'text')
		.addColumn('gstin', 'text')
		.addColumn('pan', 'text')
		.addColumn('bank_account_name', 'text')
		.addColumn('bank_account_number', 'text')
		.addColumn('bank_ifsc', 'text')
		.addColumn('upi_id', 'text')
		// advance (advance_percent at booking, the rest terms_days before service), before (all terms_days before service), credit (terms_days after service)
		.addColumn('terms', 'text', (col) => col.notNull())
		.addColumn('advance_percent', 'integer', (col) => col.notNull())
		.addColumn('terms_days', 'integer', (col) => col.notNull())
		.addColumn('notes', 'text')
		.addColumn('archived_at', 'text')
		.addColumn('search_text', 'text', (col) => col.notNull())
		.addColumn('created_at', 'text', (col) => col.notNull())
		.addColumn('updated_at', 'text', (col) => col.notNull())
		.execute()
	await db.schema.createIndex('suppliers_kind_name').on('suppliers').columns(['kind', 'name']).execute()

	// The supplier a component is booked with, and what it costs us (paise), next to the free-text supplier it replaces.
	await db.schema.alterTable('booking_components').addColumn('supplier_id', 'text').execute()
	await db.schema.alterTable('booking_components').addColumn('planned_cost', 'bigint').execute()
	await db.schema.createIndex('booking_components_supplier').on('booking_components').column('supplier_id').execute()

	// One confirmation request per supplier per sending: the components it covers, its secret link and the answer.
	await db.schema
		.createTable('supplier_requests')
		.addColumn('id', 'text', (col) => col.primaryKey())
		.addColumn('token', 'text', (col) => col.notNull().unique())
		.addColumn('booking_id', 'text', (col) => col.notNull().references('bookings.id'))
		.addColumn('supplier_id', 'text', (col) => col.notNull().references('suppliers.id'))
		.addColumn('component_ids_json', 'text', (col) => col.notNull())
		// waiting, confirmed, declined, revoked
		.addColumn('status', 'text', (col) => col.notNull())
		// The last day the link answers (India date): the last service date of its components.
		.addColumn('expires_on', 'text', (col) => col.notNull())
		.addColumn('emailed', 'integer', (col) => col.notNull())
		.addColumn('sent_by', 'text')
		.addColumn('sent_by_label', 'text', (col) => col.notNull())
		.addColumn('sent_at', 'text', (col) => col.notNull())
		.addColumn('answered_at', 'text')
		.addColumn('confirmation_number', 'text')
		.addColumn('answer_note', 'text')
		.addColumn('revoked_at', 'text')
		.execute()
	await db.schema.createIndex('supplier_requests_booking').on('supplier_requests').columns(['booking_id', 'sent_at']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('supplier_requests').execute()
	await db.schema.dropIndex('booking_components_supplier').execute()
	await db.schema.alterTable('booking_components').dropColumn('planned_cost').execute()
	await db.schema.alterTable('booking_components').dropColumn('supplier_id').execute()
	await db.schema.dropIndex('suppliers_kind_name').execute()
	await db.schema.dropTable('suppliers').execute()
}
