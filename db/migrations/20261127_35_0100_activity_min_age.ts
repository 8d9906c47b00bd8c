import type { Kysely } from 'kysely'

// Migrations never import app code: they describe the schema as it was on the day they were written.
// An activity's minimum age, shown in the trip builder and checked against the party's children
// (docs/decisions/218-activities-priced-in-the-builder.md). Additive only: one nullable column (null: no limit).
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema.alterTable('activity_prices').addColumn('min_age', 'integer').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.alterTable('activity_prices').dropColumn('min_age').execute()
}
