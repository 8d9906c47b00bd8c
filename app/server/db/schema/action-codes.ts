/** Email action codes, stored as the SHA-256 of the emailed code (app/features/identity/server/action-codes.server.ts). */
export interface ActionCodesTable {
	id: string
	user_id: string
	purpose: string
	email_lower: string
	continue_url: string | null
	created_at: string
	expires_at: string
	used_at: string | null
}
