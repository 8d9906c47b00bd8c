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
// Kept by app/features/reports/server/report-columns.server.ts; back-filled here with the same expressions.

export async function up(db: Kysely<unknown>): Promise<void> {
	const lite = isSqlite(db)
	await db.schema.alterTable('bookings').addColumn('created_month', 'text').execute()
	await db.schema.alterTable('bookings').addColumn('lead_source', 'text').execute()
	await db.schema.alterTable('bookings').addColumn('quote_days', 'integer').execute()
	await db.schema
		.alterTable('bookings')
		.addColumn('islands', 'text', (col) => col.notNull().defaultTo(''))
		.execute()
	await db.schema.alterTable('leads').addColumn('first_quote_days', 'integer').execute()

	const days = (from: string, to: string) =>
		lite
			? sql`cast(julianday(${sql.raw(to)}) - julianday(${sql.raw(from)}) as integer)`
			: sql`floor(extract(epoch from (cast(${sql.raw(to)} as timestamptz) - cast(${sql.raw(from)} as timestamptz))) / 86400)`
	if (lite) {
		await sql`update bookings set
			created_month = substr(datetime(created_at, '+330 minutes'), 1, 7),
			lead_source = (select leads.source from leads where leads.id = bookings.lead_id),
			quote_days = (select ${days('quotes.sent_at', 'bookings.created_at')} from quotes where quotes.id = bookings.quote_id and quotes.sent_at is not null),
			islands = coalesce(',' || (select group_concat(island, ',') from (select distinct island from booking_components where booking_components.booking_id = bookings.id and island is not null order by island)) || ',', '')`.execute(
			db,
		)
	} else {
		// In batches, each statement well inside the app's 15 s statement and 20 s query limits on a large,
		// busy database (a migration runs on the app's pool). The index probes are the same as SQLite's.
		for (;;) {
			const result = await sql`with batch as (select id from bookings where created_month is null limit 5000)
				update bookings set
				created_month = to_char((cast(bookings.created_at as timestamptz) at time zone 'UTC') + interval '330 minutes', 'YYYY-MM'),
				lead_source = (select leads.source from leads where leads.id = bookings.lead_id),
				quote_days = (select ${days('quotes.sent_at', 'bookings.created_at')} from quotes where quotes.id = bookings.quote_id and quotes.sent_at is not null),
				islands = coalesce(',' || (select string_agg(distinct island, ',' order by island) from booking_components where booking_components.booking_id = bookings.id) || ',', '')
				from batch where bookings.id = batch.id`.execute(db)
			if (!Number(result.numAffectedRows ?? 0)) break
		}
	}
	if (lite) await sql`update leads set first_quote_days = ${days('created_at', 'first_quote_sent_at')} where first_quote_sent_at is not null`.execute(db)
	else
		for (;;) {
			const result = await sql`with batch as (select id from leads where first_quote_sent_at is not null and first_quote_days is null limit 5000)
				update leads set first_quote_days = ${days('created_at', 'first_quote_sent_at')} from batch where leads.id = batch.id`.execute(db)
			if (!Number(result.numAffectedRows ?? 0)) break
		}

	// Bookings made in a range of months, grouped by month, status, package and days from the quote in the index's
	// order (no sort), filtered by agent, source and island from the index alone; also read for commission.
	await db.schema.dropIndex('bookings_report').execute()
	await db.schema
		.createIndex('bookings_report_month')
		.on('bookings')
		.columns(['created_month', 'status', 'package_id', 'quote_days', 'created_at', 'agent_id', 'lead_source', 'islands', 'total', 'cost'])
		.execute()
	// Payments received with a filter join their booking: a narrow covering index answers the filters without the
	// wide row (an index-only probe on SQLite, an index-only scan for PostgreSQL's hash join).
	await db.schema.createIndex('bookings_report_filters').on('bookings').columns(['id', 'agent_id', 'lead_source', 'islands']).execute()
	// Commission: each agent's bookings made in the range, read from the index alone.
	await db.schema
		.createIndex('bookings_report_agent')
		.on('bookings')
		.columns(['agent_id', 'created_month', 'created_at', 'status', 'total', 'lead_source', 'islands'])
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
	await db.schema
		.createIndex('leads_report')
		.on('leads')
		.columns(['created_at', 'merged_into_id', 'source', 'agent_id', 'booking_stage', 'first_quote_sent_at'])
		.execute()
	await db.schema.dropIndex('bookings_report_agent').execute()
	await db.schema.dropIndex('bookings_report_filters').execute()
	await db.schema.dropIndex('bookings_report_month').execute()
	await db.schema
		.createIndex('bookings_report')
		.on('bookings')
		.columns(['created_at', 'status', 'agent_id', 'package_id', 'lead_id', 'quote_id', 'total', 'cost'])
		.execute()
	await db.schema.alterTable('leads').dropColumn('first_quote_days').execute()
	await db.schema.alterTable('bookings').dropColumn('islands').execute()
	await db.schema.alterTable('bookings').dropColumn('quote_days').execute()
	await db.schema.alterTable('bookings').dropColumn('lead_source').execute()
	await db.schema.alterTable('bookings').dropColumn('created_month').execute()
}
