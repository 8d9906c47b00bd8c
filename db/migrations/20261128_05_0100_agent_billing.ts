import type { Kysely } from 'kysely'

// Migrations never import app code: they describe the schema as it was on the day they were written.
// An agency's tax invoice is billed to the agency (docs/decisions/232-agent-documents-and-b2b-invoices.md):
// its registered address and its state (the place of supply when it has no GSTIN; a GSTIN's own state wins).
// The GSTIN column exists already. Additive only: both nullable, so existing rows read as before.
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema.alterTable('agents').addColumn('billing_address', 'text').execute()
	await db.schema.alterTable('agents').addColumn('state_code', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.alterTable('agents').dropColumn('state_code').execute()
	await db.schema.alterTable('agents').dropColumn('billing_address').execute()
}
