import type { Kysely } from 'kysely'

// Migrations never import app code: they describe the schema as it was on the day they were written.
// Identity: staff accounts, web sessions, API refresh tokens and shared rate-limit buckets.
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable('users')
		.addColumn('id', 'text', (col) => col.primaryKey())
		.addColumn('email', 'text', (col) => col.notNull())
		// Emails are unique case-insensitively: the lower-cased copy carries the constraint.
		.addColumn('email_lower', 'text', (col) => col.notNull().unique())
		.addColumn('email_verified', 'integer', (col) => col.notNull().defaultTo(0))
		.addColumn('display_name', 'text')
		.addColumn('photo_url', 'text')
		.addColumn('phone_number', 'text')
		// pending | staff | owner
		.addColumn('role', 'text', (col) => col.notNull().defaultTo('pending'))
		.addColumn('disabled', 'integer', (col) => col.notNull().defaultTo(0))
		// argon2id PHC string; never leaves the server.
		.addColumn('password_hash', 'text')
		.addColumn('password_updated_at', 'text')
		// Bumped to invalidate every ID token issued before (sign out everywhere, disable, password change).
		.addColumn('token_version', 'integer', (col) => col.notNull().defaultTo(0))
		.addColumn('created_at', 'text', (col) => col.notNull())
		.addColumn('updated_at', 'text', (col) => col.notNull())
		.addColumn('last_sign_in_at', 'text')
		.addColumn('approved_at', 'text')
		.addColumn('approved_by', 'text')
		.execute()
	await db.schema.createIndex('users_role').on('users').columns(['role', 'disabled']).execute()

	await db.schema
		.createTable('sessions')
		// SHA-256 of the cookie token: a database leak does not hand out live sessions.
		.addColumn('id', 'text', (col) => col.primaryKey())
		.addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
		.addColumn('created_at', 'text', (col) => col.notNull())
		.addColumn('last_seen_at', 'text', (col) => col.notNull())
		.addColumn('idle_expires_at', 'text', (col) => col.notNull())
		.addColumn('absolute_expires_at', 'text', (col) => col.notNull())
		.addColumn('user_agent', 'text')
		.addColumn('ip', 'text')
		// Set when the session was ended on the user's behalf (disabled, signed out everywhere): the next request says why.
		.addColumn('ended_reason', 'text')
		.execute()
	await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute()
	await db.schema.createIndex('sessions_expiry').on('sessions').column('absolute_expires_at').execute()

	await db.schema
		.createTable('refresh_tokens')
		// SHA-256 of the opaque token.
		.addColumn('id', 'text', (col) => col.primaryKey())
		// Every token descended from one sign-in shares a family: reuse of a rotated token revokes the family.
		.addColumn('family_id', 'text', (col) => col.notNull())
		.addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
		.addColumn('created_at', 'text', (col) => col.notNull())
		// When the user typed their password for this family: the ID tokens' auth_time.
		.addColumn('signed_in_at', 'text', (col) => col.notNull())
		.addColumn('expires_at', 'text', (col) => col.notNull())
		.addColumn('used_at', 'text')
		.execute()
	await db.schema.createIndex('refresh_tokens_user').on('refresh_tokens').column('user_id').execute()
	await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute()
	await db.schema.createIndex('refresh_tokens_expiry').on('refresh_tokens').column('expires_at').execute()

	await db.schema
		.createTable('rate_limits')
		.addColumn('key', 'text', (col) => col.primaryKey())
		.addColumn('window_start', 'text', (col) => col.notNull())
		.addColumn('window_end', 'text', (col) => col.notNull())
		.addColumn('count', 'integer', (col) => col.notNull())
		.execute()
	await db.schema.createIndex('rate_limits_window_end').on('rate_limits').column('window_end').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('rate_limits').execute()
	await db.schema.dropTable('refresh_tokens').execute()
	await db.schema.dropTable('sessions').execute()
	await db.schema.dropTable('users').execute()
}
