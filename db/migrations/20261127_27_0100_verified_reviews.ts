import type { Kysely } from 'kysely'
import { sql } from 'kysely'

// Migrations never import app code: they describe the schema as it was on the day they were written.
// Verified reviews (docs/decisions/206-verified-reviews.md): one review link per completed booking,
// reviews that came through it carry their booking, and staff moderate them before they show.
// Additive only: the older reviews keep `published` and read as not verified (no booking).
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable('review_invitations')
		.addColumn('booking_id', 'text', (col) => col.primaryKey().references('bookings.id'))
		// The link is /review/{token}: 32 random characters, the only key to it.
		.addColumn('token', 'text', (col) => col.notNull().unique())
		.addColumn('created_at', 'text', (col) => col.notNull())
		// Set once, by the one review the link may send.
		.addColumn('used_at', 'text')
		.execute()

	// The booking a verified review came from; null for the older reviews staff typed in. Unique: one review per booking.
	await db.schema.alterTable('reviews').addColumn('booking_id', 'text').execute()
	await db.schema.createIndex('reviews_booking').unique().on('reviews').column('booking_id').execute()
	// The islands the trip visited, as the traveller sees them ("Havelock and Neil").
	await db.schema.alterTable('reviews').addColumn('islands', 'text').execute()
	// waiting (sent, not yet moderated), published, hidden
	await db.schema
		.alterTable('reviews')
		.addColumn('status', 'text', (col) => col.notNull().defaultTo('published'))
		.execute()
	await db.schema.alterTable('reviews').addColumn('hidden_reason', 'text').execute()
	// Library photo ids, in the order the traveller gave them.
	await db.schema
		.alterTable('reviews')
		.addColumn('photos_json', 'text', (col) => col.notNull().defaultTo('[]'))
		.execute()
	await db.schema.alterTable('reviews').addColumn('moderated_by_label', 'text').execute()
	await db.schema.alterTable('reviews').addColumn('moderated_at', 'text').execute()
	await sql`update reviews set status = case when published = 1 then 'published' else 'hidden' end`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
	for (const column of ['moderated_at', 'moderated_by_label', 'photos_json', 'hidden_reason', 'status', 'islands']) {
		await db.schema.alterTable('reviews').dropColumn(column).execute()
	}
	await db.schema.dropIndex('reviews_booking').execute()
	await db.schema.alterTable('reviews').dropColumn('booking_id').execute()
	await db.schema.dropTable('review_invitations').execute()
}
