import type { Kysely } from 'kysely'
import { serialPrimaryKey } from './portable.ts'

// Migrations never import app code: they describe the schema as it was on the day they were written.
// Agents sell on their own (docs/decisions/223-agent-rate-rules-and-net-pricing.md,
// 224-agent-credit-accounting-and-atomicity.md, 225-agent-brand-on-client-documents.md):
// - agencies: the rate rule (commission off our sell price, or our cost plus a margin in basis points),
//   the credit limit, the wallet balance and the credit in use (paise; kept by one conditional update),
//   and the brand shown on their clients' quotes and vouchers;
// - agent_ledger: every movement of an agency's account (top-up, payment, booking on credit, release);
// - quotes and bookings: the agency, its net price, its markup and what the agency earns from us.
// Additive only: new columns have defaults or are nullable, so existing rows read as before.
const agencyColumns = [
	['credit_limit', 'bigint'],
	['wallet_balance', 'bigint'],
	['credit_used', 'bigint'],
	['margin_bp', 'integer'],
	['brand_show_ours', 'integer'],
] as const
const brandColumns = ['brand_name', 'brand_logo_media_id', 'brand_address', 'brand_phone', 'brand_email'] as const

export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.alterTable('agents')
		.addColumn('rate_rule', 'text', (col) => col.notNull().defaultTo('commission'))
		.execute()
	for (const [name, type] of agencyColumns)
		await db.schema
			.alterTable('agents')
			.addColumn(name, type, (col) => col.notNull().defaultTo(0))
			.execute()
	for (const name of brandColumns) await db.schema.alterTable('agents').addColumn(name, 'text').execute()
	await db.schema
		.createTable('agent_ledger')
		.addColumn('id', 'integer', serialPrimaryKey(db))
		.addColumn('agent_id', 'text', (col) => col.notNull().references('agents.id'))
		// top_up | payment | booking | release
		.addColumn('kind', 'text', (col) => col.notNull())
		.addColumn('amount', 'bigint', (col) => col.notNull())
		.addColumn('booking_id', 'text', (col) => col.references('bookings.id'))
		// On a booking entry: what the agency earns from us (sell − net) and its markup to the client.
		.addColumn('commission', 'bigint', (col) => col.notNull().defaultTo(0))
		.addColumn('markup', 'bigint', (col) => col.notNull().defaultTo(0))
		.addColumn('note', 'text')
		// A staff form or a gateway payment posted twice records one entry.
		.addColumn('submission_key', 'text', (col) => col.unique())
		.addColumn('created_by', 'text')
		.addColumn('created_at', 'text', (col) => col.notNull())
		.execute()
	await db.schema.createIndex('agent_ledger_agent').on('agent_ledger').columns(['agent_id', 'created_at']).execute()
	// One charge and one release per booking at most.
	await db.schema.createIndex('agent_ledger_booking_kind').on('agent_ledger').columns(['booking_id', 'kind']).unique().execute()
	// bookings.agent_id exists (docs/decisions/052-agents-and-commission.md); a quote gets one now.
	await db.schema
		.alterTable('quotes')
		.addColumn('agent_id', 'text', (col) => col.references('agents.id'))
		.execute()
	for (const table of ['quotes', 'bookings'] as const) {
		await db.schema.alterTable(table).addColumn('agent_net', 'bigint').execute()
		await db.schema.alterTable(table).addColumn('agent_markup', 'bigint').execute()
		await db.schema.alterTable(table).addColumn('agent_commission', 'bigint').execute()
	}
	// new → on_credit | awaiting_approval → approved | refused; released after cancellation.
	await db.schema.alterTable('bookings').addColumn('agent_credit_state', 'text').execute()
	await db.schema.createIndex('bookings_agent_credit_state').on('bookings').columns(['agent_credit_state']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropIndex('bookings_agent_credit_state').execute()
	await db.schema.alterTable('bookings').dropColumn('agent_credit_state').execute()
	for (const table of ['quotes', 'bookings'] as const)
		for (const name of ['agent_net', 'agent_markup', 'agent_commission']) await db.schema.alterTable(table).dropColumn(name).execute()
	await db.schema.alterTable('quotes').dropColumn('agent_id').execute()
	await db.schema.dropTable('agent_ledger').execute()
	for (const name of brandColumns) await db.schema.alterTable('agents').dropColumn(name).execute()
	for (const [name] of agencyColumns) await db.schema.alterTable('agents').dropColumn(name).execute()
	await db.schema.alterTable('agents').dropColumn('rate_rule').execute()
}
