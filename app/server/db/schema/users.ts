/** Staff and agent accounts (docs/identity-api.md user record plus role; agent users name their agency in agent_id). Booleans are 0/1; see app/features/identity/server/users.server.ts for the domain shape. */
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
	agent_id: string | null
}
