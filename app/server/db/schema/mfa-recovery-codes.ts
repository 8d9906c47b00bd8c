/** One-time recovery codes for the second factor, stored as SHA-256. */
export interface MfaRecoveryCodesTable {
	id: string
	user_id: string
	created_at: string
	used_at: string | null
}
