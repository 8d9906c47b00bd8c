import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { inviteAgentUserSchema } from '~/features/agents/domain/agent-users.ts'
import { signInWithPassword } from '~/features/identity/server/accounts.server.ts'
import { resetPasswordWithCode } from '~/features/identity/server/action-codes.server.ts'
import { readSession } from '~/features/identity/server/sessions.server.ts'
import { closeDatabase } from '~/server/db/index.server.ts'
import { cookieFor, identityCode, makeAgency, makeUser, testIp, testPassword, useAppDatabase } from '#tests/support/identity.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { inviteAgentUser, listAgentUsers, removeAgentUser } from '~/features/agents/server/agent-users.server.ts'
import { changeAgentStatus } from '~/features/agents/server/agents.server.ts'
import * as agentUsersRoute from './users.tsx'

const staff = { id: 'staff-1', label: 'Asha (staff)' }
const link = { siteUrl: 'http://localhost:3000', apiKey: 'test-key' }
const invite = (email: string, role: 'agent_user' | 'agent_admin' = 'agent_user') =>
	inviteAgentUserSchema.parse({ email, displayName: `Person ${email}`, role })

/** The code in the invitation's link, read from the outbox as the invitee would from their mail. */
async function invitationCode(db: Parameters<typeof listAgentUsers>[0], outboxKey: string): Promise<string> {
	const row = await db.selectFrom('email_outbox').select('body_text').where('dedupe_key', '=', outboxKey).executeTakeFirstOrThrow()
	const code = /oobCode=([^&\s]+)/.exec(row.body_text)?.[1]
	if (!code) throw new Error('no link in the invitation')
	return decodeURIComponent(code)
}

describeEachDatabase('agency users', (get) => {
	beforeAll(async () => {
		await useAppDatabase(get().url)
	})
	afterAll(async () => {
		await closeDatabase()
	})

	test('staff invite an approved agency’s person, who sets a password from the link and signs in as that agency’s user', async () => {
		const { db } = get()
		const agency = await makeAgency(db)
		const { user, outboxKey } = await inviteAgentUser(db, staff, agency.id, invite('ravi@agency-a.example', 'agent_admin'), link)
		expect(user).toMatchObject({ role: 'agent_admin', agentId: agency.id, hasPassword: false, disabled: false })
		expect((await listAgentUsers(db, agency.id)).map((row) => [row.email, row.status])).toEqual([['ravi@agency-a.example', 'invited']])
		await resetPasswordWithCode(db, { code: await invitationCode(db, outboxKey), newPassword: 'Agency#Pass2026' })
		const signedIn = await signInWithPassword(db, { email: 'ravi@agency-a.example', password: 'Agency#Pass2026', ip: testIp(), via: 'web' })
		expect(signedIn).toMatchObject({ role: 'agent_admin', agentId: agency.id })
		expect((await listAgentUsers(db, agency.id))[0]!.status).toBe('active')
		// An address that already has an account (staff, or another agency's user) is never taken over.
		const member = await makeUser(db, { role: 'staff' })
		expect(await identityOrAppCode(inviteAgentUser(db, staff, agency.id, invite(member.email), link))).toBe('already-exists')
		// A suspended or applied agency's people are not invited.
		const applied = await makeAgency(db, { status: 'applied' })
		expect(await identityOrAppCode(inviteAgentUser(db, staff, applied.id, invite('new@agency-c.example'), link))).toBe('failed-precondition')
	})

	test('an agency admin reaches only their own agency’s users: agency B’s list, people and addresses are out of reach', async () => {
		const { db } = get()
		const a = await makeAgency(db, { company: 'Agency A' })
		const b = await makeAgency(db, { company: 'Agency B' })
		const adminA = await makeUser(db, { role: 'agent_admin', agentId: a.id })
		const userA = await makeUser(db, { role: 'agent_user', agentId: a.id })
		const userB = await makeUser(db, { role: 'agent_user', agentId: b.id })
		const cookie = await cookieFor(db, adminA)
		const call = async (kind: 'loader' | 'action', body?: Record<string, string>) => {
			const request = new Request(
				'http://localhost/agent/users',
				body
					? { method: 'POST', headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body) }
					: { headers: { Cookie: cookie } },
			)
			try {
				return await (agentUsersRoute[kind] as (args: unknown) => Promise<unknown>)({
					request,
					params: { agentId: b.id, id: b.id },
					context: new RouterContextProvider(),
				})
			} catch (thrown) {
				return thrown
			}
		}
		// The list is the signed-in admin's agency, whatever the request names.
		const page = (await call('loader')) as { users: Array<{ id: string }> }
		expect(page.users.map((row) => row.id).sort()).toEqual([adminA.id, userA.id].sort())
		// Removing B's user is not found (and changes nothing); removing A's own works.
		const refused = await call('action', { intent: 'remove-user', userId: userB.id })
		expect(JSON.stringify(refused)).toContain('not a user of this agency')
		expect((await listAgentUsers(db, b.id)).map((row) => row.status)).toEqual(['active'])
		await expect(removeAgentUser(db, { id: adminA.id, label: 'A' }, a.id, userB.id)).rejects.toThrow(/not a user of this agency/)
		// Inviting B's user's address into A is refused; B's user stays B's.
		const takeOver = await call('action', { intent: 'invite-user', email: userB.email, displayName: 'Taken', role: 'agent_admin' })
		expect(JSON.stringify(takeOver)).toContain('already has an account')
		expect(await db.selectFrom('users').select(['agent_id', 'role']).where('id', '=', userB.id).executeTakeFirstOrThrow()).toEqual({
			agent_id: b.id,
			role: 'agent_user',
		})
		// A new address goes into A, never B.
		await call('action', { intent: 'invite-user', email: 'new@agency-a.example', displayName: 'New Person', role: 'agent_user' })
		expect((await listAgentUsers(db, a.id)).map((row) => row.email)).toContain('new@agency-a.example')
		expect((await listAgentUsers(db, b.id)).map((row) => row.email)).not.toContain('new@agency-a.example')
		// Removing a user of A signs them out and they cannot sign in.
		const removedCookie = await cookieFor(db, userA)
		await call('action', { intent: 'remove-user', userId: userA.id })
		expect(await readSession(db, removedCookie.slice('session='.length))).toEqual({ status: 'ended', reason: 'user-disabled' })
	})

	test('suspending an agency signs its users out and spends their invitations; reinstated, they sign in again', async () => {
		const { db } = get()
		const agency = await makeAgency(db)
		const active = await makeUser(db, { role: 'agent_admin', agentId: agency.id })
		const token = (await cookieFor(db, active)).slice('session='.length)
		const { outboxKey } = await inviteAgentUser(db, staff, agency.id, invite(`invitee-${agency.id}@example.com`), link)
		const code = await invitationCode(db, outboxKey)
		const before = await db.selectFrom('users').select('token_version').where('id', '=', active.id).executeTakeFirstOrThrow()

		await changeAgentStatus(db, staff, agency.id, 'suspended')
		expect(await readSession(db, token)).toEqual({ status: 'ended', reason: 'agency-suspended' })
		expect(Number((await db.selectFrom('users').select('token_version').where('id', '=', active.id).executeTakeFirstOrThrow()).token_version)).toBe(
			Number(before.token_version) + 1,
		)
		expect(await identityCode(signInWithPassword(db, { email: active.email, password: testPassword, ip: testIp(), via: 'web' }))).toBe('USER_DISABLED')
		expect(await identityCode(resetPasswordWithCode(db, { code, newPassword: 'Agency#Pass2026' }))).toBe('INVALID_OOB_CODE')
		// A session made some other way meanwhile is not honoured either: the agency's status is read on every request.
		const late = (await cookieFor(db, active)).slice('session='.length)
		expect(await readSession(db, late)).toEqual({ status: 'ended', reason: 'agency-suspended' })

		await changeAgentStatus(db, staff, agency.id, 'approved')
		expect(await signInWithPassword(db, { email: active.email, password: testPassword, ip: testIp(), via: 'web' })).toMatchObject({ id: active.id })
		// The old invitation stays spent: staff send a new one.
		expect(await identityCode(resetPasswordWithCode(db, { code, newPassword: 'Agency#Pass2026' }))).toBe('INVALID_OOB_CODE')
		const again = await inviteAgentUser(db, staff, agency.id, invite(`invitee-${agency.id}@example.com`), link)
		await resetPasswordWithCode(db, { code: await invitationCode(db, again.outboxKey), newPassword: 'Agency#Pass2026' })
	})
})

async function identityOrAppCode(promise: Promise<unknown>): Promise<string> {
	try {
		await promise
	} catch (error) {
		if (error && typeof error === 'object' && 'code' in error) return String((error as { code: unknown }).code)
		throw error
	}
	return 'no error'
}
