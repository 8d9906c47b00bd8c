import type { Kysely } from 'kysely'

// Migrations never import app code: they describe the schema as it was on the day they were written.
// Live ferry seats (docs/decisions/183-ferry-operators-behind-one-adapter.md, 184-ferry-seat-holds-claimed-in-our-database.md):
// a hold is a traveller's seats on one sailing of one operator for a few minutes; each seat it holds is one
// claim row whose primary key is the seat itself, so two holds of one seat at once cannot both be written.
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable('ferry_seat_holds')
		// 20 random characters: the hold page's address (/ferries/hold/:id) is its only key.
		.addColumn('id', 'text', (col) => col.primaryKey())
		.addColumn('operator', 'text', (col) => col.notNull())
		// The operator's sailing, as our adapter names it (operator ids joined), and what the traveller saw.
		.addColumn('sailing_key', 'text', (col) => col.notNull())
		.addColumn('sailing_json', 'text', (col) => col.notNull())
		.addColumn('class_code', 'text', (col) => col.notNull())
		.addColumn('seats_json', 'text', (col) => col.notNull())
		.addColumn('adults', 'integer', (col) => col.notNull())
		.addColumn('infants', 'integer', (col) => col.notNull())
		// Paise: what the operator charges (its fare parts summed) and what we sell at (with the settings' markup).
		.addColumn('operator_total', 'integer', (col) => col.notNull())
		.addColumn('sell_total', 'integer', (col) => col.notNull())
		// The operator's own block, when it has one (Green Ocean's temporary seat block).
		.addColumn('operator_hold_ref', 'text')
		// held → released | lapsed | booked
		.addColumn('status', 'text', (col) => col.notNull())
		.addColumn('expires_at', 'text', (col) => col.notNull())
		.addColumn('created_at', 'text', (col) => col.notNull())
		.addColumn('updated_at', 'text', (col) => col.notNull())
		.execute()
	await db.schema
		.createTable('ferry_seat_claims')
		.addColumn('operator', 'text', (col) => col.notNull())
		.addColumn('sailing_key', 'text', (col) => col.notNull())
		.addColumn('seat', 'text', (col) => col.notNull())
		.addColumn('hold_id', 'text', (col) => col.notNull())
		.addColumn('expires_at', 'text', (col) => col.notNull())
		.addPrimaryKeyConstraint('ferry_seat_claims_pk', ['operator', 'sailing_key', 'seat'])
		.execute()
	await db.schema.createIndex('ferry_seat_claims_hold').on('ferry_seat_claims').column('hold_id').execute()
	await db.schema.createIndex('ferry_seat_holds_status_expiry').on('ferry_seat_holds').columns(['status', 'expires_at']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('ferry_seat_claims').execute()
	await db.schema.dropTable('ferry_seat_holds').execute()
}
