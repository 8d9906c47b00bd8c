import { type Kysely, sql } from 'kysely'
import { isSqlite } from './portable.ts'

// Migrations never import app code: they describe the schema as it was on the day they were written.
// The whole reports page in one budget (docs/decisions/135-reports-page-in-one-scan.md): what the report
// queries grouped or filtered by through an expression or another table is kept on the row, and the
// covering indexes follow the queries' GROUP BY order.
//
// bookings.created_month  the India month (YYYY-MM) the booking was made in; created_at never changes.
// bookings.lead_source    its lead's source; a booking's lead and a lead's source never change.
// bookings.quote_days     whole days from its quote being sent to the booking; its quote and sent_at never change.
// bookings.islands        ",havelock,neil," the islands of its components, set when they are planned.
// leads.first_quote_days  whole days from the lead to its first quote sent (kept with first_quote_sent_at).
// Kept by app/server/reports/report-columns.server.ts; back-filled here with the same expressions.

export async function up(db: Kysely<unknown>): Promise<void> {
	const lite = isSqlite(db)
	// The back-fill touches every booking and lead: on PostgreSQL this migration's transaction may take longer
	// than the app's 15 s statement limit on a large database.
	if (!lite) await sql`set local statement_timeout = '10min'`.execute(db)
	await db.schema.alterTable('bookings').addColumn('created_month', 'text').execute()
	await db.schema.alterTable('bookings').addColumn('lead_source', 'text').execute()
	await db.schema.alterTable('bookings').addColumn('quote_days', 'integer').execute()
	await db.schema.alterTable('bookings').addColumn('islands', 'text', (col) => col.notNull().defaultTo('')).execute()
	await db.schema.alterTable('leads').addColumn('first_quote_days', 'integer').execute()

	const days = (from: string, to: string) =>
		lite ? sql`cast(julianday(${sql.raw(to)}) - julianday(${sql.raw(from)}) as integer)` : sql`floor(extract(epoch from (cast(${sql.raw(to)} as timestamptz) - cast(${sql.raw(from)} as timestamptz))) / 86400)`
	if (lite) {
		await sql`update bookings set
			created_month = substr(datetime(created_at, '+330 minutes'), 1, 7),
			lead_source = (select leads.source from leads where leads.id = bookings.lead_id),
			quote_days = (select ${days('quotes.sent_at', 'bookings.created_at')} from quotes where quotes.id = bookings.quote_id and quotes.sent_at is not null),
			islands = coalesce(',' || (select group_concat(island, ',') from (select distinct island from booking_components where booking_components.booking_id = bookings.id and island is not null order by island)) || ',', '')`.execute(db)
	} else {
		// One pass of joins rather than a probe per row: PostgreSQL rewrites every row it updates.
		await sql`update bookings set
			created_month = to_char((cast(bookings.created_at as timestamptz) at time zone 'UTC') + interval '330 minutes', 'YYYY-MM'),
			lead_source = kept.source,
			quote_days = kept.quote_days,
			islands = kept.islands
			from (
				select b.id, leads.source, case when quotes.sent_at is null then null else ${days('quotes.sent_at', 'b.created_at')} end as quote_days, coalesce(',' || components.islands || ',', '') as islands
				from bookings b
				left join leads on leads.id = b.lead_id
				left join quotes on quotes.id = b.quote_id
				left join (select booking_id, string_agg(distinct island, ',' order by island) as islands from booking_components where island is not null group by booking_id) components on components.booking_id = b.id
			) kept
			where kept.id = bookings.id`.execute(db)
	}
	await sql`update leads set first_quote_days = ${days('created_at', 'first_quote_sent_at')} where first_quote_sent_at is not null`.execute(db)

	// Bookings made in a range of months, grouped by month, status, package and days from the quote in the index's
	// order (no sort), filtered by agent, source and island from the index alone; also read for commission.
	await db.schema.dropIndex('bookings_report').execute()
	await db.schema
		.createIndex('bookings_report_month')
		.on('bookings')
		.columns(['created_month', 'status', 'package_id', 'quote_days', 'created_at', 'agent_id', 'lead_source', 'islands', 'total', 'cost'])
		.execute()
	// Leads made in a range, grouped by source and days to the first quote in the index's order (SQLite skips
	// through the few sources and day counts to the created_at range of each: no sort); every filter from the index.
	await db.schema.dropIndex('leads_report').execute()
	await db.schema
		.createIndex('leads_report')
		.on('leads')
		.columns(['source', 'first_quote_days', 'created_at', 'merged_into_id', 'agent_id', 'booking_stage', 'first_quote_sent_at', 'islands_json'])
		.execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropIndex('leads_report').execute()
	await db.schema.createIndex('leads_report').on('leads').columns(['created_at', 'merged_into_id', 'source', 'agent_id', 'booking_stage', 'first_quote_sent_at']).execute()
	await db.schema.dropIndex('bookings_report_month').execute()
	await db.schema.createIndex('bookings_report').on('bookings').columns(['created_at', 'status', 'agent_id', 'package_id', 'lead_id', 'quote_id', 'total', 'cost']).execute()
	await db.schema.alterTable('leads').dropColumn('first_quote_days').execute()
	await db.schema.alterTable('bookings').dropColumn('islands').execute()
	await db.schema.alterTable('bookings').dropColumn('quote_days').execute()
	await db.schema.alterTable('bookings').dropColumn('lead_source').execute()
	await db.schema.alterTable('bookings').dropColumn('created_month').execute()
}
