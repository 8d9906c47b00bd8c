import type { Generated } from 'kysely'

/** WhatsApp and SMS messages (docs/decisions/207-whatsapp-and-sms-messages.md). */
export interface MessageOutboxTable {
	id: Generated<number>
	dedupe_key: string
	kind: string
	booking_id: string | null
	channel: string
	to_phone: string
	template: string
	params_json: string
	body_text: string
	document_url: string | null
	status: string
	attempts: number
	last_error: string | null
	next_attempt_at: string
	send_by: string
	provider_message_id: string | null
	fallback_of: number | null
	sent_at: string | null
	delivered_at: string | null
	read_at: string | null
	failed_at: string | null
	created_at: string
	updated_at: string
}

export interface MessageWebhookEventsTable {
	event_key: string
	provider: string
	received_at: string
}

/** Consent per phone number (docs/decisions/208-message-consent.md). */
export interface MessageConsentsTable {
	phone: string
	whatsapp_opt_in_at: string | null
	opted_out_at: string | null
	source: string
	updated_at: string
}
