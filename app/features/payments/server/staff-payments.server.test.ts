import { beforeAll, expect, test } from 'vitest'
import { createBooking, getBooking, type NewBooking, recordPayment, verifyPayment } from '~/features/bookings/server/bookings.server.ts'
import { twoAdultBooking } from '#tests/support/booking-fixtures.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { createPaymentRequest, listPaymentRequests } from './requests.server.ts'
import { markPaymentRequestPaid, rejectTravellerPayment } from './staff-payments.server.ts'
import { getTrip, submitUpiReference } from './trip.server.ts'

const staff = { id: 'staff-1', label: 'Asha (staff)' }

describeEachDatabase('staff payment actions', (get) => {
	let booking: NewBooking
	beforeAll(async () => {
		booking = await twoAdultBooking(get().db, 'staff-payments-package', { contactEmail: 'meera@example.com' })
	})
	async function newTrip(key: string) {
		const { id } = await createBooking(get().db, booking, { submissionKey: key })
		return { id, token: (await getBooking(get().db, id))!.booking.tripToken }
	}
	const auditOf = (id: string, action: string) =>
		get().db.selectFrom('audit_log').selectAll().where('entity_id', '=', id).where('action', '=', action).execute()

	test('a UPI claim staff reject stops being pending, once; the trip page says it could not be matched; the same id again is refused', async () => {
		const { db } = get()
		const { id, token } = await newTrip('reject-claim')
		const claim = await submitUpiReference(db, token, { reference: '412356789012', amount: 1_500_000 })
		const results = await Promise.all(Array.from({ length: 5 }, () => rejectTravellerPayment(db, id, claim.id, 'Not on the statement of 24 Nov', staff)))
		expect(results.filter((result) => result.rejected)).toHaveLength(1)
		expect(await auditOf(id, 'reject-payment')).toHaveLength(1)
		const trip = (await getTrip(db, token))!
		expect(trip.payments[0]).toMatchObject({ reference: '412356789012', verified: false, rejected: true })
		expect(trip.verifiedPaid).toBe(0)
		expect(trip.dueNow).toBe(1_500_000)
		await expect(submitUpiReference(db, token, { reference: '412356789012', amount: 1_500_000 })).rejects.toMatchObject({
			code: 'failed-precondition',
			message: expect.stringMatching(/could not match UPI transaction id 412356789012/),
		})
		// A different id is a new claim, pending again.
		expect((await submitUpiReference(db, token, { reference: '412356789099', amount: 1_500_000 })).created).toBe(true)
		// The money turned up after all: verifying lifts the rejection.
		await verifyPayment(db, id, claim.id, staff)
		expect((await getTrip(db, token))!.payments.find((payment) => payment.id === claim.id)).toMatchObject({ verified: true, rejected: false })
	})

	test('only an unverified UPI id from the traveller can be rejected', async () => {
		const { db } = get()
		const { id, token } = await newTrip('reject-staff')
		const byStaff = await recordPayment(db, id, { amount: 500_000, method: 'upi', reference: 'UPI-STAFF-1', paidOn: '2026-11-24', verified: false }, staff)
		await expect(rejectTravellerPayment(db, id, byStaff.id, 'Wrong one', staff)).rejects.toMatchObject({ code: 'failed-precondition' })
		const claim = await submitUpiReference(db, token, { reference: '999988887777', amount: 500_000 })
		await verifyPayment(db, id, claim.id, staff)
		await expect(rejectTravellerPayment(db, id, claim.id, 'Too late', staff)).rejects.toMatchObject({ code: 'failed-precondition' })
		await expect(rejectTravellerPayment(db, id, 'no-such-payment-id', 'Nope', staff)).rejects.toMatchObject({ code: 'not-found' })
		const other = await newTrip('reject-other')
		await expect(rejectTravellerPayment(db, other.id, claim.id, 'Wrong booking', staff)).rejects.toMatchObject({ code: 'not-found' })
	})

	test('a link paid another way records exactly one verified payment however often it is submitted, and closes the link', async () => {
		const { db } = get()
		const { id, token } = await newTrip('link-paid')
		const link = await createPaymentRequest(db, id, { amount: 700_000, note: null, submissionKey: 'link-paid-form-1' }, staff, 'https://example.travel')
		// Two staff at once, with different receipts, and a double click.
		const results = await Promise.all(
			['CASH-101', 'CASH-102', 'CASH-101'].map((reference) =>
				markPaymentRequestPaid(db, id, link.id, { method: 'cash', reference, paidOn: '2026-11-24' }, staff),
			),
		)
		expect(results.filter((result) => result.created)).toHaveLength(1)
		const payments = (await getBooking(db, id))!.payments
		expect(payments).toHaveLength(1)
		expect(payments[0]).toMatchObject({ amount: 700_000, method: 'cash', verified: true, source: 'staff' })
		const [listed] = await listPaymentRequests(db, id, 'https://example.travel')
		expect(listed!.paidAt).not.toBeNull()
		expect(listed!.paidHow).toBe(`paid by Cash (${payments[0]!.reference})`)
		const trip = (await getTrip(db, token, { requestId: link.id }))!
		expect(trip.request).toMatchObject({ amount: 700_000, paid: true })
		// The link no longer asks for its amount: the page asks for what the booking still owes.
		expect(trip.dueNow).toBe(1_500_000 - 700_000)
		expect(await auditOf(id, 'payment-link-paid')).toHaveLength(1)
	})

	test('a reference already used on the booking records nothing and leaves the link open', async () => {
		const { db } = get()
		const { id } = await newTrip('link-dup-ref')
		await recordPayment(db, id, { amount: 200_000, method: 'bank', reference: 'NEFT-55', paidOn: '2026-11-24', verified: true }, staff)
		const link = await createPaymentRequest(db, id, { amount: 300_000, note: null, submissionKey: 'link-dup-form-1' }, staff, 'https://example.travel')
		await expect(markPaymentRequestPaid(db, id, link.id, { method: 'bank', reference: 'NEFT-55', paidOn: '2026-11-24' }, staff)).rejects.toMatchObject({
			code: 'already-exists',
			fields: { reference: expect.any(String) },
		})
		expect((await getBooking(db, id))!.payments).toHaveLength(1)
		expect((await listPaymentRequests(db, id, 'https://example.travel'))[0]!.paidAt).toBeNull()
		await expect(
			markPaymentRequestPaid(db, id, 'no-such-link-id', { method: 'bank', reference: 'NEFT-56', paidOn: '2026-11-24' }, staff),
		).rejects.toMatchObject({ code: 'not-found' })
	})
})
