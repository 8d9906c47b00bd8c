import type { Generated, Insertable, Selectable, Updateable } from 'kysely'

/**
 * The one Database interface. Columns are portable across SQLite and
 * PostgreSQL: text, integer/bigint, real. Booleans are 0/1 and JSON is text,
 * both converted at the data boundary (DESIGN.md §4).
 */
export interface Database {
	audit_log: AuditLogTable
	settings: SettingsTable
	counters: CountersTable
}

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
export type AuditRow = Selectable<AuditLogTable>
export type NewAuditRow = Insertable<AuditLogTable>

export interface SettingsTable {
	key: string
	value_json: string
	updated_at: string
}
export type SettingRow = Selectable<SettingsTable>
export type SettingUpdate = Updateable<SettingsTable>

/** Sequences for human references (LD-2026-00042), one row per name and year. */
export interface CountersTable {
	name: string
	year: number
	value: number
}
