import { expect, test } from 'vitest'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { developmentIdentityApiKey } from '~/server/env.server.ts'
import { handleIdentityRequest, type IdentityEndpoint } from './api.server.ts'
import {
	finishEnrolment,
	finishSecondFactorSignIn,
	isSecondFactorRequired,
	listSecondFactors,
	mustSetUpSecondFactor,
	pendingCredentialFor,
	recoveryCodesLeft,
	resetSecondFactor,
	secondFactorLimit,
	setSecondFactorRequired,
	startEnrolment,
	totpCode,
	unseal,
	withdrawSecondFactor,
} from './second-factor.server.ts'
import { identityCode, makeUser, testIp, testPassword } from '#tests/support/identity.ts'
import { createSession, readSession } from './sessions.server.ts'
import { findUserById } from './users.server.ts'

const later = (seconds: number) => new Date(Date.now() + seconds * 1000)

describeEachDatabase('TOTP second factor', (get) => {
	test('enrol with a code from the app; sign in with a later code once; recovery codes work once', async () => {
		const { db } = get()
		const user = await makeUser(db)
		const started = startEnrolment(user)
		expect(started.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=[A-Z2-7]+/)
		expect(await identityCode(finishEnrolment(db, user, { sessionInfo: started.sessionInfo, code: '000000' }))).toBe('INVALID_CODE')
		// Someone else's enrolment session is refused.
		const other = await makeUser(db)
		expect(await identityCode(finishEnrolment(db, other, { sessionInfo: started.sessionInfo, code: totpCode(started.secret) }))).toBe('INVALID_ARGUMENT')
		// One fixed moment, so a 30-second boundary passing mid-test cannot change which step a code belongs to.
		const t0 = new Date()
		const { factor, recoveryCodes } = await finishEnrolment(
			db,
			user,
			{ sessionInfo: started.sessionInfo, code: totpCode(started.secret, t0), displayName: 'Phone' },
			t0,
		)
		expect(recoveryCodes).toHaveLength(10)
		expect(await listSecondFactors(db, user.id)).toEqual([{ id: factor.id, displayName: 'Phone', enrolledAt: expect.any(String) }])
		// The secret is not stored as it is.
		const row = await db.selectFrom('mfa_factors').selectAll().where('id', '=', factor.id).executeTakeFirstOrThrow()
		expect(row.secret_sealed).not.toContain(started.secret)
		expect(await identityCode(finishEnrolment(db, user, { sessionInfo: startEnrolment(user).sessionInfo, code: totpCode(started.secret) }))).not.toBe(
			'no error',
		)

		const fresh = (await findUserById(db, user.id))!
		const pending = pendingCredentialFor(fresh)
		const ip = testIp()
		// The code used to enrol (same 30-second step) is not accepted again.
		expect(await identityCode(finishSecondFactorSignIn(db, { pendingCredential: pending, code: totpCode(started.secret, t0), ip }, t0))).toBe('INVALID_CODE')
		const next = new Date(t0.getTime() + 30_000)
		expect((await finishSecondFactorSignIn(db, { pendingCredential: pending, code: totpCode(started.secret, next), factorId: factor.id, ip }, next)).id).toBe(
			user.id,
		)
		expect(await identityCode(finishSecondFactorSignIn(db, { pendingCredential: pending, code: totpCode(started.secret, next), ip }, next))).toBe(
			'INVALID_CODE',
		)

		expect((await finishSecondFactorSignIn(db, { pendingCredential: pending, code: recoveryCodes[0]!.toUpperCase(), ip })).id).toBe(user.id)
		expect(await identityCode(finishSecondFactorSignIn(db, { pendingCredential: pending, code: recoveryCodes[0], ip }))).toBe('INVALID_CODE')
		expect(await recoveryCodesLeft(db, user.id)).toBe(9)

		await withdrawSecondFactor(db, user, factor.id)
		expect(await listSecondFactors(db, user.id)).toEqual([])
		expect(await recoveryCodesLeft(db, user.id)).toBe(0)
	})

	test('pending credentials: forged, expired, or from before a sign-out everywhere are refused; guesses are throttled', async () => {
		const { db } = get()
		const user = await makeUser(db)
		const started = startEnrolment(user)
		await finishEnrolment(db, user, { sessionInfo: started.sessionInfo, code: totpCode(started.secret) })
		const pending = pendingCredentialFor(user)
		expect(unseal(pending, 'enrol')).toBeNull()
		expect(await identityCode(finishSecondFactorSignIn(db, { pendingCredential: `${pending.slice(0, -4)}AAAA`, code: '123456', ip: testIp() }))).toBe(
			'INVALID_MFA_PENDING_CREDENTIAL',
		)
		expect(await identityCode(finishSecondFactorSignIn(db, { pendingCredential: pending, code: '123456', ip: testIp() }, later(11 * 60)))).toBe(
			'INVALID_MFA_PENDING_CREDENTIAL',
		)
		const ip = testIp()
		// The limit counts in fixed windows: the guesses and the right code 30 seconds later fall in one window, whatever the clock says.
		const windowMs = secondFactorLimit.windowSeconds * 1000
		let guessing = Date.now()
		if (Math.floor(guessing / windowMs) !== Math.floor((guessing + 31_000) / windowMs)) guessing = (Math.floor(guessing / windowMs) + 1) * windowMs + 1000
		for (let i = 0; i < secondFactorLimit.limit; i++) {
			expect(await identityCode(finishSecondFactorSignIn(db, { pendingCredential: pending, code: '000000', ip }, new Date(guessing)))).toBe('INVALID_CODE')
		}
		const rightCodeAt = new Date(guessing + 30_000)
		expect(await identityCode(finishSecondFactorSignIn(db, { pendingCredential: pending, code: totpCode(started.secret, rightCodeAt), ip }, rightCodeAt))).toBe(
			'TOO_MANY_ATTEMPTS_TRY_LATER',
		)
		await db
			.updateTable('users')
			.set({ token_version: user.tokenVersion + 1 })
			.where('id', '=', user.id)
			.execute()
		expect(await identityCode(finishSecondFactorSignIn(db, { pendingCredential: pending, code: '123456', ip: testIp() }))).toBe(
			'INVALID_MFA_PENDING_CREDENTIAL',
		)
	})

	test('the REST API answers a password sign-in with a pending credential instead of tokens', async () => {
		const { db } = get()
		const user = await makeUser(db)
		const started = startEnrolment(user)
		const { factor } = await finishEnrolment(db, user, { sessionInfo: started.sessionInfo, code: totpCode(started.secret) })
		const call = async (endpoint: IdentityEndpoint, path: string, body: unknown, ip = testIp()) => {
			const response = await handleIdentityRequest(
				db,
				endpoint,
				new Request(`http://localhost:3000/identitytoolkit.googleapis.com/${path}?key=${developmentIdentityApiKey}`, {
					method: 'POST',
					body: JSON.stringify(body),
					headers: { 'Content-Type': 'application/json' },
				}),
				ip,
			)
			return (await response.json()) as Record<string, any>
		}
		const first = await call('signInWithPassword', 'v1/accounts:signInWithPassword', { email: user.email, password: testPassword })
		expect(first.idToken).toBeUndefined()
		expect(first.mfaPendingCredential).toEqual(expect.any(String))
		expect(first.mfaInfo).toEqual([{ mfaEnrollmentId: factor.id, displayName: 'Authenticator app', enrolledAt: expect.any(String), totpInfo: {} }])
		const wrong = await call('mfaSignInFinalize', 'v2/accounts/mfaSignIn:finalize', {
			mfaPendingCredential: first.mfaPendingCredential,
			mfaEnrollmentId: factor.id,
			totpVerificationInfo: { verificationCode: '000000' },
		})
		expect(wrong.error.message).toBe('INVALID_CODE')
		const lookup = await call('lookup', 'v1/accounts:lookup', { idToken: 'not-a-token' })
		expect(lookup.error.message).toMatch(/^INVALID_ID_TOKEN/)
	})

	test('owners can require it for everyone: accounts without one must set it up, and cannot turn the last one off', async () => {
		const { db } = get()
		const owner = await makeUser(db, { role: 'owner' })
		const staff = await makeUser(db)
		await expect(setSecondFactorRequired(db, staff, true)).rejects.toThrow('Only an owner')
		expect(await mustSetUpSecondFactor(db, staff.id)).toBe(false)
		await setSecondFactorRequired(db, owner, true)
		expect(await isSecondFactorRequired(db)).toBe(true)
		expect(await mustSetUpSecondFactor(db, staff.id)).toBe(true)
		const started = startEnrolment(staff)
		const { factor } = await finishEnrolment(db, staff, { sessionInfo: started.sessionInfo, code: totpCode(started.secret) })
		expect(await mustSetUpSecondFactor(db, staff.id)).toBe(false)
		expect(await identityCode(withdrawSecondFactor(db, staff, factor.id))).toBe('OPERATION_NOT_ALLOWED')
		expect(await listSecondFactors(db, staff.id)).toHaveLength(1)
		await setSecondFactorRequired(db, owner, false)
		expect(await isSecondFactorRequired(db)).toBe(false)
		await withdrawSecondFactor(db, staff, factor.id)
	})
})

describeEachDatabase('an owner resets a lost second factor', (get) => {
	test('removes the factor and recovery codes, signs the account out everywhere, audits; owners only, never their own', async () => {
		const { db } = get()
		const owner = await makeUser(db, { role: 'owner' })
		const staff = await makeUser(db)
		const t0 = new Date()
		const started = startEnrolment(staff, t0)
		await finishEnrolment(db, staff, { sessionInfo: started.sessionInfo, code: totpCode(started.secret, t0) }, t0)
		const { token } = await createSession(db, staff.id, { userAgent: 'vitest', ip: '127.0.0.1' })
		const pending = pendingCredentialFor((await findUserById(db, staff.id))!)

		await expect(resetSecondFactor(db, staff, owner.id)).rejects.toThrow(/Only an owner/)
		await expect(resetSecondFactor(db, owner, owner.id)).rejects.toThrow(/your own/)
		await resetSecondFactor(db, owner, staff.id)

		expect(await listSecondFactors(db, staff.id)).toEqual([])
		expect(await recoveryCodesLeft(db, staff.id)).toBe(0)
		expect(await readSession(db, token)).toMatchObject({ status: 'ended', reason: 'signed-out' })
		// A second step begun before the reset (with the lost phone in mind) cannot be finished.
		expect(await identityCode(finishSecondFactorSignIn(db, { pendingCredential: pending, code: totpCode(started.secret, later(30)), ip: testIp() }))).toBe(
			'INVALID_MFA_PENDING_CREDENTIAL',
		)
		const audit = await db
			.selectFrom('audit_log')
			.select(['action', 'actor_id'])
			.where('entity_id', '=', staff.id)
			.where('action', '=', 'user.second-factor-reset')
			.execute()
		expect(audit).toEqual([{ action: 'user.second-factor-reset', actor_id: owner.id }])
		// Nothing left to reset.
		await expect(resetSecondFactor(db, owner, staff.id)).rejects.toThrow(/no two-step sign-in to reset/)
	})
})

describeEachDatabase('owners require two-step sign-in: the REST API too', (get) => {
	test('an account without a second factor gets SECOND_FACTOR_REQUIRED instead of tokens, on sign-in and on refresh', async () => {
		const { db } = get()
		const owner = await makeUser(db, { role: 'owner' })
		const staff = await makeUser(db)
		const ip = testIp()
		const call = async (endpoint: IdentityEndpoint, path: string, body: unknown) => {
			const response = await handleIdentityRequest(
				db,
				endpoint,
				new Request(`http://localhost:3000/${path}?key=${developmentIdentityApiKey}`, {
					method: 'POST',
					body: JSON.stringify(body),
					headers: { 'Content-Type': 'application/json' },
				}),
				ip,
			)
			return { status: response.status, json: (await response.json()) as Record<string, any> }
		}
		const signIn = () =>
			call('signInWithPassword', 'identitytoolkit.googleapis.com/v1/accounts:signInWithPassword', { email: staff.email, password: testPassword })
		const before = await signIn()
		expect(before.json.idToken).toBeTruthy()

		await setSecondFactorRequired(db, owner, true)
		const refused = await signIn()
		expect(refused.status).toBe(400)
		expect(refused.json.error.message).toMatch(/^SECOND_FACTOR_REQUIRED : /)
		expect(refused.json.idToken).toBeUndefined()
		// A refresh token from before the requirement buys no new ID token either.
		const refresh = await call('token', 'securetoken.googleapis.com/v1/token', { grant_type: 'refresh_token', refresh_token: before.json.refreshToken })
		expect(refresh.json.error.message).toMatch(/^SECOND_FACTOR_REQUIRED/)

		// With a factor set up, the sign-in goes on to the second step as usual.
		const t0 = new Date()
		const started = startEnrolment(staff, t0)
		await finishEnrolment(db, staff, { sessionInfo: started.sessionInfo, code: totpCode(started.secret, t0) }, t0)
		expect((await signIn()).json.mfaPendingCredential).toBeTruthy()
	})
})
