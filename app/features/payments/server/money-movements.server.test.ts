/**
 * Every money movement, several times at once, on both databases: the check of what is allowed and
 * the write happen under one lock or in one conditional statement (docs/payments.md, "Money moves
 * atomically"), so exactly the right number of calls succeed.
 */
import { beforeAll, expect, test } from 'vitest'
import { gatewayStandInForFile } from '#tests/support/gateway-stand-in.ts'
import { twoAdultBooking } from '#tests/support/booking-fixtures.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { cancelBooking, createBooking, getBooking, type NewBooking, recordPayment, verifyPayment } from '~/features/bookings/server/bookings.server.ts'
import { completeCheckout, handleWebhook, recordRefund, startOnlinePayment } from './payments.server.ts'
import { createPaymentRequest } from './requests.server.ts'
import { markPaymentRequestPaid } from './staff-payments.server.ts'
import { submitUpiReference } from './trip.server.ts'

const staff = { id: 'staff-1', label: 'Asha (staff)', isOwner: false }
const { standIn, gateway: standInGateway, captured, refundProcessed } = gatewayStandInForFile()
let gateway: ReturnType<typeof standInGateway>
beforeAll(() => {
	gateway = standInGateway()
})

/** A cancellation policy that keeps nothing: everything paid can be refunded. */
const noFee = [{ minDaysBefore: 0, feePercent: 0 }]

/** How many of the calls succeeded, and that every other one failed with `code`. */
async function succeeded(calls: Array<Promise<unknown>>, code: string) {
	const results = await Promise.allSettled(calls)
	for (const result of results) if (result.status === 'rejected') expect(result.reason).toMatchObject({ code })
	return results.filter((result) => result.status === 'fulfilled').length
}

describeEachDatabase('money movements at once', (get) => {
	let booking: NewBooking
	beforeAll(async () => {
		booking = await twoAdultBooking(get().db, 'money-movements-package')
	})
	async function newTrip(key: string) {
		const { id } = await createBooking(get().db, booking, { submissionKey: key })
		return { id, token: (await getBooking(get().db, id))!.booking.tripToken }
	}
	/** A booking with ₹15,000 paid (verified, by bank), cancelled: ₹15,000 can be refunded. */
	async function cancelledWithPayment(key: string) {
		const trip = await newTrip(key)
		await recordPayment(get().db, trip.id, { amount: 1_500_000, method: 'bank', reference: `NEFT-${key}`, paidOn: '2026-11-24', verified: true }, staff)
		await cancelBooking(get().db, trip.id, 'Flights cancelled', '2026-11-22', noFee, staff)
		return trip
	}
	/** A booking whose ₹15,000 advance was paid through the gateway, cancelled: the payment can be refunded through the gateway. */
	async function cancelledAfterGatewayPayment(key: string) {
		const { db } = get()
		const { id, token } = await newTrip(key)
		const order = await startOnlinePayment(db, gateway, token, null)
		const { payment } = standIn.pay(order.orderId)
		await handleWebhook(db, gateway, captured(payment, `evt_${key}`))
		await cancelBooking(db, id, 'Flights cancelled', '2026-11-22', noFee, staff)
		return { id, payment, paymentId: (await getBooking(db, id))!.payments[0]!.id }
	}
	const refundsOf = (id: string) => get().db.selectFrom('refunds').selectAll().where('booking_id', '=', id).where('status', '!=', 'failed').execute()

	test('ten refunds of the full amount at once (by bank) record one', async () => {
		const { db } = get()
		const { id } = await cancelledWithPayment('refund-bank')
		const calls = Array.from({ length: 10 }, (_, index) =>
			recordRefund(db, null, id, { amount: 1_500_000, paymentId: null, method: 'bank', reference: `NEFT-BACK-${index}` }, staff),
		)
		expect(await succeeded(calls, 'out-of-range')).toBe(1)
		const refunds = await refundsOf(id)
		expect(refunds).toHaveLength(1)
		expect(refunds[0]!.amount).toBe(1_500_000)
	})

	test('ten refunds of the full amount at once through the gateway ask the gateway once and record one', async () => {
		const { db } = get()
		const { id, paymentId } = await cancelledAfterGatewayPayment('refund-gateway')
		const calls = Array.from({ length: 10 }, () => recordRefund(db, gateway, id, { amount: 1_500_000, paymentId, method: 'gateway', reference: '' }, staff))
		expect(await succeeded(calls, 'out-of-range')).toBe(1)
		const refunds = await refundsOf(id)
		expect(refunds).toHaveLength(1)
		expect(refunds[0]).toMatchObject({ amount: 1_500_000, method: 'gateway', reference: expect.stringMatching(/^rfnd_/) })
	})

	test('partial refunds at once add up to at most what was paid', async () => {
		const { db } = get()
		const { id } = await cancelledWithPayment('refund-parts')
		// Ten refunds of ₹4,000 against ₹15,000 paid: three fit.
		const calls = Array.from({ length: 10 }, (_, index) =>
			recordRefund(db, null, id, { amount: 400_000, paymentId: null, method: 'upi', reference: `UPI-BACK-${index}` }, staff),
		)
		expect(await succeeded(calls, 'out-of-range')).toBe(3)
		expect((await refundsOf(id)).reduce((sum, refund) => sum + refund.amount, 0)).toBe(1_200_000)
	})

	test('ten staff payments with the same reference at once record one; ten UPI ids the traveller sends at once record one', async () => {
		const { db } = get()
		const { id, token } = await newTrip('pay-same-reference')
		const staffCalls = Array.from({ length: 10 }, () =>
			recordPayment(db, id, { amount: 500_000, method: 'bank', reference: 'NEFT-ONCE', paidOn: '2026-11-24', verified: true }, staff),
		)
		expect((await Promise.all(staffCalls)).filter((result) => result.created)).toHaveLength(1)
		const claims = Array.from({ length: 10 }, () => submitUpiReference(db, token, { reference: '412356789012', amount: 500_000 }))
		expect((await Promise.all(claims)).filter((result) => result.created)).toHaveLength(1)
		expect((await getBooking(db, id))!.payments).toHaveLength(2)
	})

	test('five verifications of one payment at once verify it once (one audit row)', async () => {
		const { db } = get()
		const { id, token } = await newTrip('verify-once')
		const claim = await submitUpiReference(db, token, { reference: '512356789012', amount: 1_500_000 })
		await Promise.all(Array.from({ length: 5 }, () => verifyPayment(db, id, claim.id, staff)))
		expect(await db.selectFrom('audit_log').select('id').where('entity_id', '=', id).where('action', '=', 'verify-payment').execute()).toHaveLength(1)
	})

	test('a payment and a cancellation at once: the payment is refused, or the cancellation counts it', async () => {
		const { db } = get()
		for (let round = 0; round < 4; round++) {
			const { id } = await newTrip(`pay-cancel-${round}`)
			const [payment, cancelled] = await Promise.allSettled([
				recordPayment(db, id, { amount: 1_500_000, method: 'bank', reference: `NEFT-RACE-${round}`, paidOn: '2026-11-24', verified: true }, staff),
				cancelBooking(db, id, 'Flights cancelled', '2026-11-22', noFee, staff),
			])
			if (cancelled.status !== 'fulfilled') throw cancelled.reason
			if (payment.status === 'fulfilled') {
				// Recorded first: the cancellation refunds it in full.
				expect(cancelled.value.refund).toBe(1_500_000)
			} else {
				expect(payment.reason).toMatchObject({ code: 'failed-precondition' })
				expect(cancelled.value.refund).toBe(0)
			}
		}
	})

	test('payment links and a cancellation at once: no link is made after the cancellation; one form posted five times is one link', async () => {
		const { db } = get()
		const { id } = await newTrip('link-cancel')
		const links = Array.from({ length: 5 }, (_, index) =>
			createPaymentRequest(db, id, { amount: 100_000, note: null, submissionKey: `link-cancel-${index}` }, staff, 'https://example.travel'),
		)
		const results = await Promise.allSettled([cancelBooking(db, id, 'Flights cancelled', '2026-11-22', noFee, staff), ...links])
		const cancelledAt = (await db.selectFrom('bookings').select('cancelled_at').where('id', '=', id).executeTakeFirstOrThrow()).cancelled_at!
		const made = await db.selectFrom('payment_requests').select('created_at').where('booking_id', '=', id).execute()
		expect(made.every((link) => link.created_at <= cancelledAt)).toBe(true)
		expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1 + made.length)
		const { id: open } = await newTrip('link-once')
		const same = await Promise.all(
			Array.from({ length: 5 }, () =>
				createPaymentRequest(db, open, { amount: 100_000, note: null, submissionKey: 'link-once-form' }, staff, 'https://example.travel'),
			),
		)
		expect(same.filter((result) => result.created)).toHaveLength(1)
	})

	test('the checkout return and ten webhook deliveries at once record one payment and confirm once', async () => {
		const { db } = get()
		const { id, token } = await newTrip('settle-at-once')
		const order = await startOnlinePayment(db, gateway, token, null)
		const { payment, fields } = standIn.pay(order.orderId)
		const deliveries = Array.from({ length: 10 }, (_, index) => handleWebhook(db, gateway, captured(payment, `evt_settle_${index}`)))
		const results = await Promise.all([
			completeCheckout(db, gateway, token, { orderId: fields.razorpay_order_id, paymentId: fields.razorpay_payment_id, signature: fields.razorpay_signature }),
			...deliveries,
		])
		expect(results.filter((result) => result.outcome === 'recorded')).toHaveLength(1)
		expect((await getBooking(db, id))!.payments).toHaveLength(1)
		expect(await db.selectFrom('audit_log').select('id').where('entity_id', '=', id).where('action', '=', 'confirm').execute()).toHaveLength(1)
	})

	test('a gateway refund the gateway does not answer stays spoken for; its refund.processed webhook completes it', async () => {
		const { db } = get()
		const { id, payment, paymentId } = await cancelledAfterGatewayPayment('refund-timeout')
		const slow = standInGateway(200)
		standIn.state.delayMs = 600
		try {
			await expect(recordRefund(db, slow, id, { amount: 1_500_000, paymentId, method: 'gateway', reference: '' }, staff)).rejects.toMatchObject({
				code: 'unavailable',
			})
		} finally {
			standIn.state.delayMs = 0
		}
		expect(await refundsOf(id)).toMatchObject([{ status: 'pending', amount: 1_500_000 }])
		// Asking again cannot refund it twice.
		await expect(recordRefund(db, gateway, id, { amount: 1_500_000, paymentId, method: 'gateway', reference: '' }, staff)).rejects.toMatchObject({
			code: 'out-of-range',
		})
		expect(
			(await handleWebhook(db, gateway, refundProcessed({ id: 'rfnd_LateAnswer01', payment_id: payment.id, amount: 1_500_000 }, 'evt_refund_timeout_done')))
				.outcome,
		).toBe('refund-processed')
		expect(await refundsOf(id)).toMatchObject([{ status: 'processed', amount: 1_500_000, reference: 'rfnd_LateAnswer01' }])
	})

	test('a gateway that refuses a refund leaves the amount free to refund another way', async () => {
		const { db } = get()
		const { id, payment, paymentId } = await cancelledAfterGatewayPayment('refund-refused')
		// More than the payment captured: the stand-in, like Razorpay, refuses.
		standIn.payments.get(payment.id)!.amount = 100_000
		await expect(recordRefund(db, gateway, id, { amount: 1_500_000, paymentId, method: 'gateway', reference: '' }, staff)).rejects.toMatchObject({
			code: 'failed-precondition',
		})
		expect((await recordRefund(db, gateway, id, { amount: 1_500_000, paymentId: null, method: 'bank', reference: 'NEFT-INSTEAD' }, staff)).status).toBe(
			'processed',
		)
	})

	test('staff marking a link paid while the gateway settles it: both finish (no deadlock), the link closes once', async () => {
		const { db } = get()
		for (let round = 0; round < 3; round++) {
			const { id, token } = await newTrip(`link-both-${round}`)
			const link = await createPaymentRequest(db, id, { amount: 1_500_000, note: null, submissionKey: `link-both-${round}` }, staff, 'https://example.travel')
			const order = await startOnlinePayment(db, gateway, token, link.id)
			const { payment } = standIn.pay(order.orderId)
			const [byStaff, byGateway] = await Promise.all([
				markPaymentRequestPaid(db, id, link.id, { method: 'cash', reference: `CASH-BOTH-${round}`, paidOn: '2026-11-24' }, staff),
				handleWebhook(db, gateway, captured(payment, `evt_link_both_${round}`)),
			])
			expect(byGateway.outcome).toBe('recorded')
			// The money the gateway took is recorded either way; staff close the link only if it was still open.
			expect((await getBooking(db, id))!.payments).toHaveLength(byStaff.created ? 2 : 1)
			expect((await db.selectFrom('payment_requests').select('paid_at').where('id', '=', link.id).executeTakeFirstOrThrow()).paid_at).not.toBeNull()
		}
	})
})
