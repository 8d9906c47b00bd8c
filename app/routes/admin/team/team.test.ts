import { afterAll, beforeAll, expect, test } from 'vitest'
import { auditTrail } from '~/server/db/audit.server.ts'
import { closeDatabase } from '~/server/db/index.server.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { readSession } from '~/features/identity/server/sessions.server.ts'
import { cookieFor, makeUser, useAppDatabase } from '#tests/support/identity.ts'
import { post, routeArgs, settle } from '#tests/support/route-requests.ts'
import * as team from './team.tsx'

const act = (cookie: string, form: Record<string, string>) => settle(() => team.action(routeArgs(post('/admin/team', form, cookie))))

describeEachDatabase('team page', (get) => {
	beforeAll(async () => {
		await useAppDatabase(get().url)
	})
	afterAll(async () => {
		await closeDatabase()
	})

	test('lists accounts with pending ones first and active sessions counted', async () => {
		const { db } = get()
		const owner = await makeUser(db, { role: 'owner' })
		const pending = await makeUser(db, { role: 'pending', displayName: 'Zara Pending' })
		await cookieFor(db, pending)
		const result = await settle(() => team.loader(routeArgs(new Request('http://localhost/admin/team', { headers: { Cookie: 'x=1; session=' } }))))
		expect(result.location).toBe('/admin/login?redirectTo=%2Fadmin%2Fteam')
		const cookie = await cookieFor(db, owner)
		const { body } = await settle(() => team.loader(routeArgs(new Request('http://localhost/admin/team', { headers: { Cookie: cookie } }))))
		expect(body.accounts[0]).toMatchObject({ id: pending.id, role: 'pending', activeSessions: 1 })
		expect(body.currentUserId).toBe(owner.id)
		expect(JSON.stringify(body)).not.toMatch(/argon2|password/i)
	})

	test('approve, change role, disable, enable, sign out everywhere: each redirects with a toast and is audited', async () => {
		const { db } = get()
		const owner = await makeUser(db, { role: 'owner' })
		const cookie = await cookieFor(db, owner)
		const pending = await makeUser(db, { role: 'pending' })
		const pendingSession = await cookieFor(db, pending)

		const approved = await act(cookie, { intent: 'approve', userId: pending.id, role: 'staff' })
		expect(approved).toMatchObject({ status: 302, location: '/admin/team' })
		expect(await act(cookie, { intent: 'change-role', userId: pending.id, role: 'owner' })).toMatchObject({ status: 302 })
		expect(await act(cookie, { intent: 'change-role', userId: pending.id, role: 'staff' })).toMatchObject({ status: 302 })
		expect(await act(cookie, { intent: 'disable', userId: pending.id })).toMatchObject({ status: 302 })
		expect(await readSession(db, pendingSession.slice('session='.length))).toEqual({ status: 'ended', reason: 'user-disabled' })
		expect(await act(cookie, { intent: 'enable', userId: pending.id })).toMatchObject({ status: 302 })
		const again = await cookieFor(db, pending)
		expect(await act(cookie, { intent: 'sign-out-everywhere', userId: pending.id })).toMatchObject({ status: 302, location: '/admin/team' })
		expect(await readSession(db, again.slice('session='.length))).toEqual({ status: 'ended', reason: 'signed-out' })
		expect((await auditTrail(db, 'user', pending.id)).map((row) => row.action)).toEqual([
			'user.sign-out-everywhere',
			'user.enable',
			'user.disable',
			'user.change-role',
			'user.change-role',
			'user.approve',
		])
	})

	test('refusals come back as messages with the right status', async () => {
		const { db } = get()
		await db.deleteFrom('users').execute()
		const owner = await makeUser(db, { role: 'owner' })
		const cookie = await cookieFor(db, owner)
		const lastOwner = await act(cookie, { intent: 'change-role', userId: owner.id, role: 'staff' })
		expect(lastOwner.status).toBe(409)
		expect(lastOwner.errors.form).toBe('There must always be at least one active owner. Make someone else an owner first.')
		expect((await act(cookie, { intent: 'disable', userId: owner.id })).errors.form).toBe('You cannot disable your own account.')
		expect(await act(cookie, { intent: 'approve', userId: 'NoSuchAccount0000000' })).toMatchObject({
			status: 404,
			errors: { form: 'That account no longer exists.' },
		})
		expect(await act(cookie, { intent: 'explode', userId: owner.id })).toMatchObject({ status: 400, errors: { intent: 'Choose what to do with the account.' } })
		expect(await act(cookie, { intent: 'change-role', userId: owner.id, role: 'emperor' })).toMatchObject({
			status: 400,
			errors: { role: 'Choose staff or owner.' },
		})
	})
})
