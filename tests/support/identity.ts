/**
 * Test-only helpers for identity: accounts in a given state, and pointing the
 * process-wide database (the one route modules use) at a test database.
 */
import { IdentityError } from '~/lib/identity-errors.ts'
import { newId } from '~/lib/ids.ts'
import type { DB } from '~/server/db/client.server.ts'
import { closeDatabase, initDatabase } from '~/server/db/index.server.ts'
import { hashPassword } from '~/features/identity/server/passwords.server.ts'
import { createSession } from '~/features/identity/server/sessions.server.ts'
import { type Role, toUser, type User } from '~/features/identity/server/users.server.ts'

export const testPassword = 'Secret#123'
let cachedHash: Promise<string> | undefined

/** An account with the given role and state, inserted directly (no throttling, no audit). */
export async function makeUser(
	db: DB,
	options: { role?: Role; disabled?: boolean; email?: string; displayName?: string | null; password?: string; agentId?: string | null } = {},
): Promise<User> {
	const now = new Date().toISOString()
	const email = options.email ?? `user-${newId(8).toLowerCase()}@example.com`
	cachedHash ??= hashPassword(testPassword)
	const row = await db
		.insertInto('users')
		.values({
			id: newId(),
			email,
			email_lower: email.toLowerCase(),
			email_verified: 0,
			display_name: options.displayName === undefined ? `Test ${options.role ?? 'staff'}` : options.displayName,
			photo_url: null,
			phone_number: null,
			role: options.role ?? 'staff',
			disabled: options.disabled ? 1 : 0,
			password_hash: options.password ? await hashPassword(options.password) : await cachedHash,
			password_updated_at: now,
			token_version: 0,
			created_at: now,
			updated_at: now,
			last_sign_in_at: null,
			approved_at: options.role === 'pending' ? null : now,
			approved_by: null,
			agent_id: options.agentId ?? null,
		})
		.returningAll()
		.executeTakeFirstOrThrow()
	return toUser(row)
}

/** A partner agency in the given status, inserted directly (ADR 221: its users sign in while it is approved). */
export async function makeAgency(
	db: DB,
	options: { status?: 'applied' | 'approved' | 'rejected' | 'suspended'; company?: string } = {},
): Promise<{ id: string; company: string }> {
	const now = new Date().toISOString()
	const id = newId()
	const company = options.company ?? `Agency ${id.slice(0, 6)}`
	await db
		.insertInto('agents')
		.values({
			id,
			company,
			contact_person: 'Test Contact',
			phone: '9876543210',
			email: null,
			city: 'Chennai',
			pan: null,
			gstin: null,
			commission_bp: 1000,
			status: options.status ?? 'approved',
			notes: null,
			search_text: company.toLowerCase(),
			created_at: now,
			updated_at: now,
		})
		.execute()
	return { id, company }
}

/** A signed-in browser for `user`: the Cookie header value. */
export async function cookieFor(db: DB, user: User): Promise<string> {
	const { token } = await createSession(db, user.id, { userAgent: 'vitest', ip: '127.0.0.1' })
	return `session=${token}`
}

/** Points the app's process-wide database (used by route modules) at `url`. */
export async function useAppDatabase(url: string): Promise<void> {
	await closeDatabase()
	await initDatabase(url)
}

/** A unique client address per test, so throttling in one test never leaks into another. */
export function testIp(): string {
	return `test-${newId(10)}`
}

/** The identity error code a call fails with (an IdentityError's, or a system error's `code`), or 'no error'. */
export async function identityCode(promise: Promise<unknown>): Promise<string> {
	try {
		await promise
	} catch (error) {
		if (error instanceof IdentityError) return error.identityCode
		if (error instanceof Error && 'code' in error) return String((error as { code: unknown }).code)
		throw error
	}
	return 'no error'
}
