import { z } from 'zod'
import { AppError } from '~/lib/errors.ts'
import { accountExistsEmail, accountRequestedEmail } from '~/features/email/domain/emails.ts'
import { IdentityError, isIdentityError } from '~/lib/identity-errors.ts'
import { newId } from '~/lib/ids.ts'
import { checkPassword, type PasswordPolicy, type PasswordProblem, passwordProblemMessage } from '~/lib/password-policy.ts'
import { type Actor, recordAudit } from '~/server/db/audit.server.ts'
import { type DB, isUniqueViolation } from '~/server/db/client.server.ts'
import type { UserUpdate } from '~/server/db/schema.ts'
import { enqueueEmail } from '~/features/email/server/outbox.server.ts'
import { env } from '~/server/env.server.ts'
import { consumeRateLimit, isRemembered, purgeRateLimits, type RateLimit, refundRateLimit, rememberKey, resetRateLimit } from '~/server/rate-limit.server.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'
import { hashPassword, verifyPassword } from './passwords.server.ts'
import { endUserSessions, purgeExpiredSessions } from './sessions.server.ts'
import { purgeExpiredRefreshTokens, revokeUserRefreshTokens } from './tokens.server.ts'
import {
	actorOf,
	agencyAllowsSignIn,
	auditSnapshot,
	findUserById,
	findUserRowByEmail,
	isAgentRole,
	newUserValues,
	normalizeEmail,
	type Role,
	type StaffRole,
	toUser,
	type User,
} from './users.server.ts'
import { type Executor, isPostgres } from '~/server/db/client.server.ts'

/**
 * Account operations shared by the admin screens, the REST API and the
 * command line. Every change runs in one transaction with its audit row.
 */

/**
 * Throttling (docs/decisions/075-throttle-the-attacker.md). Shared by every
 * instance through the database. Every attempt is counted before the password
 * is checked, so concurrent guesses cannot overtake the count; the limits
 * follow the guesser (the client address), never the account alone, so nobody
 * can lock anyone out from somewhere else.
 */
export const identityLimits = {
	/** Sign-in attempts at one account from one client address; a success clears it. */
	signInPerAccountAndClient: { limit: 5, windowSeconds: 15 * 60 },
	/** The same pair over a day: a guesser who keeps coming back waits longer each time. */
	signInPerAccountAndClientDaily: { limit: 20, windowSeconds: 24 * 60 * 60 },
	/** Failed sign-ins from one client address across accounts (password spraying). */
	failedSignInPerIp: { limit: 50, windowSeconds: 15 * 60 },
	/** Failed sign-ins at one account from addresses it has not signed in from (guessing spread over many addresses). */
	failedSignInPerAccountFromNewClients: { limit: 100, windowSeconds: 60 * 60 },
	/** How long an address an account signed in from counts as known (exempt from the two limits above). */
	knownClient: { limit: 1, windowSeconds: 90 * 24 * 60 * 60 },
	/** Sign-ups per client address. */
	signUpPerIp: { limit: 20, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimit>
export type IdentityLimits = typeof identityLimits

export const emailSchema = z.string().trim().max(254).pipe(z.email())
export const maxDisplayNameLength = 100
export const displayNameSchema = z.string().trim().max(maxDisplayNameLength)

/** A display name as typed, trimmed; empty is none. Over the limit: INVALID_ARGUMENT with a message, never a crash. */
function parseDisplayName(value: string | null | undefined): string | null {
	if (!value) return null
	const parsed = displayNameSchema.safeParse(value)
	if (!parsed.success) {
		throw new IdentityError('INVALID_ARGUMENT', {
			detail: `displayName must be at most ${maxDisplayNameLength} characters`,
			fields: { displayName: `Use at most ${maxDisplayNameLength} characters for your name.` },
		})
	}
	return parsed.data || null
}

/** How recent a sign-in must be to change the password or delete the account through the API. */
export const recentSignInSeconds = 5 * 60

/** CREDENTIAL_TOO_OLD_LOGIN_AGAIN (SDKs: requires-recent-login) unless the caller signed in within the last 5 minutes. */
export function assertRecentSignIn(authTime: Date, now = new Date()): void {
	if (now.getTime() - authTime.getTime() > recentSignInSeconds * 1000) throw new IdentityError('CREDENTIAL_TOO_OLD_LOGIN_AGAIN')
}
export const photoUrlSchema = z
	.string()
	.trim()
	.max(2048)
	.refine((value) => /^https?:\/\//.test(value) && URL.canParse(value), 'must be an http(s) address')

export type Options = {
	now?: Date
	policy?: PasswordPolicy
	limits?: IdentityLimits
	/** Checks a password against a stored hash; tests pass their own to count the checks. */
	verify?: typeof verifyPassword
}

export function policyOf(options: Options): PasswordPolicy {
	return options.policy ?? env().passwordPolicy
}

/** The docs/identity-api.md#password-policy check with the identity service's codes: WEAK_PASSWORD when too short, else PASSWORD_DOES_NOT_MEET_REQUIREMENTS. */
export function assertPasswordAllowed(policy: PasswordPolicy, password: string): void {
	const { ok, problems } = checkPassword(policy, password)
	if (ok) return
	const words = problems.map((problem) => passwordProblemMessage(problem, policy))
	const fields = { password: words.join(' ') }
	if (problems.length === 1 && problems[0] === 'too-short') {
		throw new IdentityError('WEAK_PASSWORD', { detail: `Password should be at least ${policy.minLength} characters`, fields })
	}
	const requirement: Record<PasswordProblem, string> = {
		'too-short': `Password must contain at least ${policy.minLength} characters`,
		'too-long': `Password may contain at most ${policy.maxLength} characters`,
		'missing-lowercase': 'Password must contain a lower case character',
		'missing-uppercase': 'Password must contain an upper case character',
		'missing-numeric': 'Password must contain a numeric character',
		'missing-non-alphanumeric': 'Password must contain a non-alphanumeric character',
	}
	throw new IdentityError('PASSWORD_DOES_NOT_MEET_REQUIREMENTS', {
		detail: `Missing password requirements: [${problems.map((problem) => requirement[problem]).join(', ')}]`,
		fields,
	})
}

export function parseEmail(email: unknown): { email: string; emailLower: string } {
	if (typeof email !== 'string' || email.trim() === '') throw new IdentityError('MISSING_EMAIL', { fields: { email: 'Enter your email address.' } })
	const parsed = emailSchema.safeParse(email)
	if (!parsed.success) throw new IdentityError('INVALID_EMAIL', { fields: { email: 'Enter an email address such as name@example.com.' } })
	return normalizeEmail(parsed.data)
}

export function throttled(retryAfterSeconds: number, what: string): IdentityError {
	return new IdentityError('TOO_MANY_ATTEMPTS_TRY_LATER', {
		retryAfterSeconds,
		detail: `Too many ${what}. Try again in ${retryAfterSeconds} seconds.`,
	})
}

/** Opportunistic clean-up of expired rows, at most once a minute per instance. */
let lastPurge = 0
async function maybePurge(db: Executor, now: Date) {
	if (now.getTime() - lastPurge < 60_000) return
	lastPurge = now.getTime()
	await Promise.all([
		purgeRateLimits(db, now),
		purgeExpiredSessions(db, now),
		purgeExpiredRefreshTokens(db, now),
		// Email action codes (action-codes.server.ts), used or not, once expired.
		db.deleteFrom('action_codes').where('expires_at', '<', now.toISOString()).execute(),
	])
}

/**
 * Creates an account. Every new account is pending until an owner approves it
 * (docs/product.md#roles), whether it came from the sign-up form or the REST API.
 */
export async function signUp(
	db: DB,
	input: { email: unknown; password: unknown; displayName?: string | null; ip: string },
	options: Options & { onCreated?: (trx: Executor, user: User) => Promise<void> } = {},
): Promise<User> {
	const now = options.now ?? new Date()
	const limits = options.limits ?? identityLimits
	const { email, emailLower } = parseEmail(input.email)
	if (typeof input.password !== 'string' || input.password === '') {
		throw new IdentityError('MISSING_PASSWORD', { fields: { password: 'Choose a password.' } })
	}
	assertPasswordAllowed(policyOf(options), input.password)
	const displayName = parseDisplayName(input.displayName)

	const limit = await consumeRateLimit(db, `sign-up:ip:${input.ip}`, limits.signUpPerIp, now)
	if (!limit.ok) throw throttled(limit.retryAfterSeconds, 'new accounts from your network')
	if (await findUserRowByEmail(db, emailLower)) throw new IdentityError('EMAIL_EXISTS', { fields: { email: 'An account with this email already exists.' } })

	const passwordHash = await hashPassword(input.password)
	const id = newId()
	try {
		return await db.transaction().execute(async (trx) => {
			const row = await trx
				.insertInto('users')
				.values(newUserValues({ id, email, displayName, role: 'pending', emailVerified: false, passwordHash, now, signedInNow: true, approved: false }))
				.returningAll()
				.executeTakeFirstOrThrow()
			const user = toUser(row)
			await recordAudit(trx, { actor: actorOf(user), action: 'user.sign-up', entity: 'user', entityId: id, before: null, after: auditSnapshot(user) })
			await options.onCreated?.(trx, user)
			return user
		})
	} catch (error) {
		// Two sign-ups with one email at the same moment: the unique index decides.
		if (isUniqueViolation(error)) throw new IdentityError('EMAIL_EXISTS', { fields: { email: 'An account with this email already exists.' } })
		throw error
	}
}

/**
 * The web sign-up, with enumeration protection (docs/decisions/076-neutral-web-sign-up.md):
 * the page answers the same whether or not the email already has an account.
 * Either way an email goes to the address typed: a new account hears that it
 * waits for an owner, an existing holder hears that someone tried (at most
 * one such email an hour). Returns the new account, or null when the email
 * was taken; the caller must not show the difference.
 */
export async function requestAccount(
	db: DB,
	input: { email: unknown; password: unknown; displayName?: string | null; ip: string; signInUrl: string },
	options: Options = {},
): Promise<User | null> {
	const now = options.now ?? new Date()
	try {
		return await signUp(db, input, {
			...options,
			onCreated: async (trx, user) => {
				const email = accountRequestedEmail({ name: user.displayName, signInUrl: input.signInUrl, company: (await getSettings(trx)).company })
				await enqueueEmail(trx, { ...email, kind: 'account-requested', to: user.email, bookingId: null, dedupeKey: `account-requested:${user.id}` })
			},
		})
	} catch (error) {
		if (!isIdentityError(error) || error.identityCode !== 'EMAIL_EXISTS') throw error
		// Spend the time a new account takes (hashing the password), so timing does not tell either.
		await hashPassword(String(input.password))
		const row = await findUserRowByEmail(db, parseEmail(input.email).emailLower)
		if (row) {
			const email = accountExistsEmail({ signInUrl: input.signInUrl, company: (await getSettings(db)).company })
			const hour = now.toISOString().slice(0, 13)
			await enqueueEmail(db, { ...email, kind: 'account-exists', to: row.email, bookingId: null, dedupeKey: `account-exists:${row.id}:${hour}` })
		}
		return null
	}
}

/**
 * Checks an email and password. The answer never reveals whether the email
 * is registered (the same INVALID_LOGIN_CREDENTIALS, the same throttling, the
 * same time spent).
 *
 * Throttling counts first and checks the password after: each bucket is one
 * atomic upsert, so of any number of simultaneous guesses at most the limit
 * reach the password check. The buckets are consumed in order and the first
 * full one stops the attempt, so a guesser who is already refused adds nothing
 * to the buckets shared with other clients (the account's). A success clears
 * the pair's buckets and gives back what it took from the others.
 */
export async function signInWithPassword(
	db: DB,
	input: { email: unknown; password: unknown; ip: string; via: 'web' | 'api' },
	options: Options = {},
): Promise<User> {
	const now = options.now ?? new Date()
	const limits = options.limits ?? identityLimits
	const verify = options.verify ?? verifyPassword
	const { emailLower } = parseEmail(input.email)
	if (typeof input.password !== 'string' || input.password === '') {
		throw new IdentityError('MISSING_PASSWORD', { fields: { password: 'Enter your password.' } })
	}
	await maybePurge(db, now)
	const keys = signInKeys(emailLower, input.ip)
	const known = await isRemembered(db, keys.knownClient, now)
	const buckets: Array<[string, RateLimit]> = [
		[keys.pair, limits.signInPerAccountAndClient],
		[keys.pairDaily, limits.signInPerAccountAndClientDaily],
		// An address this account signed in from is not held back by attacks from elsewhere.
		...(known
			? []
			: ([
					[keys.client, limits.failedSignInPerIp],
					[keys.account, limits.failedSignInPerAccountFromNewClients],
				] as Array<[string, RateLimit]>)),
	]
	const taken: string[] = []
	for (const [key, limit] of buckets) {
		const result = await consumeRateLimit(db, key, limit, now)
		if (!result.ok) throw throttled(result.retryAfterSeconds, 'failed sign-in attempts')
		taken.push(key)
	}

	const row = await findUserRowByEmail(db, emailLower)
	// Over the hard maximum: refused without hashing (and counted as a failure).
	const valid = input.password.length <= 8192 && (await verify(row?.password_hash, input.password))
	if (!row || !valid) throw new IdentityError('INVALID_LOGIN_CREDENTIALS')

	// The right password: this pair is no guesser; remember the address for this account.
	await Promise.all([
		resetRateLimit(db, keys.pair),
		resetRateLimit(db, keys.pairDaily),
		...taken.filter((key) => key === keys.client || key === keys.account).map((key) => refundRateLimit(db, key)),
		rememberKey(db, keys.knownClient, limits.knownClient.windowSeconds, now),
	])
	// Only someone who knows the password learns that the account is disabled.
	if (row.disabled === 1) throw new IdentityError('USER_DISABLED')
	// A suspended agency's users cannot sign in until it is reinstated (ADR 222); said like a disabled account.
	if (!(await agencyAllowsSignIn(db, row))) throw new IdentityError('USER_DISABLED', { detail: 'agency-suspended' })

	return db.transaction().execute(async (trx) => {
		const updated = await trx.updateTable('users').set({ last_sign_in_at: now.toISOString() }).where('id', '=', row.id).returningAll().executeTakeFirstOrThrow()
		const user = toUser(updated)
		await recordAudit(trx, { actor: actorOf(user), action: 'user.sign-in', entity: 'user', entityId: user.id, after: { via: input.via } })
		return user
	})
}

/** The throttling buckets of one sign-in attempt. */
export function signInKeys(emailLower: string, ip: string) {
	return {
		pair: `sign-in:account-client:${emailLower}|${ip}`,
		pairDaily: `sign-in:account-client-day:${emailLower}|${ip}`,
		client: `sign-in-failed:ip:${ip}`,
		account: `sign-in-failed:account:${emailLower}`,
		knownClient: `sign-in-known:${emailLower}|${ip}`,
	}
}

/**
 * Ends everything that proves who the user is: web sessions (with a reason), refresh tokens, earlier
 * ID tokens, and every emailed link not used yet (a reset or sign-in link asked for before a new
 * password, a sign-out everywhere or a disabling is void: ADR 170).
 */
export async function revokeEverything(
	trx: Executor,
	userId: string,
	reason: 'user-disabled' | 'signed-out' | 'password-changed' | 'agency-suspended',
	now = new Date(),
) {
	await endUserSessions(trx, userId, reason)
	await revokeUserRefreshTokens(trx, userId)
	await voidActionCodes(trx, userId, now)
	await trx
		.updateTable('users')
		.set((eb) => ({ token_version: eb('token_version', '+', 1) }))
		.where('id', '=', userId)
		.execute()
}

/** Spends every emailed link of the account that is still open (reset, verification, sign-in), so none works any more. */
export async function voidActionCodes(trx: Executor, userId: string, now = new Date()): Promise<number> {
	const result = await trx
		.updateTable('action_codes')
		.set({ used_at: now.toISOString() })
		.where('user_id', '=', userId)
		.where('used_at', 'is', null)
		.executeTakeFirst()
	return Number(result.numUpdatedRows)
}

/** The user's own profile changes (REST accounts:update). A new password signs out every other session. */
export async function updateOwnAccount(
	db: DB,
	user: User,
	changes: { displayName?: string | null; photoUrl?: string | null; password?: string },
	options: Options = {},
): Promise<User> {
	const now = options.now ?? new Date()
	const set: UserUpdate = { updated_at: now.toISOString() }
	if (changes.displayName !== undefined) set.display_name = parseDisplayName(changes.displayName)
	if (changes.photoUrl !== undefined) {
		if (changes.photoUrl) {
			const parsed = photoUrlSchema.safeParse(changes.photoUrl)
			if (!parsed.success) throw new IdentityError('INVALID_ARGUMENT', { detail: 'photoUrl must be an http(s) address' })
			set.photo_url = parsed.data
		} else set.photo_url = null
	}
	if (changes.password !== undefined) {
		assertPasswordAllowed(policyOf(options), changes.password)
		set.password_hash = await hashPassword(changes.password)
		set.password_updated_at = now.toISOString()
	}
	return db.transaction().execute(async (trx) => {
		if (changes.password !== undefined) await revokeEverything(trx, user.id, 'password-changed', now)
		const row = await trx.updateTable('users').set(set).where('id', '=', user.id).returningAll().executeTakeFirst()
		if (!row) throw new IdentityError('USER_NOT_FOUND')
		const updated = toUser(row)
		await recordAudit(trx, {
			actor: actorOf(user),
			action: changes.password !== undefined ? 'user.update-with-password' : 'user.update',
			entity: 'user',
			entityId: user.id,
			before: auditSnapshot(user),
			after: auditSnapshot(updated),
		})
		return updated
	})
}

/** Locks the set of active owners for the rest of the transaction (PostgreSQL; SQLite writers are serialised already). */
async function lockOwners(trx: Executor) {
	const query = trx.selectFrom('users').select('id').where('role', '=', 'owner').where('disabled', '=', 0)
	await (isPostgres(trx) ? query.forUpdate() : query).execute()
}

/**
 * After a change to an account that was an active owner, at least one active
 * owner must remain (the issue: "an owner cannot remove the last owner").
 */
async function assertOwnersRemain(trx: Executor, before: User) {
	if (before.role !== 'owner' || before.disabled) return
	const row = await trx
		.selectFrom('users')
		.select((eb) => eb.fn.countAll<number>().as('count'))
		.where('role', '=', 'owner')
		.where('disabled', '=', 0)
		.executeTakeFirstOrThrow()
	if (Number(row.count) === 0) {
		throw new AppError('failed-precondition', 'There must always be at least one active owner. Make someone else an owner first.')
	}
}

/** The user deletes their own account (REST accounts:delete). The last owner cannot. */
export async function deleteOwnAccount(db: DB, user: User): Promise<void> {
	try {
		await db.transaction().execute(async (trx) => {
			await lockOwners(trx)
			const result = await trx.deleteFrom('users').where('id', '=', user.id).executeTakeFirst()
			if (Number(result.numDeletedRows) !== 1) throw new IdentityError('USER_NOT_FOUND')
			await assertOwnersRemain(trx, user)
			await recordAudit(trx, { actor: actorOf(user), action: 'user.delete', entity: 'user', entityId: user.id, before: auditSnapshot(user), after: null })
		})
	} catch (error) {
		if (error instanceof AppError && error.code === 'failed-precondition') {
			throw new IdentityError('OPERATION_NOT_ALLOWED', { detail: 'The last active owner cannot delete their account' })
		}
		throw error
	}
}

// ─── Team management (owners only) ──────────────────────────────────────────

function assertOwner(actor: User) {
	if (actor.role !== 'owner' || actor.disabled) throw new AppError('permission-denied', 'Only an owner can manage the team.')
}

async function changeUser(
	db: DB,
	actor: User,
	userId: string,
	action: string,
	change: (target: User, trx: Executor) => Promise<UserUpdate | null>,
	now: Date,
): Promise<User> {
	assertOwner(actor)
	return db.transaction().execute(async (trx) => {
		await lockOwners(trx)
		const target = await findUserById(trx, userId)
		if (!target) throw new AppError('not-found', 'That account no longer exists.')
		const set = await change(target, trx)
		if (set === null) return target
		const row = await trx
			.updateTable('users')
			.set({ ...set, updated_at: now.toISOString() })
			.where('id', '=', userId)
			.returningAll()
			.executeTakeFirstOrThrow()
		await assertOwnersRemain(trx, target)
		const updated = toUser(row)
		await recordAudit(trx, { actor: actorOf(actor), action, entity: 'user', entityId: userId, before: auditSnapshot(target), after: auditSnapshot(updated) })
		return updated
	})
}

/** Approves a pending account as staff (or owner). */
export async function approveUser(db: DB, actor: User, userId: string, role: 'staff' | 'owner' = 'staff', now = new Date()): Promise<User> {
	return changeUser(
		db,
		actor,
		userId,
		'user.approve',
		async (target) => {
			if (target.role !== 'pending' || target.agentId !== null) throw new AppError('failed-precondition', `${target.email} is already approved.`)
			return { role, approved_at: now.toISOString(), approved_by: actor.id }
		},
		now,
	)
}

/** Staff roles only: an agency's users are never made staff, nor staff agents (ADR 221); they are managed on their agency's page. */
export async function changeRole(db: DB, actor: User, userId: string, role: StaffRole, now = new Date()): Promise<User> {
	return changeUser(
		db,
		actor,
		userId,
		'user.change-role',
		async (target) => {
			if (isAgentRole(target.role) || target.agentId !== null)
				throw new AppError('failed-precondition', `${target.email} is a user of a partner agency: manage them on the agency’s page.`)
			if (target.role === role) return null
			if (target.role === 'pending') return { role, approved_at: now.toISOString(), approved_by: actor.id }
			return { role }
		},
		now,
	)
}

/** Disabling ends the account's sessions (each says why at its next request), refresh tokens and ID tokens. */
export async function setUserDisabled(db: DB, actor: User, userId: string, disabled: boolean, now = new Date()): Promise<User> {
	return changeUser(
		db,
		actor,
		userId,
		disabled ? 'user.disable' : 'user.enable',
		async (target, trx) => {
			if (target.disabled === disabled) return null
			if (disabled && target.id === actor.id) throw new AppError('failed-precondition', 'You cannot disable your own account.')
			if (disabled) await revokeEverything(trx, target.id, 'user-disabled', now)
			return { disabled: disabled ? 1 : 0 }
		},
		now,
	)
}

/** Signs a user out on every device: web sessions, refresh tokens and ID tokens. */
export async function signOutEverywhere(db: DB, actor: User, userId: string, now = new Date()): Promise<void> {
	assertOwner(actor)
	await db.transaction().execute(async (trx) => {
		const target = await findUserById(trx, userId)
		if (!target) throw new AppError('not-found', 'That account no longer exists.')
		await revokeEverything(trx, userId, 'signed-out', now)
		await trx.updateTable('users').set({ updated_at: now.toISOString() }).where('id', '=', userId).execute()
		await recordAudit(trx, { actor: actorOf(actor), action: 'user.sign-out-everywhere', entity: 'user', entityId: userId })
	})
}

/** The team list for owners: staff accounts (an agency's users are on its page), pending accounts first, then by name. */
export async function listUsers(db: Executor): Promise<User[]> {
	const rows = await db
		.selectFrom('users')
		.selectAll()
		.where('agent_id', 'is', null)
		.where('role', 'not in', ['agent_admin', 'agent_user'])
		.orderBy('created_at', 'desc')
		.execute()
	const order: Record<Role, number> = { pending: 0, owner: 1, staff: 2, agent_admin: 3, agent_user: 4 }
	return rows.map(toUser).sort((a, b) => order[a.role] - order[b.role] || (a.displayName ?? a.email).localeCompare(b.displayName ?? b.email))
}

export async function countPendingUsers(db: Executor): Promise<number> {
	const row = await db
		.selectFrom('users')
		.select((eb) => eb.fn.countAll<number>().as('count'))
		.where('role', '=', 'pending')
		.where('disabled', '=', 0)
		.executeTakeFirstOrThrow()
	return Number(row.count)
}

// ─── Command line ───────────────────────────────────────────────────────────

export const commandLineActor: Actor = { id: null, label: 'command line' }

/**
 * `npm run create-owner`: creates the account as an owner, or promotes and
 * re-enables an existing one and sets its password (signing it out everywhere).
 * Never reachable from the web.
 */
export async function createOrPromoteOwner(
	db: DB,
	input: { email: string; password: string; displayName?: string | null },
	options: Options = {},
): Promise<{ user: User; created: boolean }> {
	const now = options.now ?? new Date()
	const { email, emailLower } = parseEmail(input.email)
	assertPasswordAllowed(policyOf(options), input.password)
	const displayName = parseDisplayName(input.displayName)
	const passwordHash = await hashPassword(input.password)
	return db.transaction().execute(async (trx) => {
		const existing = await findUserRowByEmail(trx, emailLower)
		if (existing) {
			const before = toUser(existing)
			await revokeEverything(trx, before.id, 'password-changed', now)
			const row = await trx
				.updateTable('users')
				.set({
					role: 'owner',
					disabled: 0,
					password_hash: passwordHash,
					password_updated_at: now.toISOString(),
					updated_at: now.toISOString(),
					approved_at: before.approvedAt ?? now.toISOString(),
					...(displayName ? { display_name: displayName } : {}),
				})
				.where('id', '=', before.id)
				.returningAll()
				.executeTakeFirstOrThrow()
			const user = toUser(row)
			await recordAudit(trx, {
				actor: commandLineActor,
				action: 'user.promote-owner',
				entity: 'user',
				entityId: user.id,
				before: auditSnapshot(before),
				after: auditSnapshot(user),
			})
			return { user, created: false }
		}
		const row = await trx
			.insertInto('users')
			.values(newUserValues({ id: newId(), email, displayName, role: 'owner', emailVerified: false, passwordHash, now, signedInNow: false, approved: true }))
			.returningAll()
			.executeTakeFirstOrThrow()
		const user = toUser(row)
		await recordAudit(trx, {
			actor: commandLineActor,
			action: 'user.create-owner',
			entity: 'user',
			entityId: user.id,
			before: null,
			after: auditSnapshot(user),
		})
		return { user, created: true }
	})
}

export const demoDataActor: Actor = { id: null, label: 'demo data' }

/**
 * Adds an approved account for the demo data unless the email is taken
 * (idempotent; an existing account is left alone). Never used in production
 * unless the demo data is explicitly asked for.
 */
export async function seedAccount(
	db: DB,
	input: { email: string; password: string; displayName: string; role: 'staff' | 'owner' | 'agent_admin'; agentId?: string | null },
	now = new Date(),
): Promise<boolean> {
	const { email, emailLower } = normalizeEmail(input.email)
	if (await findUserRowByEmail(db, emailLower)) return false
	const passwordHash = await hashPassword(input.password)
	return db.transaction().execute(async (trx) => {
		const row = await trx
			.insertInto('users')
			.values(
				newUserValues({
					id: newId(),
					email,
					displayName: input.displayName,
					role: input.role,
					emailVerified: true,
					passwordHash,
					now,
					signedInNow: false,
					approved: true,
					agentId: input.agentId ?? null,
				}),
			)
			.onConflict((oc) => oc.column('email_lower').doNothing())
			.returningAll()
			.executeTakeFirst()
		if (!row) return false
		const user = toUser(row)
		await recordAudit(trx, { actor: demoDataActor, action: 'user.create', entity: 'user', entityId: user.id, before: null, after: auditSnapshot(user) })
		return true
	})
}

/** The signed-in user's recent audit activity, newest first (the dashboard). */
export async function recentActivity(db: Executor, userId: string, limit = 10) {
	return db
		.selectFrom('audit_log')
		.select(['id', 'at', 'action', 'entity', 'entity_id'])
		.where('actor_id', '=', userId)
		.orderBy('at', 'desc')
		.orderBy('id', 'desc')
		.limit(limit)
		.execute()
}
