import type { Kysely } from 'kysely'

// Migrations never import app code: they describe the schema as it was on the day they were written.
// An agency's quote to its own client (docs/decisions/230-agent-quotes-held-and-accepted-by-the-client.md):
// the trip priced at the agency's net, its markup and the client's price, held until `expires_at`, opened by
// the client through its unguessable id and accepted once (then `booking_id` is the agency's booking).
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable('agent_quotes')
		.addColumn('id', 'text', (col) => col.primaryKey())
		.addColumn('agent_id', 'text', (col) => col.notNull().references('agents.id'))
		// The trip as the pricing engine reads it (package, tier, date, party), JSON.
		.addColumn('params_json', 'text', (col) => col.notNull())
		.addColumn('title', 'text', (col) => col.notNull())
		.addColumn('start_date', 'text', (col) => col.notNull())
		.addColumn('nights', 'integer', (col) => col.notNull())
		.addColumn('adults', 'integer', (col) => col.notNull())
		// Paise: the agency's net, its markup, the client's price (net + markup), what the agency earns from us.
		.addColumn('net', 'bigint', (col) => col.notNull())
		.addColumn('markup', 'bigint', (col) => col.notNull())
		.addColumn('client', 'bigint', (col) => col.notNull())
		.addColumn('commission', 'bigint', (col) => col.notNull())
		.addColumn('client_name', 'text', (col) => col.notNull())
		.addColumn('client_phone', 'text', (col) => col.notNull())
		// held → accepted (expired is read from expires_at)
		.addColumn('status', 'text', (col) => col.notNull().defaultTo('held'))
		.addColumn('expires_at', 'text', (col) => col.notNull())
		.addColumn('booking_id', 'text', (col) => col.references('bookings.id'))
		.addColumn('accepted_at', 'text')
		.addColumn('created_by', 'text')
		.addColumn('created_at', 'text', (col) => col.notNull())
		.execute()
	await db.schema.createIndex('agent_quotes_agent').on('agent_quotes').columns(['agent_id', 'created_at']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('agent_quotes').execute()
}
