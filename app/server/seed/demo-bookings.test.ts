import { expect, test } from 'vitest'
import { workQueues } from '~/features/reports/server/work-queues.server.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { seedDemoData } from './index.server.ts'

describeEachDatabase('demo booking and voucher', (get) => {
	test('the seed makes one confirmed booking with supplier confirmations and a voucher, once', async () => {
		const { db } = get()
		expect((await seedDemoData(db)).bookings).toBe(1)
		expect((await seedDemoData(db)).bookings).toBe(0)
		const booking = await db.selectFrom('bookings').selectAll().where('submission_key', '=', 'demo:confirmed-honeymoon').executeTakeFirstOrThrow()
		expect(booking).toMatchObject({ status: 'confirmed', lead_id: null })
		const confirmed = await db
			.selectFrom('booking_components')
			.select('confirmation_number')
			.where('booking_id', '=', booking.id)
			.where('supplier_status', '=', 'confirmed')
			.execute()
		expect(confirmed.map((c) => c.confirmation_number)).toEqual(expect.arrayContaining(['MKZ-PNR-88213', 'SSH-HL-20417']))
		expect(
			await db.selectFrom('booking_components').select('id').where('booking_id', '=', booking.id).where('supplier_status', '!=', 'confirmed').execute(),
		).toEqual([])
		const vouchers = await db.selectFrom('vouchers').select(['status', 'version']).execute()
		expect(vouchers).toEqual([{ status: 'issued', version: 1 }])
	})

	test('the demo desk: a sent quote, a booking in each state, an invoice and a credit note, and work in every dashboard queue, all labelled demo and dated from today, once', async () => {
		const { db } = get()
		await seedDemoData(db)
		expect((await seedDemoData(db)).desk).toBe(0)
		const quotes = await db
			.selectFrom('quotes')
			.innerJoin('leads', 'leads.id', 'quotes.lead_id')
			.select(['quotes.status', 'leads.name', 'leads.status as leadStatus'])
			.execute()
		// The suppliers' answered booking was made from a quote too (app/server/seed/demo-suppliers.ts).
		expect(quotes.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
			{ status: 'accepted', name: 'Meera Pillai (demo)', leadStatus: expect.any(String) },
			{ status: 'sent', name: 'Priya Nair (demo)', leadStatus: 'quoted' },
		])
		const bookings = await db.selectFrom('bookings').select(['status', 'contact_name']).where('submission_key', 'like', 'demo:desk:%').execute()
		expect(bookings.map((b) => b.status).sort()).toEqual(['cancelled', 'completed', 'confirmed', 'confirmed', 'pending_payment'])
		expect(bookings.every((b) => b.contact_name.endsWith('(demo)'))).toBe(true)
		const documents = await db.selectFrom('tax_documents').select('kind').execute()
		expect(documents.map((d) => d.kind).sort()).toEqual(['credit-note', 'invoice', 'invoice'])
		const queues = await workQueues(db)
		expect(Object.fromEntries(queues.map((queue) => [queue.id, queue.count]))).toEqual({
			cancellations: 1,
			upi: 1,
			suppliers: 1,
			'suppliers-chased': 1,
			'release-window': 0,
			overdue: 1,
			'follow-ups': 2,
			reviews: 0,
		})
	})
})
