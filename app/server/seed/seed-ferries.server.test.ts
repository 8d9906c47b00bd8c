import { expect, test } from 'vitest'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { seedDemoFerries } from './seed-ferries.server.ts'

describeEachDatabase('demo ferries, tickets and agents', (get) => {
	test('load once, and a second run adds nothing', async () => {
		const { db } = get()
		expect(await seedDemoFerries(db)).toEqual({ agents: 3, ferryLeads: 3, ferryBookings: 3, offlineTickets: 3 })
		expect(await seedDemoFerries(db)).toEqual({ agents: 0, ferryLeads: 0, ferryBookings: 0, offlineTickets: 0 })
		const confirmed = await db.selectFrom('ferry_bookings').select(['pnr', 'status']).where('status', '=', 'confirmed').execute()
		expect(confirmed).toEqual([{ pnr: 'MKZ2611042', status: 'confirmed' }])
		const leads = await db.selectFrom('leads').select('source').where('source', '=', 'ferry_form').execute()
		expect(leads).toHaveLength(3)
	})
})
