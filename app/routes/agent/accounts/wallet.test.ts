import { afterAll, beforeAll, expect, test } from 'vitest'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { cookieFor, makeAgency, makeUser, useAppDatabase } from '#tests/support/identity.ts'
import { get as getRequest, post, routeArgs, settle } from '#tests/support/route-requests.ts'
import { closeDatabase } from '~/server/db/index.server.ts'
import * as wallet from './wallet.tsx'

describeEachDatabase('the agency’s wallet at /agent/wallet without a payment gateway', (get) => {
	beforeAll(async () => {
		await useAppDatabase(get().url)
	})
	afterAll(async () => {
		await closeDatabase()
	})

	test('the admin sees the credit and that online top-ups are not available (a post is refused, nothing ordered); an agent user is refused', async () => {
		const { db } = get()
		const agency = await makeAgency(db)
		const admin = await cookieFor(db, await makeUser(db, { role: 'agent_admin', agentId: agency.id }))
		const agent = await cookieFor(db, await makeUser(db, { role: 'agent_user', agentId: agency.id }))
		const page = await settle(() => wallet.loader(routeArgs(getRequest('/agent/wallet', admin))))
		expect(page.status).toBe(200)
		expect(page.body).toMatchObject({ online: false, checkout: null, topUps: [], credit: { available: expect.any(Number) } })
		const posted = await settle(() => wallet.action(routeArgs(post('/agent/wallet', { amount: '25000' }, admin))))
		expect(posted.status).toBe(409)
		expect(posted.errors.form).toMatch(/not available/)
		expect(await db.selectFrom('agent_top_ups').select('id').execute()).toEqual([])
		expect((await settle(() => wallet.loader(routeArgs(getRequest('/agent/wallet', agent))))).status).toBe(403)
		expect((await settle(() => wallet.action(routeArgs(post('/agent/wallet', { amount: '25000' }, agent))))).status).toBe(403)
	})
})
