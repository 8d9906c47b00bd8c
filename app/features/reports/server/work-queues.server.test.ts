import { beforeAll, expect, test } from 'vitest'
import { cancelBooking, confirmBooking, createBooking, listBookings, type NewBooking, recordPayment } from '~/features/bookings/server/bookings.server.ts'
import { createLead } from '~/features/leads/server/leads.server.ts'
import { addDays, todayInIndia } from '~/lib/dates.ts'
import { confirmAll, twoAdultBooking } from '#tests/support/booking-fixtures.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { defaultSettings } from '~/features/settings/server/settings.server.ts'
import { queueItemsShown, workQueues } from './work-queues.server.ts'

const staff = { id: 'staff-1', label: 'Asha (staff)', isOwner: false }
const today = todayInIndia()
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString()

describeEachDatabase('the dashboard work queues', (get) => {
	let form: NewBooking
	const ids: Record<string, string> = {}

	/** A booking made `daysAgo` days ago, arriving `arrives` days from today, with the contact `name`. */
	async function booking(name: string, { daysAgo = 3, arrives = 60 }: { daysAgo?: number; arrives?: number } = {}) {
		const { db } = get()
		const { id } = await createBooking(db, { ...form, contactName: name, startDate: addDays(today, arrives) }, { submissionKey: `queues-${name}` })
		await db
			.updateTable('bookings')
			.set({ created_at: hoursAgo(daysAgo * 24) })
			.where('id', '=', id)
			.execute()
		ids[name] = id
		return id
	}
	async function confirmed(name: string, options: { daysAgo?: number; arrives?: number; paid?: number } = {}) {
		const { db } = get()
		const id = await booking(name, options)
		await recordPayment(db, id, { amount: options.paid ?? 1_500_000, method: 'upi', reference: `UPI-${name}`, paidOn: today, verified: true }, staff)
		await confirmBooking(db, id, 30, staff, null)
		return id
	}
	const ask = (bookingId: string, hours: number) =>
		get()
			.db.insertInto('cancellation_requests')
			.values({ booking_id: bookingId, reason: `Change of plans ${hours}`, quoted_fee: 0, quoted_refund: 0, created_at: hoursAgo(hours) })
			.execute()
	const claim = (bookingId: string, reference: string) =>
		recordPayment(
			get().db,
			bookingId,
			{ amount: 500_000, method: 'upi', reference, paidOn: today, verified: false, source: 'traveller' },
			{ id: null, label: 'traveller' },
		)

	beforeAll(async () => {
		const { db } = get()
		form = await twoAdultBooking(db, 'queues-package')
		// Cancellation requests: two open bookings (the older asked first), one booking already cancelled.
		await ask(await booking('Asked later'), 2)
		await ask(await booking('Asked first'), 30)
		const gone = await booking('Cancelled already')
		await ask(gone, 50)
		await cancelBooking(db, gone, 'Cancelled on request', today, defaultSettings.cancellationTiers, staff)
		// UPI references: two waiting (the first typed first), one verified, one rejected.
		const upi = await booking('Paid by UPI')
		await claim(upi, 'UPI-WAIT-1')
		const second = await claim(upi, 'UPI-WAIT-2')
		// Typed a minute apart: two claims in the same millisecond would have no "first".
		const typed = await db.selectFrom('payments').select('created_at').where('id', '=', second.id).executeTakeFirstOrThrow()
		await db
			.updateTable('payments')
			.set({ created_at: new Date(Date.parse(typed.created_at) + 60_000).toISOString() })
			.where('id', '=', second.id)
			.execute()
		const verified = await booking('UPI verified')
		const checked = await claim(verified, 'UPI-OK')
		await db.updateTable('payments').set({ verified: 1 }).where('id', '=', checked.id).execute()
		const rejected = await claim(await booking('UPI rejected'), 'UPI-NO')
		await db.updateTable('payments').set({ rejected_at: new Date().toISOString(), rejected_reason: 'No such payment' }).where('id', '=', rejected.id).execute()
		// Suppliers: two confirmed bookings with components to confirm, one with every component confirmed.
		await confirmed('Suppliers waiting')
		await confirmed('Suppliers waiting too')
		await confirmAll(db, await confirmed('Suppliers all confirmed'))
		// Overdue: confirmed, arriving inside the balance window, booked days ago, short of the total; one paid in full.
		await confirmAll(db, await confirmed('Balance overdue', { arrives: 5, daysAgo: 10 }))
		await confirmAll(db, await confirmed('Paid in full', { arrives: 5, daysAgo: 10, paid: form.price.total }))
		// Follow-ups: two due (yesterday's first), one next week, one on a lost lead.
		for (const [name, date, status] of [
			['Follow today', today, 'new'],
			['Follow yesterday', addDays(today, -1), 'contacted'],
			['Follow next week', addDays(today, 7), 'new'],
			['Follow lost', addDays(today, -2), 'lost'],
		] as const) {
			const lead = await createLead(db, { source: 'phone', name, phone: '+919811100011', email: null, adults: 2 })
			await db.updateTable('leads').set({ next_follow_up: date, status }).where('id', '=', lead.id).execute()
		}
	})

	test('each queue counts its work and lists the oldest first, with a link to each item and to the whole list', async () => {
		const queues = Object.fromEntries((await workQueues(get().db, today)).map((queue) => [queue.id, queue]))
		expect(queues.cancellations).toMatchObject({ count: 2, to: '/admin/pending?filter=cancellation-requests' })
		expect(queues.cancellations!.items.map((item) => item.label.split(' · ')[1])).toEqual(['Asked first', 'Asked later'])
		expect(queues.cancellations!.items[0]).toMatchObject({ detail: 'Change of plans 30', to: `/admin/pending/${ids['Asked first']}` })

		expect(queues.upi).toMatchObject({ count: 2, to: '/admin/pending?filter=upi-to-verify' })
		expect(queues.upi!.items.map((item) => [item.detail, item.amount])).toEqual([
			['UPI UPI-WAIT-1', 500_000],
			['UPI UPI-WAIT-2', 500_000],
		])

		// "Balance overdue" and "Paid in full" have every component confirmed.
		expect(queues.suppliers).toMatchObject({ count: 2, to: '/admin/pending?filter=suppliers-pending' })
		expect(queues.suppliers!.items.map((item) => item.label.split(' · ')[1])).toEqual(['Suppliers waiting', 'Suppliers waiting too'])
		expect(queues.suppliers!.items[0]!.detail).toMatch(/^\d+ components to confirm$/)

		expect(queues.overdue).toMatchObject({ count: 1, to: '/admin/pending?filter=overdue' })
		expect(queues.overdue!.items[0]).toMatchObject({
			label: expect.stringContaining('Balance overdue'),
			amount: form.price.total - 1_500_000,
			sinceIsDate: true,
			to: `/admin/pending/${ids['Balance overdue']}`,
		})

		expect(queues['follow-ups']).toMatchObject({ count: 2, to: '/admin/leads?followUp=due' })
		expect(queues['follow-ups']!.items.map((item) => [item.label.split(' · ')[1], item.since])).toEqual([
			['Follow yesterday', addDays(today, -1)],
			['Follow today', today],
		])
		for (const queue of Object.values(queues)) expect(queue.items.length).toBeLessThanOrEqual(queueItemsShown)
	})

	test('the bookings list opens each booking queue', async () => {
		const { db } = get()
		const names = async (filter: 'cancellation-requests' | 'upi-to-verify' | 'suppliers-pending') =>
			(await listBookings(db, { filter, today })).map((b) => b.contactName).sort()
		expect(await names('cancellation-requests')).toEqual(['Asked first', 'Asked later'])
		expect(await names('upi-to-verify')).toEqual(['Paid by UPI'])
		expect(await names('suppliers-pending')).toEqual(['Suppliers waiting', 'Suppliers waiting too'])
	})
})
