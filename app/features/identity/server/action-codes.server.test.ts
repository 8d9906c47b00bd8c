import { expect, test } from 'vitest'
import type { IdentityError } from '~/lib/identity-errors.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { deliverDueEmails } from '~/features/email/server/outbox.server.ts'
import type { DB } from '~/server/db/client.server.ts'
import { setUserDisabled, signInWithPassword, signOutEverywhere, updateOwnAccount } from './accounts.server.ts'
import {
	type ActionPurpose,
	actionCodeLifetimeSeconds,
	actionCodeLimits,
	applyVerifyEmailCode,
	checkActionCode,
	checkContinueUrl,
	requestActionCode,
	resetPasswordWithCode,
	signInWithEmailCode,
} from './action-codes.server.ts'
import { changeOwnPassword, signOutOtherSessions } from './profile.server.ts'
import { createSession, hashToken, readSession } from './sessions.server.ts'
import { cookieFor, identityCode, makeUser, testIp, testPassword } from '#tests/support/identity.ts'
import { issueRefreshToken, rotateRefreshToken } from './tokens.server.ts'
import { findUserById, type User } from './users.server.ts'

const siteUrl = 'https://andamanisles.example'
const apiKey = 'test-api-key-0123456789'

/** The link in the queued email, as the person receiving it would read it. */
async function emailedLink(db: DB, outboxKey: string | null) {
	expect(outboxKey).not.toBeNull()
	const row = await db.selectFrom('email_outbox').selectAll().where('dedupe_key', '=', outboxKey!).executeTakeFirstOrThrow()
	const line = row.body_text.split('\n').find((l) => l.startsWith('https://'))!
	const url = new URL(line)
	return { url, code: url.searchParams.get('oobCode')!, row }
}

/** One link of each kind, asked for now (each from its own client address, so no limit is in the way). */
async function linksFor(db: DB, user: User): Promise<Record<ActionPurpose, string>> {
	const codes = {} as Record<ActionPurpose, string>
	for (const purpose of ['PASSWORD_RESET', 'EMAIL_SIGNIN', 'VERIFY_EMAIL'] as const) {
		const sent = await requestActionCode(db, { purpose, ...(purpose === 'VERIFY_EMAIL' ? { user } : { email: user.email }), ip: testIp(), siteUrl, apiKey })
		codes[purpose] = (await emailedLink(db, sent.outboxKey)).code
	}
	return codes
}

/** What each link answers now: 'works', or the error code. */
async function linkAnswers(db: DB, codes: Record<ActionPurpose, string>): Promise<Record<ActionPurpose, string>> {
	const answers = {} as Record<ActionPurpose, string>
	for (const [purpose, code] of Object.entries(codes) as Array<[ActionPurpose, string]>) {
		const answer = await identityCode(checkActionCode(db, code))
		answers[purpose] = answer === 'no error' ? 'works' : answer
	}
	return answers
}

const allWork = { PASSWORD_RESET: 'works', EMAIL_SIGNIN: 'works', VERIFY_EMAIL: 'works' }
const allVoid = { PASSWORD_RESET: 'INVALID_OOB_CODE', EMAIL_SIGNIN: 'INVALID_OOB_CODE', VERIFY_EMAIL: 'INVALID_OOB_CODE' }

describeEachDatabase('email action codes', (get) => {
	test('a password reset: link in the SDK format, only the hash stored, single use, everything signed out', async () => {
		const { db } = get()
		const user = await makeUser(get().db)
		const cookie = await cookieFor(db, user)
		const refresh = await issueRefreshToken(db, { userId: user.id, signedInAt: new Date() })
		const sent = await requestActionCode(db, {
			purpose: 'PASSWORD_RESET',
			email: user.email.toUpperCase(),
			ip: testIp(),
			siteUrl,
			apiKey,
			continueUrl: `${siteUrl}/admin`,
		})
		expect(sent.email).toBe(user.email)
		const { url, code, row } = await emailedLink(db, sent.outboxKey)
		expect(row).toMatchObject({ kind: 'password-reset', to_address: user.email, status: 'queued' })
		expect(url.origin + url.pathname).toBe(`${siteUrl}/__/auth/action`)
		expect(Object.fromEntries(url.searchParams)).toMatchObject({ mode: 'resetPassword', apiKey, continueUrl: `${siteUrl}/admin`, lang: 'en' })
		expect(code).toMatch(/^[\w-]{43}$/)
		const stored = await db.selectFrom('action_codes').selectAll().where('user_id', '=', user.id).execute()
		expect(stored).toHaveLength(1)
		expect(stored[0]!.id).not.toContain(code)
		expect(JSON.stringify(stored)).not.toContain(code)

		expect((await checkActionCode(db, code)).user.email).toBe(user.email)
		// A password the policy refuses does not spend the code.
		expect(await identityCode(resetPasswordWithCode(db, { code, newPassword: 'abc' }))).toBe('WEAK_PASSWORD')
		const updated = await resetPasswordWithCode(db, { code, newPassword: 'New#password1' })
		expect(updated.emailVerified).toBe(true)
		expect(await identityCode(resetPasswordWithCode(db, { code, newPassword: 'Other#password2' }))).toBe('INVALID_OOB_CODE')
		expect(await identityCode(checkActionCode(db, code))).toBe('INVALID_OOB_CODE')

		expect(await readSession(db, cookie.replace('session=', ''))).toMatchObject({ status: 'ended', reason: 'password-changed' })
		expect(await identityCode(rotateRefreshToken(db, refresh))).not.toBe('no error')
		expect(await identityCode(signInWithPassword(db, { email: user.email, password: testPassword, ip: testIp(), via: 'api' }))).toBe(
			'INVALID_LOGIN_CREDENTIALS',
		)
		expect((await signInWithPassword(db, { email: user.email, password: 'New#password1', ip: testIp(), via: 'api' })).id).toBe(user.id)
	})

	test('a new password (API or profile page), a reset, signing out everywhere and disabling void every link asked for before', async () => {
		const { db } = get()
		const owner = await makeUser(db, { role: 'owner' })
		const changes: Array<[string, (user: User) => Promise<unknown>]> = [
			['a new password through the API (accounts:update)', (user) => updateOwnAccount(db, user, { password: 'Api#password1' })],
			[
				'a new password on the profile page',
				(user) => changeOwnPassword(db, user, { currentPassword: testPassword, newPassword: 'Profile#password1', ip: testIp() }),
			],
			['an owner signing the account out everywhere', (user) => signOutEverywhere(db, owner, user.id)],
			[
				'signing out everywhere else on the profile page',
				async (user) => signOutOtherSessions(db, user, hashToken((await createSession(db, user.id, { userAgent: 'vitest', ip: '127.0.0.1' })).token)),
			],
			[
				'an owner disabling the account (and enabling it again)',
				async (user) => {
					await setUserDisabled(db, owner, user.id, true)
					await setUserDisabled(db, owner, user.id, false)
				},
			],
		]
		for (const [change, run] of changes) {
			const user = await makeUser(db)
			const codes = await linksFor(db, user)
			expect(await linkAnswers(db, codes), change).toEqual(allWork)
			await run(user)
			expect(await linkAnswers(db, codes), change).toEqual(allVoid)
			// A link asked for afterwards works.
			expect(await linkAnswers(db, await linksFor(db, user)), change).toEqual(allWork)
		}
		// A reset with one link spends every other link of the account, whatever its kind.
		const user = await makeUser(db)
		const codes = await linksFor(db, user)
		const other = await linksFor(db, user)
		await resetPasswordWithCode(db, { code: codes.PASSWORD_RESET, newPassword: 'Reset#password1' })
		expect(await linkAnswers(db, other)).toEqual(allVoid)
		expect(await identityCode(signInWithEmailCode(db, { email: user.email, code: other.EMAIL_SIGNIN, ip: testIp(), via: 'api' }))).toBe('INVALID_OOB_CODE')
		expect(await identityCode(resetPasswordWithCode(db, { code: other.PASSWORD_RESET, newPassword: 'Again#password2' }))).toBe('INVALID_OOB_CODE')
		// Another account's links are untouched.
		const bystander = await makeUser(db)
		const theirs = await linksFor(db, bystander)
		await signOutEverywhere(db, owner, user.id)
		expect(await linkAnswers(db, theirs)).toEqual(allWork)
	})

	test('unknown and disabled addresses get the same answer and no email', async () => {
		const { db } = get()
		const disabled = await makeUser(db, { disabled: true })
		for (const email of ['nobody-here@example.com', disabled.email]) {
			const sent = await requestActionCode(db, { purpose: 'PASSWORD_RESET', email, ip: testIp(), siteUrl, apiKey })
			expect(sent).toEqual({ email, outboxKey: null })
			expect(await db.selectFrom('email_outbox').select('id').where('to_address', '=', email).execute()).toEqual([])
		}
		expect(await identityCode(requestActionCode(db, { purpose: 'PASSWORD_RESET', email: 'not-an-email', ip: testIp(), siteUrl, apiKey }))).toBe('INVALID_EMAIL')
	})

	test('forged, expired, wrong-purpose and raced codes', async () => {
		const { db } = get()
		const user = await makeUser(db)
		expect(await identityCode(checkActionCode(db, 'forged-code-forged-code-forged-code-forged'))).toBe('INVALID_OOB_CODE')
		expect(await identityCode(checkActionCode(db, ''))).toBe('MISSING_OOB_CODE')
		const past = new Date(Date.now() - (actionCodeLifetimeSeconds.PASSWORD_RESET + 60) * 1000)
		const old = await requestActionCode(db, { purpose: 'PASSWORD_RESET', email: user.email, ip: testIp(), siteUrl, apiKey }, { now: past })
		const { code: expired } = await emailedLink(db, old.outboxKey)
		expect(await identityCode(checkActionCode(db, expired))).toBe('EXPIRED_OOB_CODE')
		expect(await identityCode(resetPasswordWithCode(db, { code: expired, newPassword: 'New#password1' }))).toBe('EXPIRED_OOB_CODE')

		const fresh = await requestActionCode(db, { purpose: 'PASSWORD_RESET', email: user.email, ip: testIp(), siteUrl, apiKey })
		const { code } = await emailedLink(db, fresh.outboxKey)
		// A reset code is not a verification code.
		expect(await identityCode(applyVerifyEmailCode(db, code))).toBe('INVALID_OOB_CODE')
		// Two resets with one code at once: one wins.
		const results = await Promise.allSettled([
			resetPasswordWithCode(db, { code, newPassword: 'First#password1' }),
			resetPasswordWithCode(db, { code, newPassword: 'Second#password2' }),
		])
		expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
		const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
		expect((failed.reason as IdentityError).identityCode).toBe('INVALID_OOB_CODE')
	})

	test('email verification marks the address verified, once', async () => {
		const { db } = get()
		const user = await makeUser(db, { role: 'pending' })
		const sent = await requestActionCode(db, { purpose: 'VERIFY_EMAIL', user, ip: testIp(), siteUrl, apiKey })
		const { url, code } = await emailedLink(db, sent.outboxKey)
		expect(url.searchParams.get('mode')).toBe('verifyEmail')
		const verified = await applyVerifyEmailCode(db, code)
		expect(verified).toMatchObject({ id: user.id, emailVerified: true, role: 'pending' })
		expect(await identityCode(applyVerifyEmailCode(db, code))).toBe('INVALID_OOB_CODE')
	})

	test('an email link signs in only with the address it was sent to; a pending account stays pending', async () => {
		const { db } = get()
		const user = await makeUser(db, { role: 'pending' })
		const ip = testIp()
		const sent = await requestActionCode(db, { purpose: 'EMAIL_SIGNIN', email: user.email, ip, siteUrl, apiKey })
		const { url, code } = await emailedLink(db, sent.outboxKey)
		expect(url.searchParams.get('mode')).toBe('signIn')
		// Another address (registered or not) is refused and does not spend the code.
		const other = await makeUser(db)
		for (const email of ['someone-else@example.com', other.email]) {
			expect(await identityCode(signInWithEmailCode(db, { email, code, ip, via: 'web' }))).toBe('INVALID_EMAIL')
		}
		const signedIn = await signInWithEmailCode(db, { email: user.email, code, ip, via: 'web' })
		expect(signedIn).toMatchObject({ id: user.id, role: 'pending', emailVerified: true })
		expect(await identityCode(signInWithEmailCode(db, { email: user.email, code, ip, via: 'web' }))).toBe('INVALID_OOB_CODE')
	})

	test('a code stops working when an owner changes the address, or for a disabled account', async () => {
		const { db } = get()
		const user = await makeUser(db)
		const sent = await requestActionCode(db, { purpose: 'EMAIL_SIGNIN', email: user.email, ip: testIp(), siteUrl, apiKey })
		const { code } = await emailedLink(db, sent.outboxKey)
		await db.updateTable('users').set({ disabled: 1 }).where('id', '=', user.id).execute()
		expect(await identityCode(signInWithEmailCode(db, { email: user.email, code, ip: testIp(), via: 'api' }))).toBe('USER_DISABLED')
		await db
			.updateTable('users')
			.set({ disabled: 0, email: 'moved@example.com', email_lower: `moved-${user.id}@example.com` })
			.where('id', '=', user.id)
			.execute()
		expect(await identityCode(checkActionCode(db, code))).toBe('INVALID_OOB_CODE')
		expect((await findUserById(db, user.id))?.emailVerified).toBe(false)
	})

	test('asking for links is counted per address and client before anything is looked up', async () => {
		const { db } = get()
		const ip = testIp()
		const email = 'flood-target@example.com'
		for (let i = 0; i < actionCodeLimits.sendPerAccountAndClient.limit; i++) {
			await requestActionCode(db, { purpose: 'PASSWORD_RESET', email, ip, siteUrl, apiKey })
		}
		expect(await identityCode(requestActionCode(db, { purpose: 'PASSWORD_RESET', email, ip, siteUrl, apiKey }))).toBe('TOO_MANY_ATTEMPTS_TRY_LATER')
		// Another client is not held back.
		expect((await requestActionCode(db, { purpose: 'PASSWORD_RESET', email, ip: testIp(), siteUrl, apiKey })).email).toBe(email)
	})

	test('continue URLs must be on our own origin: a loopback address is not', () => {
		expect(checkContinueUrl(`${siteUrl}/admin?x=1`, siteUrl)).toBe(`${siteUrl}/admin?x=1`)
		for (const elsewhere of [
			'http://localhost:5173/done',
			'http://127.0.0.1:8080/',
			'http://[::1]/',
			'http://andamanisles.example/admin',
			'https://andamanisles.example:8443/',
		]) {
			expect(() => checkContinueUrl(elsewhere, siteUrl), elsewhere).toThrow(expect.objectContaining({ identityCode: 'UNAUTHORIZED_DOMAIN' }))
		}
		expect(checkContinueUrl(undefined, siteUrl)).toBeNull()
		expect(() => checkContinueUrl('https://evil.example/phish', siteUrl)).toThrow(expect.objectContaining({ identityCode: 'UNAUTHORIZED_DOMAIN' }))
		expect(() => checkContinueUrl('javascript:alert(1)', siteUrl)).toThrow(expect.objectContaining({ identityCode: 'INVALID_CONTINUE_URI' }))
	})

	test('once delivered, the outbox keeps the words of a link email but not the working link', async () => {
		const { db } = get()
		const user = await makeUser(db)
		const sent = await requestActionCode(db, { purpose: 'EMAIL_SIGNIN', email: user.email, ip: testIp(), siteUrl, apiKey })
		const { code } = await emailedLink(db, sent.outboxKey)
		const delivered: string[] = []
		const result = await deliverDueEmails(db, { sendMail: async (message) => void delivered.push(message.text) }, 'Test <t@example.com>', new Date(), {
			dedupeKey: sent.outboxKey!,
		})
		expect(result.sent).toBe(1)
		expect(delivered[0]).toContain(code)
		const row = await db.selectFrom('email_outbox').selectAll().where('dedupe_key', '=', sent.outboxKey!).executeTakeFirstOrThrow()
		expect(row.status).toBe('sent')
		expect(row.body_text).not.toContain(code)
		expect(row.body_text).toContain('[link removed after sending]')
	})
})
