import type { Generated } from 'kysely'

export interface AuditLogTable {
	id: Generated<number>
	at: string
	actor_id: string | null
	actor_label: string
	action: string
	entity: string
	entity_id: string
	before_json: string | null
	after_json: string | null
}
