import { createHash, randomBytes } from 'node:crypto'
import type { SessionRow } from '~/server/db/schema.ts'
import { toUser, type User } from './users.server.ts'
import { type Executor } from '~/server/db/client.server.ts'

/**
 * Web sessions (docs/conventions.md): a random token in an httpOnly cookie, a row in
 * the database keyed by the token's SHA-256. Every request re-reads the row
 * and its user, so disabling an account or signing it out takes effect at its
 * next request on any instance.
 */
export const sessionLifetimes = {
	/** Signed out after this long without a request. */
	idleSeconds: 12 * 60 * 60,
	/** Signed out this long after signing in, however active. */
	absoluteSeconds: 7 * 24 * 60 * 60,
	/** last_seen_at is written at most this often (saves a write per request). */
	touchEverySeconds: 5 * 60,
} as const

/** Why a session ended without the user signing out: the login page says so. */
export type SessionEndReason = 'user-token-expired' | 'user-disabled' | 'signed-out' | 'password-changed' | 'agency-suspended'

export type Session = {
	id: string
	userId: string
	createdAt: string
	lastSeenAt: string
	idleExpiresAt: string
	absoluteExpiresAt: string
	userAgent: string | null
	ip: string | null
}

export type SessionState = { status: 'active'; session: Session; user: User } | { status: 'ended'; reason: SessionEndReason } | { status: 'none' }

function toSession(row: SessionRow): Session {
	return {
		id: row.id,
		userId: row.user_id,
		createdAt: row.created_at,
		lastSeenAt: row.last_seen_at,
		idleExpiresAt: row.idle_expires_at,
		absoluteExpiresAt: row.absolute_expires_at,
		userAgent: row.user_agent,
		ip: row.ip,
	}
}

export function hashToken(token: string): string {
	return createHash('sha256').update(token).digest('hex')
}

const plusSeconds = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString()

/** Starts a session; returns the token for the cookie (never stored) and when the cookie should expire. */
export async function createSession(
	db: Executor,
	userId: string,
	client: { userAgent?: string | null; ip?: string | null },
	now = new Date(),
): Promise<{ token: string; absoluteExpiresAt: string }> {
	const token = randomBytes(32).toString('base64url')
	const absoluteExpiresAt = plusSeconds(now, sessionLifetimes.absoluteSeconds)
	await db
		.insertInto('sessions')
		.values({
			id: hashToken(token),
			user_id: userId,
			created_at: now.toISOString(),
			last_seen_at: now.toISOString(),
			idle_expires_at: plusSeconds(now, sessionLifetimes.idleSeconds),
			absolute_expires_at: absoluteExpiresAt,
			user_agent: client.userAgent?.slice(0, 512) ?? null,
			ip: client.ip?.slice(0, 64) ?? null,
			ended_reason: null,
		})
		.execute()
	return { token, absoluteExpiresAt }
}

/** The session and its user, by the hashed token: run on every signed-in request. */
function sessionWithUser(db: Executor, id: string) {
	return (
		db
			.selectFrom('sessions')
			.innerJoin('users', 'users.id', 'sessions.user_id')
			// An agent user's agency (ADR 222): its status decides, on every request, whether the session still holds.
			.leftJoin('agents', 'agents.id', 'users.agent_id')
			.selectAll('sessions')
			.select([
				'users.id as u_id',
				'users.email as u_email',
				'users.email_lower as u_email_lower',
				'users.email_verified as u_email_verified',
				'users.display_name as u_display_name',
				'users.photo_url as u_photo_url',
				'users.phone_number as u_phone_number',
				'users.role as u_role',
				'users.disabled as u_disabled',
				'users.password_updated_at as u_password_updated_at',
				'users.token_version as u_token_version',
				'users.created_at as u_created_at',
				'users.updated_at as u_updated_at',
				'users.last_sign_in_at as u_last_sign_in_at',
				'users.approved_at as u_approved_at',
				'users.approved_by as u_approved_by',
				'users.agent_id as u_agent_id',
				'agents.status as agency_status',
			])
			// Whether a password is set, never the hash: nothing a request does with its session needs it.
			.select((eb) => eb('users.password_hash', 'is not', null).as('u_has_password'))
			.where('sessions.id', '=', id)
	)
}

/**
 * Reads the session behind a cookie token. Expired, disabled and ended
 * sessions, and those of a suspended agency's users, are deleted here and
 * reported with the reason, once.
 */
export async function readSession(db: Executor, token: string, now = new Date()): Promise<SessionState> {
	if (!token || token.length > 128) return { status: 'none' }
	const id = hashToken(token)
	const row = await sessionWithUser(db, id).executeTakeFirst()
	if (!row) return { status: 'none' }

	const nowIso = now.toISOString()
	let reason: SessionEndReason | null = null
	if (row.ended_reason) reason = row.ended_reason as SessionEndReason
	else if (row.u_disabled === 1) reason = 'user-disabled'
	// A user of an agency that is not approved (suspended, or its record gone) is signed out, whatever the session (ADR 222).
	else if (row.u_agent_id !== null && row.agency_status !== 'approved') reason = 'agency-suspended'
	else if (row.idle_expires_at <= nowIso || row.absolute_expires_at <= nowIso) reason = 'user-token-expired'
	if (reason) {
		await db.deleteFrom('sessions').where('id', '=', id).execute()
		return { status: 'ended', reason }
	}

	const user = toUser({
		id: row.u_id,
		email: row.u_email,
		email_lower: row.u_email_lower,
		email_verified: row.u_email_verified,
		display_name: row.u_display_name,
		photo_url: row.u_photo_url,
		phone_number: row.u_phone_number,
		role: row.u_role,
		disabled: row.u_disabled,
		has_password: row.u_has_password,
		password_updated_at: row.u_password_updated_at,
		token_version: row.u_token_version,
		created_at: row.u_created_at,
		updated_at: row.u_updated_at,
		last_sign_in_at: row.u_last_sign_in_at,
		approved_at: row.u_approved_at,
		approved_by: row.u_approved_by,
		agent_id: row.u_agent_id,
	})
	const session = toSession(row)
	if (now.getTime() - Date.parse(row.last_seen_at) >= sessionLifetimes.touchEverySeconds * 1000) {
		const idleExpiresAt = plusSeconds(now, sessionLifetimes.idleSeconds)
		await db.updateTable('sessions').set({ last_seen_at: nowIso, idle_expires_at: idleExpiresAt }).where('id', '=', id).execute()
		session.lastSeenAt = nowIso
		session.idleExpiresAt = idleExpiresAt
	}
	return { status: 'active', session, user }
}

/** Signing out: the row is deleted. */
export async function deleteSession(db: Executor, token: string): Promise<void> {
	if (!token || token.length > 128) return
	await db.deleteFrom('sessions').where('id', '=', hashToken(token)).execute()
}

/** Ends every session of a user on their behalf; each device learns why at its next request. */
export async function endUserSessions(db: Executor, userId: string, reason: SessionEndReason): Promise<number> {
	const result = await db
		.updateTable('sessions')
		.set({ ended_reason: reason })
		.where('user_id', '=', userId)
		.where('ended_reason', 'is', null)
		.executeTakeFirst()
	return Number(result.numUpdatedRows)
}

export async function countActiveSessions(db: Executor, userId: string, now = new Date()): Promise<number> {
	const nowIso = now.toISOString()
	const row = await db
		.selectFrom('sessions')
		.select((eb) => eb.fn.countAll<number>().as('count'))
		.where('user_id', '=', userId)
		.where('ended_reason', 'is', null)
		.where('idle_expires_at', '>', nowIso)
		.where('absolute_expires_at', '>', nowIso)
		.executeTakeFirstOrThrow()
	return Number(row.count)
}

/** Active sessions per user, for the team list (one query for everyone). */
export async function activeSessionCounts(db: Executor, now = new Date()): Promise<Map<string, number>> {
	const nowIso = now.toISOString()
	const rows = await db
		.selectFrom('sessions')
		.select(['user_id', (eb) => eb.fn.countAll<number>().as('count')])
		.where('ended_reason', 'is', null)
		.where('idle_expires_at', '>', nowIso)
		.where('absolute_expires_at', '>', nowIso)
		.groupBy('user_id')
		.execute()
	return new Map(rows.map((row) => [row.user_id, Number(row.count)]))
}

/** Deletes sessions past their absolute expiry (ended or not). */
export async function purgeExpiredSessions(db: Executor, now = new Date()): Promise<number> {
	const result = await db.deleteFrom('sessions').where('absolute_expires_at', '<=', now.toISOString()).executeTakeFirst()
	return Number(result.numDeletedRows)
}
