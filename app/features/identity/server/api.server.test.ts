import { describe, expect, test } from 'vitest'
import { openDatabase } from '~/server/db/client.server.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { developmentIdentityApiKey, env } from '~/server/env.server.ts'
import { type IdentityEndpoint, handleIdentityRequest, handleUnknownIdentityRequest, maxIdentityBodyBytes } from './api.server.ts'
import { identityLimits, setUserDisabled } from './accounts.server.ts'
import { issueIdToken } from './tokens.server.ts'
import { makeUser, testIp, testPassword } from '#tests/support/identity.ts'

const base = 'http://localhost:3000'
const key = developmentIdentityApiKey
const paths: Record<IdentityEndpoint, string> = {
	signUp: '/identitytoolkit.googleapis.com/v1/accounts:signUp',
	signInWithPassword: '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword',
	lookup: '/identitytoolkit.googleapis.com/v1/accounts:lookup',
	update: '/identitytoolkit.googleapis.com/v1/accounts:update',
	delete: '/identitytoolkit.googleapis.com/v1/accounts:delete',
	sendOobCode: '/identitytoolkit.googleapis.com/v1/accounts:sendOobCode',
	resetPassword: '/identitytoolkit.googleapis.com/v1/accounts:resetPassword',
	signInWithEmailLink: '/identitytoolkit.googleapis.com/v1/accounts:signInWithEmailLink',
	signInWithIdp: '/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp',
	revokeToken: '/identitytoolkit.googleapis.com/v2/accounts:revokeToken',
	mfaEnrollmentStart: '/identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:start',
	mfaEnrollmentFinalize: '/identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:finalize',
	mfaEnrollmentWithdraw: '/identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:withdraw',
	mfaSignInFinalize: '/identitytoolkit.googleapis.com/v2/accounts/mfaSignIn:finalize',
	passwordPolicy: '/identitytoolkit.googleapis.com/v2/passwordPolicy',
	recaptchaConfig: '/identitytoolkit.googleapis.com/v2/recaptchaConfig',
	token: '/securetoken.googleapis.com/v1/token',
}

function request(endpoint: IdentityEndpoint, body?: unknown, init: { key?: string | null; method?: string; contentType?: string; raw?: BodyInit } = {}) {
	const url = new URL(paths[endpoint], base)
	if (init.key !== null) url.searchParams.set('key', init.key ?? key)
	const method = init.method ?? (body === undefined && !init.raw ? 'GET' : 'POST')
	return new Request(url, {
		method,
		headers: { 'Content-Type': init.contentType ?? 'application/json' },
		body: method === 'GET' ? undefined : (init.raw ?? JSON.stringify(body)),
		...(init.raw instanceof ReadableStream ? { duplex: 'half' } : {}),
	} as RequestInit)
}

type Json = Record<string, any>

describe('a database that cannot serve', () => {
	test('answers 503 UNAVAILABLE with Retry-After, not a 500', async () => {
		// Nothing listens on port 1: every query fails to connect, as in a network partition.
		const unreachable = openDatabase('postgres://postgres@127.0.0.1:1/none')
		try {
			const response = await handleIdentityRequest(
				unreachable,
				'signInWithPassword',
				request('signInWithPassword', { email: 'a@b.in', password: 'secret#1', returnSecureToken: true }),
				testIp(),
			)
			expect(response.status).toBe(503)
			expect(response.headers.get('retry-after')).toBe('5')
			expect(((await response.json()) as Json).error.message).toBe('UNAVAILABLE')
		} finally {
			await unreachable.destroy()
		}
	})
})

describe('API key', () => {
	test('the test environment uses the development key', () => {
		expect(env().IDENTITY_API_KEY).toBe(key)
	})
})

describeEachDatabase('identity REST API', (get) => {
	async function call(endpoint: IdentityEndpoint, body?: unknown, init?: Parameters<typeof request>[2], ip = testIp()) {
		const response = await handleIdentityRequest(get().db, endpoint, request(endpoint, body, init), ip)
		return { status: response.status, json: (await response.json()) as Json, headers: response.headers }
	}
	const errorShape = (status: number, message: string) => ({
		error: { code: status, message, errors: [{ message, domain: 'global', reason: expect.any(String) }] },
	})

	test('a missing or wrong key is refused with the service error shape', async () => {
		for (const bad of [null, '', 'wrong-key-wrong-key-wrong']) {
			const { status, json } = await call('signUp', { email: 'a@b.in', password: 'secret1' }, { key: bad })
			expect(status).toBe(400)
			expect(json).toEqual(errorShape(400, 'API key not valid. Please pass a valid API key.'))
		}
		expect((await call('passwordPolicy', undefined, { key: null })).status).toBe(400)
	})

	test('sign up → EMAIL_EXISTS; the account is pending; sign in; lookup shows docs/identity-api.md fields', async () => {
		const email = `api-${testIp().toLowerCase()}@example.com`
		const signUp = await call('signUp', { email, password: 'secret#1', returnSecureToken: true, clientType: 'CLIENT_TYPE_WEB' })
		expect(signUp.status).toBe(200)
		expect(signUp.json).toMatchObject({ kind: 'identitytoolkit#SignupNewUserResponse', email, expiresIn: '3600' })
		expect(signUp.json.idToken).toMatch(/^ey[\w-]+\.[\w-]+\.[\w-]+$/)
		expect(signUp.json.refreshToken).toMatch(new RegExp(`^${signUp.json.localId}\\.`))
		expect(signUp.headers.get('cache-control')).toBe('no-store')

		const again = await call('signUp', { email: email.toUpperCase(), password: 'secret#1' })
		expect(again).toMatchObject({ status: 400, json: errorShape(400, 'EMAIL_EXISTS') })

		const signIn = await call('signInWithPassword', { email, password: 'secret#1', returnSecureToken: true })
		expect(signIn.json).toMatchObject({ kind: 'identitytoolkit#VerifyPasswordResponse', localId: signUp.json.localId, registered: true, expiresIn: '3600' })

		const lookup = await call('lookup', { idToken: signIn.json.idToken })
		expect(lookup.status).toBe(200)
		const [user] = lookup.json.users
		expect(user).toMatchObject({
			localId: signUp.json.localId,
			email,
			emailVerified: false,
			disabled: false,
			providerUserInfo: [{ providerId: 'password', email, rawId: email, federatedId: email }],
			customAttributes: JSON.stringify({ role: 'pending' }),
		})
		expect(Number(user.createdAt)).toBeGreaterThan(0)
		expect(Number(user.lastLoginAt)).toBeGreaterThan(0)
		expect(JSON.stringify(lookup.json)).not.toMatch(/argon2|passwordHash/)
	})

	test('sign-in errors: INVALID_LOGIN_CREDENTIALS, USER_DISABLED, MISSING_PASSWORD, INVALID_EMAIL, TOO_MANY_ATTEMPTS_TRY_LATER', async () => {
		const { db } = get()
		const owner = await makeUser(db, { role: 'owner' })
		const user = await makeUser(db)
		expect((await call('signInWithPassword', { email: user.email, password: 'nope-nope' })).json).toEqual(errorShape(400, 'INVALID_LOGIN_CREDENTIALS'))
		expect((await call('signInWithPassword', { email: 'nobody@example.com', password: 'nope-nope' })).json).toEqual(
			errorShape(400, 'INVALID_LOGIN_CREDENTIALS'),
		)
		expect((await call('signInWithPassword', { email: user.email })).json.error.message).toBe('MISSING_PASSWORD')
		expect((await call('signInWithPassword', { email: 'bad', password: 'x' })).json.error.message).toBe('INVALID_EMAIL')
		await setUserDisabled(db, owner, user.id, true)
		expect((await call('signInWithPassword', { email: user.email, password: testPassword })).json).toEqual(errorShape(400, 'USER_DISABLED'))

		const ip = testIp()
		for (let i = 0; i < identityLimits.signInPerAccountAndClient.limit; i++)
			await call('signInWithPassword', { email: 'target@example.com', password: `guess-${i}` }, undefined, ip)
		const throttled = await call('signInWithPassword', { email: 'target@example.com', password: 'guess-x' }, undefined, ip)
		expect(throttled.status).toBe(429)
		expect(Number(throttled.headers.get('Retry-After'))).toBeGreaterThan(0)
		expect(throttled.json.error.code).toBe(429)
		expect(throttled.json.error.message).toMatch(/^TOO_MANY_ATTEMPTS_TRY_LATER : Too many failed sign-in attempts\. Try again in \d+ seconds\.$/)
	})

	test('sign-up errors: WEAK_PASSWORD, anonymous and linking sign-ups are not offered', async () => {
		expect((await call('signUp', { email: 'weak@example.com', password: '123' })).json.error.message).toBe(
			'WEAK_PASSWORD : Password should be at least 6 characters',
		)
		expect((await call('signUp', { returnSecureToken: true })).json.error.message).toBe('ADMIN_ONLY_OPERATION')
		expect((await call('signUp', { idToken: 'x', email: 'link@example.com', password: 'secret#1' })).json.error.message).toMatch(/^OPERATION_NOT_ALLOWED/)
	})

	test('token refresh (form-encoded and JSON), rotation and its errors', async () => {
		const { db } = get()
		const user = await makeUser(db)
		const signIn = await call('signInWithPassword', { email: user.email, password: testPassword, returnSecureToken: true })
		const form = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: signIn.json.refreshToken }).toString()
		const refreshed = await call('token', undefined, { raw: form, contentType: 'application/x-www-form-urlencoded' })
		expect(refreshed.status).toBe(200)
		expect(refreshed.json).toMatchObject({ expires_in: '3600', token_type: 'Bearer', user_id: user.id, project_id: 'andaman-isles-travel' })
		expect(refreshed.json.access_token).toBe(refreshed.json.id_token)
		expect(refreshed.json.refresh_token).not.toBe(signIn.json.refreshToken)
		expect((await call('lookup', { idToken: refreshed.json.id_token })).status).toBe(200)

		const json = await call('token', { grant_type: 'refresh_token', refresh_token: refreshed.json.refresh_token })
		expect(json.status).toBe(200)
		// The first token was rotated away: reuse revokes the family.
		expect((await call('token', undefined, { raw: form, contentType: 'application/x-www-form-urlencoded' })).json.error.message).toBe('TOKEN_EXPIRED')
		expect((await call('token', { grant_type: 'refresh_token', refresh_token: json.json.refresh_token })).json.error.message).toBe('TOKEN_EXPIRED')
		expect((await call('token', { grant_type: 'password' })).json.error.message).toBe('INVALID_GRANT_TYPE')
		expect((await call('token', { grant_type: 'refresh_token' })).json.error.message).toBe('MISSING_REFRESH_TOKEN')
		expect((await call('token', { grant_type: 'refresh_token', refresh_token: 'nonsense' })).json.error.message).toBe('INVALID_REFRESH_TOKEN')
	})

	test('update profile and password; lookup with bad tokens; delete', async () => {
		const { db } = get()
		const user = await makeUser(db)
		const signIn = await call('signInWithPassword', { email: user.email, password: testPassword })
		const idToken = signIn.json.idToken as string
		const profile = await call('update', { idToken, displayName: 'Kiran', photoUrl: 'https://example.com/k.png', returnSecureToken: true })
		expect(profile.json).toMatchObject({ kind: 'identitytoolkit#SetAccountInfoResponse', displayName: 'Kiran', photoUrl: 'https://example.com/k.png' })
		expect(profile.json.idToken).toBeUndefined()
		const cleared = await call('update', { idToken, deleteAttribute: ['PHOTO_URL'], displayName: null })
		expect(cleared.json.displayName).toBeUndefined()
		expect(cleared.json.photoUrl).toBeUndefined()
		expect((await call('update', { idToken, email: 'new@example.com' })).json.error.message).toMatch(/^OPERATION_NOT_ALLOWED/)
		expect((await call('update', { idToken, password: '1' })).json.error.message).toBe('WEAK_PASSWORD : Password should be at least 6 characters')

		const changed = await call('update', { idToken, password: 'changed#1', returnSecureToken: true })
		expect(changed.json.idToken).toBeTruthy()
		expect(changed.json.refreshToken).toBeTruthy()
		// Every earlier token is revoked by a new password.
		expect((await call('lookup', { idToken })).json.error.message).toBe('TOKEN_EXPIRED')
		expect((await call('token', { grant_type: 'refresh_token', refresh_token: signIn.json.refreshToken })).json.error.message).toBe('TOKEN_EXPIRED')
		expect((await call('lookup', { idToken: 'not-a-token' })).json.error.message).toBe('INVALID_ID_TOKEN')
		expect((await call('lookup', {})).json.error.message).toBe('INVALID_ID_TOKEN')

		expect((await call('delete', { idToken: changed.json.idToken })).json).toEqual({ kind: 'identitytoolkit#DeleteAccountResponse' })
		expect((await call('lookup', { idToken: changed.json.idToken })).json.error.message).toBe('USER_NOT_FOUND')
		expect((await call('token', { grant_type: 'refresh_token', refresh_token: changed.json.refreshToken })).json.error.message).toBe('USER_NOT_FOUND')
	})

	test('a new password or deleting the account needs a sign-in from the last 5 minutes; profile changes do not', async () => {
		const { db } = get()
		const user = await makeUser(db)
		const stale = await issueIdToken(user, new Date(Date.now() - 6 * 60 * 1000))
		expect((await call('update', { idToken: stale, password: 'changed#1' })).json).toEqual(errorShape(400, 'CREDENTIAL_TOO_OLD_LOGIN_AGAIN'))
		expect((await call('delete', { idToken: stale })).json).toEqual(errorShape(400, 'CREDENTIAL_TOO_OLD_LOGIN_AGAIN'))
		expect((await call('update', { idToken: stale, displayName: 'Still fine' })).json.displayName).toBe('Still fine')
		const fresh = await issueIdToken(user, new Date(Date.now() - 4 * 60 * 1000))
		expect((await call('update', { idToken: fresh, password: 'changed#1' })).status).toBe(200)
	})

	test('a display name over 100 characters is a 400 with a message, on sign-up and update', async () => {
		const { db } = get()
		const long = 'K'.repeat(101)
		const signUp = await call('signUp', { email: 'long-name@example.com', password: 'secret#1', displayName: long })
		expect(signUp.status).toBe(400)
		expect(signUp.json.error.message).toBe('INVALID_ARGUMENT : displayName must be at most 100 characters')
		const user = await makeUser(db)
		const idToken = await issueIdToken(user, new Date())
		const update = await call('update', { idToken, displayName: long })
		expect(update.status).toBe(400)
		expect(update.json.error.message).toBe('INVALID_ARGUMENT : displayName must be at most 100 characters')
		expect((await call('update', { idToken, displayName: 'K'.repeat(100) })).status).toBe(200)
	})

	test('revokeToken revokes our refresh tokens; federated providers are not linked', async () => {
		const { db } = get()
		const user = await makeUser(db)
		const signIn = await call('signInWithPassword', { email: user.email, password: testPassword })
		expect(
			(await call('revokeToken', { idToken: signIn.json.idToken, providerId: 'apple.com', tokenType: 'ACCESS_TOKEN', token: 'x' })).json.error.message,
		).toMatch(/^INVALID_PROVIDER_ID/)
		expect((await call('revokeToken', { idToken: signIn.json.idToken, tokenType: 'REFRESH_TOKEN', token: signIn.json.refreshToken })).json).toEqual({})
		expect((await call('token', { grant_type: 'refresh_token', refresh_token: signIn.json.refreshToken })).json.error.message).toBe('TOKEN_EXPIRED')
		expect((await call('revokeToken', { tokenType: 'REFRESH_TOKEN', token: 'x' })).json.error.message).toBe('INVALID_ID_TOKEN')
	})

	test('password policy and reCAPTCHA configuration (off)', async () => {
		const policy = await call('passwordPolicy')
		expect(policy.json).toMatchObject({
			customStrengthOptions: { minPasswordLength: 6, maxPasswordLength: 4096 },
			enforcementState: 'ENFORCE',
			schemaVersion: 1,
		})
		const recaptcha = await call('recaptchaConfig')
		expect(recaptcha.json.recaptchaEnforcementState).toContainEqual({ provider: 'EMAIL_PASSWORD_PROVIDER', enforcementState: 'OFF' })
		expect(recaptcha.json.recaptchaKey.split('/')).toHaveLength(4)
	})

	test('bad JSON, wrong shapes, wrong methods and oversized bodies get 4xx, never 500', async () => {
		const bad = [
			'{',
			'null',
			'[1,2]',
			'"text"',
			'42',
			'{"email": 5, "password": []}',
			'\u0000\u0001',
			'{"email":"a@b.in","password":"x","displayName":{"$ne":1}}',
		]
		for (const raw of bad) {
			for (const endpoint of ['signUp', 'signInWithPassword', 'lookup', 'update', 'delete', 'revokeToken'] as const) {
				const { status, json } = await call(endpoint, undefined, { raw })
				expect(status, `${endpoint} ${raw}`).toBe(400)
				expect(json.error.code).toBe(400)
			}
		}
		const invalidUtf8 = await call('signUp', undefined, { raw: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]) })
		expect(invalidUtf8.status).toBe(400)

		expect((await call('signUp', undefined, { method: 'GET' })).status).toBe(404)
		expect((await call('passwordPolicy', {}, { method: 'POST' })).status).toBe(404)

		const big = JSON.stringify({ email: 'a@b.in', password: 'x'.repeat(maxIdentityBodyBytes) })
		const declared = await call('signUp', undefined, { raw: big })
		expect(declared.status).toBe(413)
		expect(declared.json.error.message).toBe('PAYLOAD_TOO_LARGE')
		// Streamed without a length: cut off as soon as it passes the limit.
		const chunk = new TextEncoder().encode('x'.repeat(16 * 1024))
		let sent = 0
		const stream = new ReadableStream<Uint8Array>({
			pull(controller) {
				sent++
				if (sent > 1000) controller.close()
				else controller.enqueue(chunk)
			},
		})
		const streamed = await call('signInWithPassword', undefined, { raw: stream })
		expect(streamed.status).toBe(413)
		expect(sent).toBeLessThan(20)
	})

	test('signInWithIdp with no provider configured calls nothing out: OPERATION_NOT_ALLOWED; oversized or malformed input is a 400', async () => {
		for (const body of [
			{},
			{ requestUri: 'http://localhost', postBody: 'id_token=x&providerId=oidc.acme', returnSecureToken: true },
			{ postBody: 'providerId=google.com&access_token=x' },
		]) {
			const { status, json } = await call('signInWithIdp', body)
			expect(status).toBe(400)
			expect(json.error.message).toMatch(/^OPERATION_NOT_ALLOWED : The identity provider .* is not enabled on this server$/)
		}
		const huge = await call('signInWithIdp', { requestUri: 'http://localhost', postBody: `id_token=${'a'.repeat(30_000)}&providerId=oidc.acme` })
		expect(huge.status).toBe(400)
		expect(huge.json.error.message).toMatch(/^INVALID_ARGUMENT : postBody/)
		expect((await call('signInWithIdp', { postBody: ['not', 'a', 'string'] })).status).toBe(400)
		expect((await call('signInWithIdp', { requestUri: 'http://localhost', pendingToken: 'x' })).json.error.message).toMatch(/^INVALID_PENDING_TOKEN/)
	})

	test('other paths under the services: OPERATION_NOT_ALLOWED for methods we do not offer, 404 otherwise', async () => {
		const other = async (path: string, withKey = true) => {
			const response = await handleUnknownIdentityRequest(new Request(`${base}${path}${withKey ? `?key=${key}` : ''}`, { method: 'POST', body: '{}' }))
			return { status: response.status, json: (await response.json()) as Json }
		}
		for (const method of ['accounts:signInWithCustomToken', 'accounts:signInWithPhoneNumber', 'accounts/mfaSignIn:start']) {
			const { status, json } = await other(`/identitytoolkit.googleapis.com/v1/${method}`)
			expect(status).toBe(400)
			expect(json.error.message).toMatch(/^OPERATION_NOT_ALLOWED/)
		}
		expect((await other('/identitytoolkit.googleapis.com/v1/accounts:nonsense')).status).toBe(404)
		expect((await other('/securetoken.googleapis.com/v2/whatever')).status).toBe(404)
		expect((await other('/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken', false)).status).toBe(400)
	})
})
