import type { Kysely } from 'kysely'

// Migrations never import app code: they describe the schema as it was on the day they were written.
export async function up(db: Kysely<unknown>): Promise<void> {
	// GST tax invoices and credit notes (docs/decisions/115-gst-tax-invoices.md). Never updated once inserted.
	await db.schema
		.createTable('tax_documents')
		// Unguessable: the traveller's link to the invoice page and PDF.
		.addColumn('id', 'text', (col) => col.primaryKey())
		.addColumn('kind', 'text', (col) => col.notNull())
		.addColumn('number', 'text', (col) => col.notNull().unique())
		.addColumn('financial_year', 'integer', (col) => col.notNull())
		.addColumn('sequence', 'integer', (col) => col.notNull())
		.addColumn('booking_id', 'text', (col) => col.notNull().references('bookings.id'))
		// A credit note's invoice.
		.addColumn('invoice_id', 'text', (col) => col.references('tax_documents.id'))
		// What caused a credit note (cancellation:<booking>, refund:<refund>): calling twice issues one.
		.addColumn('source_key', 'text')
		.addColumn('issue_date', 'text', (col) => col.notNull())
		.addColumn('buyer_name', 'text', (col) => col.notNull())
		.addColumn('buyer_gstin', 'text')
		.addColumn('place_of_supply', 'text', (col) => col.notNull())
		.addColumn('tax_kind', 'text', (col) => col.notNull())
		.addColumn('rate_basis_points', 'integer', (col) => col.notNull())
		.addColumn('taxable', 'integer', (col) => col.notNull())
		.addColumn('cgst', 'integer', (col) => col.notNull())
		.addColumn('sgst', 'integer', (col) => col.notNull())
		.addColumn('utgst', 'integer', (col) => col.notNull())
		.addColumn('igst', 'integer', (col) => col.notNull())
		.addColumn('total', 'integer', (col) => col.notNull())
		.addColumn('snapshot_json', 'text', (col) => col.notNull())
		.addColumn('issued_by', 'text')
		.addColumn('issued_at', 'text', (col) => col.notNull())
		// The series is gapless and never repeats within a financial year.
		.addUniqueConstraint('tax_documents_series', ['kind', 'financial_year', 'sequence'])
		.addUniqueConstraint('tax_documents_source', ['source_key', 'invoice_id'])
		.execute()
	await db.schema.createIndex('tax_documents_booking').on('tax_documents').columns(['booking_id', 'issued_at']).execute()
	await db.schema.createIndex('tax_documents_issue_date').on('tax_documents').columns(['issue_date']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('tax_documents').execute()
}
