import type { Kysely } from 'kysely'
import { serialPrimaryKey } from './portable.ts'

// Migrations never import app code: they describe the schema as it was on the day they were written.
// WhatsApp and SMS messages (docs/decisions/207-whatsapp-and-sms-messages.md): a durable outbox of
// template messages, one row per message and channel, with the provider's id and its delivery status.
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable('message_outbox')
		.addColumn('id', 'integer', serialPrimaryKey(db))
		// One message per event and channel: the same event queued twice is one row.
		.addColumn('dedupe_key', 'text', (col) => col.notNull().unique())
		.addColumn('kind', 'text', (col) => col.notNull())
		.addColumn('booking_id', 'text')
		// whatsapp | sms
		.addColumn('channel', 'text', (col) => col.notNull())
		// E.164, +919434200000
		.addColumn('to_phone', 'text', (col) => col.notNull())
		.addColumn('template', 'text', (col) => col.notNull())
		// The template's parameters in order, every one filled (checked before the row is written).
		.addColumn('params_json', 'text', (col) => col.notNull())
		// The words the traveller reads, for the booking page.
		.addColumn('body_text', 'text', (col) => col.notNull())
		// The voucher PDF a WhatsApp voucher message carries as its header.
		.addColumn('document_url', 'text')
		// queued → accepted (the provider took it) → sent → delivered → read; or failed; or expired/skipped
		.addColumn('status', 'text', (col) => col.notNull())
		.addColumn('attempts', 'integer', (col) => col.notNull())
		.addColumn('last_error', 'text')
		.addColumn('next_attempt_at', 'text', (col) => col.notNull())
		// Not sent by then: dropped as expired (a "trip tomorrow" the day after is worse than none).
		.addColumn('send_by', 'text', (col) => col.notNull())
		// wamid.… or MSG91's request id; the status webhooks find the row by it.
		.addColumn('provider_message_id', 'text', (col) => col.unique())
		// The WhatsApp message this SMS stands in for, when it is a fallback.
		.addColumn('fallback_of', 'integer')
		.addColumn('sent_at', 'text')
		.addColumn('delivered_at', 'text')
		.addColumn('read_at', 'text')
		.addColumn('failed_at', 'text')
		.addColumn('created_at', 'text', (col) => col.notNull())
		.addColumn('updated_at', 'text', (col) => col.notNull())
		.execute()
	await db.schema.createIndex('message_outbox_due').on('message_outbox').columns(['status', 'next_attempt_at']).execute()
	await db.schema.createIndex('message_outbox_booking').on('message_outbox').columns(['booking_id', 'created_at']).execute()

	// Each webhook delivery once: a replay finds its key and changes nothing.
	await db.schema
		.createTable('message_webhook_events')
		.addColumn('event_key', 'text', (col) => col.primaryKey())
		.addColumn('provider', 'text', (col) => col.notNull())
		.addColumn('received_at', 'text', (col) => col.notNull())
		.execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('message_webhook_events').execute()
	await db.schema.dropTable('message_outbox').execute()
}
