import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import * as OTPAuth from 'otpauth'
import { AppError } from '~/lib/errors.ts'
import { IdentityError } from '~/lib/identity-errors.ts'
import { newId } from '~/lib/ids.ts'
import { recordAudit } from '~/server/db/audit.server.ts'
import type { DB } from '~/server/db/client.server.ts'
import { env } from '~/server/env.server.ts'
import { consumeRateLimit, type RateLimit, resetRateLimit } from '~/server/rate-limit.server.ts'
import { revokeEverything, throttled } from './accounts.server.ts'
import { hashToken } from './sessions.server.ts'
import { actorOf, findUserById, type User } from './users.server.ts'
import { type Executor } from '~/server/db/client.server.ts'

/**
 * TOTP second factor (docs/decisions/107-totp-second-factor.md), compatible
 * with the official SDK's TOTP multi-factor API. Codes are checked with the
 * `otpauth` library: 6 digits, 30-second steps, SHA-1 (what authenticator apps
 * support), one step of clock drift either way, and never the same step twice.
 *
 * What travels between the two steps of enrolment (the new secret) and of
 * sign-in (who passed the password) is sealed with AES-256-GCM under a key
 * derived from SESSION_SECRET, so no table holds half-finished state; both
 * expire after 10 minutes.
 */
export const totpParameters = { digits: 6, period: 30, algorithm: 'SHA1' as const, window: 1 }
export const pendingLifetimeSeconds = 10 * 60
export const recoveryCodeCount = 10
/** Second-factor codes tried for one account from one client address; a success clears it. */
export const secondFactorLimit: RateLimit = { limit: 5, windowSeconds: 15 * 60 }
/** Second-factor codes tried for one account from anywhere (only after its password): 30 an hour. */
export const secondFactorAccountLimit: RateLimit = { limit: 30, windowSeconds: 60 * 60 }

export type SecondFactor = { id: string; displayName: string | null; enrolledAt: string }

function sealKey(): Buffer {
	return Buffer.from(hkdfSync('sha256', env().SESSION_SECRET, 'andaman-isles-identity', 'second-factor-seal-v1', 32))
}

type Sealed =
	| { purpose: 'enrol'; userId: string; secret: string; exp: number }
	| { purpose: 'sign-in'; userId: string; tokenVersion: number; exp: number }
	// A company sign-in under way (sso.server.ts): what the callback must match, bound to this browser by its cookie.
	| { purpose: 'oidc-flow'; providerId: string; state: string; nonce: string; codeVerifier: string; redirectTo: string; exp: number }

export function seal(value: Sealed): string {
	const iv = randomBytes(12)
	const cipher = createCipheriv('aes-256-gcm', sealKey(), iv)
	const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()])
	return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')
}

export function unseal<P extends Sealed['purpose']>(text: unknown, purpose: P, now = new Date()): Extract<Sealed, { purpose: P }> | null {
	if (typeof text !== 'string' || text.length < 40 || text.length > 4096) return null
	try {
		const raw = Buffer.from(text, 'base64url')
		const decipher = createDecipheriv('aes-256-gcm', sealKey(), raw.subarray(0, 12))
		decipher.setAuthTag(raw.subarray(12, 28))
		const value = JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')) as Sealed
		if (value.purpose !== purpose || value.exp < now.getTime()) return null
		return value as Extract<Sealed, { purpose: P }>
	} catch {
		return null
	}
}

/** The secret at rest: sealed too, so a copy of the database alone does not give out second factors. */
function sealSecret(secret: string): string {
	const iv = randomBytes(12)
	const cipher = createCipheriv('aes-256-gcm', sealKey(), iv)
	const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
	return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')
}
function openSecret(sealed: string): string {
	const raw = Buffer.from(sealed, 'base64url')
	const decipher = createDecipheriv('aes-256-gcm', sealKey(), raw.subarray(0, 12))
	decipher.setAuthTag(raw.subarray(12, 28))
	return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
}

function totpFor(secret: string, label = 'account') {
	return new OTPAuth.TOTP({ issuer: 'Andaman Isles Travel', label, secret: OTPAuth.Secret.fromBase32(secret), ...totpParameters })
}

/** The 30-second step a code belongs to, or null when it matches none near now. */
function matchingStep(secret: string, code: string, now: Date): number | null {
	if (!/^\d{6}$/.test(code)) return null
	const delta = totpFor(secret).validate({ token: code, timestamp: now.getTime(), window: totpParameters.window })
	return delta === null ? null : Math.floor(now.getTime() / 1000 / totpParameters.period) + delta
}

/** The account's enrolled second factors. */
export async function listSecondFactors(db: Executor, userId: string): Promise<SecondFactor[]> {
	const rows = await db.selectFrom('mfa_factors').select(['id', 'display_name', 'created_at']).where('user_id', '=', userId).orderBy('created_at').execute()
	return rows.map((row) => ({ id: row.id, displayName: row.display_name, enrolledAt: row.created_at }))
}

/** The otpauth:// address authenticator apps read from a QR code. */
export function otpauthUrlFor(user: User, secret: string): string {
	return totpFor(secret, user.email).toString()
}

/** Step one of enrolment: a new secret, the otpauth:// address for a QR code, and the sealed session to finish with. */
export function startEnrolment(user: User, now = new Date()) {
	const secret = new OTPAuth.Secret({ size: 20 }).base32
	return {
		secret,
		otpauthUrl: otpauthUrlFor(user, secret),
		sessionInfo: seal({ purpose: 'enrol', userId: user.id, secret, exp: now.getTime() + pendingLifetimeSeconds * 1000 }),
		finalizeBy: new Date(now.getTime() + pendingLifetimeSeconds * 1000).toISOString(),
	}
}

function newRecoveryCode(): string {
	// 10 characters from an alphabet without look-alikes, shown as two groups of five.
	const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789'
	const bytes = randomBytes(10)
	const chars = [...bytes].map((b) => alphabet[b % alphabet.length])
	return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`
}
const recoveryHash = (code: string) => hashToken(code.trim().toLowerCase().replace(/\s+/g, ''))

/**
 * Step two: the code from the app proves it holds the secret. Saves the factor
 * and a fresh set of recovery codes (returned once, stored hashed).
 */
export async function finishEnrolment(
	db: DB,
	user: User,
	input: { sessionInfo: unknown; code: unknown; displayName?: string | null },
	now = new Date(),
): Promise<{ factor: SecondFactor; recoveryCodes: string[] }> {
	const pending = unseal(input.sessionInfo, 'enrol', now)
	if (!pending || pending.userId !== user.id)
		throw new IdentityError('INVALID_ARGUMENT', { detail: 'The enrolment session expired or is not yours. Start again.' })
	const step = matchingStep(pending.secret, String(input.code ?? '').trim(), now)
	if (step === null) throw new IdentityError('INVALID_CODE', { fields: { code: 'That code does not match. Type the 6 digits your app shows now.' } })
	const displayName = typeof input.displayName === 'string' && input.displayName.trim() ? input.displayName.trim().slice(0, 100) : 'Authenticator app'
	const recoveryCodes = Array.from({ length: recoveryCodeCount }, newRecoveryCode)
	const factor = { id: newId(), displayName, enrolledAt: now.toISOString() }
	await db.transaction().execute(async (trx) => {
		const existing = await trx.selectFrom('mfa_factors').select('id').where('user_id', '=', user.id).execute()
		if (existing.length > 0) throw new IdentityError('SECOND_FACTOR_EXISTS')
		await trx
			.insertInto('mfa_factors')
			.values({
				id: factor.id,
				user_id: user.id,
				display_name: displayName,
				secret_sealed: sealSecret(pending.secret),
				last_used_step: step,
				created_at: factor.enrolledAt,
			})
			.execute()
		await trx.deleteFrom('mfa_recovery_codes').where('user_id', '=', user.id).execute()
		await trx
			.insertInto('mfa_recovery_codes')
			.values(recoveryCodes.map((code) => ({ id: recoveryHash(code), user_id: user.id, created_at: factor.enrolledAt, used_at: null })))
			.execute()
		await recordAudit(trx, { actor: actorOf(user), action: 'user.second-factor-enrol', entity: 'user', entityId: user.id, after: { factor: factor.id } })
	})
	return { factor, recoveryCodes }
}

// ─── Owners can require it for everyone ─────────────────────────────────────

/** A settings row of its own (the business settings ignore keys they do not know). */
const requiredSettingKey = 'identity.requireSecondFactor'

export async function isSecondFactorRequired(db: Executor): Promise<boolean> {
	const row = await db.selectFrom('settings').select('value_json').where('key', '=', requiredSettingKey).executeTakeFirst()
	return row?.value_json === 'true'
}

/** Owners only. Accounts without a factor are sent to set one up at their next page (requireStaff). */
export async function setSecondFactorRequired(db: DB, actor: User, required: boolean, now = new Date()): Promise<void> {
	if (actor.role !== 'owner' || actor.disabled) throw new AppError('permission-denied', 'Only an owner can change this.')
	await db.transaction().execute(async (trx) => {
		await trx
			.insertInto('settings')
			.values({ key: requiredSettingKey, value_json: JSON.stringify(required), updated_at: now.toISOString() })
			.onConflict((oc) => oc.column('key').doUpdateSet({ value_json: JSON.stringify(required), updated_at: now.toISOString() }))
			.execute()
		await recordAudit(trx, {
			actor: actorOf(actor),
			action: required ? 'team.require-second-factor' : 'team.allow-no-second-factor',
			entity: 'settings',
			entityId: requiredSettingKey,
		})
	})
}

/** True when owners require a second factor and this account has none yet. */
export async function mustSetUpSecondFactor(db: Executor, userId: string): Promise<boolean> {
	if (!(await isSecondFactorRequired(db))) return false
	return (await listSecondFactors(db, userId)).length === 0
}

/** Removes a factor (and the recovery codes with the last one). Not the last one while owners require it. */
export async function withdrawSecondFactor(db: DB, user: User, factorId: unknown): Promise<void> {
	if (typeof factorId !== 'string' || !factorId) throw new IdentityError('MISSING_MFA_ENROLLMENT_ID')
	await db.transaction().execute(async (trx) => {
		const result = await trx.deleteFrom('mfa_factors').where('id', '=', factorId).where('user_id', '=', user.id).executeTakeFirst()
		if (Number(result.numDeletedRows) !== 1) throw new IdentityError('MFA_ENROLLMENT_NOT_FOUND')
		const left = await trx.selectFrom('mfa_factors').select('id').where('user_id', '=', user.id).execute()
		if (left.length === 0 && (await isSecondFactorRequired(trx))) {
			throw new IdentityError('OPERATION_NOT_ALLOWED', { detail: 'An owner requires two-step sign-in for every account' })
		}
		if (left.length === 0) await trx.deleteFrom('mfa_recovery_codes').where('user_id', '=', user.id).execute()
		await recordAudit(trx, { actor: actorOf(user), action: 'user.second-factor-withdraw', entity: 'user', entityId: user.id, after: { factor: factorId } })
	})
}

/** The accounts that have a second factor set up (the team page). */
export async function accountsWithSecondFactor(db: Executor): Promise<Set<string>> {
	const rows = await db.selectFrom('mfa_factors').select('user_id').distinct().execute()
	return new Set(rows.map((row) => row.user_id))
}

/**
 * An owner clears a staff member's lost second factor (phone and recovery
 * codes gone): the factors and recovery codes are deleted and the account is
 * signed out everywhere, in one transaction with an audit row. The person
 * signs in with their password and sets a new one up (at once, when owners
 * require it). Not for one's own account: that is turned off on the profile
 * page, with the password.
 */
export async function resetSecondFactor(db: DB, actor: User, userId: string): Promise<User> {
	if (actor.role !== 'owner' || actor.disabled) throw new AppError('permission-denied', 'Only an owner can reset two-step sign-in.')
	if (actor.id === userId) throw new AppError('failed-precondition', 'Turn off your own two-step sign-in on Your account, with your password.')
	return db.transaction().execute(async (trx) => {
		const target = await findUserById(trx, userId)
		if (!target) throw new AppError('not-found', 'That account no longer exists.')
		const removed = await trx.deleteFrom('mfa_factors').where('user_id', '=', userId).executeTakeFirst()
		if (Number(removed.numDeletedRows) === 0)
			throw new AppError('failed-precondition', `${target.displayName ?? target.email} has no two-step sign-in to reset.`)
		await trx.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute()
		// Whoever holds the lost phone, or a session opened with it, is out.
		await revokeEverything(trx, userId, 'signed-out')
		await recordAudit(trx, {
			actor: actorOf(actor),
			action: 'user.second-factor-reset',
			entity: 'user',
			entityId: userId,
			after: { factorsRemoved: Number(removed.numDeletedRows) },
		})
		return target
	})
}

/** After the password (or an email link): a sealed credential that only a second-factor code turns into a sign-in. */
export function pendingCredentialFor(user: User, now = new Date()): string {
	return seal({ purpose: 'sign-in', userId: user.id, tokenVersion: user.tokenVersion, exp: now.getTime() + pendingLifetimeSeconds * 1000 })
}

/**
 * Step two of a sign-in: a code from the app (for the given factor, or any
 * of the account's factors) or an unused recovery code. Counted per account
 * and client address before checking (075). Returns the account.
 */
export async function finishSecondFactorSignIn(
	db: DB,
	input: { pendingCredential: unknown; code: unknown; factorId?: string | null; ip: string },
	now = new Date(),
): Promise<User> {
	if (!input.pendingCredential) throw new IdentityError('MISSING_MFA_PENDING_CREDENTIAL')
	const pending = unseal(input.pendingCredential, 'sign-in', now)
	if (!pending) throw new IdentityError('INVALID_MFA_PENDING_CREDENTIAL')
	const user = await findUserById(db, pending.userId)
	// Signed out everywhere, disabled or given a new password since the first step: start again.
	if (!user || user.tokenVersion !== pending.tokenVersion) throw new IdentityError('INVALID_MFA_PENDING_CREDENTIAL')
	if (user.disabled) throw new IdentityError('USER_DISABLED')
	const key = `second-factor:account-client:${user.id}|${input.ip}`
	// Only someone who passed the password gets here: the account-wide bucket bounds guessing spread over many addresses.
	for (const [bucket, rule] of [
		[key, secondFactorLimit],
		[`second-factor:account:${user.id}`, secondFactorAccountLimit],
	] as const) {
		const limit = await consumeRateLimit(db, bucket, rule, now)
		if (!limit.ok) throw throttled(limit.retryAfterSeconds, 'second-step codes')
	}

	const code = String(input.code ?? '').trim()
	let factors = await db.selectFrom('mfa_factors').selectAll().where('user_id', '=', user.id).execute()
	if (input.factorId) {
		factors = factors.filter((f) => f.id === input.factorId)
		if (factors.length === 0) throw new IdentityError('MFA_ENROLLMENT_NOT_FOUND')
	}
	let accepted = false
	for (const factor of factors) {
		const step = matchingStep(openSecret(factor.secret_sealed), code, now)
		if (step === null) continue
		// A code is accepted once: only a later step than the last one used.
		const claimed = await db
			.updateTable('mfa_factors')
			.set({ last_used_step: step })
			.where('id', '=', factor.id)
			.where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
			.executeTakeFirst()
		accepted = Number(claimed.numUpdatedRows) === 1
		if (accepted) break
	}
	if (!accepted && !input.factorId && /^[a-z0-9]{5}-?[a-z0-9]{5}$/i.test(code.replace(/\s+/g, ''))) {
		const normalised = code.replace(/\s+/g, '').toLowerCase()
		const withDash = normalised.includes('-') ? normalised : `${normalised.slice(0, 5)}-${normalised.slice(5)}`
		const used = await db
			.updateTable('mfa_recovery_codes')
			.set({ used_at: now.toISOString() })
			.where('id', '=', recoveryHash(withDash))
			.where('user_id', '=', user.id)
			.where('used_at', 'is', null)
			.executeTakeFirst()
		accepted = Number(used.numUpdatedRows) === 1
		if (accepted) await recordAudit(db, { actor: actorOf(user), action: 'user.recovery-code-used', entity: 'user', entityId: user.id })
	}
	if (!accepted)
		throw new IdentityError('INVALID_CODE', { fields: { code: 'That code does not match. Type the 6 digits your app shows now, or a recovery code.' } })
	await Promise.all([resetRateLimit(db, key), resetRateLimit(db, `second-factor:account:${user.id}`)])
	return user
}

/** How many unused recovery codes the account has left. */
export async function recoveryCodesLeft(db: Executor, userId: string): Promise<number> {
	const row = await db
		.selectFrom('mfa_recovery_codes')
		.select((eb) => eb.fn.countAll<number>().as('n'))
		.where('user_id', '=', userId)
		.where('used_at', 'is', null)
		.executeTakeFirstOrThrow()
	return Number(row.n)
}

/** Test and tooling helper: the code an authenticator app would show for a secret at a moment. */
export function totpCode(secret: string, now = new Date()): string {
	return totpFor(secret).generate({ timestamp: now.getTime() })
}
