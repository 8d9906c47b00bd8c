import { type RawBuilder, sql } from 'kysely'
import type { DB, Executor } from '~/server/db/client.server.ts'
import { isPostgres } from '~/server/db/client.server.ts'

/**
 * What the report queries would otherwise work out per row, kept on the booking
 * (docs/decisions/135-reports-page-in-one-scan.md):
 * - `created_month`, the India month it was made in: set when it is inserted (`indiaMonthOf(created_at)`,
 *   required by the row's type, so a new insert cannot forget it); created_at never changes.
 * - `lead_source`, its lead's source: a booking's lead and a lead's source never change, so it is set once,
 *   after the insert (`refreshBookingReportColumns`).
 * - `quote_days`, whole days from its quote being sent to the booking (null without a sent quote): a
 *   booking's quote and a quote's sent_at never change, so it is set once, after the insert.
 * - `islands`, ",havelock,neil,", the islands of its components: set again whenever components with an
 *   island are added (today only when they are planned, `createPlannedComponents`).
 * The migration 20261126_02_0100_report_columns back-fills them with the same expressions.
 */

/** Whole days from one UTC timestamp column to another (the one dialect-specific report expression). */
export function wholeDaysBetween(db: Executor, from: string, to: string): RawBuilder<number> {
	return isPostgres(db)
		? sql<number>`floor(extract(epoch from (cast(${sql.ref(to)} as timestamptz) - cast(${sql.ref(from)} as timestamptz))) / 86400)`
		: sql<number>`cast(julianday(${sql.ref(to)}) - julianday(${sql.ref(from)}) as integer)`
}

/** ",a,b," of the booking's component islands, sorted, each once; '' without any. */
function islandsOf(db: Executor): RawBuilder<string> {
	return isPostgres(db)
		? sql<string>`coalesce(',' || (select string_agg(distinct island, ',' order by island) from booking_components where booking_components.booking_id = bookings.id) || ',', '')`
		: sql<string>`coalesce(',' || (select group_concat(island, ',') from (select distinct island from booking_components where booking_components.booking_id = bookings.id and island is not null order by island)) || ',', '')`
}

const leadSourceOf = sql<string | null>`(select leads.source from leads where leads.id = bookings.lead_id)`
const quoteDaysOf = (db: Executor) =>
	sql<
		number | null
	>`(select ${wholeDaysBetween(db, 'quotes.sent_at', 'bookings.created_at')} from quotes where quotes.id = bookings.quote_id and quotes.sent_at is not null)`
const columns = (db: Executor) => ({ lead_source: leadSourceOf, quote_days: quoteDaysOf(db), islands: islandsOf(db) })

/** Recomputes one booking's lead source, days from its quote and islands (call in the transaction that inserts it or plans its components). */
export async function refreshBookingReportColumns(db: Executor, bookingId: string) {
	await db.updateTable('bookings').set(columns(db)).where('bookings.id', '=', bookingId).execute()
}

/** Recomputes every booking's (after a bulk load, as the bench and the test fixtures do). */
export async function refreshAllBookingReportColumns(db: DB) {
	await db.updateTable('bookings').set(columns(db)).execute()
}
