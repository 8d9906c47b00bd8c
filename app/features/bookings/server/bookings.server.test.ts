import { beforeAll, expect, test } from 'vitest'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { defaultSettings } from '~/features/settings/server/settings.server.ts'
import { cancelBooking, confirmBooking, createBooking, getBooking, type NewBooking, recordPayment, verifyPayment } from './bookings.server.ts'
import { tripDay, twoAdultBooking } from '#tests/support/booking-fixtures.ts'

const staff = { id: 'staff-1', label: 'Asha (staff)', isOwner: false }
const owner = { id: 'owner-1', label: 'Ravi (owner)', isOwner: true }

describeEachDatabase('bookings', (get) => {
	let booking: NewBooking

	beforeAll(async () => {
		booking = await twoAdultBooking(get().db, 'booking-test-package', {
			specialRequests: 'Honeymoon',
			travellers: [
				{ name: 'Meera Iyer', age: 29, gender: 'female', nationality: 'Indian', idType: 'aadhaar', idNumber: '1234 5678 9012', passportExpiry: null },
				{ name: 'Karan Iyer', age: 31, gender: 'male', nationality: 'Indian', idType: 'aadhaar', idNumber: '2234 5678 9012', passportExpiry: null },
			],
		})
	})

	test('50 submissions of the same booking form at once make one booking, with a lead', async () => {
		const { db } = get()
		const results = await Promise.all(Array.from({ length: 50 }, () => createBooking(db, booking, { submissionKey: 'same-form-key' })))
		expect(new Set(results.map((r) => r.id)).size).toBe(1)
		expect(results.filter((r) => r.created)).toHaveLength(1)
		const saved = await getBooking(db, results[0]!.id)
		expect(saved?.booking).toMatchObject({ status: 'pending_payment', total: 5_000_000, advanceDue: 1_500_000 })
		expect(saved?.booking.reference).toMatch(/^BK-\d{4}-\d{5}$/)
		expect(saved?.travellers.map((t) => t.name)).toEqual(['Meera Iyer', 'Karan Iyer'])
		const lead = await db.selectFrom('leads').selectAll().where('id', '=', saved!.booking.leadId!).executeTakeFirstOrThrow()
		expect(lead.source).toBe('book_now')
	})

	test('50 payments recorded at once with the same reference are one payment', async () => {
		const { db } = get()
		const { id } = await createBooking(db, booking, { submissionKey: 'payments-key' })
		const payment = { amount: 1_500_000, method: 'upi' as const, reference: 'UPI-4455', paidOn: '2026-11-22', verified: false }
		const results = await Promise.all(Array.from({ length: 50 }, () => recordPayment(db, id, payment, staff)))
		expect(new Set(results.map((r) => r.id)).size).toBe(1)
		expect((await getBooking(db, id))?.payments).toHaveLength(1)
	})

	test('confirmation needs the verified advance, or an owner with a reason', async () => {
		const { db } = get()
		const { id } = await createBooking(db, booking, { submissionKey: 'confirm-key' })
		await expect(confirmBooking(db, id, 30, staff, null)).rejects.toMatchObject({ code: 'failed-precondition' })
		const { id: paymentId } = await recordPayment(
			db,
			id,
			{ amount: 1_500_000, method: 'bank', reference: 'NEFT-1', paidOn: '2026-11-22', verified: false },
			staff,
		)
		await expect(confirmBooking(db, id, 30, staff, null)).rejects.toThrow(/do not cover the advance/)
		await verifyPayment(db, id, paymentId, staff)
		await confirmBooking(db, id, 30, staff, null)
		expect((await getBooking(db, id))?.booking.status).toBe('confirmed')
		await expect(confirmBooking(db, id, 30, staff, null)).rejects.toThrow(/cannot be confirmed/)

		const { id: other } = await createBooking(db, booking, { submissionKey: 'override-key' })
		await expect(confirmBooking(db, other, 30, staff, 'agent pays Monday')).rejects.toThrow(/Only an owner/)
		await confirmBooking(db, other, 30, owner, 'Agent guarantee, pays Monday')
		const audit = await db.selectFrom('audit_log').selectAll().where('entity_id', '=', other).where('action', '=', 'confirm-with-override').execute()
		expect(audit).toHaveLength(1)
	})

	test('cancelling computes the fee and refund from the policy and what was paid', async () => {
		const { db } = get()
		const { id } = await createBooking(db, booking, { submissionKey: 'cancel-key' })
		const { id: paymentId } = await recordPayment(db, id, { amount: 1_500_000, method: 'upi', reference: 'UPI-9', paidOn: '2026-11-22', verified: true }, staff)
		expect(paymentId).toBeTruthy()
		// 59 days before the trip: the 10% tier.
		const settlement = await cancelBooking(db, id, 'Family emergency', tripDay(-59), defaultSettings.cancellationTiers, staff)
		expect(settlement).toEqual({ feePercent: 10, fee: 500_000, refund: 1_000_000 })
		expect((await getBooking(db, id))?.booking).toMatchObject({ status: 'cancelled', refundDue: 1_000_000, cancelReason: 'Family emergency' })
		await expect(recordPayment(db, id, { amount: 1, method: 'cash', reference: 'x', paidOn: '2026-11-22', verified: true }, staff)).rejects.toMatchObject({
			code: 'failed-precondition',
		})
	})
})
