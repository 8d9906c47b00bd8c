import { type Kysely, sql } from 'kysely'
import { isSqlite, serialPrimaryKey } from './portable.ts'

// Migrations never import app code: they describe the schema as it was on the day they were written.
// An agency's saved quote holds the trip's allotment rooms too (docs/decisions/233-agent-quote-credit-holds-and-online-top-ups.md):
// a room_night_holds row belongs to a staff quote (quote_id) or to an agency's quote (agent_quote_id), exactly one.
// agent_quotes.rooms_on_request: 1 when a stay's rooms could not be held at saving (it is on request).
// PostgreSQL alters the table in place; SQLite cannot drop a NOT NULL or add a CHECK to a table, so it is rebuilt
// (nothing references room_night_holds), rows and ids kept.
const exactlyOne = sql`(quote_id is null) <> (agent_quote_id is null)`

async function createHolds(db: Kysely<unknown>, name: string, withAgent: boolean) {
	let table = db.schema
		.createTable(name)
		.addColumn('id', 'integer', serialPrimaryKey(db))
		.addColumn('quote_id', 'text', (col) => (withAgent ? col.references('quotes.id') : col.notNull().references('quotes.id')))
	if (withAgent) table = table.addColumn('agent_quote_id', 'text', (col) => col.references('agent_quotes.id'))
	table = table
		.addColumn('hotel_id', 'text', (col) => col.notNull().references('hotels.id'))
		.addColumn('room_type_id', 'text', (col) => col.notNull().references('room_types.id'))
		.addColumn('night', 'text', (col) => col.notNull())
		.addColumn('rooms', 'integer', (col) => col.notNull())
		.addColumn('expires_on', 'text', (col) => col.notNull())
		.addColumn('released_at', 'text')
		.addColumn('created_at', 'text', (col) => col.notNull())
	if (withAgent) table = table.addCheckConstraint('room_night_holds_one_owner', exactlyOne)
	await table.execute()
}

const common = 'id, quote_id, hotel_id, room_type_id, night, rooms, expires_on, released_at, created_at'

/** SQLite: the table rebuilt with (or without) agent_quote_id, its rows copied, its indexes made again. */
async function rebuildOnSqlite(db: Kysely<unknown>, withAgent: boolean) {
	await createHolds(db, 'room_night_holds_next', withAgent)
	const rows = withAgent ? 'from room_night_holds' : 'from room_night_holds where quote_id is not null'
	await sql.raw(`insert into room_night_holds_next (${common}) select ${common} ${rows}`).execute(db)
	await db.schema.dropTable('room_night_holds').execute()
	await db.schema.alterTable('room_night_holds_next').renameTo('room_night_holds').execute()
	await db.schema.createIndex('room_night_holds_key').on('room_night_holds').columns(['quote_id', 'room_type_id', 'night']).unique().execute()
	await db.schema.createIndex('room_night_holds_night').on('room_night_holds').columns(['room_type_id', 'night']).execute()
}

export async function up(db: Kysely<unknown>): Promise<void> {
	if (isSqlite(db)) await rebuildOnSqlite(db, true)
	else {
		await sql`alter table room_night_holds alter column quote_id drop not null`.execute(db)
		await db.schema
			.alterTable('room_night_holds')
			.addColumn('agent_quote_id', 'text', (col) => col.references('agent_quotes.id'))
			.execute()
		await db.schema.alterTable('room_night_holds').addCheckConstraint('room_night_holds_one_owner', exactlyOne).execute()
	}
	await db.schema.createIndex('room_night_holds_agent_key').on('room_night_holds').columns(['agent_quote_id', 'room_type_id', 'night']).unique().execute()
	await db.schema
		.alterTable('agent_quotes')
		.addColumn('rooms_on_request', 'integer', (col) => col.notNull().defaultTo(0))
		.execute()
}

/** The rooms agencies' quotes still hold, on the night and room type of the room_nights row being updated. */
const agencyHeld = (what: 'sum(h.rooms)' | '1') =>
	sql.raw(
		`select ${what} from room_night_holds h where h.agent_quote_id is not null and h.released_at is null and h.room_type_id = room_nights.room_type_id and h.night = room_nights.night`,
	)

export async function down(db: Kysely<unknown>): Promise<void> {
	// The agencies' holds go with the column: the rooms they hold are given back to sale first.
	await sql`update room_nights set held = held - (${agencyHeld('sum(h.rooms)')}) where exists (${agencyHeld('1')})`.execute(db)
	await db.schema.alterTable('agent_quotes').dropColumn('rooms_on_request').execute()
	await db.schema.dropIndex('room_night_holds_agent_key').execute()
	if (isSqlite(db)) await rebuildOnSqlite(db, false)
	else {
		await sql`delete from room_night_holds where quote_id is null`.execute(db)
		await db.schema.alterTable('room_night_holds').dropConstraint('room_night_holds_one_owner').execute()
		await db.schema.alterTable('room_night_holds').dropColumn('agent_quote_id').execute()
		await sql`alter table room_night_holds alter column quote_id set not null`.execute(db)
	}
}
