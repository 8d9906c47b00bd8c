import { expect, test } from 'vitest'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { identityLimits, signInWithPassword } from './accounts.server.ts'
import { changeOwnPassword, listOwnSessions, signOutOtherSessions } from './profile.server.ts'
import { createSession, hashToken, readSession } from './sessions.server.ts'
import { identityCode, makeUser, testIp, testPassword } from '#tests/support/identity.ts'
import { issueIdToken, issueRefreshToken, rotateRefreshToken, verifyIdToken } from './tokens.server.ts'

describeEachDatabase('the staff profile', (get) => {
	test('lists this account’s active sessions, marks this browser, and signs out everywhere else', async () => {
		const { db } = get()
		const user = await makeUser(db)
		const other = await makeUser(db)
		const here = await createSession(db, user.id, { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0', ip: '10.0.0.1' })
		const phone = await createSession(db, user.id, { userAgent: 'Mozilla/5.0 (iPhone) Safari/605.1', ip: '10.0.0.2' })
		const someoneElse = await createSession(db, other.id, { userAgent: 'x', ip: '10.0.0.3' })
		const refresh = await issueRefreshToken(db, { userId: user.id, signedInAt: new Date() })
		const idToken = await issueIdToken(user, new Date())

		const sessions = await listOwnSessions(db, user.id, hashToken(here.token))
		expect(sessions).toHaveLength(2)
		expect(sessions.filter((s) => s.current).map((s) => s.ip)).toEqual(['10.0.0.1'])

		expect(await signOutOtherSessions(db, user, hashToken(here.token))).toBe(1)
		expect((await readSession(db, here.token)).status).toBe('active')
		expect((await readSession(db, phone.token)).status).toBe('none')
		expect((await readSession(db, someoneElse.token)).status).toBe('active')
		expect(await identityCode(rotateRefreshToken(db, refresh))).not.toBe('no error')
		expect(await identityCode(verifyIdToken(db, idToken))).not.toBe('no error')
		expect(await listOwnSessions(db, user.id, hashToken(here.token))).toHaveLength(1)
	})

	test('a new password needs the current one, meets the policy, and ends every session', async () => {
		const { db } = get()
		const user = await makeUser(db)
		const ip = testIp()
		const session = await createSession(db, user.id, { userAgent: 'x', ip })
		expect(await identityCode(changeOwnPassword(db, user, { currentPassword: 'wrong-one', newPassword: 'Fresh#pass1', ip }))).toBe('INVALID_LOGIN_CREDENTIALS')
		expect(await identityCode(changeOwnPassword(db, user, { currentPassword: testPassword, newPassword: 'abc', ip }))).toBe('WEAK_PASSWORD')
		expect(await identityCode(changeOwnPassword(db, user, { currentPassword: testPassword, newPassword: testPassword, ip }))).toBe('INVALID_ARGUMENT')
		expect((await readSession(db, session.token)).status).toBe('active')

		await changeOwnPassword(db, user, { currentPassword: testPassword, newPassword: 'Fresh#pass1', ip })
		expect(await readSession(db, session.token)).toMatchObject({ status: 'ended', reason: 'password-changed' })
		expect((await signInWithPassword(db, { email: user.email, password: 'Fresh#pass1', ip: testIp(), via: 'web' })).id).toBe(user.id)
	})

	test('guessing the current password is throttled like any sign-in', async () => {
		const { db } = get()
		const user = await makeUser(db)
		const ip = testIp()
		for (let i = 0; i < identityLimits.signInPerAccountAndClient.limit; i++) {
			expect(await identityCode(changeOwnPassword(db, user, { currentPassword: `guess-${i}`, newPassword: 'Fresh#pass1', ip }))).toBe(
				'INVALID_LOGIN_CREDENTIALS',
			)
		}
		expect(await identityCode(changeOwnPassword(db, user, { currentPassword: testPassword, newPassword: 'Fresh#pass1', ip }))).toBe(
			'TOO_MANY_ATTEMPTS_TRY_LATER',
		)
	})
})
