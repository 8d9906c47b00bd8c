import type { Kysely } from 'kysely'

// Migrations never import app code: they describe the schema as it was on the day they were written.
// Activity prices, ferry fares and transfer rates name the supplier they are booked with
// (docs/decisions/213-rate-rows-linked-to-their-supplier.md). Additive only: one nullable column each.
const tables = ['activity_prices', 'ferry_fares', 'transfer_rates'] as const

export async function up(db: Kysely<unknown>): Promise<void> {
	for (const table of tables) await db.schema.alterTable(table).addColumn('supplier_id', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
	for (const table of tables) await db.schema.alterTable(table).dropColumn('supplier_id').execute()
}
