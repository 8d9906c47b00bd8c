import type { Kysely } from 'kysely'

// Migrations never import app code: they describe the schema as it was on the day they were written.
// TOTP second factors and their one-time recovery codes.
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable('mfa_factors')
		// The enrollment id clients see (mfaEnrollmentId).
		.addColumn('id', 'text', (col) => col.primaryKey())
		.addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
		.addColumn('display_name', 'text')
		// The shared secret, encrypted with a key derived from SESSION_SECRET (AES-256-GCM).
		.addColumn('secret_sealed', 'text', (col) => col.notNull())
		// The last 30-second step a code was accepted for: a code is never accepted twice.
		.addColumn('last_used_step', 'integer')
		.addColumn('created_at', 'text', (col) => col.notNull())
		.execute()
	await db.schema.createIndex('mfa_factors_user').on('mfa_factors').column('user_id').execute()

	await db.schema
		.createTable('mfa_recovery_codes')
		// SHA-256 of the code.
		.addColumn('id', 'text', (col) => col.primaryKey())
		.addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
		.addColumn('created_at', 'text', (col) => col.notNull())
		.addColumn('used_at', 'text')
		.execute()
	await db.schema.createIndex('mfa_recovery_codes_user').on('mfa_recovery_codes').column('user_id').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('mfa_recovery_codes').execute()
	await db.schema.dropTable('mfa_factors').execute()
}
