import { beforeAll, expect, test } from 'vitest'
import { gatewayStandInForFile } from '#tests/support/gateway-stand-in.ts'
import { cancelBooking, createBooking, getBooking, type NewBooking } from '~/features/bookings/server/bookings.server.ts'
import { tripDay, twoAdultBooking } from '#tests/support/booking-fixtures.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { defaultSettings } from '~/features/settings/server/settings.server.ts'
import { completeCheckout, handleWebhook, recordRefund, startOnlinePayment } from './payments.server.ts'

const staff = { id: 'staff-1', label: 'Asha (staff)', isOwner: false }
const { standIn, gateway: standInGateway, captured: capturedDelivery, refundProcessed } = gatewayStandInForFile()
let gateway: ReturnType<typeof standInGateway>
beforeAll(() => {
	gateway = standInGateway()
})

describeEachDatabase('online payments', (get) => {
	let booking: NewBooking
	beforeAll(async () => {
		booking = await twoAdultBooking(get().db, 'online-payments-package')
	})
	async function newTrip(key: string) {
		const { id } = await createBooking(get().db, booking, { submissionKey: key })
		return { id, token: (await getBooking(get().db, id))!.booking.tripToken }
	}

	test('an order is for the advance due; a double click reuses it; the signed return records one verified payment and confirms', async () => {
		const { db } = get()
		const { id, token } = await newTrip('pay-checkout')
		const first = await startOnlinePayment(db, gateway, token, null)
		const second = await startOnlinePayment(db, gateway, token, null)
		expect(first.amount).toBe(1_500_000)
		expect(second.orderId).toBe(first.orderId)
		const { fields } = standIn.pay(first.orderId)
		const checkout = { orderId: fields.razorpay_order_id, paymentId: fields.razorpay_payment_id, signature: fields.razorpay_signature }
		await expect(completeCheckout(db, gateway, token, { ...checkout, signature: '0'.repeat(64) })).rejects.toMatchObject({ code: 'invalid-argument' })
		expect((await getBooking(db, id))!.payments).toHaveLength(0)
		expect((await completeCheckout(db, gateway, token, checkout)).outcome).toBe('recorded')
		expect((await completeCheckout(db, gateway, token, checkout)).outcome).toBe('already-recorded')
		const saved = (await getBooking(db, id))!
		expect(saved.payments).toHaveLength(1)
		expect(saved.payments[0]).toMatchObject({ amount: 1_500_000, verified: true, source: 'gateway', method: 'gateway', gateway_payment_id: checkout.paymentId })
		expect(saved.booking.status).toBe('confirmed')
	})

	test('the same webhook delivered 20 times at once records one payment; a replay is a no-op; a bad signature changes nothing', async () => {
		const { db } = get()
		const { id, token } = await newTrip('pay-webhook')
		const order = await startOnlinePayment(db, gateway, token, null)
		const { payment } = standIn.pay(order.orderId)
		const forged = capturedDelivery(payment, 'evt_forged', 'not-the-secret')
		await expect(handleWebhook(db, gateway, forged)).rejects.toMatchObject({ code: 'invalid-argument' })
		expect((await getBooking(db, id))!.payments).toHaveLength(0)
		const delivery = capturedDelivery(payment, 'evt_same_one')
		const results = await Promise.all(Array.from({ length: 20 }, () => handleWebhook(db, gateway, delivery)))
		expect(results.filter((result) => result.outcome === 'recorded')).toHaveLength(1)
		// The same payment under another event id (Razorpay re-sends with new ids too) is still one payment.
		expect((await handleWebhook(db, gateway, capturedDelivery(payment, 'evt_other'))).outcome).toBe('already-recorded')
		expect((await handleWebhook(db, gateway, delivery)).outcome).toBe('replay')
		const saved = (await getBooking(db, id))!
		expect(saved.payments).toHaveLength(1)
		expect(saved.payments[0]!.amount).toBe(1_500_000)
		expect(saved.booking.status).toBe('confirmed')
	})

	test('a payment that does not match its order is flagged, not counted as paid', async () => {
		const { db } = get()
		const { id, token } = await newTrip('pay-mismatch')
		const order = await startOnlinePayment(db, gateway, token, null)
		const { payment } = standIn.pay(order.orderId, 100_000)
		expect((await handleWebhook(db, gateway, capturedDelivery(payment, 'evt_mismatch'))).outcome).toBe('flagged')
		const saved = (await getBooking(db, id))!
		expect(saved.payments[0]).toMatchObject({ amount: 100_000, verified: false })
		expect(saved.payments[0]!.flag).toMatch(/order was for 1500000 paise/)
		expect(saved.booking.status).toBe('pending_payment')
	})

	test('a gateway that does not answer in time leaves the booking as it was, with a clear message', async () => {
		const { db } = get()
		const { id, token } = await newTrip('pay-timeout')
		const slow = standInGateway(500)
		standIn.state.delayMs = 1500
		try {
			await expect(startOnlinePayment(db, slow, token, null)).rejects.toMatchObject({
				code: 'unavailable',
				message: expect.stringMatching(/did not answer in time/),
			})
		} finally {
			standIn.state.delayMs = 0
		}
		expect(await db.selectFrom('gateway_orders').selectAll().where('booking_id', '=', id).execute()).toHaveLength(0)
		expect((await getBooking(db, id))!.booking.status).toBe('pending_payment')
	})

	test('after cancellation a gateway payment is refunded through the gateway, once; the refund webhook marks it processed', async () => {
		const { db } = get()
		const { id, token } = await newTrip('pay-refund')
		const order = await startOnlinePayment(db, gateway, token, null)
		const { payment } = standIn.pay(order.orderId)
		await handleWebhook(db, gateway, capturedDelivery(payment, 'evt_refund_pay'))
		await expect(recordRefund(db, gateway, id, { amount: 1_000_000, paymentId: null, method: 'bank', reference: 'NEFT-R1' }, staff)).rejects.toMatchObject({
			code: 'failed-precondition',
		})
		const settlement = await cancelBooking(db, id, 'Flights cancelled', tripDay(-59), defaultSettings.cancellationTiers, staff)
		expect(settlement.refund).toBe(1_000_000)
		const paymentRow = (await getBooking(db, id))!.payments[0]!
		await expect(recordRefund(db, gateway, id, { amount: 2_000_000, paymentId: paymentRow.id, method: 'gateway', reference: '' }, staff)).rejects.toMatchObject(
			{ code: 'out-of-range' },
		)
		const refund = await recordRefund(db, gateway, id, { amount: settlement.refund, paymentId: paymentRow.id, method: 'gateway', reference: '' }, staff)
		expect(refund.reference).toMatch(/^rfnd_/)
		const delivery = refundProcessed({ id: refund.reference, payment_id: payment.id, amount: settlement.refund }, 'evt_refund_done')
		await Promise.all([handleWebhook(db, gateway, delivery), handleWebhook(db, gateway, delivery)])
		const refunds = await db.selectFrom('refunds').selectAll().where('booking_id', '=', id).execute()
		expect(refunds).toHaveLength(1)
		expect(refunds[0]).toMatchObject({ status: 'processed', amount: 1_000_000 })
		// Only 5,000 of the 15,000 paid can still be refunded.
		await expect(recordRefund(db, gateway, id, { amount: 600_000, paymentId: null, method: 'bank', reference: 'NEFT-R2' }, staff)).rejects.toMatchObject({
			code: 'out-of-range',
		})
	})
})
