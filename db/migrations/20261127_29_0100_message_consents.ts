import type { Kysely } from 'kysely'

// Migrations never import app code: they describe the schema as it was on the day they were written.
// Consent per phone number (docs/decisions/208-message-consent.md) and the channel a booking's traveller chose.
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable('message_consents')
		// E.164: consent belongs to the number, whichever booking gave it.
		.addColumn('phone', 'text', (col) => col.primaryKey())
		// When the traveller ticked the WhatsApp opt-in; null: never.
		.addColumn('whatsapp_opt_in_at', 'text')
		// Set by STOP or the trip page's opt-out: no WhatsApp or SMS message goes to this number.
		.addColumn('opted_out_at', 'text')
		// booking form | trip page | whatsapp reply | sms reply
		.addColumn('source', 'text', (col) => col.notNull())
		.addColumn('updated_at', 'text', (col) => col.notNull())
		.execute()
	// whatsapp | sms | email (email: as before, no messages)
	await db.schema
		.alterTable('bookings')
		.addColumn('message_channel', 'text', (col) => col.notNull().defaultTo('email'))
		.execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.alterTable('bookings').dropColumn('message_channel').execute()
	await db.schema.dropTable('message_consents').execute()
}
