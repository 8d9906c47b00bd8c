import { expect, test } from 'vitest'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { findUserRowByEmail } from '~/features/identity/server/users.server.ts'
import { verifyPassword } from '~/features/identity/server/passwords.server.ts'
import { demoAccounts, seedDemoData } from './index.server.ts'

describeEachDatabase('the demo agent account', (get) => {
	test('the seed makes an agency admin of an approved demo agency, with credit to book on, once; staff terms set later are kept', async () => {
		const { db } = get()
		await seedDemoData(db)
		const account = demoAccounts.find((entry) => entry.role === 'agent_admin')!
		const user = (await findUserRowByEmail(db, account.email.toLowerCase()))!
		expect(user).toMatchObject({ role: 'agent_admin', disabled: 0 })
		expect(await verifyPassword(user.password_hash, account.password)).toBe(true)
		const agency = await db.selectFrom('agents').selectAll().where('id', '=', user.agent_id!).executeTakeFirstOrThrow()
		expect(agency).toMatchObject({ company: 'Coral Coast Holidays', status: 'approved', rate_rule: 'commission' })
		expect(Number(agency.credit_limit)).toBe(50_000_000)

		await db.updateTable('agents').set({ credit_limit: 10_000_000 }).where('id', '=', agency.id).execute()
		expect((await seedDemoData(db)).accounts).toBe(0)
		const again = await db.selectFrom('agents').select('credit_limit').where('id', '=', agency.id).executeTakeFirstOrThrow()
		expect(Number(again.credit_limit)).toBe(10_000_000)
		expect(await db.selectFrom('users').select('id').where('agent_id', '=', agency.id).execute()).toHaveLength(1)
	})
})
