import { beforeAll, expect, test } from 'vitest'
import { createBooking, getBooking, type NewBooking, recordPayment } from '~/features/bookings/server/bookings.server.ts'
import { tripDay, twoAdultBooking } from '#tests/support/booking-fixtures.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { defaultSettings } from '~/features/settings/server/settings.server.ts'
import { getTrip, requestCancellation, submitUpiReference } from './trip.server.ts'

const staff = { id: 'staff-1', label: 'Asha (staff)' }

describeEachDatabase('trip page', (get) => {
	let booking: NewBooking
	beforeAll(async () => {
		booking = await twoAdultBooking(get().db, 'trip-page-package')
	})

	async function newTrip(key: string) {
		const { id } = await createBooking(get().db, booking, { submissionKey: key })
		const found = await getBooking(get().db, id)
		return { id, token: found!.booking.tripToken }
	}

	test('every booking gets its own unguessable token; the page shows the advance due with a UPI link for that amount', async () => {
		const { db } = get()
		const first = await newTrip('trip-a')
		const second = await newTrip('trip-b')
		expect(first.token).toMatch(/^[A-Za-z0-9]{24}$/)
		expect(first.token).not.toBe(second.token)
		const trip = await getTrip(db, first.token)
		expect(trip?.dueNow).toBe(1_500_000)
		expect(trip?.upi?.link).toContain('am=15000.00')
		expect(trip?.upi?.link).toContain(`tn=${trip?.booking.reference}`)
		expect(trip?.travellers).toEqual([{ name: 'Meera Iyer', age: 29 }])
		expect(trip?.days.length).toBeGreaterThan(0)
		expect(await getTrip(db, 'A'.repeat(24))).toBeNull()
	})

	test('a UPI reference from the traveller is one unverified payment however often it is sent; paid counts only verified money', async () => {
		const { db } = get()
		const { id, token } = await newTrip('trip-upi')
		const results = await Promise.all(Array.from({ length: 10 }, () => submitUpiReference(db, token, { reference: '412356789012', amount: 1_500_000 })))
		expect(results.filter((result) => result.created)).toHaveLength(1)
		const payments = (await getBooking(db, id))!.payments
		expect(payments).toHaveLength(1)
		expect(payments[0]).toMatchObject({ verified: false, source: 'traveller', method: 'upi', amount: 1_500_000 })
		const trip = await getTrip(db, token)
		expect(trip?.verifiedPaid).toBe(0)
		expect(trip?.payments[0]).toMatchObject({ verified: false, reference: '412356789012' })
	})

	test('a cancellation request keeps the policy fee and refund once; a cancelled booking cannot be asked again', async () => {
		const { db } = get()
		const { id, token } = await newTrip('trip-cancel')
		await recordPayment(db, id, { amount: 1_500_000, method: 'bank', reference: 'NEFT-77', paidOn: '2026-11-22', verified: true }, staff)
		const results = await Promise.all([1, 2, 3].map(() => requestCancellation(db, token, 'Flights changed', tripDay(-59), defaultSettings.cancellationTiers)))
		// 59 days before the trip: the 10% tier.
		expect(results[0]).toMatchObject({ fee: 500_000, refund: 1_000_000 })
		expect(results.filter((result) => result.created)).toHaveLength(1)
		expect((await getTrip(db, token))?.cancellationRequest).toMatchObject({ reason: 'Flights changed', fee: 500_000, refund: 1_000_000 })
		await db.updateTable('bookings').set({ status: 'cancelled' }).where('id', '=', id).execute()
		await db.deleteFrom('cancellation_requests').where('booking_id', '=', id).execute()
		await expect(requestCancellation(db, token, 'Again please', tripDay(-59), defaultSettings.cancellationTiers)).rejects.toMatchObject({
			code: 'failed-precondition',
		})
	})
})
