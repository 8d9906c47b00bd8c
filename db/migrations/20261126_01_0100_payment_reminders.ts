import type { Kysely } from 'kysely'

// Migrations never import app code: they describe the schema as it was on the day they were written.
// Payment reminders, rejected UPI claims and payment links paid another way
// (docs/decisions/133-payment-reminders.md).
export async function up(db: Kysely<unknown>): Promise<void> {
	// One row per reminder sent. (booking_id, step_key) is unique: a step (`before-7:2027-01-20`, the due
	// date in the key) goes out once however many servers run the schedule; `manual:<form key>` for staff.
	await db.schema
		.createTable('payment_reminders')
		.addColumn('id', 'text', (col) => col.primaryKey())
		.addColumn('booking_id', 'text', (col) => col.notNull().references('bookings.id'))
		// before-7, before-2, overdue, manual
		.addColumn('step', 'text', (col) => col.notNull())
		.addColumn('step_key', 'text', (col) => col.notNull())
		.addColumn('due_date', 'text', (col) => col.notNull())
		.addColumn('balance', 'bigint', (col) => col.notNull())
		// 1 when an email was queued (the traveller gave an address), else 0: staff send it on WhatsApp.
		.addColumn('emailed', 'integer', (col) => col.notNull())
		.addColumn('sent_by', 'text')
		.addColumn('sent_by_label', 'text', (col) => col.notNull())
		.addColumn('sent_at', 'text', (col) => col.notNull())
		.addUniqueConstraint('payment_reminders_step', ['booking_id', 'step_key'])
		.execute()

	// A UPI reference the traveller typed that staff could not match: kept, never counted, shown as such.
	await db.schema.alterTable('payments').addColumn('rejected_at', 'text').execute()
	await db.schema.alterTable('payments').addColumn('rejected_reason', 'text').execute()
	await db.schema.alterTable('payments').addColumn('rejected_by', 'text').execute()

	// The payment staff recorded against a link the traveller paid another way (cash, bank transfer).
	await db.schema.alterTable('payment_requests').addColumn('payment_id', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.alterTable('payment_requests').dropColumn('payment_id').execute()
	for (const column of ['rejected_by', 'rejected_reason', 'rejected_at']) await db.schema.alterTable('payments').dropColumn(column).execute()
	await db.schema.dropTable('payment_reminders').execute()
}
