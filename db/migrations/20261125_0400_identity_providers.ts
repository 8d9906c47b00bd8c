import type { Kysely } from 'kysely'

// Migrations never import app code: they describe the schema as it was on the day they were written.
// Accounts linked to a company OpenID Connect provider: one row per (provider, subject).
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable('federated_identities')
		.addColumn('id', 'text', (col) => col.primaryKey())
		// `oidc.<id>` as clients name it.
		.addColumn('provider_id', 'text', (col) => col.notNull())
		// The provider's `sub` claim: stable for the person, unlike the email address.
		.addColumn('subject', 'text', (col) => col.notNull())
		.addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
		// The address the provider vouched for when the link was made.
		.addColumn('email', 'text', (col) => col.notNull())
		.addColumn('display_name', 'text')
		.addColumn('created_at', 'text', (col) => col.notNull())
		.addColumn('last_sign_in_at', 'text', (col) => col.notNull())
		.execute()
	await db.schema.createIndex('federated_identities_subject').on('federated_identities').columns(['provider_id', 'subject']).unique().execute()
	await db.schema.createIndex('federated_identities_user').on('federated_identities').column('user_id').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('federated_identities').execute()
}
