import { type Kysely, sql } from 'kysely'
import { isSqlite } from './portable.ts'

// Migrations never import app code: they describe the schema as it was on the day they were written.
// Invoice and credit-note amounts were PostgreSQL `integer` (at most 2,147,483,647 paise, about ₹2.1 crore),
// below what one booking may now total: every other money column is bigint (docs/decisions/168-one-maximum-for-every-money-field.md).
// SQLite's INTEGER already holds 64 bits, so only PostgreSQL changes.
const columns = ['taxable', 'cgst', 'sgst', 'utgst', 'igst', 'total'] as const

export async function up(db: Kysely<unknown>): Promise<void> {
	if (isSqlite(db)) return
	for (const column of columns) await sql`alter table tax_documents alter column ${sql.ref(column)} type bigint`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
	if (isSqlite(db)) return
	for (const column of columns) await sql`alter table tax_documents alter column ${sql.ref(column)} type integer`.execute(db)
}
