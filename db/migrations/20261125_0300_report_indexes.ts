import { type Kysely, sql } from 'kysely'

// Migrations never import app code: they describe the schema as it was on the day they were written.
// Reports (docs/decisions/118-reports-and-charts.md): a booking's supplier cost, for margin, and the
// indexes the report queries range over.
/** The columns this migration reads and writes, as they are today. */
type Tables = {
	bookings: { id: string; quote_id: string | null; cost: number | null }
	quotes: { id: string; itinerary_id: string }
	itineraries: { id: string; price_json: string | null }
}

export async function up(db: Kysely<unknown>): Promise<void> {
	// Supplier cost in paise, GST excluded; null when the booking was not priced line by line (package bookings).
	await db.schema.alterTable('bookings').addColumn('cost', 'bigint').execute()

	// Bookings made from a quote: the cost of the itinerary the quote was made from, as priced then.
	const data = db as unknown as Kysely<Tables>
	const quoted = await data
		.selectFrom('bookings')
		.innerJoin('quotes', 'quotes.id', 'bookings.quote_id')
		.innerJoin('itineraries', 'itineraries.id', 'quotes.itinerary_id')
		.select(['bookings.id as id', 'itineraries.price_json as price_json'])
		.execute()
	for (const row of quoted) {
		let cost: unknown = null
		try {
			cost = row.price_json ? (JSON.parse(row.price_json) as { totalCost?: unknown }).totalCost : null
		} catch {
			cost = null
		}
		if (typeof cost === 'number' && Number.isSafeInteger(cost) && cost >= 0) await data.updateTable('bookings').set({ cost }).where('id', '=', row.id).execute()
	}

	// With the status, a lead's bookings are answered from the index alone (the lead funnel).
	await db.schema.createIndex('bookings_lead_status').on('bookings').columns(['lead_id', 'status']).execute()
	await db.schema.createIndex('bookings_cancelled_at').on('bookings').column('cancelled_at').execute()
	await db.schema.createIndex('bookings_start_status').on('bookings').columns(['start_date', 'status']).execute()
	await db.schema.createIndex('booking_components_island').on('booking_components').columns(['island', 'booking_id']).execute()
	await db.schema.createIndex('payments_paid_on').on('payments').columns(['paid_on', 'verified', 'booking_id', 'amount']).execute()
	await db.schema.createIndex('quotes_lead_sent').on('quotes').columns(['lead_id', 'sent_at']).execute()

	// A lead's progress on its row, so the lead funnel and the lead-to-quote time are one scan of leads:
	// when its first quote was sent, and its furthest booking (0 none or only cancelled, 1 booked, 2 confirmed
	// or completed). Kept by app/features/reports/server/lead-progress.server.ts; back-filled here with the same expressions.
	await db.schema.alterTable('leads').addColumn('first_quote_sent_at', 'text').execute()
	await db.schema
		.alterTable('leads')
		.addColumn('booking_stage', 'integer', (col) => col.notNull().defaultTo(0))
		.execute()
	await sql`update leads set
		first_quote_sent_at = (select min(quotes.sent_at) from quotes where quotes.lead_id = leads.id and quotes.sent_at is not null),
		booking_stage = coalesce((select max(case when bookings.status in ('confirmed', 'completed') then 2 when bookings.status <> 'cancelled' then 1 else 0 end) from bookings where bookings.lead_id = leads.id), 0)`.execute(
		db,
	)
	// Covering: the reports read leads by created_at and need nothing else from the row (the island filter aside).
	await db.schema
		.createIndex('leads_report')
		.on('leads')
		.columns(['created_at', 'merged_into_id', 'source', 'agent_id', 'booking_stage', 'first_quote_sent_at'])
		.execute()
	// Covering: bookings made in a range, grouped by month, package or agent, read from the index alone.
	await db.schema
		.createIndex('bookings_report')
		.on('bookings')
		.columns(['created_at', 'status', 'agent_id', 'package_id', 'lead_id', 'quote_id', 'total', 'cost'])
		.execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
	for (const name of [
		'bookings_report',
		'leads_report',
		'quotes_lead_sent',
		'payments_paid_on',
		'booking_components_island',
		'bookings_start_status',
		'bookings_cancelled_at',
		'bookings_lead_status',
	])
		await db.schema.dropIndex(name).execute()
	await db.schema.alterTable('leads').dropColumn('booking_stage').execute()
	await db.schema.alterTable('leads').dropColumn('first_quote_sent_at').execute()
	await db.schema.alterTable('bookings').dropColumn('cost').execute()
}
