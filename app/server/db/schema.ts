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
	users: UsersTable
	sessions: SessionsTable
	refresh_tokens: RefreshTokensTable
	rate_limits: RateLimitsTable
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

/** Staff accounts (SPEC §3 user record plus role). Booleans are 0/1; see app/server/identity/users.server.ts for the domain shape. */
export interface UsersTable {
	id: string
	email: string
	email_lower: string
	email_verified: number
	display_name: string | null
	photo_url: string | null
	phone_number: string | null
	role: string
	disabled: number
	password_hash: string | null
	password_updated_at: string | null
	token_version: number
	created_at: string
	updated_at: string
	last_sign_in_at: string | null
	approved_at: string | null
	approved_by: string | null
}
export type UserRow = Selectable<UsersTable>
export type NewUserRow = Insertable<UsersTable>
export type UserUpdate = Updateable<UsersTable>

/** Web sessions: the id is the SHA-256 of the cookie token. */
export interface SessionsTable {
	id: string
	user_id: string
	created_at: string
	last_seen_at: string
	idle_expires_at: string
	absolute_expires_at: string
	user_agent: string | null
	ip: string | null
	ended_reason: string | null
}
export type SessionRow = Selectable<SessionsTable>
export type NewSessionRow = Insertable<SessionsTable>
export type SessionUpdate = Updateable<SessionsTable>

/** Refresh tokens of the identity REST API, stored hashed and rotated on use. */
export interface RefreshTokensTable {
	id: string
	family_id: string
	user_id: string
	created_at: string
	signed_in_at: string
	expires_at: string
	used_at: string | null
}
export type RefreshTokenRow = Selectable<RefreshTokensTable>
export type NewRefreshTokenRow = Insertable<RefreshTokensTable>
export type RefreshTokenUpdate = Updateable<RefreshTokensTable>

/** Fixed-window counters shared by every server instance (app/server/rate-limit.server.ts). */
export interface RateLimitsTable {
	key: string
	window_start: string
	window_end: string
	count: number
}
export type RateLimitRow = Selectable<RateLimitsTable>
export type NewRateLimitRow = Insertable<RateLimitsTable>
export type RateLimitUpdate = Updateable<RateLimitsTable>
