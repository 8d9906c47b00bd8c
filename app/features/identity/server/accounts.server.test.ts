import { expect, test } from 'vitest'
import { IdentityError } from '~/lib/identity-errors.ts'
import { makePasswordPolicy } from '~/lib/password-policy.ts'
import { auditTrail } from '~/server/db/audit.server.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import {
	approveUser,
	changeRole,
	countPendingUsers,
	createOrPromoteOwner,
	deleteOwnAccount,
	identityLimits,
	signInKeys,
	setUserDisabled,
	signInWithPassword,
	signOutEverywhere,
	signUp,
	updateOwnAccount,
} from './accounts.server.ts'
import { verifyPassword } from './passwords.server.ts'
import { readSession } from './sessions.server.ts'
import { cookieFor, identityCode, makeUser, testIp, testPassword } from '#tests/support/identity.ts'
import { issueIdToken, issueRefreshToken, rotateRefreshToken, verifyIdToken } from './tokens.server.ts'
import { findUserById } from './users.server.ts'

const tokenOf = (cookie: string) => cookie.replace(/^session=/, '')

describeEachDatabase('accounts', (get) => {
	test('a sign-up is pending, keeps the email as typed and is unique whatever the case', async () => {
		const { db } = get()
		const user = await signUp(db, { email: '  Asha.Rani@Example.com ', password: 'island#1', displayName: 'Asha Rani', ip: testIp() })
		expect(user).toMatchObject({ role: 'pending', email: 'Asha.Rani@Example.com', displayName: 'Asha Rani', disabled: false, hasPassword: true })
		expect(await identityCode(signUp(db, { email: 'asha.rani@example.COM', password: 'island#1', ip: testIp() }))).toBe('EMAIL_EXISTS')
		const row = await db.selectFrom('users').select(['password_hash']).where('id', '=', user.id).executeTakeFirstOrThrow()
		// argon2id with its own salt; never the password.
		expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
		expect(row.password_hash).not.toContain('island#1')
		const trail = await auditTrail(db, 'user', user.id)
		expect(trail[0]).toMatchObject({ action: 'user.sign-up', actor_id: user.id })
		expect(trail[0]!.after_json).not.toContain('argon2')
	})

	test('two sign-ups with one email at the same moment: one account, one EMAIL_EXISTS', async () => {
		const { db } = get()
		const results = await Promise.allSettled([
			signUp(db, { email: 'race@example.com', password: 'island#1', ip: testIp() }),
			signUp(db, { email: 'RACE@example.com', password: 'island#1', ip: testIp() }),
		])
		expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
		const failure = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
		expect(failure.reason).toBeInstanceOf(IdentityError)
		expect((failure.reason as IdentityError).identityCode).toBe('EMAIL_EXISTS')
	})

	test('sign-up applies the password policy with the service codes', async () => {
		const { db } = get()
		expect(await identityCode(signUp(db, { email: 'short@example.com', password: '12345', ip: testIp() }))).toBe('WEAK_PASSWORD')
		const strict = makePasswordPolicy({ minLength: 8, require: ['uppercase', 'numeric'] })
		const error = await signUp(db, { email: 'strict@example.com', password: 'lowercase', ip: testIp() }, { policy: strict }).catch((e: unknown) => e)
		expect(error).toBeInstanceOf(IdentityError)
		expect((error as IdentityError).wireMessage).toBe(
			'PASSWORD_DOES_NOT_MEET_REQUIREMENTS : Missing password requirements: [Password must contain an upper case character, Password must contain a numeric character]',
		)
		expect((error as IdentityError).fields?.password).toBe('Include an uppercase letter (A–Z). Include a digit (0–9).')
		expect(await identityCode(signUp(db, { email: 'x'.repeat(4097), password: 'island#1', ip: testIp() }))).toBe('INVALID_EMAIL')
		expect(await identityCode(signUp(db, { email: 'not-an-email', password: 'island#1', ip: testIp() }))).toBe('INVALID_EMAIL')
		expect(await identityCode(signUp(db, { email: '', password: 'island#1', ip: testIp() }))).toBe('MISSING_EMAIL')
		expect(await identityCode(signUp(db, { email: 'nopw@example.com', password: '', ip: testIp() }))).toBe('MISSING_PASSWORD')
		expect(await identityCode(signUp(db, { email: 'huge@example.com', password: 'a'.repeat(5000), ip: testIp() }))).toBe('PASSWORD_DOES_NOT_MEET_REQUIREMENTS')
	})

	test('sign-ups are throttled per client address', async () => {
		const { db } = get()
		const ip = testIp()
		const limits = { ...identityLimits, signUpPerIp: { limit: 2, windowSeconds: 3600 } }
		await signUp(db, { email: 'one@throttle.test', password: 'island#1', ip }, { limits })
		await signUp(db, { email: 'two@throttle.test', password: 'island#1', ip }, { limits })
		const error = (await signUp(db, { email: 'three@throttle.test', password: 'island#1', ip }, { limits }).catch((e: unknown) => e)) as IdentityError
		expect(error.identityCode).toBe('TOO_MANY_ATTEMPTS_TRY_LATER')
		expect(error.retryAfterSeconds).toBeGreaterThan(0)
		expect(error.message).toMatch(/wait \d+ (minutes?|seconds|hour)/)
		// Another address is not affected.
		await expect(signUp(db, { email: 'three@throttle.test', password: 'island#1', ip: testIp() }, { limits })).resolves.toBeTruthy()
	})

	test('a wrong password and an unknown email get the same answer', async () => {
		const { db } = get()
		const user = await makeUser(db)
		expect(await identityCode(signInWithPassword(db, { email: user.email, password: 'wrong-password', ip: testIp(), via: 'web' }))).toBe(
			'INVALID_LOGIN_CREDENTIALS',
		)
		expect(await identityCode(signInWithPassword(db, { email: 'nobody@example.com', password: 'wrong-password', ip: testIp(), via: 'web' }))).toBe(
			'INVALID_LOGIN_CREDENTIALS',
		)
		const signedIn = await signInWithPassword(db, { email: user.email.toUpperCase(), password: testPassword, ip: testIp(), via: 'web' })
		expect(signedIn.id).toBe(user.id)
		expect(signedIn.lastSignInAt).not.toBeNull()
	})

	test('only the right password learns that an account is disabled', async () => {
		const { db } = get()
		const user = await makeUser(db, { disabled: true })
		expect(await identityCode(signInWithPassword(db, { email: user.email, password: 'wrong-password', ip: testIp(), via: 'web' }))).toBe(
			'INVALID_LOGIN_CREDENTIALS',
		)
		expect(await identityCode(signInWithPassword(db, { email: user.email, password: testPassword, ip: testIp(), via: 'web' }))).toBe('USER_DISABLED')
	})

	test('guesses from one client are throttled per account, registered or not, with the same answer, then allowed after the window', async () => {
		const { db } = get()
		const user = await makeUser(db)
		const now = new Date('2026-11-22T10:00:00Z')
		const limit = identityLimits.signInPerAccountAndClient.limit
		for (const email of [user.email, 'ghost@example.com']) {
			const ip = testIp()
			for (let i = 0; i < limit; i++) {
				expect(await identityCode(signInWithPassword(db, { email, password: 'wrong', ip, via: 'api' }, { now }))).toBe('INVALID_LOGIN_CREDENTIALS')
			}
			// From that client even the right password is refused now, with the same answer for both emails.
			const error = (await signInWithPassword(db, { email, password: testPassword, ip, via: 'api' }, { now }).catch((e: unknown) => e)) as IdentityError
			expect(error.identityCode).toBe('TOO_MANY_ATTEMPTS_TRY_LATER')
			expect(error.retryAfterSeconds).toBe(15 * 60)
			expect(error.wireMessage).toBe('TOO_MANY_ATTEMPTS_TRY_LATER : Too many failed sign-in attempts. Try again in 900 seconds.')
		}
		// Nobody is locked out: the owner of the account signs in from another client at once.
		await expect(signInWithPassword(db, { email: user.email, password: testPassword, ip: testIp(), via: 'web' }, { now })).resolves.toBeTruthy()
		const later = new Date('2026-11-22T10:15:00Z')
		await expect(signInWithPassword(db, { email: 'ghost@example.com', password: 'wrong', ip: testIp(), via: 'web' }, { now: later })).rejects.toMatchObject({
			identityCode: 'INVALID_LOGIN_CREDENTIALS',
		})
	})

	test('a guesser who keeps coming back waits longer: the daily bucket of the pair', async () => {
		const { db } = get()
		const user = await makeUser(db)
		const ip = testIp()
		const limits = {
			...identityLimits,
			signInPerAccountAndClient: { limit: 2, windowSeconds: 900 },
			signInPerAccountAndClientDaily: { limit: 3, windowSeconds: 86_400 },
		}
		const at = (time: string) => ({ now: new Date(`2026-11-22T${time}Z`), limits })
		await identityCode(signInWithPassword(db, { email: user.email, password: 'wrong', ip, via: 'web' }, at('10:00:00')))
		await identityCode(signInWithPassword(db, { email: user.email, password: 'wrong', ip, via: 'web' }, at('10:00:01')))
		const short = (await signInWithPassword(db, { email: user.email, password: 'wrong', ip, via: 'web' }, at('10:00:02')).catch(
			(e: unknown) => e,
		)) as IdentityError
		expect(short.retryAfterSeconds).toBe(15 * 60 - 2)
		expect(await identityCode(signInWithPassword(db, { email: user.email, password: 'wrong', ip, via: 'web' }, at('10:15:00')))).toBe(
			'INVALID_LOGIN_CREDENTIALS',
		)
		const long = (await signInWithPassword(db, { email: user.email, password: testPassword, ip, via: 'web' }, at('10:15:01')).catch(
			(e: unknown) => e,
		)) as IdentityError
		expect(long.identityCode).toBe('TOO_MANY_ATTEMPTS_TRY_LATER')
		expect(long.retryAfterSeconds).toBeGreaterThan(13 * 60 * 60)
	})

	test('failed sign-ins are throttled per client address across accounts; a success clears the pair and refunds the rest', async () => {
		const { db } = get()
		const limits = { ...identityLimits, failedSignInPerIp: { limit: 3, windowSeconds: 900 }, signInPerAccountAndClient: { limit: 2, windowSeconds: 900 } }
		const user = await makeUser(db)
		const ip = testIp()
		await identityCode(signInWithPassword(db, { email: user.email, password: 'wrong', ip, via: 'web' }, { limits }))
		await signInWithPassword(db, { email: user.email, password: testPassword, ip, via: 'web' }, { limits })
		// The pair was cleared by the success: two more failures before it is throttled.
		for (let i = 0; i < 2; i++) {
			expect(await identityCode(signInWithPassword(db, { email: user.email, password: 'wrong', ip: 'fresh-' + ip, via: 'web' }, { limits }))).toBe(
				'INVALID_LOGIN_CREDENTIALS',
			)
		}
		const spray = testIp()
		for (const email of ['a@ip.test', 'b@ip.test', 'c@ip.test'])
			await identityCode(signInWithPassword(db, { email, password: 'wrong', ip: spray, via: 'web' }, { limits }))
		expect(await identityCode(signInWithPassword(db, { email: 'd@ip.test', password: 'wrong', ip: spray, via: 'web' }, { limits }))).toBe(
			'TOO_MANY_ATTEMPTS_TRY_LATER',
		)
		// The sprayed address is not held back for an account that signed in from it before.
		const known = await makeUser(db)
		const sharedOffice = testIp()
		await signInWithPassword(db, { email: known.email, password: testPassword, ip: sharedOffice, via: 'web' }, { limits })
		for (const email of ['e@ip.test', 'f@ip.test', 'g@ip.test', 'h@ip.test'])
			await identityCode(signInWithPassword(db, { email, password: 'wrong', ip: sharedOffice, via: 'web' }, { limits }))
		expect(await identityCode(signInWithPassword(db, { email: 'i@ip.test', password: 'wrong', ip: sharedOffice, via: 'web' }, { limits }))).toBe(
			'TOO_MANY_ATTEMPTS_TRY_LATER',
		)
		await expect(signInWithPassword(db, { email: known.email, password: testPassword, ip: sharedOffice, via: 'web' }, { limits })).resolves.toBeTruthy()
	})

	test('50 simultaneous wrong passwords from one client: every one counted, at most the limit checked; the owner still signs in from a fresh client', async () => {
		const { db } = get()
		const owner = await makeUser(db, { role: 'owner' })
		const attacker = testIp()
		let checks = 0
		const verify = async (hash: string | null | undefined, password: string) => {
			checks++
			return verifyPassword(hash, password)
		}
		const answers = await Promise.all(
			Array.from({ length: 50 }, (_, i) =>
				identityCode(signInWithPassword(db, { email: owner.email, password: `guess-${i}`, ip: attacker, via: 'api' }, { verify })),
			),
		)
		const limit = identityLimits.signInPerAccountAndClient.limit
		expect(checks).toBeLessThanOrEqual(limit)
		expect(answers.filter((code) => code === 'INVALID_LOGIN_CREDENTIALS')).toHaveLength(checks)
		expect(answers.filter((code) => code === 'TOO_MANY_ATTEMPTS_TRY_LATER')).toHaveLength(50 - checks)
		const pair = await db
			.selectFrom('rate_limits')
			.select('count')
			.where('key', '=', signInKeys(owner.email.toLowerCase(), attacker).pair)
			.executeTakeFirstOrThrow()
		expect(Number(pair.count)).toBe(50)
		// The attacker is still refused, even with the right password; the owner, from elsewhere, is not.
		expect(await identityCode(signInWithPassword(db, { email: owner.email, password: testPassword, ip: attacker, via: 'api' }))).toBe(
			'TOO_MANY_ATTEMPTS_TRY_LATER',
		)
		const signedIn = await signInWithPassword(db, { email: owner.email, password: testPassword, ip: testIp(), via: 'web' }, { verify })
		expect(signedIn.id).toBe(owner.id)
	})

	test('guessing spread over many clients holds back only new clients; the addresses the account signed in from still work', async () => {
		const { db } = get()
		const owner = await makeUser(db, { role: 'owner' })
		const home = testIp()
		await signInWithPassword(db, { email: owner.email, password: testPassword, ip: home, via: 'web' })
		const limits = { ...identityLimits, failedSignInPerAccountFromNewClients: { limit: 6, windowSeconds: 3600 } }
		for (let client = 0; client < 3; client++) {
			const ip = testIp()
			for (let i = 0; i < 2; i++) await identityCode(signInWithPassword(db, { email: owner.email, password: 'wrong', ip, via: 'api' }, { limits }))
		}
		expect(await identityCode(signInWithPassword(db, { email: owner.email, password: testPassword, ip: testIp(), via: 'web' }, { limits }))).toBe(
			'TOO_MANY_ATTEMPTS_TRY_LATER',
		)
		await expect(signInWithPassword(db, { email: owner.email, password: testPassword, ip: home, via: 'web' }, { limits })).resolves.toMatchObject({
			id: owner.id,
		})
	})

	test('an owner approves, changes roles; staff cannot manage the team', async () => {
		const { db } = get()
		const owner = await makeUser(db, { role: 'owner' })
		const staff = await makeUser(db, { role: 'staff' })
		const pending = await makeUser(db, { role: 'pending' })
		expect(await countPendingUsers(db)).toBeGreaterThanOrEqual(1)
		expect(await identityCode(approveUser(db, staff, pending.id))).toBe('permission-denied')
		const approved = await approveUser(db, owner, pending.id)
		expect(approved).toMatchObject({ role: 'staff', approvedBy: owner.id })
		expect(await identityCode(approveUser(db, owner, pending.id))).toBe('failed-precondition')
		expect((await changeRole(db, owner, approved.id, 'owner')).role).toBe('owner')
		const trail = await auditTrail(db, 'user', pending.id)
		expect(trail.map((row) => row.action)).toEqual(['user.change-role', 'user.approve'])
		expect(trail[0]).toMatchObject({ actor_id: owner.id })
		expect(JSON.parse(trail[0]!.before_json!)).toMatchObject({ role: 'staff' })
		expect(JSON.parse(trail[0]!.after_json!)).toMatchObject({ role: 'owner' })
		expect(await identityCode(changeRole(db, owner, 'NoSuchUser0000000000', 'staff'))).toBe('not-found')
	})

	test('the last active owner cannot be demoted, disabled or deleted', async () => {
		const { db } = get()
		// This suite's database holds other owners from earlier tests: start from a clean team.
		await db.deleteFrom('users').execute()
		const owner = await makeUser(db, { role: 'owner' })
		expect(await identityCode(changeRole(db, owner, owner.id, 'staff'))).toBe('failed-precondition')
		expect(await identityCode(setUserDisabled(db, owner, owner.id, true))).toBe('failed-precondition')
		expect(await identityCode(deleteOwnAccount(db, owner))).toBe('OPERATION_NOT_ALLOWED')
		expect((await findUserById(db, owner.id))?.role).toBe('owner')

		const second = await makeUser(db, { role: 'owner' })
		// With two owners, one may step down; then the other is the last.
		expect((await changeRole(db, second, owner.id, 'staff')).role).toBe('staff')
		expect(await identityCode(changeRole(db, second, second.id, 'staff'))).toBe('failed-precondition')
		// A disabled owner does not count as an active owner.
		const third = await makeUser(db, { role: 'owner', disabled: true })
		expect(await identityCode(changeRole(db, second, second.id, 'staff'))).toBe('failed-precondition')
		await setUserDisabled(db, second, third.id, false)
		await expect(deleteOwnAccount(db, second)).resolves.toBeUndefined()
	})

	test('two owners demoting each other at once leave one owner', async () => {
		const { db } = get()
		await db.deleteFrom('users').execute()
		const a = await makeUser(db, { role: 'owner' })
		const b = await makeUser(db, { role: 'owner' })
		const results = await Promise.allSettled([changeRole(db, a, b.id, 'staff'), changeRole(db, b, a.id, 'staff')])
		expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
		const owners = await db.selectFrom('users').select('id').where('role', '=', 'owner').execute()
		expect(owners).toHaveLength(1)
	})

	test('disabling ends web sessions with the reason and revokes refresh and ID tokens; enabling does not revive them', async () => {
		const { db } = get()
		const owner = await makeUser(db, { role: 'owner' })
		const staff = await makeUser(db, { role: 'staff' })
		const cookie = await cookieFor(db, staff)
		const refresh = await issueRefreshToken(db, { userId: staff.id, signedInAt: new Date() })
		const idToken = await issueIdToken(staff, new Date())
		await setUserDisabled(db, owner, staff.id, true)
		expect(await readSession(db, tokenOf(cookie))).toEqual({ status: 'ended', reason: 'user-disabled' })
		expect(await identityCode(rotateRefreshToken(db, refresh))).toBe('USER_DISABLED')
		expect(await identityCode(verifyIdToken(db, idToken))).toBe('USER_DISABLED')
		expect(await identityCode(setUserDisabled(db, owner, owner.id, true))).toBe('failed-precondition')

		await setUserDisabled(db, owner, staff.id, false)
		expect(await readSession(db, tokenOf(cookie))).toEqual({ status: 'none' })
		expect(await identityCode(rotateRefreshToken(db, refresh))).toBe('TOKEN_EXPIRED')
		expect(await identityCode(verifyIdToken(db, idToken))).toBe('TOKEN_EXPIRED')
		expect((await auditTrail(db, 'user', staff.id)).map((row) => row.action)).toEqual(['user.enable', 'user.disable'])
	})

	test('sign out everywhere ends every session and token of that user only', async () => {
		const { db } = get()
		const owner = await makeUser(db, { role: 'owner' })
		const staff = await makeUser(db, { role: 'staff' })
		const phone = await cookieFor(db, staff)
		const laptop = await cookieFor(db, staff)
		const ownerCookie = await cookieFor(db, owner)
		const refresh = await issueRefreshToken(db, { userId: staff.id, signedInAt: new Date() })
		await signOutEverywhere(db, owner, staff.id)
		for (const cookie of [phone, laptop]) expect(await readSession(db, tokenOf(cookie))).toEqual({ status: 'ended', reason: 'signed-out' })
		expect((await readSession(db, tokenOf(ownerCookie))).status).toBe('active')
		expect(await identityCode(rotateRefreshToken(db, refresh))).toBe('TOKEN_EXPIRED')
		expect(await identityCode(signOutEverywhere(db, staff, owner.id))).toBe('permission-denied')
		expect((await auditTrail(db, 'user', staff.id))[0]).toMatchObject({ action: 'user.sign-out-everywhere', actor_id: owner.id })
	})

	test('a new password signs out every session and token; a profile change does not', async () => {
		const { db } = get()
		const staff = await makeUser(db)
		const cookie = await cookieFor(db, staff)
		const renamed = await updateOwnAccount(db, staff, { displayName: 'Ravi Kumar', photoUrl: 'https://example.com/ravi.png' })
		expect(renamed).toMatchObject({ displayName: 'Ravi Kumar', photoUrl: 'https://example.com/ravi.png' })
		expect((await readSession(db, tokenOf(cookie))).status).toBe('active')
		expect(await identityCode(updateOwnAccount(db, staff, { photoUrl: 'javascript:alert(1)' }))).toBe('INVALID_ARGUMENT')
		expect(await identityCode(updateOwnAccount(db, staff, { password: '123' }))).toBe('WEAK_PASSWORD')
		await updateOwnAccount(db, renamed, { password: 'new-pass#1' })
		expect(await readSession(db, tokenOf(cookie))).toEqual({ status: 'ended', reason: 'password-changed' })
		await expect(signInWithPassword(db, { email: staff.email, password: 'new-pass#1', ip: testIp(), via: 'web' })).resolves.toBeTruthy()
	})

	test('create-owner creates an owner, or promotes, re-enables and resets an existing account', async () => {
		const { db } = get()
		const created = await createOrPromoteOwner(db, { email: 'Founder@Example.com', password: 'founder#1', displayName: 'Founder' })
		expect(created).toMatchObject({ created: true, user: { role: 'owner', email: 'Founder@Example.com', displayName: 'Founder' } })
		expect((await auditTrail(db, 'user', created.user.id))[0]).toMatchObject({ action: 'user.create-owner', actor_label: 'command line' })

		const staff = await makeUser(db, { role: 'pending', disabled: true })
		const cookie = await cookieFor(db, staff)
		const promoted = await createOrPromoteOwner(db, { email: staff.email.toUpperCase(), password: 'promoted#1' })
		expect(promoted).toMatchObject({ created: false, user: { id: staff.id, role: 'owner', disabled: false } })
		expect((await readSession(db, tokenOf(cookie))).status).toBe('ended')
		await expect(signInWithPassword(db, { email: staff.email, password: 'promoted#1', ip: testIp(), via: 'web' })).resolves.toBeTruthy()
		expect(await identityCode(createOrPromoteOwner(db, { email: 'weak@example.com', password: '123' }))).toBe('WEAK_PASSWORD')
	})
})
