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
