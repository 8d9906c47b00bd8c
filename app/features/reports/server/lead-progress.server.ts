import { type Kysely, sql } from 'kysely'
import { commissionableBookingStatuses } from '~/features/agents/domain/agent.ts'
import type { Database } from '~/server/db/schema.ts'
import { wholeDaysBetween } from './report-columns.server.ts'

/**
 * A lead's progress kept on its row for the reports (docs/decisions/118-reports-and-charts.md):
 * `first_quote_sent_at`, the first time a quote was sent, and `booking_stage`, its furthest
 * booking (0 none or only cancelled, 1 booked and not cancelled, 2 confirmed or completed), and
 * `first_quote_days`, whole days from the lead to that first quote (docs/decisions/135-reports-page-in-one-scan.md).
 * The lead funnel and the lead-to-quote time are then one scan of leads by created_at.
 * Recomputed from the lead's quotes and bookings (two index probes) wherever those change;
 * the migrations 20261125_0300_report_indexes and 20261126_02_0100_report_columns back-fill it with the
 * same expressions.
 */
export const bookingStages = { none: 0, booked: 1, confirmed: 2 } as const

const firstQuoteSent = sql<string | null>`(select min(quotes.sent_at) from quotes where quotes.lead_id = leads.id and quotes.sent_at is not null)`
const furthestStage = sql<number>`coalesce((select max(case when bookings.status in (${sql.join(commissionableBookingStatuses.map((s) => sql.lit(s)))}) then ${sql.lit(bookingStages.confirmed)} when bookings.status <> 'cancelled' then ${sql.lit(bookingStages.booked)} else ${sql.lit(bookingStages.none)} end) from bookings where bookings.lead_id = leads.id), ${sql.lit(bookingStages.none)})`

/** The days column follows the first quote column, so it is set in a second statement (a SET sees the row as it was). */
async function refreshQuoteDays(db: Kysely<Database>, leadId: string | null) {
	let query = db.updateTable('leads').set({
		first_quote_days: sql<
			number | null
		>`case when ${sql.ref('leads.first_quote_sent_at')} is null then null else ${wholeDaysBetween(db, 'leads.created_at', 'leads.first_quote_sent_at')} end`,
	})
	if (leadId) query = query.where('leads.id', '=', leadId)
	await query.execute()
}

/** Recomputes one lead's first quote sent, days to it, and furthest booking stage (call in the transaction that sends a quote or changes a booking). */
export async function refreshLeadProgress(db: Kysely<Database>, leadId: string | null) {
	if (!leadId) return
	await db.updateTable('leads').set({ first_quote_sent_at: firstQuoteSent, booking_stage: furthestStage }).where('leads.id', '=', leadId).execute()
	await refreshQuoteDays(db, leadId)
}

/** Recomputes every lead (after a bulk load, as the bench does). */
export async function refreshAllLeadProgress(db: Kysely<Database>) {
	await db.updateTable('leads').set({ first_quote_sent_at: firstQuoteSent, booking_stage: furthestStage }).execute()
	await refreshQuoteDays(db, null)
}
