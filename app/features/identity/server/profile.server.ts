import { IdentityError } from '~/lib/identity-errors.ts'
import { recordAudit } from '~/server/db/audit.server.ts'
import type { DB } from '~/server/db/client.server.ts'
import { type Options, signInWithPassword, updateOwnAccount, voidActionCodes } from './accounts.server.ts'
import { revokeUserRefreshTokens } from './tokens.server.ts'
import { actorOf, type User } from './users.server.ts'
import { type Executor } from '~/server/db/client.server.ts'

/**
 * The signed-in person's own account (the staff profile page,
 * docs/decisions/106-staff-profile.md): their devices, signing the others
 * out, and a new password.
 */

export type OwnSession = { id: string; createdAt: string; lastSeenAt: string; userAgent: string | null; ip: string | null; current: boolean }

/** The account's web sessions that are still active, the most recently used first. */
export async function listOwnSessions(db: Executor, userId: string, currentSessionId: string, now = new Date()): Promise<OwnSession[]> {
	const nowIso = now.toISOString()
	const rows = await db
		.selectFrom('sessions')
		.select(['id', 'created_at', 'last_seen_at', 'user_agent', 'ip'])
		.where('user_id', '=', userId)
		.where('ended_reason', 'is', null)
		.where('idle_expires_at', '>', nowIso)
		.where('absolute_expires_at', '>', nowIso)
		.orderBy('last_seen_at', 'desc')
		.limit(100)
		.execute()
	return rows.map((row) => ({
		id: row.id,
		createdAt: row.created_at,
		lastSeenAt: row.last_seen_at,
		userAgent: row.user_agent,
		ip: row.ip,
		current: row.id === currentSessionId,
	}))
}

/**
 * Signs the account out everywhere except this browser: every other web
 * session, every refresh token, (through the token version) every ID token
 * issued before, and every emailed link not used yet. Returns how many web sessions ended.
 */
export async function signOutOtherSessions(db: DB, user: User, currentSessionId: string): Promise<number> {
	return db.transaction().execute(async (trx) => {
		const ended = await trx.deleteFrom('sessions').where('user_id', '=', user.id).where('id', '!=', currentSessionId).executeTakeFirst()
		await revokeUserRefreshTokens(trx, user.id)
		await voidActionCodes(trx, user.id)
		await trx
			.updateTable('users')
			.set((eb) => ({ token_version: eb('token_version', '+', 1) }))
			.where('id', '=', user.id)
			.execute()
		const count = Number(ended.numDeletedRows)
		await recordAudit(trx, { actor: actorOf(user), action: 'user.sign-out-other-sessions', entity: 'user', entityId: user.id, after: { sessions: count } })
		return count
	})
}

/**
 * A new password from the profile page. The current password is asked for
 * again (a fresh sign-in, counted and throttled like any other, 075) before
 * anything changes; the new one must meet the policy. Every session and
 * token ends, this browser's too: the caller starts a new session.
 */
export async function changeOwnPassword(
	db: DB,
	user: User,
	input: { currentPassword: string; newPassword: string; ip: string },
	options: Options = {},
): Promise<User> {
	await confirmCurrentPassword(db, user, input.currentPassword, input.ip, options)
	if (input.newPassword === input.currentPassword) {
		throw new IdentityError('INVALID_ARGUMENT', { fields: { newPassword: 'Choose a password different from the current one.' } })
	}
	return updateOwnAccount(db, user, { password: input.newPassword }, options)
}

/** The current password typed again before a sensitive change: a fresh sign-in, counted and throttled like any other (075). */
export async function confirmCurrentPassword(db: DB, user: User, password: string, ip: string, options: Options = {}): Promise<void> {
	try {
		await signInWithPassword(db, { email: user.email, password, ip, via: 'web' }, options)
	} catch (error) {
		if (error instanceof IdentityError && error.identityCode === 'INVALID_LOGIN_CREDENTIALS') {
			throw new IdentityError('INVALID_LOGIN_CREDENTIALS', { fields: { currentPassword: 'That is not your current password.' } })
		}
		throw error
	}
}
