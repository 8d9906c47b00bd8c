import { beforeAll, expect, test } from 'vitest'
import { createBooking, getBooking, type NewBooking } from '~/features/bookings/server/bookings.server.ts'
import { twoAdultBooking } from '#tests/support/booking-fixtures.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { createPaymentRequest, listPaymentRequests } from './requests.server.ts'
import { getTrip } from './trip.server.ts'

const staff = { id: 'staff-1', label: 'Asha (staff)' }

describeEachDatabase('payment links', (get) => {
	let booking: NewBooking
	beforeAll(async () => {
		booking = await twoAdultBooking(get().db, 'payment-links-package', { contactEmail: 'meera@example.com' })
	})

	test('a link for any amount is one link per form, emailed once, with a WhatsApp text; the trip page asks for its amount', async () => {
		const { db } = get()
		const { id } = await createBooking(db, booking, { submissionKey: 'links-1' })
		const results = await Promise.all(
			Array.from({ length: 5 }, () =>
				createPaymentRequest(db, id, { amount: 700_000, note: 'Ferry upgrade', submissionKey: 'link-form-1' }, staff, 'https://example.travel'),
			),
		)
		expect(results.filter((result) => result.created)).toHaveLength(1)
		const emails = await db.selectFrom('email_outbox').selectAll().where('booking_id', '=', id).where('kind', '=', 'payment-request').execute()
		expect(emails).toHaveLength(1)
		expect(emails[0]!.body_text).toContain('₹7,000')
		const [link] = await listPaymentRequests(db, id, 'https://example.travel')
		expect(emails[0]!.body_text).toContain(link!.url)
		expect(link!.whatsapp).toMatch(/^https:\/\/wa\.me\/919876543210\?text=/)
		expect(decodeURIComponent(link!.whatsapp)).toContain('₹7,000 for booking')
		const token = (await getBooking(db, id))!.booking.tripToken
		expect((await getTrip(db, token, { requestId: link!.id }))?.dueNow).toBe(700_000)
	})
})
