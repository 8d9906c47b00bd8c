import { type Kysely, sql } from 'kysely'
import { isSqlite } from './portable.ts'

// Migrations never import app code: they describe the schema as it was on the day they were written.
// Sales desk: the lead timeline, search and merge columns on leads, and reusable day templates.
export async function up(db: Kysely<unknown>): Promise<void> {
	// One lower-cased line of name, phone, email and reference: the list's search is one LIKE over it.
	await db.schema
		.alterTable('leads')
		.addColumn('search_text', 'text', (col) => col.notNull().defaultTo(''))
		.execute()
	// A duplicate merged into another lead points at it and leaves the working list.
	await db.schema.alterTable('leads').addColumn('merged_into_id', 'text').execute()
	await sql`update leads set search_text = lower(name || ' ' || coalesce(phone, '') || ' ' || coalesce(email, '') || ' ' || reference)`.execute(db)

	// Substring search without reading every row: a trigram index on each database
	// (docs/decisions/032-lead-search-and-list-indexes.md).
	if (isSqlite(db)) {
		await sql`create virtual table leads_search using fts5(search_text, content='leads', content_rowid='rowid', tokenize='trigram')`.execute(db)
		await sql`create trigger leads_search_insert after insert on leads begin insert into leads_search(rowid, search_text) values (new.rowid, new.search_text); end`.execute(
			db,
		)
		await sql`create trigger leads_search_delete after delete on leads begin insert into leads_search(leads_search, rowid, search_text) values ('delete', old.rowid, old.search_text); end`.execute(
			db,
		)
		await sql`create trigger leads_search_update after update of search_text on leads begin insert into leads_search(leads_search, rowid, search_text) values ('delete', old.rowid, old.search_text); insert into leads_search(rowid, search_text) values (new.rowid, new.search_text); end`.execute(
			db,
		)
		await sql`insert into leads_search(leads_search) values ('rebuild')`.execute(db)
	} else {
		const available = await sql<{ name: string }>`select name from pg_available_extensions where name = 'pg_trgm'`.execute(db)
		if (available.rows.length) {
			await sql`create extension if not exists pg_trgm`.execute(db)
			await sql`create index leads_search_trgm on leads using gin (search_text gin_trgm_ops)`.execute(db)
		}
	}

	// The list's usual shapes: newest first (optionally by status, assignee or source), follow-ups due.
	// Every order ends with id, so pages are stable and each index serves the whole ORDER BY (no sort).
	await db.schema.dropIndex('leads_status_created').execute()
	await db.schema.createIndex('leads_status_created').on('leads').columns(['status', 'created_at', 'id']).execute()
	await db.schema.createIndex('leads_created').on('leads').columns(['created_at', 'id']).execute()
	await db.schema.createIndex('leads_assignee_created').on('leads').columns(['assignee_id', 'created_at', 'id']).execute()
	await db.schema.createIndex('leads_source_created').on('leads').columns(['source', 'created_at', 'id']).execute()
	await db.schema.createIndex('leads_follow_up').on('leads').columns(['next_follow_up', 'status']).execute()
	await db.schema.createIndex('leads_agent').on('leads').column('agent_id').execute()
	// The status tabs count every lead not merged away, often for one person's follow-ups:
	// an index that holds exactly those leads, led by status.
	await db.schema
		.createIndex('leads_open_status')
		.on('leads')
		.columns(['status', 'assignee_id', 'next_follow_up'])
		.where(sql.ref('merged_into_id'), 'is', null)
		.execute()

	await db.schema
		.createTable('lead_events')
		.addColumn('id', 'text', (col) => col.primaryKey())
		.addColumn('lead_id', 'text', (col) => col.notNull().references('leads.id'))
		// note | call | whatsapp | email | status | assignment | merge | created
		.addColumn('kind', 'text', (col) => col.notNull())
		.addColumn('body', 'text', (col) => col.notNull())
		.addColumn('meta_json', 'text')
		.addColumn('actor_id', 'text')
		.addColumn('actor_label', 'text', (col) => col.notNull())
		.addColumn('at', 'text', (col) => col.notNull())
		.execute()
	await db.schema.createIndex('lead_events_lead_at').on('lead_events').columns(['lead_id', 'at']).execute()

	await db.schema
		.createTable('day_templates')
		.addColumn('id', 'text', (col) => col.primaryKey())
		.addColumn('island', 'text', (col) => col.notNull())
		.addColumn('title', 'text', (col) => col.notNull())
		.addColumn('description', 'text', (col) => col.notNull())
		.addColumn('activities_json', 'text', (col) => col.notNull().defaultTo('[]'))
		.addColumn('transfers_json', 'text', (col) => col.notNull().defaultTo('[]'))
		// {from, to} or null: the ferry crossing made on this day.
		.addColumn('ferry_json', 'text')
		.addColumn('meals_json', 'text', (col) => col.notNull().defaultTo('[]'))
		// Delimited ",beach,snorkelling," so a tag filter is one portable LIKE.
		.addColumn('tags', 'text', (col) => col.notNull().defaultTo(','))
		.addColumn('position', 'integer', (col) => col.notNull())
		.addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
		.addColumn('archived_at', 'text')
		.addColumn('created_at', 'text', (col) => col.notNull())
		.addColumn('updated_at', 'text', (col) => col.notNull())
		.execute()
	await db.schema.createIndex('day_templates_island_position').on('day_templates').columns(['island', 'position']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('day_templates').execute()
	await db.schema.dropTable('lead_events').execute()
	if (isSqlite(db)) {
		for (const trigger of ['leads_search_insert', 'leads_search_delete', 'leads_search_update'])
			await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db)
		await sql`drop table if exists leads_search`.execute(db)
	} else {
		await sql`drop index if exists leads_search_trgm`.execute(db)
	}
	for (const index of [
		'leads_open_status',
		'leads_agent',
		'leads_follow_up',
		'leads_source_created',
		'leads_assignee_created',
		'leads_created',
		'leads_status_created',
	]) {
		await db.schema.dropIndex(index).execute()
	}
	await db.schema.createIndex('leads_status_created').on('leads').columns(['status', 'created_at']).execute()
	await db.schema.alterTable('leads').dropColumn('merged_into_id').execute()
	await db.schema.alterTable('leads').dropColumn('search_text').execute()
}
