import type { Kysely } from 'kysely'

// Migrations never import app code: they describe the schema as it was on the day they were written.
// Chasing unanswered supplier requests and amendments after a change (docs/decisions/198-chasing-and-amending-supplier-requests.md),
// and hotels linked to their supplier (docs/decisions/199-hotels-linked-to-their-supplier.md). Additive only.
export async function up(db: Kysely<unknown>): Promise<void> {
	// When the one reminder to the supplier went out (null: not chased yet).
	await db.schema.alterTable('supplier_requests').addColumn('chased_at', 'text').execute()
	// request (the first ask) or amendment (a change after the supplier confirmed), and what changed (JSON list of {componentId, description, field, from, to}).
	await db.schema
		.alterTable('supplier_requests')
		.addColumn('kind', 'text', (col) => col.notNull().defaultTo('request'))
		.execute()
	await db.schema.alterTable('supplier_requests').addColumn('changes_json', 'text').execute()
	await db.schema.createIndex('supplier_requests_waiting').on('supplier_requests').columns(['status', 'sent_at']).execute()
	// The supplier a hotel is booked through: its new components get that supplier.
	await db.schema.alterTable('hotels').addColumn('supplier_id', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.alterTable('hotels').dropColumn('supplier_id').execute()
	await db.schema.dropIndex('supplier_requests_waiting').execute()
	await db.schema.alterTable('supplier_requests').dropColumn('changes_json').execute()
	await db.schema.alterTable('supplier_requests').dropColumn('kind').execute()
	await db.schema.alterTable('supplier_requests').dropColumn('chased_at').execute()
}
