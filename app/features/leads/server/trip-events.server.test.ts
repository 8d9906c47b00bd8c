import { beforeAll, expect, test } from 'vitest'
import { addDays, todayInIndia } from '~/lib/dates.ts'
import {
	cancelBooking,
	confirmBooking,
	createBooking,
	getBooking,
	listBookings,
	type NewBooking,
	recordPayment,
} from '~/features/bookings/server/bookings.server.ts'
import { confirmAll, twoAdultBooking } from '#tests/support/booking-fixtures.ts'
import { bookingsOfLead, linksOfBooking } from '~/features/bookings/server/trip-links.server.ts'
import { dashboardFigures } from '~/features/reports/server/dashboard.server.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { defaultSettings } from '~/features/settings/server/settings.server.ts'
import { issueVoucher } from '~/features/bookings/server/vouchers.server.ts'
import { getLeadPage } from './desk.server.ts'
import { addLeadEvent, nextEventAt } from './trip-events.server.ts'

const staff = { id: 'staff-1', label: 'Asha (staff)', isOwner: false }

describeEachDatabase('the lead follows its trip', (get) => {
	let booking: NewBooking

	beforeAll(async () => {
		booking = await twoAdultBooking(get().db, 'trip-events-package')
	})

	test('booking, payment, confirmation (lead won), voucher and cancellation (lead back) on the lead’s timeline, linked both ways', async () => {
		const { db } = get()
		const { id } = await createBooking(db, booking, { submissionKey: 'trip-events' })
		const leadId = (await getBooking(db, id))!.booking.leadId!
		// The traveller had been talked to: the lead was "contacted" before the booking won it.
		await db.updateTable('leads').set({ status: 'contacted' }).where('id', '=', leadId).execute()
		await recordPayment(db, id, { amount: 1_500_000, method: 'upi', reference: 'UPI-trip', paidOn: todayInIndia(), verified: true }, staff)
		await confirmBooking(db, id, 30, staff, null)
		expect((await getLeadPage(db, leadId)).lead.status).toBe('won')
		await confirmAll(db, id)
		await issueVoucher(db, id, staff, 'https://andaman.test')

		const page = await getLeadPage(db, leadId)
		const reference = (await getBooking(db, id))!.booking.reference
		const bodies = page.events.map((event) => `${event.kind}: ${event.body}`)
		expect(bodies).toEqual(
			expect.arrayContaining([
				expect.stringMatching(new RegExp(`^booking: ${reference}: booked online`)),
				`payment: ${reference}: payment of ₹15,000 recorded (UPI UPI-trip), verified`,
				`booking: ${reference}: confirmed`,
				`status: Contacted → Won: booking ${reference} confirmed`,
				`voucher: ${reference}: voucher version 1 issued`,
			]),
		)
		// Linked both ways: the lead lists the booking and its voucher; the booking names its lead.
		const listed = await bookingsOfLead(db, leadId)
		expect(listed).toEqual([
			expect.objectContaining({ id, reference, status: 'confirmed', vouchers: [expect.objectContaining({ version: 1, status: 'issued' })] }),
		])
		expect((await linksOfBooking(db, { id, leadId, quoteId: null })).lead).toMatchObject({ id: leadId, status: 'won' })

		await cancelBooking(db, id, 'Family emergency', todayInIndia(), defaultSettings.cancellationTiers, staff)
		const after = await getLeadPage(db, leadId)
		expect(after.lead.status).toBe('contacted')
		expect(after.events[0]).toMatchObject({ kind: 'status', body: `Won → Contacted: booking ${reference} cancelled` })
		expect(after.events.map((event) => event.body)).toContainEqual(expect.stringMatching(new RegExp(`^${reference}: cancelled \\(Family emergency\\)`)))
		const audit = await db.selectFrom('audit_log').select('action').where('entity_id', '=', leadId).where('action', '=', 'lead.change-status').execute()
		expect(audit).toHaveLength(2)
	})

	test('a booking made inside the balance window is due today and not overdue until tomorrow', async () => {
		const { db } = get()
		const today = todayInIndia()
		const start = addDays(today, 3)
		const { id } = await createBooking(db, { ...booking, startDate: start, advanceDue: 5_000_000 }, { submissionKey: 'inside-window' })
		await recordPayment(db, id, { amount: 1_500_000, method: 'upi', reference: 'UPI-window', paidOn: today, verified: true }, staff)
		await confirmBooking(db, id, 30, staff, null)
		expect((await getBooking(db, id))!.booking.balanceDueDate).toBe(today)
		expect((await listBookings(db, { filter: 'overdue', today })).map((b) => b.id)).not.toContain(id)
		const all = await listBookings(db, { status: 'confirmed', today })
		expect(all.find((b) => b.id === id)).toMatchObject({ overdue: false, balance: 3_500_000 })
		const before = await dashboardFigures(db, today)
		expect((await listBookings(db, { filter: 'overdue', today: addDays(today, 1) })).map((b) => b.id)).toContain(id)
		expect((await dashboardFigures(db, addDays(today, 1))).balancesOverdue.count).toBe(before.balancesOverdue.count + 1)
	})

	test('events written within one millisecond keep the order they were written in', async () => {
		const { db } = get()
		const { id } = await createBooking(db, booking, { submissionKey: 'trip-events-order' })
		const leadId = (await getBooking(db, id))!.booking.leadId!
		const future = new Date(Date.now() + 60_000).toISOString()
		// A "now" no later than the latest event goes 1 ms after it; a later one is kept as it is.
		await db
			.insertInto('lead_events')
			.values({ id: 'order-probe-1', lead_id: leadId, kind: 'note', body: 'first', meta_json: null, actor_id: null, actor_label: 'test', at: future })
			.execute()
		expect(await nextEventAt(db, leadId, future)).toBe(new Date(Date.parse(future) + 1).toISOString())
		expect(await nextEventAt(db, leadId, '2000-01-01T00:00:00.000Z')).toBe(new Date(Date.parse(future) + 1).toISOString())
		const later = new Date(Date.parse(future) + 5).toISOString()
		expect(await nextEventAt(db, leadId, later)).toBe(later)
		for (const body of ['second', 'third', 'fourth']) await addLeadEvent(db, leadId, staff, 'note', body)
		expect((await getLeadPage(db, leadId)).events.slice(0, 4).map((event) => event.body)).toEqual(['fourth', 'third', 'second', 'first'])
	})
})
