import { SignJWT } from 'jose'
import { generateKeyPairSync } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { IdentityError } from '~/lib/identity-errors.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { env } from '~/server/env.server.ts'
import { deleteOwnAccount } from './accounts.server.ts'
import { countActiveSessions, createSession, deleteSession, hashToken, purgeExpiredSessions, readSession, sessionLifetimes } from './sessions.server.ts'
import { makeUser } from '#tests/support/identity.ts'
import {
	deriveSigningKeys,
	identityProjectId,
	issueIdToken,
	issueRefreshToken,
	purgeExpiredRefreshTokens,
	revokeRefreshToken,
	rotateRefreshToken,
	verifyIdToken,
} from './tokens.server.ts'

async function code(promise: Promise<unknown>): Promise<string> {
	try {
		await promise
		return 'no error'
	} catch (error) {
		if (error instanceof IdentityError) return error.identityCode
		throw error
	}
}

const at = (iso: string) => new Date(iso)
const hours = (n: number) => n * 60 * 60 * 1000

describe('signing keys', () => {
	test('are derived deterministically from the secret and differ between secrets', () => {
		const a = deriveSigningKeys('a'.repeat(40))
		expect(deriveSigningKeys('a'.repeat(40)).kid).toBe(a.kid)
		expect(deriveSigningKeys('b'.repeat(40)).kid).not.toBe(a.kid)
		expect(a.privateKey.asymmetricKeyType).toBe('ec')
		expect(a.privateKey.asymmetricKeyDetails?.namedCurve).toBe('prime256v1')
	})
})

describeEachDatabase('web sessions', (get) => {
	test('the cookie token is not stored: the row is keyed by its hash', async () => {
		const { db } = get()
		const user = await makeUser(db)
		const { token } = await createSession(db, user.id, { userAgent: 'Firefox', ip: '203.0.113.9' })
		const rows = await db.selectFrom('sessions').selectAll().where('user_id', '=', user.id).execute()
		expect(rows).toHaveLength(1)
		expect(rows[0]!.id).toBe(hashToken(token))
		expect(rows[0]!.id).not.toContain(token)
		expect(rows[0]).toMatchObject({ user_agent: 'Firefox', ip: '203.0.113.9' })
		const state = await readSession(db, token)
		expect(state.status === 'active' && state.user.id).toBe(user.id)
		expect(await readSession(db, 'made-up-token')).toEqual({ status: 'none' })
		expect(await readSession(db, 'x'.repeat(500))).toEqual({ status: 'none' })
	})

	test('the session read says whether the user has a password and never loads the hash', async () => {
		const { db } = get()
		const rowsRead: Array<Record<string, unknown>> = []
		const watched = db.withPlugin({
			transformQuery: ({ node }) => node,
			transformResult: async ({ result }) => {
				rowsRead.push(...(result.rows as Array<Record<string, unknown>>))
				return result
			},
		})
		const withPassword = await makeUser(db)
		const withoutPassword = await makeUser(db)
		await db.updateTable('users').set({ password_hash: null }).where('id', '=', withoutPassword.id).execute()
		for (const [user, hasPassword] of [
			[withPassword, true],
			[withoutPassword, false],
		] as const) {
			const { token } = await createSession(db, user.id, {})
			const state = await readSession(watched, token)
			expect(state.status === 'active' && state.user.hasPassword).toBe(hasPassword)
		}
		expect(rowsRead).toHaveLength(2)
		for (const row of rowsRead) expect(Object.keys(row).filter((column) => column.includes('password_hash'))).toEqual([])
	})

	test('idle expiry: activity keeps a session alive, 12 hours of silence end it', async () => {
		const { db } = get()
		const user = await makeUser(db)
		const start = at('2026-11-22T08:00:00Z')
		const { token } = await createSession(db, user.id, {}, start)
		// Activity every 10 hours slides the idle expiry.
		expect((await readSession(db, token, new Date(start.getTime() + hours(10)))).status).toBe('active')
		expect((await readSession(db, token, new Date(start.getTime() + hours(20)))).status).toBe('active')
		expect(await readSession(db, token, new Date(start.getTime() + hours(32) + 1000))).toEqual({ status: 'ended', reason: 'user-token-expired' })
		// Reported once; the row is gone.
		expect(await readSession(db, token, new Date(start.getTime() + hours(33)))).toEqual({ status: 'none' })
	})

	test('writes last-seen at most every 5 minutes', async () => {
		const { db } = get()
		const user = await makeUser(db)
		const start = at('2026-11-22T08:00:00Z')
		const { token } = await createSession(db, user.id, {}, start)
		await readSession(db, token, new Date(start.getTime() + 60_000))
		let row = await db.selectFrom('sessions').select('last_seen_at').where('id', '=', hashToken(token)).executeTakeFirstOrThrow()
		expect(row.last_seen_at).toBe(start.toISOString())
		await readSession(db, token, new Date(start.getTime() + sessionLifetimes.touchEverySeconds * 1000))
		row = await db.selectFrom('sessions').select('last_seen_at').where('id', '=', hashToken(token)).executeTakeFirstOrThrow()
		expect(row.last_seen_at).not.toBe(start.toISOString())
	})

	test('absolute expiry: 7 days after sign-in, however active', async () => {
		const { db } = get()
		const user = await makeUser(db)
		const start = at('2026-11-01T08:00:00Z')
		const { token, absoluteExpiresAt } = await createSession(db, user.id, {}, start)
		expect(absoluteExpiresAt).toBe('2026-11-08T08:00:00.000Z')
		for (let h = 10; h < 7 * 24; h += 10) expect((await readSession(db, token, new Date(start.getTime() + hours(h)))).status).toBe('active')
		expect(await readSession(db, token, at('2026-11-08T08:00:00Z'))).toEqual({ status: 'ended', reason: 'user-token-expired' })
	})

	test('a disabled account is signed out at its next request; sign-out deletes the row; purge drops old rows', async () => {
		const { db } = get()
		const user = await makeUser(db)
		const one = await createSession(db, user.id, {})
		const two = await createSession(db, user.id, {})
		expect(await countActiveSessions(db, user.id)).toBe(2)
		await deleteSession(db, two.token)
		expect(await readSession(db, two.token)).toEqual({ status: 'none' })
		await db.updateTable('users').set({ disabled: 1 }).where('id', '=', user.id).execute()
		expect(await readSession(db, one.token)).toEqual({ status: 'ended', reason: 'user-disabled' })

		await createSession(db, user.id, {}, at('2020-01-01T00:00:00Z'))
		expect(await purgeExpiredSessions(db)).toBeGreaterThanOrEqual(1)
	})
})

describeEachDatabase('ID and refresh tokens', (get) => {
	test('an ID token carries the service claims and verifies for one hour', async () => {
		const { db } = get()
		const user = await makeUser(db, { displayName: 'Meera' })
		const issued = at('2026-11-22T10:00:00Z')
		const token = await issueIdToken(user, issued, issued)
		const [header, payload] = token
			.split('.')
			.slice(0, 2)
			.map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()))
		expect(header).toMatchObject({ alg: 'ES256', typ: 'JWT', kid: deriveSigningKeys(env().SESSION_SECRET).kid })
		expect(payload).toMatchObject({
			sub: user.id,
			user_id: user.id,
			aud: identityProjectId,
			email: user.email,
			email_verified: false,
			name: 'Meera',
			role: 'staff',
			firebase: { sign_in_provider: 'password', identities: { email: [user.email] } },
		})
		expect(payload.exp - payload.iat).toBe(3600)
		expect((await verifyIdToken(db, token, at('2026-11-22T10:59:00Z'))).user.id).toBe(user.id)
		expect(await code(verifyIdToken(db, token, at('2026-11-22T11:00:01Z')))).toBe('TOKEN_EXPIRED')
	})

	test('forged, tampered and unsigned tokens are refused', async () => {
		const { db } = get()
		const user = await makeUser(db)
		const token = await issueIdToken(user, new Date())
		const [header, payload, signature] = token.split('.')
		const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString())
		const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, role: 'owner' })).toString('base64url')}.${signature}`
		expect(await code(verifyIdToken(db, tampered))).toBe('INVALID_ID_TOKEN')
		const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`
		expect(await code(verifyIdToken(db, unsigned))).toBe('INVALID_ID_TOKEN')
		const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
		const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256' }).sign(privateKey)
		expect(await code(verifyIdToken(db, forged))).toBe('INVALID_ID_TOKEN')
		for (const junk of ['', 'abc', 'a.b.c', 42, null, 'x'.repeat(10_000)]) expect(await code(verifyIdToken(db, junk))).toBe('INVALID_ID_TOKEN')
	})

	test('a deleted account: USER_NOT_FOUND for its ID and refresh tokens', async () => {
		const { db } = get()
		const user = await makeUser(db)
		const token = await issueIdToken(user, new Date())
		const refresh = await issueRefreshToken(db, { userId: user.id, signedInAt: new Date() })
		await deleteOwnAccount(db, user)
		expect(await code(verifyIdToken(db, token))).toBe('USER_NOT_FOUND')
		expect(await code(rotateRefreshToken(db, refresh))).toBe('USER_NOT_FOUND')
	})

	test('refresh tokens rotate; a reused token revokes its whole family', async () => {
		const { db } = get()
		const user = await makeUser(db)
		const signedInAt = at('2026-11-22T09:00:00Z')
		const first = await issueRefreshToken(db, { userId: user.id, signedInAt })
		const stored = await db.selectFrom('refresh_tokens').select('id').where('user_id', '=', user.id).execute()
		expect(stored.map((row) => row.id)).toEqual([hashToken(first)])
		const second = await rotateRefreshToken(db, first)
		expect(second.refreshToken).not.toBe(first)
		expect(second.signedInAt.toISOString()).toBe(signedInAt.toISOString())
		const third = await rotateRefreshToken(db, second.refreshToken)
		// The first token comes back: theft. Everything from that sign-in is revoked.
		expect(await code(rotateRefreshToken(db, first))).toBe('TOKEN_EXPIRED')
		expect(await code(rotateRefreshToken(db, third.refreshToken))).toBe('TOKEN_EXPIRED')
		// Another sign-in (family) is untouched.
		const other = await issueRefreshToken(db, { userId: user.id, signedInAt })
		await expect(rotateRefreshToken(db, other)).resolves.toBeTruthy()
	})

	test('two refreshes racing with one token: only one wins', async () => {
		const { db } = get()
		const user = await makeUser(db)
		const token = await issueRefreshToken(db, { userId: user.id, signedInAt: new Date() })
		const results = await Promise.allSettled([rotateRefreshToken(db, token), rotateRefreshToken(db, token)])
		expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
	})

	test('expired, revoked and malformed refresh tokens', async () => {
		const { db } = get()
		const user = await makeUser(db)
		const old = await issueRefreshToken(db, { userId: user.id, signedInAt: at('2026-01-01T00:00:00Z') }, at('2026-01-01T00:00:00Z'))
		expect(await code(rotateRefreshToken(db, old, at('2026-02-01T00:00:00Z')))).toBe('TOKEN_EXPIRED')
		const revoked = await issueRefreshToken(db, { userId: user.id, signedInAt: new Date() })
		await revokeRefreshToken(db, 'SomeoneElse000000000', revoked)
		await expect(rotateRefreshToken(db, revoked)).resolves.toBeTruthy()
		const mine = await issueRefreshToken(db, { userId: user.id, signedInAt: new Date() })
		await revokeRefreshToken(db, user.id, mine)
		expect(await code(rotateRefreshToken(db, mine))).toBe('TOKEN_EXPIRED')
		expect(await code(rotateRefreshToken(db, 'garbage'))).toBe('INVALID_REFRESH_TOKEN')
		expect(await code(rotateRefreshToken(db, ''))).toBe('MISSING_REFRESH_TOKEN')
		expect(await code(rotateRefreshToken(db, `NoSuchUser0000000000.${'A'.repeat(43)}`))).toBe('USER_NOT_FOUND')
		await issueRefreshToken(db, { userId: user.id, signedInAt: new Date() }, at('2020-01-01T00:00:00Z'))
		expect(await purgeExpiredRefreshTokens(db)).toBeGreaterThanOrEqual(1)
	})
})
