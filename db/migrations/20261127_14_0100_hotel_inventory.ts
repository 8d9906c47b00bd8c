import type { Kysely } from 'kysely'
import { serialPrimaryKey } from './portable.ts'

// Migrations never import app code: they describe the schema as it was on the day they were written.
// Hotel inventory (docs/inventory.md, docs/decisions/186-room-inventory-per-room-type-and-night.md):
// how a hotel sells to us, its contracted rooms per room type × night, its stop-sales, and the rooms
// each booking took. The hotels table itself is not changed.
export async function up(db: Kysely<unknown>): Promise<void> {
	// One row per hotel that has a contract; a hotel without a row sells "on request".
	await db.schema
		.createTable('hotel_sale_terms')
		.addColumn('hotel_id', 'text', (col) => col.primaryKey().references('hotels.id'))
		// 'allotment' (rooms held for us until the release period), 'free_sale' (sell until told to stop), 'on_request'.
		.addColumn('mode', 'text', (col) => col.notNull())
		// Days before arrival when unsold allotment goes back to the hotel (a night's own value wins).
		.addColumn('release_days', 'integer', (col) => col.notNull())
		.addColumn('updated_at', 'text', (col) => col.notNull())
		.execute()

	// One row per room type × night (the date the night starts).
	await db.schema
		.createTable('room_nights')
		.addColumn('room_type_id', 'text', (col) => col.notNull().references('room_types.id'))
		.addColumn('night', 'text', (col) => col.notNull())
		.addColumn('hotel_id', 'text', (col) => col.notNull().references('hotels.id'))
		.addColumn('allotment', 'integer', (col) => col.notNull())
		// Rooms booked against the allotment; never above it (a conditional update keeps it so).
		.addColumn('sold', 'integer', (col) => col.notNull().defaultTo(0))
		// Null: the hotel's release days.
		.addColumn('release_days', 'integer')
		.addColumn('min_stay', 'integer', (col) => col.notNull().defaultTo(1))
		.addColumn('closed_to_arrival', 'integer', (col) => col.notNull().defaultTo(0))
		.addColumn('updated_at', 'text', (col) => col.notNull())
		.addPrimaryKeyConstraint('room_nights_pk', ['room_type_id', 'night'])
		.execute()
	await db.schema.createIndex('room_nights_hotel_night').on('room_nights').columns(['hotel_id', 'night']).execute()

	// Date ranges a hotel (room_type_id null) or one room type is not sold, with the reason.
	await db.schema
		.createTable('stop_sales')
		.addColumn('id', 'text', (col) => col.primaryKey())
		.addColumn('hotel_id', 'text', (col) => col.notNull().references('hotels.id'))
		.addColumn('room_type_id', 'text', (col) => col.references('room_types.id'))
		.addColumn('first_night', 'text', (col) => col.notNull())
		.addColumn('last_night', 'text', (col) => col.notNull())
		.addColumn('reason', 'text', (col) => col.notNull())
		.addColumn('created_at', 'text', (col) => col.notNull())
		.execute()
	await db.schema.createIndex('stop_sales_hotel').on('stop_sales').columns(['hotel_id', 'first_night']).execute()

	// The rooms a booking took, night by night, and on what basis; released when it is cancelled.
	await db.schema
		.createTable('room_night_sales')
		.addColumn('id', 'integer', serialPrimaryKey(db))
		.addColumn('booking_id', 'text', (col) => col.notNull().references('bookings.id'))
		.addColumn('hotel_id', 'text', (col) => col.notNull().references('hotels.id'))
		.addColumn('room_type_id', 'text', (col) => col.notNull().references('room_types.id'))
		.addColumn('night', 'text', (col) => col.notNull())
		.addColumn('rooms', 'integer', (col) => col.notNull())
		// 'allotment' (counted in room_nights.sold), 'free_sale' or 'on_request' (the hotel must confirm).
		.addColumn('basis', 'text', (col) => col.notNull())
		.addColumn('released_at', 'text')
		.addColumn('created_at', 'text', (col) => col.notNull())
		.execute()
	await db.schema.createIndex('room_night_sales_key').on('room_night_sales').columns(['booking_id', 'room_type_id', 'night']).unique().execute()
	await db.schema.createIndex('room_night_sales_night').on('room_night_sales').columns(['room_type_id', 'night']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('room_night_sales').execute()
	await db.schema.dropTable('stop_sales').execute()
	await db.schema.dropTable('room_nights').execute()
	await db.schema.dropTable('hotel_sale_terms').execute()
}
