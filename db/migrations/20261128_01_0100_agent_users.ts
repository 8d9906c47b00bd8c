import type { Kysely } from 'kysely'

// Migrations never import app code: they describe the schema as it was on the day they were written.
// People of a partner agency sign in as users of that agency (docs/decisions/221-agent-users-are-users-with-an-agency.md):
// users.agent_id names the agency of an agent user ('agent_admin' or 'agent_user' in users.role, which is text);
// staff accounts have none. Additive only: one nullable column and its index.
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.alterTable('users')
		.addColumn('agent_id', 'text', (col) => col.references('agents.id'))
		.execute()
	await db.schema.createIndex('users_agent').on('users').columns(['agent_id']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropIndex('users_agent').execute()
	await db.schema.alterTable('users').dropColumn('agent_id').execute()
}
