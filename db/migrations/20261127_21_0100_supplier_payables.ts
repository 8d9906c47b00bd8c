import type { Kysely } from 'kysely'

// Migrations never import app code: they describe the schema as it was on the day they were written.
// What we owe suppliers and what we paid them (docs/decisions/197-supplier-payables.md). Additive only:
// booking_components gains the supplier's invoice (nullable), and a new table holds payments to suppliers.
export async function up(db: Kysely<unknown>): Promise<void> {
	// The supplier's invoice for a component (paise) replaces its planned cost in what we owe, once staff enter it.
	await db.schema.alterTable('booking_components').addColumn('invoice_amount', 'bigint').execute()
	await db.schema.alterTable('booking_components').addColumn('invoice_reference', 'text').execute()

	// One payment to a supplier towards one booking's components with that supplier.
	await db.schema
		.createTable('supplier_payments')
		.addColumn('id', 'text', (col) => col.primaryKey())
		.addColumn('supplier_id', 'text', (col) => col.notNull().references('suppliers.id'))
		.addColumn('booking_id', 'text', (col) => col.notNull().references('bookings.id'))
		.addColumn('amount', 'bigint', (col) => col.notNull())
		// bank, upi, cash, cheque
		.addColumn('method', 'text', (col) => col.notNull())
		.addColumn('reference', 'text', (col) => col.notNull())
		.addColumn('paid_on', 'text', (col) => col.notNull())
		.addColumn('note', 'text')
		// What was still owed when it was recorded (paise); above it only with an owner's confirmation.
		.addColumn('owed_before', 'bigint', (col) => col.notNull())
		.addColumn('recorded_by', 'text')
		.addColumn('recorded_by_label', 'text', (col) => col.notNull())
		.addColumn('created_at', 'text', (col) => col.notNull())
		.execute()
	await db.schema.createIndex('supplier_payments_supplier').on('supplier_payments').columns(['supplier_id', 'paid_on']).execute()
	await db.schema.createIndex('supplier_payments_booking').on('supplier_payments').columns(['booking_id', 'supplier_id']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('supplier_payments').execute()
	await db.schema.alterTable('booking_components').dropColumn('invoice_reference').execute()
	await db.schema.alterTable('booking_components').dropColumn('invoice_amount').execute()
}
