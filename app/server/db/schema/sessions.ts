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
