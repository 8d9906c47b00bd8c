import type { Kysely } from 'kysely'

// Migrations never import app code: they describe the schema as it was on the day they were written.
// An agency's saved quote holds its credit, and top-ups are paid online
// (docs/decisions/233-agent-quote-credit-holds-and-online-top-ups.md):
// - agents.credit_held: paise held by saved quotes (available = limit + wallet − in use − held);
// - agent_quotes.credit_hold / hold_state: what one quote holds (0 when none) and held → converted | released;
// - agent_top_ups: a gateway order for an agency's top-up, paid once (the ledger entry is keyed by the payment id).
// Additive only.
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.alterTable('agents')
		.addColumn('credit_held', 'bigint', (col) => col.notNull().defaultTo(0))
		.execute()
	await db.schema
		.alterTable('agent_quotes')
		.addColumn('credit_hold', 'bigint', (col) => col.notNull().defaultTo(0))
		.execute()
	await db.schema.alterTable('agent_quotes').addColumn('hold_state', 'text').execute()
	await db.schema.createIndex('agent_quotes_hold').on('agent_quotes').columns(['hold_state', 'expires_at']).execute()
	await db.schema
		.createTable('agent_top_ups')
		.addColumn('id', 'text', (col) => col.primaryKey())
		.addColumn('agent_id', 'text', (col) => col.notNull().references('agents.id'))
		.addColumn('gateway', 'text', (col) => col.notNull())
		.addColumn('gateway_order_id', 'text', (col) => col.notNull())
		.addColumn('amount', 'bigint', (col) => col.notNull())
		// created → paid | failed
		.addColumn('status', 'text', (col) => col.notNull().defaultTo('created'))
		.addColumn('gateway_payment_id', 'text')
		.addColumn('created_by', 'text')
		.addColumn('created_at', 'text', (col) => col.notNull())
		.addColumn('updated_at', 'text', (col) => col.notNull())
		.execute()
	await db.schema.createIndex('agent_top_ups_order').on('agent_top_ups').columns(['gateway', 'gateway_order_id']).unique().execute()
	await db.schema.createIndex('agent_top_ups_agent').on('agent_top_ups').columns(['agent_id', 'created_at']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('agent_top_ups').execute()
	await db.schema.dropIndex('agent_quotes_hold').execute()
	await db.schema.alterTable('agent_quotes').dropColumn('hold_state').execute()
	await db.schema.alterTable('agent_quotes').dropColumn('credit_hold').execute()
	await db.schema.alterTable('agents').dropColumn('credit_held').execute()
}
