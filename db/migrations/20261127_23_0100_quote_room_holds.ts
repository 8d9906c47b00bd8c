import type { Kysely } from 'kysely'
import { serialPrimaryKey } from './portable.ts'

// Migrations never import app code: they describe the schema as it was on the day they were written.
// Rooms held by sent quotes (docs/decisions/200-quotes-hold-and-take-rooms.md): a counter next to
// `sold` on each room night, and one row per quote × room type × night saying how many rooms it
// holds and until which day. A hold is given back when the quote is booked, declined, superseded
// or past that day.
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.alterTable('room_nights')
		.addColumn('held', 'integer', (col) => col.notNull().defaultTo(0))
		.execute()
	await db.schema
		.createTable('room_night_holds')
		.addColumn('id', 'integer', serialPrimaryKey(db))
		.addColumn('quote_id', 'text', (col) => col.notNull().references('quotes.id'))
		.addColumn('hotel_id', 'text', (col) => col.notNull().references('hotels.id'))
		.addColumn('room_type_id', 'text', (col) => col.notNull().references('room_types.id'))
		.addColumn('night', 'text', (col) => col.notNull())
		.addColumn('rooms', 'integer', (col) => col.notNull())
		// The last day the hold counts (the quote's valid-until date).
		.addColumn('expires_on', 'text', (col) => col.notNull())
		.addColumn('released_at', 'text')
		.addColumn('created_at', 'text', (col) => col.notNull())
		.execute()
	await db.schema.createIndex('room_night_holds_key').on('room_night_holds').columns(['quote_id', 'room_type_id', 'night']).unique().execute()
	await db.schema.createIndex('room_night_holds_night').on('room_night_holds').columns(['room_type_id', 'night']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('room_night_holds').execute()
	await db.schema.alterTable('room_nights').dropColumn('held').execute()
}
