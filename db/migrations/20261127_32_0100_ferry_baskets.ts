import type { Kysely } from 'kysely'
import { sql } from 'kysely'

// Migrations never import app code: they describe the schema as it was on the day they were written.
// A traveller's basket of ferry legs (docs/decisions/211-a-travellers-ferry-legs-held-and-paid-as-one-basket.md): every seat
// hold belongs to a basket, named by its first hold's id (a hold on its own is a basket of one). A refused leg of a
// paid basket records when its price came off the trip booking, so it is taken off and refunded once.
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema.alterTable('ferry_seat_holds').addColumn('basket_id', 'text').execute()
	await sql`update ferry_seat_holds set basket_id = id`.execute(db)
	await db.schema.createIndex('ferry_seat_holds_basket').on('ferry_seat_holds').column('basket_id').execute()
	await db.schema.alterTable('ferry_bookings').addColumn('taken_off_at', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.alterTable('ferry_bookings').dropColumn('taken_off_at').execute()
	await db.schema.dropIndex('ferry_seat_holds_basket').execute()
	await db.schema.alterTable('ferry_seat_holds').dropColumn('basket_id').execute()
}
