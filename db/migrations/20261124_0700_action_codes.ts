import type { Kysely } from 'kysely'

// Migrations never import app code: they describe the schema as it was on the day they were written.
// Email action codes (password reset, email verification, email-link sign-in): single-use, expiring,
// stored only as the SHA-256 of the code that was emailed.
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable('action_codes')
		// SHA-256 (hex) of the code: a database leak hands out no working links.
		.addColumn('id', 'text', (col) => col.primaryKey())
		.addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
		// PASSWORD_RESET | VERIFY_EMAIL | EMAIL_SIGNIN
		.addColumn('purpose', 'text', (col) => col.notNull())
		// The address the code was sent to: the code only works while the account still has it.
		.addColumn('email_lower', 'text', (col) => col.notNull())
		.addColumn('continue_url', 'text')
		.addColumn('created_at', 'text', (col) => col.notNull())
		.addColumn('expires_at', 'text', (col) => col.notNull())
		.addColumn('used_at', 'text')
		.execute()
	await db.schema.createIndex('action_codes_user').on('action_codes').column('user_id').execute()
	await db.schema.createIndex('action_codes_expiry').on('action_codes').column('expires_at').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('action_codes').execute()
}
