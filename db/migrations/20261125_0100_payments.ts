import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'

// Migrations never import app code: they describe the schema as it was on the day they were written.
// Online payments (docs/decisions/110-online-payments.md): the traveller's trip token, who recorded a
// payment and from where, gateway orders, webhook events seen once, refunds, payment requests (links)
// and cancellation requests from the trip page.
export async function up(db: Kysely<unknown>): Promise<void> {
	// The traveller's trip page address: 144 random bits, unique. Existing bookings get one here.
	await db.schema.alterTable('bookings').addColumn('trip_token', 'text').execute()
	const rows = (await db
		.selectFrom('bookings' as never)
		.select('id' as never)
		.execute()) as Array<{ id: string }>
	for (const row of rows) {
		await db
			.updateTable('bookings' as never)
			.set({ trip_token: randomBytes(18).toString('base64url') } as never)
			.where('id' as never, '=', row.id as never)
			.execute()
	}
	await db.schema.createIndex('bookings_trip_token').on('bookings').column('trip_token').unique().execute()

	// staff (recorded by hand), traveller (a UPI reference the traveller typed: unverified), gateway.
	await db.schema
		.alterTable('payments')
		.addColumn('source', 'text', (col) => col.notNull().defaultTo('staff'))
		.execute()
	await db.schema.alterTable('payments').addColumn('gateway', 'text').execute()
	// The gateway's payment id (pay_…): one payment however many times the gateway reports it.
	await db.schema.alterTable('payments').addColumn('gateway_payment_id', 'text').execute()
	await db.schema.alterTable('payments').addColumn('gateway_order_id', 'text').execute()
	// Why a payment needs a person (an amount that does not match its order): never counted until verified.
	await db.schema.alterTable('payments').addColumn('flag', 'text').execute()
	await db.schema.createIndex('payments_gateway_payment').on('payments').columns(['gateway', 'gateway_payment_id']).unique().execute()

	await db.schema
		.createTable('gateway_orders')
		.addColumn('id', 'text', (col) => col.primaryKey())
		.addColumn('booking_id', 'text', (col) => col.notNull().references('bookings.id'))
		.addColumn('gateway', 'text', (col) => col.notNull())
		.addColumn('gateway_order_id', 'text', (col) => col.notNull())
		.addColumn('amount', 'bigint', (col) => col.notNull())
		.addColumn('currency', 'text', (col) => col.notNull())
		// created, paid, failed, flagged
		.addColumn('status', 'text', (col) => col.notNull())
		.addColumn('payment_request_id', 'text')
		.addColumn('last_error', 'text')
		.addColumn('created_at', 'text', (col) => col.notNull())
		.addColumn('updated_at', 'text', (col) => col.notNull())
		.addUniqueConstraint('gateway_orders_gateway_id', ['gateway', 'gateway_order_id'])
		.execute()
	await db.schema.createIndex('gateway_orders_booking').on('gateway_orders').column('booking_id').execute()

	// Every webhook event handled, by the gateway's event id: a replay finds its row and does nothing.
	await db.schema
		.createTable('gateway_events')
		.addColumn('gateway', 'text', (col) => col.notNull())
		.addColumn('event_id', 'text', (col) => col.notNull())
		.addColumn('event_type', 'text', (col) => col.notNull())
		.addColumn('outcome', 'text', (col) => col.notNull())
		.addColumn('received_at', 'text', (col) => col.notNull())
		.addPrimaryKeyConstraint('gateway_events_pk', ['gateway', 'event_id'])
		.execute()

	await db.schema
		.createTable('refunds')
		.addColumn('id', 'text', (col) => col.primaryKey())
		.addColumn('booking_id', 'text', (col) => col.notNull().references('bookings.id'))
		// The payment refunded through the gateway; null for a refund staff sent by UPI or bank.
		.addColumn('payment_id', 'text', (col) => col.references('payments.id'))
		.addColumn('amount', 'bigint', (col) => col.notNull())
		.addColumn('method', 'text', (col) => col.notNull())
		.addColumn('reference', 'text', (col) => col.notNull())
		.addColumn('gateway', 'text')
		.addColumn('gateway_refund_id', 'text')
		// pending (asked of the gateway), processed, failed
		.addColumn('status', 'text', (col) => col.notNull())
		.addColumn('recorded_by', 'text')
		.addColumn('created_at', 'text', (col) => col.notNull())
		.addColumn('processed_at', 'text')
		.addUniqueConstraint('refunds_reference', ['booking_id', 'method', 'reference'])
		.execute()
	await db.schema.createIndex('refunds_gateway_refund').on('refunds').columns(['gateway', 'gateway_refund_id']).unique().execute()

	// A link staff sent for an amount (the balance or any amount), by email and WhatsApp.
	await db.schema
		.createTable('payment_requests')
		.addColumn('id', 'text', (col) => col.primaryKey())
		.addColumn('booking_id', 'text', (col) => col.notNull().references('bookings.id'))
		.addColumn('amount', 'bigint', (col) => col.notNull())
		.addColumn('note', 'text')
		.addColumn('submission_key', 'text', (col) => col.unique())
		.addColumn('created_by', 'text')
		.addColumn('created_at', 'text', (col) => col.notNull())
		.addColumn('paid_at', 'text')
		.execute()
	await db.schema.createIndex('payment_requests_booking').on('payment_requests').column('booking_id').execute()

	// A traveller asking to cancel from the trip page: one open request per booking; staff cancel it.
	await db.schema
		.createTable('cancellation_requests')
		.addColumn('booking_id', 'text', (col) => col.primaryKey().references('bookings.id'))
		.addColumn('reason', 'text', (col) => col.notNull())
		.addColumn('quoted_fee', 'bigint', (col) => col.notNull())
		.addColumn('quoted_refund', 'bigint', (col) => col.notNull())
		.addColumn('created_at', 'text', (col) => col.notNull())
		.execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('cancellation_requests').execute()
	await db.schema.dropTable('payment_requests').execute()
	await db.schema.dropTable('refunds').execute()
	await db.schema.dropTable('gateway_events').execute()
	await db.schema.dropTable('gateway_orders').execute()
	await db.schema.dropIndex('payments_gateway_payment').execute()
	for (const column of ['flag', 'gateway_order_id', 'gateway_payment_id', 'gateway', 'source'])
		await db.schema.alterTable('payments').dropColumn(column).execute()
	await db.schema.dropIndex('bookings_trip_token').execute()
	await db.schema.alterTable('bookings').dropColumn('trip_token').execute()
}
