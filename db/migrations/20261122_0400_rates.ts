import type { Kysely } from 'kysely'
import { serialPrimaryKey } from './portable.ts'

// Migrations never import app code: they describe the schema as it was on the day they were written.
// Money is integer paise (bigint), booleans 0/1, JSON as text. Seasons live in the settings table
// (key 'seasons'), so rate rows name their season by text (docs/decisions/020-rate-tables.md).
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable('hotels')
		.addColumn('id', 'text', (col) => col.primaryKey())
		.addColumn('name', 'text', (col) => col.notNull())
		.addColumn('island', 'text', (col) => col.notNull())
		.addColumn('tier', 'text', (col) => col.notNull())
		.addColumn('stars', 'integer')
		.addColumn('address', 'text')
		.addColumn('phone', 'text')
		.addColumn('email', 'text')
		.addColumn('check_in', 'text', (col) => col.notNull().defaultTo('12:00'))
		.addColumn('check_out', 'text', (col) => col.notNull().defaultTo('10:00'))
		.addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
		.addColumn('notes', 'text')
		.addColumn('created_at', 'text', (col) => col.notNull())
		.addColumn('updated_at', 'text', (col) => col.notNull())
		.execute()
	await db.schema.createIndex('hotels_island_tier').on('hotels').columns(['island', 'tier', 'name']).execute()
	await db.schema.createIndex('hotels_name').on('hotels').columns(['name', 'island']).unique().execute()

	await db.schema
		.createTable('room_types')
		.addColumn('id', 'text', (col) => col.primaryKey())
		.addColumn('hotel_id', 'text', (col) => col.notNull().references('hotels.id'))
		.addColumn('name', 'text', (col) => col.notNull())
		.addColumn('max_adults', 'integer', (col) => col.notNull())
		.addColumn('max_children', 'integer', (col) => col.notNull())
		.addColumn('extra_bed', 'integer', (col) => col.notNull().defaultTo(1))
		.addColumn('is_default', 'integer', (col) => col.notNull().defaultTo(0))
		.addColumn('created_at', 'text', (col) => col.notNull())
		.addColumn('updated_at', 'text', (col) => col.notNull())
		.execute()
	await db.schema.createIndex('room_types_hotel_name').on('room_types').columns(['hotel_id', 'name']).unique().execute()

	await db.schema
		.createTable('hotel_rates')
		.addColumn('id', 'integer', serialPrimaryKey(db))
		.addColumn('hotel_id', 'text', (col) => col.notNull().references('hotels.id'))
		.addColumn('room_type_id', 'text', (col) => col.notNull().references('room_types.id'))
		.addColumn('meal_plan', 'text', (col) => col.notNull())
		.addColumn('season', 'text', (col) => col.notNull())
		.addColumn('double_sell', 'bigint', (col) => col.notNull())
		.addColumn('double_cost', 'bigint', (col) => col.notNull())
		.addColumn('extra_adult_sell', 'bigint', (col) => col.notNull())
		.addColumn('extra_adult_cost', 'bigint', (col) => col.notNull())
		.addColumn('child_bed_sell', 'bigint', (col) => col.notNull())
		.addColumn('child_bed_cost', 'bigint', (col) => col.notNull())
		.addColumn('child_no_bed_sell', 'bigint', (col) => col.notNull())
		.addColumn('child_no_bed_cost', 'bigint', (col) => col.notNull())
		.addColumn('updated_at', 'text', (col) => col.notNull())
		.execute()
	await db.schema.createIndex('hotel_rates_key').on('hotel_rates').columns(['room_type_id', 'meal_plan', 'season']).unique().execute()
	await db.schema.createIndex('hotel_rates_hotel').on('hotel_rates').column('hotel_id').execute()

	await db.schema
		.createTable('ferry_fares')
		.addColumn('id', 'integer', serialPrimaryKey(db))
		.addColumn('operator', 'text', (col) => col.notNull())
		.addColumn('from_island', 'text', (col) => col.notNull())
		.addColumn('to_island', 'text', (col) => col.notNull())
		.addColumn('class', 'text', (col) => col.notNull())
		.addColumn('adult_sell', 'bigint', (col) => col.notNull())
		.addColumn('adult_cost', 'bigint', (col) => col.notNull())
		// Null: children pay the adult fare.
		.addColumn('child_sell', 'bigint')
		.addColumn('child_cost', 'bigint')
		.addColumn('infant_sell', 'bigint', (col) => col.notNull())
		.addColumn('infant_cost', 'bigint', (col) => col.notNull())
		.addColumn('departures_json', 'text', (col) => col.notNull().defaultTo('[]'))
		.addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
		.addColumn('updated_at', 'text', (col) => col.notNull())
		.execute()
	await db.schema.createIndex('ferry_fares_key').on('ferry_fares').columns(['operator', 'from_island', 'to_island', 'class']).unique().execute()

	await db.schema
		.createTable('transfer_rates')
		.addColumn('id', 'integer', serialPrimaryKey(db))
		.addColumn('island', 'text', (col) => col.notNull())
		.addColumn('vehicle', 'text', (col) => col.notNull())
		.addColumn('unit', 'text', (col) => col.notNull())
		.addColumn('sell', 'bigint', (col) => col.notNull())
		.addColumn('cost', 'bigint', (col) => col.notNull())
		.addColumn('notes', 'text')
		.addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
		.addColumn('updated_at', 'text', (col) => col.notNull())
		.execute()
	await db.schema.createIndex('transfer_rates_key').on('transfer_rates').columns(['island', 'vehicle', 'unit']).unique().execute()

	// Package tier prices are computed by the pricing engine (docs/decisions/022-package-prices-from-rates.md).
	await db.schema.alterTable('packages').addColumn('price_luxury', 'bigint').execute()
	await db.schema.alterTable('packages').addColumn('prices_as_of', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.alterTable('packages').dropColumn('prices_as_of').execute()
	await db.schema.alterTable('packages').dropColumn('price_luxury').execute()
	await db.schema.dropTable('transfer_rates').execute()
	await db.schema.dropTable('ferry_fares').execute()
	await db.schema.dropTable('hotel_rates').execute()
	await db.schema.dropTable('room_types').execute()
	await db.schema.dropTable('hotels').execute()
}
