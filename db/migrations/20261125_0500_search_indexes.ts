import { type Kysely, sql } from 'kysely'
import { isSqlite } from './portable.ts'

// Migrations never import app code: they describe the schema as it was on the day they were written.
// Quick search at the desk (docs/decisions/129-quick-search.md): each kind's lower-cased search
// line gets a trigram index, as leads' did in ADR 032 — on PostgreSQL a pg_trgm GIN index on the
// expression, on SQLite an FTS5 trigram table `<table>_search` (rowid = the row's rowid) kept in
// step by triggers. The expressions for bookings and vouchers must stay exactly those of
// app/features/search/server/quick-search.server.ts.
const lines: Array<{ table: string; columns: string; line: (row: string) => string }> = [
	{
		table: 'bookings',
		columns: 'reference, contact_name, contact_phone, contact_email',
		line: (row) => `lower(${row}reference || ' ' || ${row}contact_name || ' ' || ${row}contact_phone || ' ' || coalesce(${row}contact_email, ''))`,
	},
	{ table: 'vouchers', columns: 'booking_reference, lead_name', line: (row) => `lower(${row}booking_reference || ' ' || ${row}lead_name)` },
	{ table: 'ferry_leads', columns: 'search_text', line: (row) => `${row}search_text` },
	{ table: 'ferry_bookings', columns: 'search_text', line: (row) => `${row}search_text` },
	{ table: 'offline_tickets', columns: 'search_text', line: (row) => `${row}search_text` },
	{ table: 'agents', columns: 'search_text', line: (row) => `${row}search_text` },
]
const pgIndexes = [
	...lines.map(({ table, line }) => ({ name: `${table}_search_trgm`, table, line: line('') })),
	{ name: 'itineraries_reference_trgm', table: 'itineraries', line: 'lower(reference)' },
]

export async function up(db: Kysely<unknown>): Promise<void> {
	// Newest first within each kind: the quick search's order, read from an index that stops after a few rows.
	await db.schema.createIndex('ferry_leads_created').on('ferry_leads').columns(['created_at', 'id']).execute()
	await db.schema.createIndex('ferry_bookings_created').on('ferry_bookings').columns(['created_at', 'id']).execute()
	await db.schema.createIndex('offline_tickets_created').on('offline_tickets').columns(['created_at', 'id']).execute()
	await db.schema.createIndex('quotes_created').on('quotes').columns(['created_at', 'id']).execute()
	await db.schema.createIndex('quotes_itinerary').on('quotes').column('itinerary_id').execute()
	if (isSqlite(db)) {
		for (const { table, columns, line } of lines) {
			const search = `${table}_search`
			await sql.raw(`create virtual table ${search} using fts5(search_text, tokenize='trigram')`).execute(db)
			await sql
				.raw(
					`create trigger ${search}_insert after insert on ${table} begin insert into ${search}(rowid, search_text) values (new.rowid, ${line('new.')}); end`,
				)
				.execute(db)
			await sql.raw(`create trigger ${search}_delete after delete on ${table} begin delete from ${search} where rowid = old.rowid; end`).execute(db)
			await sql
				.raw(
					`create trigger ${search}_update after update of ${columns} on ${table} begin delete from ${search} where rowid = old.rowid; insert into ${search}(rowid, search_text) values (new.rowid, ${line('new.')}); end`,
				)
				.execute(db)
			await sql.raw(`insert into ${search}(rowid, search_text) select rowid, ${line('')} from ${table}`).execute(db)
		}
		return
	}
	// Without pg_trgm on the server search still works, by reading the (smaller than leads) tables.
	const available = await sql<{ name: string }>`select name from pg_available_extensions where name = 'pg_trgm'`.execute(db)
	if (!available.rows.length) return
	await sql`create extension if not exists pg_trgm`.execute(db)
	for (const index of pgIndexes) await sql.raw(`create index ${index.name} on ${index.table} using gin ((${index.line}) gin_trgm_ops)`).execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
	if (isSqlite(db)) {
		for (const { table } of lines) {
			// The triggers live on the searched table, so dropping the search table alone would leave them firing at nothing.
			for (const event of ['insert', 'delete', 'update']) await sql.raw(`drop trigger if exists ${table}_search_${event}`).execute(db)
			await sql.raw(`drop table if exists ${table}_search`).execute(db)
		}
	} else for (const index of pgIndexes) await sql.raw(`drop index if exists ${index.name}`).execute(db)
	for (const name of ['quotes_itinerary', 'quotes_created', 'offline_tickets_created', 'ferry_bookings_created', 'ferry_leads_created'])
		await db.schema.dropIndex(name).execute()
}
