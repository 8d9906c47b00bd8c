/** TOTP second factors (app/features/identity/server/second-factor.server.ts). */
export interface MfaFactorsTable {
	id: string
	user_id: string
	display_name: string | null
	secret_sealed: string
	last_used_step: number | null
	created_at: string
}
