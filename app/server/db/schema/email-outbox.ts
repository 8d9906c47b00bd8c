import type { Generated } from 'kysely'

export interface EmailOutboxTable {
	id: Generated<number>
	dedupe_key: string
	kind: string
	booking_id: string | null
	to_address: string
	subject: string
	body_text: string
	status: string
	attempts: number
	last_error: string | null
	next_attempt_at: string
	sent_at: string | null
	created_at: string
}
