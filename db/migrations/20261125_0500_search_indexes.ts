import { type Kysely, sql } from 'kysely'
import { isSqlite } from './portable.ts'

// Migrations never import app code: they describe the schema as it was on the day they were written.
// Quick search at the desk (docs/decisions/129-quick-search.md): a trigram index on PostgreSQL
// for each kind's lower-cased search line, so a substring LIKE reads the index, not the table.
// The expressions for bookings and vouchers must stay exactly those of app/server/search/quick-search.server.ts.
const indexes = [
	{ name: 'bookings_search_trgm', table: 'bookings', line: sql`lower(reference || ' ' || contact_name || ' ' || contact_phone || ' ' || coalesce(contact_email, ''))` },
	{ name: 'vouchers_search_trgm', table: 'vouchers', line: sql`lower(booking_reference || ' ' || lead_name)` },
	{ name: 'ferry_leads_search_trgm', table: 'ferry_leads', line: sql`search_text` },
	{ name: 'ferry_bookings_search_trgm', table: 'ferry_bookings', line: sql`search_text` },
	{ name: 'offline_tickets_search_trgm', table: 'offline_tickets', line: sql`search_text` },
	{ name: 'agents_search_trgm', table: 'agents', line: sql`search_text` },
	{ name: 'itineraries_reference_trgm', table: 'itineraries', line: sql`lower(reference)` },
]

export async function up(db: Kysely<unknown>): Promise<void> {
	// Newest first within each kind: the quick search's order, read from an index that stops after a few rows.
	await db.schema.createIndex('ferry_leads_created').on('ferry_leads').columns(['created_at', 'id']).execute()
	await db.schema.createIndex('ferry_bookings_created').on('ferry_bookings').columns(['created_at', 'id']).execute()
	await db.schema.createIndex('offline_tickets_created').on('offline_tickets').columns(['created_at', 'id']).execute()
	await db.schema.createIndex('quotes_created').on('quotes').columns(['created_at', 'id']).execute()
	await db.schema.createIndex('quotes_itinerary').on('quotes').column('itinerary_id').execute()
	if (isSqlite(db)) return
	// Without pg_trgm on the server search still works, by reading the (smaller than leads) tables.
	const available = await sql<{ name: string }>`select name from pg_available_extensions where name = 'pg_trgm'`.execute(db)
	if (!available.rows.length) return
	await sql`create extension if not exists pg_trgm`.execute(db)
	for (const index of indexes) await sql`create index ${sql.id(index.name)} on ${sql.id(index.table)} using gin ((${index.line}) gin_trgm_ops)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
	if (!isSqlite(db)) for (const index of indexes) await sql`drop index if exists ${sql.id(index.name)}`.execute(db)
	for (const name of ['quotes_itinerary', 'quotes_created', 'offline_tickets_created', 'ferry_bookings_created', 'ferry_leads_created']) await db.schema.dropIndex(name).execute()
}
