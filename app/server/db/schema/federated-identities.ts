/** Accounts linked to a company OpenID Connect provider (app/features/identity/server/federated.server.ts). */
export interface FederatedIdentitiesTable {
	id: string
	provider_id: string
	subject: string
	user_id: string
	email: string
	display_name: string | null
	created_at: string
	last_sign_in_at: string
}
