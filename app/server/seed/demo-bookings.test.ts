import { expect, test } from 'vitest'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { seedDemoData } from './index.server.ts'

describeEachDatabase('demo booking and voucher', (get) => {
	test('the seed makes one confirmed booking with supplier confirmations and a voucher, once', async () => {
		const { db } = get()
		expect((await seedDemoData(db)).bookings).toBe(1)
		expect((await seedDemoData(db)).bookings).toBe(0)
		const booking = await db.selectFrom('bookings').selectAll().executeTakeFirstOrThrow()
		expect(booking).toMatchObject({ status: 'confirmed', lead_id: null })
		const confirmed = await db.selectFrom('booking_components').select('confirmation_number').where('supplier_status', '=', 'confirmed').execute()
		expect(confirmed.map((c) => c.confirmation_number)).toEqual(expect.arrayContaining(['MKZ-PNR-88213', 'SSH-HL-20417']))
		expect(await db.selectFrom('booking_components').select('id').where('supplier_status', '!=', 'confirmed').execute()).toEqual([])
		const vouchers = await db.selectFrom('vouchers').select(['status', 'version']).execute()
		expect(vouchers).toEqual([{ status: 'issued', version: 1 }])
		// The only demo leads are the ferry enquiries' (seeded alongside); the booking adds none.
		expect(await db.selectFrom('leads').select('id').where('source', '!=', 'ferry_form').execute()).toEqual([])
	})
})
