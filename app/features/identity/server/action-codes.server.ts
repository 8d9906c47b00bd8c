import { randomBytes } from 'node:crypto'
import { type EmailKind, emailSignInEmail, passwordResetEmail, verifyEmailEmail } from '~/features/email/domain/emails.ts'
import { IdentityError } from '~/lib/identity-errors.ts'
import { recordAudit } from '~/server/db/audit.server.ts'
import type { DB } from '~/server/db/client.server.ts'
import type { ActionCodeRow } from '~/server/db/schema.ts'
import { enqueueEmail } from '~/features/email/server/outbox.server.ts'
import { consumeRateLimit, type RateLimit, resetRateLimit } from '~/server/rate-limit.server.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'
import { assertPasswordAllowed, identityLimits, type Options, parseEmail, policyOf, revokeEverything, signInKeys, throttled } from './accounts.server.ts'
import { hashPassword } from './passwords.server.ts'
import { hashToken } from './sessions.server.ts'
import { actorOf, agencyAllowsSignIn, auditSnapshot, findUserById, findUserRowByEmail, toUser, type User } from './users.server.ts'
import { type Executor } from '~/server/db/client.server.ts'

/**
 * Email action codes (docs/decisions/105-email-action-codes.md): password
 * reset, email verification and email-link sign-in. A code is 32 random bytes,
 * emailed inside a link in the format client SDKs parse
 * (`/__/auth/action?mode=…&oobCode=…&apiKey=…`); only its SHA-256 is stored.
 * Each works once, before it expires, and only while the account still has
 * the address it was sent to.
 */
export const actionPurposes = ['PASSWORD_RESET', 'VERIFY_EMAIL', 'EMAIL_SIGNIN'] as const
export type ActionPurpose = (typeof actionPurposes)[number]

export const actionCodeLifetimeSeconds: Record<ActionPurpose, number> = {
	PASSWORD_RESET: 60 * 60,
	VERIFY_EMAIL: 3 * 24 * 60 * 60,
	EMAIL_SIGNIN: 60 * 60,
}

/** The `mode` of the link for each purpose, as SDKs parse it. */
export const actionModes: Record<ActionPurpose, 'resetPassword' | 'verifyEmail' | 'signIn'> = {
	PASSWORD_RESET: 'resetPassword',
	VERIFY_EMAIL: 'verifyEmail',
	EMAIL_SIGNIN: 'signIn',
}

const emailKinds: Record<ActionPurpose, EmailKind> = { PASSWORD_RESET: 'password-reset', VERIFY_EMAIL: 'verify-email', EMAIL_SIGNIN: 'email-sign-in' }

/** Emails asked for, counted before anything is looked up (so unknown addresses count the same). */
export const actionCodeLimits = {
	/** Links to one address from one client address. */
	sendPerAccountAndClient: { limit: 5, windowSeconds: 60 * 60 },
	/** Links from one client address to any addresses. */
	sendPerClient: { limit: 30, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimit>

/** The handler page of ours that links open (the path SDK users know from the hosted service). */
export const actionHandlerPath = '/__/auth/action'

/**
 * Where a link may send the user back to: our own site (`SITE_URL`'s origin) only. Another
 * origin, a loopback address included (a local service on the reader's machine would get the
 * code), would make our emails and our handler page hand the code to someone else (ADR 170).
 */
export function checkContinueUrl(continueUrl: string | undefined | null, siteUrl: string): string | null {
	if (!continueUrl) return null
	if (continueUrl.length > 2048 || !URL.canParse(continueUrl)) throw new IdentityError('INVALID_CONTINUE_URI')
	const url = new URL(continueUrl)
	if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new IdentityError('INVALID_CONTINUE_URI')
	if (url.origin !== new URL(siteUrl).origin) throw new IdentityError('UNAUTHORIZED_DOMAIN', { detail: 'Domain not allowlisted by project' })
	return url.toString()
}

export function actionLink(input: { siteUrl: string; apiKey: string; purpose: ActionPurpose; code: string; continueUrl: string | null }): string {
	const url = new URL(actionHandlerPath, input.siteUrl)
	url.searchParams.set('mode', actionModes[input.purpose])
	url.searchParams.set('oobCode', input.code)
	url.searchParams.set('apiKey', input.apiKey)
	if (input.continueUrl) url.searchParams.set('continueUrl', input.continueUrl)
	url.searchParams.set('lang', 'en')
	return url.toString()
}

export type ActionCodeRequest = {
	purpose: ActionPurpose
	/** PASSWORD_RESET and EMAIL_SIGNIN: the address typed. VERIFY_EMAIL: the signed-in user instead. */
	email?: unknown
	user?: User
	ip: string
	continueUrl?: string | null
	siteUrl: string
	apiKey: string
}

/**
 * Issues a code and queues its email in one transaction. Answers the same
 * whether or not the address has an account (nothing is sent to an unknown
 * or disabled one), after counting the request against the sender limits.
 * Returns the email address and the outbox key of the email, if one was
 * queued, so the caller can deliver it at once.
 */
export async function requestActionCode(db: DB, input: ActionCodeRequest, options: Options = {}): Promise<{ email: string; outboxKey: string | null }> {
	const now = options.now ?? new Date()
	const continueUrl = checkContinueUrl(input.continueUrl, input.siteUrl)
	const typed = input.user ? { email: input.user.email, emailLower: input.user.email.toLowerCase() } : parseEmail(input.email)
	for (const [key, limit] of [
		[`action-code:account-client:${typed.emailLower}|${input.ip}`, actionCodeLimits.sendPerAccountAndClient],
		[`action-code:client:${input.ip}`, actionCodeLimits.sendPerClient],
	] as const) {
		const result = await consumeRateLimit(db, key, limit, now)
		if (!result.ok) throw throttled(result.retryAfterSeconds, 'emails asked for')
	}
	const row = input.user ? null : await findUserRowByEmail(db, typed.emailLower)
	const user = input.user ?? (row ? toUser(row) : null)
	if (!user || user.disabled || !(await agencyAllowsSignIn(db, user))) return { email: typed.email, outboxKey: null }

	const lifetime = actionCodeLifetimeSeconds[input.purpose]
	const outboxKey = await db.transaction().execute((trx) =>
		issueActionCode(trx, {
			user,
			purpose: input.purpose,
			lifetimeSeconds: lifetime,
			continueUrl,
			siteUrl: input.siteUrl,
			apiKey: input.apiKey,
			now,
			email: async (link) => {
				const company = (await getSettings(trx)).company
				const content =
					input.purpose === 'PASSWORD_RESET'
						? passwordResetEmail({ link, minutes: lifetime / 60, company })
						: input.purpose === 'VERIFY_EMAIL'
							? verifyEmailEmail({ link, days: lifetime / 86_400, company })
							: emailSignInEmail({ link, minutes: lifetime / 60, company })
				return { ...content, kind: emailKinds[input.purpose] }
			},
		}),
	)
	return { email: user.email, outboxKey }
}

/**
 * Stores a new code for an account and queues the email that carries its link, inside the caller's
 * transaction; returns the outbox key. Shared by the links people ask for and those sent on their
 * behalf (an agency user's invitation is a PASSWORD_RESET code that lives longer, ADR 221).
 */
export async function issueActionCode(
	trx: Executor,
	input: {
		user: User
		purpose: ActionPurpose
		lifetimeSeconds: number
		continueUrl: string | null
		siteUrl: string
		apiKey: string
		now: Date
		email: (link: string) => Promise<{ subject: string; text: string; kind: EmailKind }>
	},
): Promise<string> {
	const code = randomBytes(32).toString('base64url')
	const id = hashToken(code)
	const link = actionLink({ siteUrl: input.siteUrl, apiKey: input.apiKey, purpose: input.purpose, code, continueUrl: input.continueUrl })
	const email = await input.email(link)
	const outboxKey = `${email.kind}:${id}`
	await trx
		.insertInto('action_codes')
		.values({
			id,
			user_id: input.user.id,
			purpose: input.purpose,
			email_lower: input.user.email.toLowerCase(),
			continue_url: input.continueUrl,
			created_at: input.now.toISOString(),
			expires_at: new Date(input.now.getTime() + input.lifetimeSeconds * 1000).toISOString(),
			used_at: null,
		})
		.execute()
	await enqueueEmail(trx, { ...email, to: input.user.email, bookingId: null, dedupeKey: outboxKey })
	return outboxKey
}

type CheckedCode = { row: ActionCodeRow; user: User }

/** Finds a code and its account: INVALID_OOB_CODE when unknown, used, or the account's address changed; EXPIRED_OOB_CODE when too old. */
export async function checkActionCode(db: Executor, code: unknown, now = new Date()): Promise<CheckedCode> {
	if (typeof code !== 'string' || code === '') throw new IdentityError('MISSING_OOB_CODE')
	if (code.length > 128) throw new IdentityError('INVALID_OOB_CODE')
	const row = await db.selectFrom('action_codes').selectAll().where('id', '=', hashToken(code)).executeTakeFirst()
	if (!row || row.used_at !== null) throw new IdentityError('INVALID_OOB_CODE')
	if (Date.parse(row.expires_at) <= now.getTime()) throw new IdentityError('EXPIRED_OOB_CODE')
	const user = await findUserById(db, row.user_id)
	if (!user || user.email.toLowerCase() !== row.email_lower) throw new IdentityError('INVALID_OOB_CODE')
	return { row, user }
}

/** Marks the code used, once: of two requests with the same code only one gets past this. */
async function consumeActionCode(trx: Executor, code: string, purpose: ActionPurpose, now: Date): Promise<CheckedCode> {
	const checked = await checkActionCode(trx, code, now)
	if (checked.row.purpose !== purpose) throw new IdentityError('INVALID_OOB_CODE')
	const result = await trx
		.updateTable('action_codes')
		.set({ used_at: now.toISOString() })
		.where('id', '=', checked.row.id)
		.where('used_at', 'is', null)
		.executeTakeFirst()
	if (Number(result.numUpdatedRows) !== 1) throw new IdentityError('INVALID_OOB_CODE')
	return checked
}

/**
 * Sets a new password with a PASSWORD_RESET code. The password is checked
 * against the policy before the code is spent. Revokes every session, refresh
 * token and ID token of the account, and every other link it was emailed;
 * the address is verified (the holder just proved they read its mail).
 */
export async function resetPasswordWithCode(db: DB, input: { code: unknown; newPassword: unknown }, options: Options = {}): Promise<User> {
	const now = options.now ?? new Date()
	if (typeof input.newPassword !== 'string' || input.newPassword === '') {
		throw new IdentityError('MISSING_PASSWORD', { fields: { password: 'Choose a new password.' } })
	}
	assertPasswordAllowed(policyOf(options), input.newPassword)
	// Fail fast on a bad code before spending the time of a hash.
	const { user } = await checkActionCode(db, input.code, now)
	if (user.disabled) throw new IdentityError('USER_DISABLED')
	// An agent user's invitation or reset link stops working while their agency is suspended (ADR 222).
	if (!(await agencyAllowsSignIn(db, user))) throw new IdentityError('INVALID_OOB_CODE')
	const passwordHash = await hashPassword(input.newPassword)
	return db.transaction().execute(async (trx) => {
		const { row } = await consumeActionCode(trx, String(input.code), 'PASSWORD_RESET', now)
		// Every other link of the account, of any kind, is spent with the sessions and tokens.
		await revokeEverything(trx, row.user_id, 'password-changed', now)
		const updated = toUser(
			await trx
				.updateTable('users')
				.set({ password_hash: passwordHash, password_updated_at: now.toISOString(), email_verified: 1, updated_at: now.toISOString() })
				.where('id', '=', row.user_id)
				.returningAll()
				.executeTakeFirstOrThrow(),
		)
		await recordAudit(trx, {
			actor: actorOf(updated),
			action: 'user.reset-password',
			entity: 'user',
			entityId: updated.id,
			before: auditSnapshot(user),
			after: auditSnapshot(updated),
		})
		return updated
	})
}

/** Marks the address verified with a VERIFY_EMAIL code. */
export async function applyVerifyEmailCode(db: DB, code: unknown, options: Options = {}): Promise<User> {
	const now = options.now ?? new Date()
	return db.transaction().execute(async (trx) => {
		const { row, user } = await consumeActionCode(trx, String(code ?? ''), 'VERIFY_EMAIL', now)
		const updated = toUser(
			await trx
				.updateTable('users')
				.set({ email_verified: 1, updated_at: now.toISOString() })
				.where('id', '=', row.user_id)
				.returningAll()
				.executeTakeFirstOrThrow(),
		)
		await recordAudit(trx, {
			actor: actorOf(updated),
			action: 'user.verify-email',
			entity: 'user',
			entityId: updated.id,
			before: auditSnapshot(user),
			after: auditSnapshot(updated),
		})
		return updated
	})
}

/**
 * Signs in with an EMAIL_SIGNIN code and the address it was sent to (typed
 * again by the person, so a link forwarded or opened on another device does
 * not sign in whoever holds it alone). Counted like a password sign-in, before
 * the check (075). The address becomes verified; the role is unchanged (a
 * pending account stays pending).
 */
export async function signInWithEmailCode(
	db: DB,
	input: { email: unknown; code: unknown; ip: string; via: 'web' | 'api' },
	options: Options = {},
): Promise<User> {
	const now = options.now ?? new Date()
	const limits = options.limits ?? identityLimits
	const { emailLower } = parseEmail(input.email)
	const keys = signInKeys(emailLower, input.ip)
	for (const [key, limit] of [
		[keys.pair, limits.signInPerAccountAndClient],
		[keys.pairDaily, limits.signInPerAccountAndClientDaily],
	] as const) {
		const result = await consumeRateLimit(db, key, limit, now)
		if (!result.ok) throw throttled(result.retryAfterSeconds, 'failed sign-in attempts')
	}
	const checked = await checkActionCode(db, input.code, now)
	if (checked.row.purpose !== 'EMAIL_SIGNIN') throw new IdentityError('INVALID_OOB_CODE')
	if (checked.row.email_lower !== emailLower) {
		throw new IdentityError('INVALID_EMAIL', { detail: 'The email provided does not match the sign-in email address.' })
	}
	if (checked.user.disabled) throw new IdentityError('USER_DISABLED')
	if (!(await agencyAllowsSignIn(db, checked.user))) throw new IdentityError('INVALID_OOB_CODE')
	const user = await db.transaction().execute(async (trx) => {
		const { row, user: before } = await consumeActionCode(trx, String(input.code), 'EMAIL_SIGNIN', now)
		const updated = toUser(
			await trx
				.updateTable('users')
				.set({ email_verified: 1, last_sign_in_at: now.toISOString() })
				.where('id', '=', row.user_id)
				.returningAll()
				.executeTakeFirstOrThrow(),
		)
		await recordAudit(trx, {
			actor: actorOf(updated),
			action: 'user.sign-in',
			entity: 'user',
			entityId: updated.id,
			before: auditSnapshot(before),
			after: { via: input.via, method: 'email-link' },
		})
		return updated
	})
	await Promise.all([resetRateLimit(db, keys.pair), resetRateLimit(db, keys.pairDaily)])
	return user
}

/** Test support (the `/__test/expire-action-codes` route, off unless test routes are on): makes an address's unused links expire now. */
export async function expireUnusedActionCodes(db: Executor, email: string, now = new Date()): Promise<number> {
	const past = new Date(now.getTime() - 1000).toISOString()
	const result = await db.updateTable('action_codes').set({ expires_at: past }).where('email_lower', '=', email).where('used_at', 'is', null).executeTakeFirst()
	return Number(result.numUpdatedRows)
}
