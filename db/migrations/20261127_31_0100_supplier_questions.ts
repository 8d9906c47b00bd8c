import type { Kysely } from 'kysely'

// Migrations never import app code: they describe the schema as it was on the day they were written.
// A supplier may ask a question on their confirmation link instead of answering
// (docs/decisions/210-suppliers-ask-a-question.md). Additive only: two nullable columns.
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema.alterTable('supplier_requests').addColumn('question', 'text').execute()
	await db.schema.alterTable('supplier_requests').addColumn('question_at', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.alterTable('supplier_requests').dropColumn('question_at').execute()
	await db.schema.alterTable('supplier_requests').dropColumn('question').execute()
}
