import type { Kysely } from 'kysely'

// Migrations never import app code: they describe the schema as it was on the day they were written.
// Live ferry tickets (docs/decisions/203-ferry-legs-ticketed-once-by-their-idempotency-key.md): a ferry booking made
// from a seat hold keeps the hold, the key it is booked with at the operator (unique, so one leg is one ticket),
// where its live ticketing stands and what the operator last said. Foreign passengers carry their passport's country.
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema.alterTable('ferry_bookings').addColumn('hold_id', 'text').execute()
	await db.schema.alterTable('ferry_bookings').addColumn('idempotency_key', 'text').execute()
	// awaiting-payment → ticketing → ticketed | refused | unknown; null for a ferry booking staff ticket by hand.
	await db.schema.alterTable('ferry_bookings').addColumn('live_state', 'text').execute()
	await db.schema.alterTable('ferry_bookings').addColumn('live_error', 'text').execute()
	// Paise the operator kept when the ticket was cancelled through its booking system.
	await db.schema.alterTable('ferry_bookings').addColumn('cancel_fee', 'integer').execute()
	await db.schema.createIndex('ferry_bookings_idempotency_key').on('ferry_bookings').column('idempotency_key').unique().execute()
	await db.schema.createIndex('ferry_bookings_hold_id').on('ferry_bookings').column('hold_id').unique().execute()
	await db.schema.createIndex('ferry_bookings_live_state').on('ferry_bookings').columns(['booking_id', 'live_state']).execute()
	await db.schema.alterTable('ferry_passengers').addColumn('country', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.alterTable('ferry_passengers').dropColumn('country').execute()
	await db.schema.dropIndex('ferry_bookings_live_state').execute()
	await db.schema.dropIndex('ferry_bookings_hold_id').execute()
	await db.schema.dropIndex('ferry_bookings_idempotency_key').execute()
	for (const column of ['cancel_fee', 'live_error', 'live_state', 'idempotency_key', 'hold_id'])
		await db.schema.alterTable('ferry_bookings').dropColumn(column).execute()
}
