import { expect, test } from 'vitest'
import { twoAdultBooking } from '#tests/support/booking-fixtures.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { bookedOn, confirmBooking, createBooking, getBooking, listBookings, recordPayment } from '~/features/bookings/server/bookings.server.ts'
import { workQueues } from '~/features/reports/server/work-queues.server.ts'
import type { SupplierForm } from '~/features/suppliers/domain/suppliers.ts'
import { addDays } from '~/lib/dates.ts'
import { chaseSupplierRequests } from './supplier-chasing.server.ts'
import { answerSupplierRequest, assignComponentSuppliers, sendSupplierRequests } from './supplier-requests.server.ts'
import { createSupplier } from './suppliers.server.ts'

const staff = { id: 'staff-1', label: 'Asha (staff)', isOwner: false }
const siteUrl = 'https://andamanisles.example'
const hour = 3_600_000

function supplierForm(name: string, kind: SupplierForm['kind'], email: string | null): SupplierForm {
	return {
		name,
		kind,
		contactPerson: null,
		email,
		whatsapp: null,
		gstin: null,
		pan: null,
		bankAccountName: null,
		bankAccountNumber: null,
		bankIfsc: null,
		upiId: null,
		terms: 'before',
		advancePercent: 0,
		termsDays: 7,
		notes: null,
	}
}

describeEachDatabase('chasing supplier requests', (get) => {
	/** A confirmed booking whose hotels and transfers were sent to two suppliers (the hotel has an email); the requests' sending time. */
	async function sentRequests(key: string) {
		const { db } = get()
		const form = await twoAdultBooking(db, `chase-${key}`)
		const { id } = await createBooking(db, form, { submissionKey: `chase-${key}` })
		const today = bookedOn(await db.selectFrom('bookings').select('created_at').where('id', '=', id).executeTakeFirstOrThrow())
		await recordPayment(db, id, { amount: 1_500_000, method: 'upi', reference: `UPI-${key}`, paidOn: today, verified: true }, staff)
		await confirmBooking(db, id, 30, staff, null)
		const hotel = await createSupplier(db, staff, supplierForm(`Chase Hotel ${key}`, 'hotel', 'desk@chase.example'))
		const cabs = await createSupplier(db, staff, supplierForm(`Chase Cabs ${key}`, 'transport', null))
		const components = (await getBooking(db, id))!.components
		await assignComponentSuppliers(
			db,
			id,
			components.map((component) => ({
				componentId: component.id,
				supplierId: component.kind === 'hotel' ? hotel : component.kind === 'transfer' ? cabs : null,
				plannedCost: null,
			})),
			staff,
		)
		await sendSupplierRequests(db, id, staff, { siteUrl, today })
		const requests = await db.selectFrom('supplier_requests').selectAll().where('booking_id', '=', id).execute()
		const sentAt = new Date(
			requests
				.map((request) => request.sent_at)
				.sort()
				.at(-1)!,
		)
		return { id, hotel, cabs, requests, sentAt, today }
	}
	const chasesOf = (id: string) => get().db.selectFrom('email_outbox').selectAll().where('booking_id', '=', id).where('kind', '=', 'supplier-chase').execute()

	test('not chased before the set hours; then once (emailed when the supplier has an address, audited), flagged on the dashboard; a second run chases nothing', async () => {
		const { db } = get()
		const { id, hotel, sentAt, today } = await sentRequests('once')
		// The default: 24 hours. An hour short of it, nothing.
		await chaseSupplierRequests(db, { siteUrl, now: new Date(sentAt.getTime() + 23 * hour) })
		expect(await chasesOf(id)).toHaveLength(0)
		expect((await db.selectFrom('supplier_requests').select('chased_at').where('booking_id', '=', id).execute()).every((row) => row.chased_at === null)).toBe(
			true,
		)

		const now = new Date(sentAt.getTime() + 25 * hour)
		await chaseSupplierRequests(db, { siteUrl, now })
		const chases = await chasesOf(id)
		expect(chases).toHaveLength(1)
		expect(chases[0]).toMatchObject({ to_address: 'desk@chase.example', subject: expect.stringMatching(/^Reminder: Please confirm/) })
		expect(chases[0]!.body_text).toContain(`${siteUrl}/supplier/`)
		const rows = await db.selectFrom('supplier_requests').select(['supplier_id', 'chased_at']).where('booking_id', '=', id).execute()
		expect(rows.every((row) => row.chased_at === now.toISOString())).toBe(true)
		expect(await db.selectFrom('audit_log').select('id').where('entity_id', '=', id).where('action', '=', 'supplier-request-chased').execute()).toHaveLength(2)

		// Flagged: the dashboard queue and the bookings list's filter.
		const queue = (await workQueues(db, today)).find((candidate) => candidate.id === 'suppliers-chased')!
		expect(queue.items.filter((item) => item.to.startsWith(`/admin/pending/${id}`))).toHaveLength(2)
		expect((await listBookings(db, { filter: 'suppliers-unanswered', today })).some((booking) => booking.id === id)).toBe(true)

		// Chased once only, even when two runs overlap.
		await Promise.all([
			chaseSupplierRequests(db, { siteUrl, now: new Date(now.getTime() + 48 * hour) }),
			chaseSupplierRequests(db, { siteUrl, now: new Date(now.getTime() + 48 * hour) }),
		])
		expect(await chasesOf(id)).toHaveLength(1)

		// Answered: off the queue.
		const token = (
			await db.selectFrom('supplier_requests').select('token').where('booking_id', '=', id).where('supplier_id', '=', hotel).executeTakeFirstOrThrow()
		).token
		await answerSupplierRequest(db, token, { kind: 'confirm', confirmationNumber: 'LATE-1' }, today)
		const after = (await workQueues(db, today)).find((candidate) => candidate.id === 'suppliers-chased')!
		expect(after.items.filter((item) => item.to.startsWith(`/admin/pending/${id}`))).toHaveLength(1)
	})

	test('the hours are a setting; a link already expired is not chased', async () => {
		const { db } = get()
		await db
			.insertInto('settings')
			.values({ key: 'supplierChaseHours', value_json: '2', updated_at: new Date(0).toISOString() })
			.onConflict((oc) => oc.column('key').doUpdateSet({ value_json: '2' }))
			.execute()
		try {
			const { id, requests, sentAt } = await sentRequests('setting')
			await chaseSupplierRequests(db, { siteUrl, now: new Date(sentAt.getTime() + 3 * hour) })
			expect(await chasesOf(id)).toHaveLength(1)

			const { id: late, requests: lateRequests } = await sentRequests('expired')
			const lastDay = lateRequests
				.map((request) => request.expires_on)
				.sort()
				.at(-1)!
			await chaseSupplierRequests(db, { siteUrl, now: new Date(`${addDays(lastDay, 2)}T06:00:00Z`) })
			expect(await db.selectFrom('supplier_requests').select('chased_at').where('booking_id', '=', late).execute()).toEqual(
				lateRequests.map(() => ({ chased_at: null })),
			)
			expect(requests.length).toBeGreaterThan(0)
		} finally {
			await db.deleteFrom('settings').where('key', '=', 'supplierChaseHours').execute()
		}
	})
})
