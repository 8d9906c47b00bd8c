import { createECDH, createHash, createPrivateKey, createPublicKey, hkdfSync, type KeyObject, randomBytes } from 'node:crypto'
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose'
import { IdentityError } from '~/lib/identity-errors.ts'
import { newId } from '~/lib/ids.ts'
import type { DB } from '~/server/db/client.server.ts'
import { env } from '~/server/env.server.ts'
import { hashToken } from './sessions.server.ts'
import { findUserById, type User } from './users.server.ts'
import { type Executor } from '~/server/db/client.server.ts'

/**
 * Tokens of the identity REST API (docs/identity-api.md).
 *
 * ID tokens: ES256 JWTs valid for one hour, shaped like the identity service's
 * (iss, aud, sub, user_id, auth_time, email, firebase.sign_in_provider…), plus
 * our `role` and `tv` (token version: bumped to revoke every earlier token).
 * The P-256 signing key is derived from SESSION_SECRET with HKDF, so every
 * instance signs and verifies with the same key and nothing secret is stored
 * in the database (docs/decisions/002-sessions-and-identity.md).
 *
 * Refresh tokens: opaque, `<uid>.<random>`, stored as SHA-256, rotated on
 * every use; presenting an already-rotated token revokes its whole family.
 */
export const idTokenLifetimeSeconds = 60 * 60
export const refreshTokenLifetimeSeconds = 30 * 24 * 60 * 60
/** The audience of our ID tokens: the identity "project". */
export const identityProjectId = 'andaman-isles-travel'

/** Order of the P-256 group: a private scalar must be in [1, n-1]. */
const p256Order = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551')

type SigningKeys = { privateKey: KeyObject; publicKey: KeyObject; kid: string }
const keyCache = new Map<string, SigningKeys>()

/** Deterministic ES256 key pair from a secret (HKDF-SHA256, retried in the negligible case the scalar is out of range). */
export function deriveSigningKeys(secret: string): SigningKeys {
	const cached = keyCache.get(secret)
	if (cached) return cached
	for (let counter = 0; ; counter++) {
		const d = Buffer.from(hkdfSync('sha256', secret, 'andaman-isles-identity', `id-token-es256-v1/${counter}`, 32))
		const scalar = BigInt(`0x${d.toString('hex')}`)
		if (scalar === 0n || scalar >= p256Order) continue
		const ecdh = createECDH('prime256v1')
		ecdh.setPrivateKey(d)
		const point = ecdh.getPublicKey()
		const jwk = { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }
		const privateKey = createPrivateKey({ key: { ...jwk, d: d.toString('base64url') }, format: 'jwk' })
		const publicKey = createPublicKey({ key: jwk, format: 'jwk' })
		const kid = createHash('sha256').update(`${jwk.x}.${jwk.y}`).digest('base64url').slice(0, 16)
		const keys = { privateKey, publicKey, kid }
		keyCache.set(secret, keys)
		return keys
	}
}

function issuer(): string {
	return new URL(env().SITE_URL).origin
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000)

export async function issueIdToken(user: User, authTime: Date, now = new Date()): Promise<string> {
	const keys = deriveSigningKeys(env().SESSION_SECRET)
	const iat = seconds(now)
	return new SignJWT({
		user_id: user.id,
		auth_time: seconds(authTime),
		email: user.email,
		email_verified: user.emailVerified,
		...(user.displayName ? { name: user.displayName } : {}),
		...(user.photoUrl ? { picture: user.photoUrl } : {}),
		role: user.role,
		tv: user.tokenVersion,
		firebase: { identities: { email: [user.email] }, sign_in_provider: 'password' },
	})
		.setProtectedHeader({ alg: 'ES256', kid: keys.kid, typ: 'JWT' })
		.setIssuer(issuer())
		.setAudience(identityProjectId)
		.setSubject(user.id)
		.setIssuedAt(iat)
		.setExpirationTime(iat + idTokenLifetimeSeconds)
		.sign(keys.privateKey)
}

/**
 * Checks signature, issuer, audience and expiry, then the account: deleted
 * (USER_NOT_FOUND), disabled (USER_DISABLED), or revoked since the token was
 * issued (TOKEN_EXPIRED).
 */
export async function verifyIdToken(db: Executor, token: unknown, now = new Date()): Promise<{ user: User; authTime: Date }> {
	if (typeof token !== 'string' || token.length === 0 || token.length > 8192) throw new IdentityError('INVALID_ID_TOKEN')
	const keys = deriveSigningKeys(env().SESSION_SECRET)
	let claims: Record<string, unknown>
	try {
		const verified = await jwtVerify(token, keys.publicKey, {
			algorithms: ['ES256'],
			issuer: issuer(),
			audience: identityProjectId,
			currentDate: now,
			requiredClaims: ['sub', 'iat', 'exp', 'auth_time', 'tv'],
		})
		claims = verified.payload
	} catch (error) {
		if (error instanceof joseErrors.JWTExpired) throw new IdentityError('TOKEN_EXPIRED')
		throw new IdentityError('INVALID_ID_TOKEN')
	}
	const user = await findUserById(db, String(claims.sub))
	if (!user) throw new IdentityError('USER_NOT_FOUND')
	if (user.disabled) throw new IdentityError('USER_DISABLED')
	if (claims.tv !== user.tokenVersion) throw new IdentityError('TOKEN_EXPIRED')
	return { user, authTime: new Date(Number(claims.auth_time) * 1000) }
}

const plusSeconds = (now: Date, s: number) => new Date(now.getTime() + s * 1000).toISOString()

/** Issues a refresh token; a new sign-in starts a new family. */
export async function issueRefreshToken(db: Executor, input: { userId: string; signedInAt: Date; familyId?: string }, now = new Date()): Promise<string> {
	const token = `${input.userId}.${randomBytes(32).toString('base64url')}`
	await db
		.insertInto('refresh_tokens')
		.values({
			id: hashToken(token),
			family_id: input.familyId ?? newId(),
			user_id: input.userId,
			created_at: now.toISOString(),
			signed_in_at: input.signedInAt.toISOString(),
			expires_at: plusSeconds(now, refreshTokenLifetimeSeconds),
			used_at: null,
		})
		.execute()
	return token
}

/**
 * Exchanges a refresh token for a new one (rotation). Errors follow the token
 * service: unknown token INVALID_REFRESH_TOKEN; revoked, expired or reused
 * TOKEN_EXPIRED; deleted account USER_NOT_FOUND; disabled account
 * USER_DISABLED. Revocations caused by a bad token (reuse, expiry) commit
 * even though the call fails; the exchange itself is one transaction.
 */
export async function rotateRefreshToken(db: DB, token: unknown, now = new Date()): Promise<{ user: User; refreshToken: string; signedInAt: Date }> {
	if (typeof token !== 'string' || token.length === 0) throw new IdentityError('MISSING_REFRESH_TOKEN')
	const match = /^([A-Za-z0-9]{1,64})\.[A-Za-z0-9_-]{43}$/.exec(token)
	if (!match) throw new IdentityError('INVALID_REFRESH_TOKEN')
	const userId = match[1]!
	const id = hashToken(token)
	const row = await db.selectFrom('refresh_tokens').selectAll().where('id', '=', id).executeTakeFirst()
	if (!row) {
		// Not (or no longer) ours: say why as precisely as the account allows.
		const user = await findUserById(db, userId)
		if (!user) throw new IdentityError('USER_NOT_FOUND')
		if (user.disabled) throw new IdentityError('USER_DISABLED')
		throw new IdentityError('TOKEN_EXPIRED')
	}
	if (row.used_at !== null) {
		// A rotated token came back: someone holds a copy. Revoke the whole family.
		await db.deleteFrom('refresh_tokens').where('family_id', '=', row.family_id).execute()
		throw new IdentityError('TOKEN_EXPIRED')
	}
	if (row.expires_at <= now.toISOString()) {
		await db.deleteFrom('refresh_tokens').where('id', '=', id).execute()
		throw new IdentityError('TOKEN_EXPIRED')
	}
	const user = await findUserById(db, row.user_id)
	if (!user) throw new IdentityError('USER_NOT_FOUND')
	if (user.disabled) throw new IdentityError('USER_DISABLED')
	const signedInAt = new Date(row.signed_in_at)
	const refreshToken = await db.transaction().execute(async (trx) => {
		// Claim the token: of two concurrent refreshes with it, exactly one gets here.
		const claimed = await trx
			.updateTable('refresh_tokens')
			.set({ used_at: now.toISOString() })
			.where('id', '=', id)
			.where('used_at', 'is', null)
			.executeTakeFirst()
		if (Number(claimed.numUpdatedRows) !== 1) throw new IdentityError('TOKEN_EXPIRED')
		return issueRefreshToken(trx, { userId: user.id, signedInAt, familyId: row.family_id }, now)
	})
	return { user, refreshToken, signedInAt }
}

/** Revokes one token's family if it belongs to the user; unknown tokens are ignored (revocation is idempotent). */
export async function revokeRefreshToken(db: Executor, userId: string, token: string): Promise<void> {
	const row = await db.selectFrom('refresh_tokens').select(['family_id', 'user_id']).where('id', '=', hashToken(token)).executeTakeFirst()
	if (row && row.user_id === userId) await db.deleteFrom('refresh_tokens').where('family_id', '=', row.family_id).execute()
}

export async function revokeUserRefreshTokens(db: Executor, userId: string): Promise<void> {
	await db.deleteFrom('refresh_tokens').where('user_id', '=', userId).execute()
}

/** Rotated tokens are kept until they expire, to catch reuse; then they go. */
export async function purgeExpiredRefreshTokens(db: Executor, now = new Date()): Promise<number> {
	const result = await db.deleteFrom('refresh_tokens').where('expires_at', '<=', now.toISOString()).executeTakeFirst()
	return Number(result.numDeletedRows)
}
