/**
 * The sign-in, sign-up, sign-out and guard flows through the real route
 * modules, on both databases: messages, kept values, redirects (open ones
 * refused), cookies, throttling and session expiry.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { identityMessage } from '~/lib/identity-errors.ts'
import { loginUrl, requestPath, requireStaff, signUpRequestedNotice, signUpRequestedPath } from '~/features/identity/server/auth.server.ts'
import { closeDatabase } from '~/server/db/index.server.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { hashToken } from '~/features/identity/server/sessions.server.ts'
import { cookieFor, makeUser, testIp, testPassword, useAppDatabase } from '#tests/support/identity.ts'
import { contextFrom, post, routeArgs, settle, type Settled } from '#tests/support/route-requests.ts'
import * as login from './login.tsx'
import * as logout from './logout.tsx'
import * as signup from './signup.tsx'

const sessionCookieOf = (result: Settled) => result.cookies.find((cookie) => cookie.startsWith('session='))

describe('paths and login URLs', () => {
	test('data requests are attributed to the page they load', () => {
		expect(requestPath(new Request('http://localhost/admin/team.data?_routes=routes%2Fadmin%2Fteam'))).toBe('/admin/team')
		expect(requestPath(new Request('http://localhost/admin/leads/_.data?q=x&index'))).toBe('/admin/leads/?q=x')
		expect(requestPath(new Request('http://localhost/_root.data'))).toBe('/')
		expect(requestPath(new Request('http://localhost/admin/leads?page=2'))).toBe('/admin/leads?page=2')
	})
	test('the login URL keeps a safe way back and refuses open redirects', () => {
		expect(loginUrl('/admin/team')).toBe('/admin/login?redirectTo=%2Fadmin%2Fteam')
		expect(loginUrl('/admin')).toBe('/admin/login')
		expect(loginUrl('//evil.example/x')).toBe('/admin/login')
		expect(loginUrl('https://evil.example/x', 'user-disabled')).toBe('/admin/login?reason=user-disabled')
	})
})

describeEachDatabase('sign-in, sign-up and sign-out screens', (get) => {
	beforeAll(async () => {
		await useAppDatabase(get().url)
	})
	afterAll(async () => {
		await closeDatabase()
	})

	test('a wrong password keeps the email, never the password, and says what went wrong', async () => {
		const user = await makeUser(get().db)
		const result = await settle(() => login.action(routeArgs(post('/admin/login', { email: user.email, password: 'not-it-at-all' }), {}, testIp())))
		expect(result.status).toBe(401)
		expect(result.errors).toEqual({ form: identityMessage('invalid-credential') })
		expect(result.values).toEqual({ email: user.email })
		expect(JSON.stringify(result.body)).not.toContain('not-it-at-all')
	})

	test('empty and malformed fields get a message each', async () => {
		const result = await settle(() => login.action(routeArgs(post('/admin/login', { email: 'nope', password: '' }), {}, testIp())))
		expect(result.status).toBe(400)
		expect(result.errors).toEqual({
			form: 'Check the highlighted fields and try again.',
			email: 'Enter an email address such as name@example.com.',
			password: 'Enter your password.',
		})
		expect(result.values).toEqual({ email: 'nope' })
	})

	test('signing in sets an httpOnly SameSite=Lax session cookie and goes back where the user was going', async () => {
		const user = await makeUser(get().db)
		const result = await settle(() =>
			login.action({
				request: post('/admin/login', { email: user.email, password: testPassword, redirectTo: '/admin/team?tab=pending' }),
				params: {},
				context: contextFrom(testIp()),
			} as any),
		)
		expect(result.status).toBe(302)
		expect(result.location).toBe('/admin/team?tab=pending')
		const cookie = sessionCookieOf(result)!
		expect(cookie).toMatch(/^session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=604800$/)
		// The cookie's token is not what the database stores.
		const token = cookie.split(';')[0]!.slice('session='.length)
		const row = await get().db.selectFrom('sessions').select(['id', 'ip', 'user_agent']).where('user_id', '=', user.id).executeTakeFirstOrThrow()
		expect(row.id).toBe(hashToken(token))
		const signedIn = await requireStaff(new Request('http://localhost/admin', { headers: { Cookie: `session=${token}` } }))
		expect(signedIn.user.id).toBe(user.id)
	})

	test('open redirects are refused after sign-in', async () => {
		const user = await makeUser(get().db)
		for (const redirectTo of ['//evil.example/phish', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)', '/admin/login?redirectTo=/x']) {
			const result = await settle(() => login.action(routeArgs(post('/admin/login', { email: user.email, password: testPassword, redirectTo }), {}, testIp())))
			expect(result.location, redirectTo).toBe('/admin')
		}
		const loaded = await settle(() => login.loader(routeArgs(new Request('http://localhost/admin/login?redirectTo=%2F%2Fevil.example'), {}, 'x')))
		expect(loaded.body.redirectTo).toBe('')
	})

	test('a pending account signs in to the waiting page; a disabled one is told why', async () => {
		const pending = await makeUser(get().db, { role: 'pending' })
		const result = await settle(() =>
			login.action(routeArgs(post('/admin/login', { email: pending.email, password: testPassword, redirectTo: '/admin/team' }), {}, testIp())),
		)
		expect(result.location).toBe('/admin/pending-approval')
		const disabled = await makeUser(get().db, { disabled: true })
		const refused = await settle(() => login.action(routeArgs(post('/admin/login', { email: disabled.email, password: testPassword }), {}, testIp())))
		expect(refused.status).toBe(403)
		expect(refused.errors.form).toBe(identityMessage('user-disabled'))
	})

	test('throttled sign-ins get 429, Retry-After and when to try again', async () => {
		const ip = testIp()
		const email = 'throttled@example.com'
		for (let i = 0; i < 10; i++) await settle(() => login.action(routeArgs(post('/admin/login', { email, password: `guess-${i}` }), {}, ip)))
		const result = await settle(() => login.action(routeArgs(post('/admin/login', { email, password: 'guess-x' }), {}, ip)))
		expect(result.status).toBe(429)
		expect(Number(result.headers.get('Retry-After'))).toBeGreaterThan(0)
		expect(result.errors.form).toMatch(/^Too many attempts\. For your security, wait \d+ (minutes?|seconds) and try again\.$/)
		// The page's headers keep it (React Router sends only what the `headers` export returns).
		for (const route of [login, signup]) {
			const args = { actionHeaders: result.headers, loaderHeaders: new Headers(), parentHeaders: new Headers(), errorHeaders: undefined } as any
			expect(new Headers(route.headers(args) as HeadersInit).get('Retry-After')).toBe(result.headers.get('Retry-After'))
		}
	})

	test('the login page explains why a session ended, and ignores unknown reasons', async () => {
		const load = (query: string) => settle(() => login.loader(routeArgs(new Request(`http://localhost/admin/login${query}`), {}, 'x')))
		expect((await load('?reason=user-disabled')).body.notice).toBe(identityMessage('user-disabled'))
		expect((await load('?reason=user-token-expired')).body.notice).toBe(identityMessage('user-token-expired'))
		expect((await load('?reason=signed-out')).body.notice).toBe(identityMessage('signed-out'))
		expect((await load('?reason=%3Cscript%3E')).body.notice).toBeNull()
		// Already signed in: straight on.
		const staff = await makeUser(get().db)
		const cookie = await cookieFor(get().db, staff)
		const signedIn = await settle(() =>
			login.loader(routeArgs(new Request('http://localhost/admin/login?redirectTo=%2Fadmin%2Fteam', { headers: { Cookie: cookie } }), {}, 'x')),
		)
		expect(signedIn.location).toBe('/admin/team')
	})

	test('sign-up answers the same whether or not the email has an account; the email tells which', async () => {
		const { db } = get()
		await makeUser(db, { email: 'taken@example.com' })
		const answers: Settled[] = []
		for (const email of ['nisha@example.com', 'TAKEN@example.com']) {
			answers.push(
				await settle(() => signup.action(routeArgs(post('/admin/signup', { displayName: 'Nisha Das', email, password: 'coral#reef' }), {}, testIp()))),
			)
		}
		for (const answer of answers) {
			expect(answer.status).toBe(302)
			expect(answer.location).toBe(signUpRequestedPath)
			// No session and no toast either way: a cookie would tell the two apart.
			expect(answer.cookies).toEqual([])
		}
		const page = await settle(() => login.loader(routeArgs(new Request(`http://localhost${signUpRequestedPath}`), {}, 'x')))
		expect(page.body.notice).toBe(signUpRequestedNotice)
		const user = await db.selectFrom('users').select(['role', 'display_name']).where('email_lower', '=', 'nisha@example.com').executeTakeFirstOrThrow()
		expect(user).toEqual({ role: 'pending', display_name: 'Nisha Das' })
		const mail = await db
			.selectFrom('email_outbox')
			.select(['kind', 'to_address'])
			.where('kind', 'in', ['account-requested', 'account-exists'])
			.orderBy('id')
			.execute()
		expect(mail).toEqual([
			{ kind: 'account-requested', to_address: 'nisha@example.com' },
			{ kind: 'account-exists', to_address: 'taken@example.com' },
		])
		// The new account signs in and waits for an owner.
		const signedIn = await settle(() => login.action(routeArgs(post('/admin/login', { email: 'nisha@example.com', password: 'coral#reef' }), {}, testIp())))
		expect(signedIn.location).toBe('/admin/pending-approval')
	})

	test('sign-up errors keep name and email, drop the password, and say what to do', async () => {
		const weak = await settle(() =>
			signup.action(routeArgs(post('/admin/signup', { displayName: 'Someone', email: 'new@example.com', password: '123' }), {}, testIp())),
		)
		expect(weak.status).toBe(400)
		expect(weak.errors.password).toBe('Use at least 6 characters.')
		expect(JSON.stringify(weak.body)).not.toContain('"123"')

		const longName = await settle(() =>
			signup.action(routeArgs(post('/admin/signup', { displayName: 'N'.repeat(101), email: 'long@example.com', password: 'coral#reef' }), {}, testIp())),
		)
		expect(longName.status).toBe(400)
		expect(longName.errors.displayName).toBe('Use at most 100 characters for your name.')
		expect(await get().db.selectFrom('users').select('id').where('email_lower', '=', 'long@example.com').executeTakeFirst()).toBeUndefined()

		const empty = await settle(() => signup.action(routeArgs(post('/admin/signup', {}), {}, testIp())))
		expect(empty.errors).toEqual({
			form: 'Check the highlighted fields and try again.',
			displayName: 'Enter your name, as your colleagues know you.',
			email: 'Enter your email address.',
			password: 'Choose a password.',
		})
		const loaded = await settle(() => signup.loader(routeArgs(new Request('http://localhost/admin/signup'), {}, 'x')))
		expect(loaded.body.rules).toEqual(['At least 6 characters'])
	})

	test('sign-out deletes the session row; a GET changes nothing', async () => {
		const staff = await makeUser(get().db)
		const cookie = await cookieFor(get().db, staff)
		const id = hashToken(cookie.slice('session='.length))
		const viaGet = await settle(() => logout.loader())
		expect(viaGet.location).toBe('/admin')
		expect(await get().db.selectFrom('sessions').select('id').where('id', '=', id).executeTakeFirst()).toBeTruthy()
		const result = await settle(() => logout.action(routeArgs(post('/admin/logout', {}, cookie), {}, 'x')))
		expect(result.location).toBe('/admin/login')
		expect(sessionCookieOf(result)).toMatch(/^session=; .*Max-Age=0/)
		expect(await get().db.selectFrom('sessions').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined()
	})

	test('an expired or ended session is sent to the login page with the reason and the cookie cleared', async () => {
		const { db } = get()
		const staff = await makeUser(db)
		const cookie = await cookieFor(db, staff)
		const id = hashToken(cookie.slice('session='.length))
		await db.updateTable('sessions').set({ idle_expires_at: '2020-01-01T00:00:00.000Z' }).where('id', '=', id).execute()
		const expired = await settle(() => requireStaff(new Request('http://localhost/admin/team', { headers: { Cookie: cookie } })))
		expect(expired.location).toBe('/admin/login?reason=user-token-expired&redirectTo=%2Fadmin%2Fteam')
		expect(sessionCookieOf(expired)).toMatch(/Max-Age=0/)

		const other = await cookieFor(db, staff)
		await db
			.updateTable('sessions')
			.set({ ended_reason: 'signed-out' })
			.where('id', '=', hashToken(other.slice('session='.length)))
			.execute()
		const ended = await settle(() => requireStaff(new Request('http://localhost/admin', { headers: { Cookie: other } })))
		expect(ended.location).toBe('/admin/login?reason=signed-out')

		const unknown = await settle(() => requireStaff(new Request('http://localhost/admin', { headers: { Cookie: 'session=forged' } })))
		expect(unknown.location).toBe('/admin/login')
		expect(sessionCookieOf(unknown)).toMatch(/Max-Age=0/)
	})
})
