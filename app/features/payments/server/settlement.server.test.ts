/**
 * A gateway payment is settled in full or not at all (docs/payments.md, "Settling a gateway payment"):
 * a database fault is injected between each pair of steps (a trigger that fails the next step's
 * statement), and the next delivery, by webhook or by the checkout return, finishes the settlement.
 */
import { sql } from 'kysely'
import { beforeAll, expect, test } from 'vitest'
import { gatewayStandInForFile } from '#tests/support/gateway-stand-in.ts'
import { twoAdultBooking } from '#tests/support/booking-fixtures.ts'
import { describeEachDatabase, type TestDatabase } from '#tests/support/test-databases.ts'
import { createBooking, getBooking, type NewBooking } from '~/features/bookings/server/bookings.server.ts'
import { completeCheckout, handleWebhook, startOnlinePayment } from './payments.server.ts'
import { createPaymentRequest } from './requests.server.ts'

const staff = { id: 'staff-1', label: 'Asha (staff)' }
const { standIn, gateway: standInGateway, captured } = gatewayStandInForFile()
let gateway: ReturnType<typeof standInGateway>
beforeAll(() => {
	gateway = standInGateway()
})

/**
 * Where the fault strikes: the statement of the step after the ones already done. The last one fails
 * after the settlement, when the webhook's event id is written.
 */
const faults = [
	{ after: 'the payment is recorded', statement: 'update', table: 'gateway_orders' },
	{ after: 'the order is marked paid', statement: 'update', table: 'payment_requests' },
	{ after: 'the payment link is closed', statement: 'update', table: 'bookings' },
	{ after: 'the booking is confirmed', statement: 'insert', table: 'gateway_events' },
] as const

/** Makes every `statement` on `table` fail, as a statement time-out or a lost connection would. */
async function injectFault({ kind, db }: TestDatabase, fault: (typeof faults)[number]) {
	if (kind === 'sqlite') {
		await sql.raw(`create trigger injected_fault before ${fault.statement} on ${fault.table} begin select raise(abort, 'injected fault'); end`).execute(db)
		return
	}
	await sql.raw(`create or replace function injected_fault() returns trigger language plpgsql as $$ begin raise exception 'injected fault'; end $$`).execute(db)
	await sql.raw(`create trigger injected_fault before ${fault.statement} on ${fault.table} for each row execute function injected_fault()`).execute(db)
}

async function clearFault({ kind, db }: TestDatabase, fault: (typeof faults)[number]) {
	await sql.raw(kind === 'sqlite' ? 'drop trigger injected_fault' : `drop trigger injected_fault on ${fault.table}`).execute(db)
}

describeEachDatabase('settling a gateway payment through a fault', (get) => {
	let booking: NewBooking
	beforeAll(async () => {
		booking = await twoAdultBooking(get().db, 'settlement-faults-package')
	})

	/** A booking with a payment link for its advance, paid at the gateway (not yet told to us). */
	async function paidAtTheGateway(key: string) {
		const { db } = get()
		const { id } = await createBooking(db, booking, { submissionKey: key })
		const token = (await getBooking(db, id))!.booking.tripToken
		const link = await createPaymentRequest(db, id, { amount: 1_500_000, note: null, submissionKey: `${key}-link` }, staff, 'https://example.travel')
		const order = await startOnlinePayment(db, gateway, token, link.id)
		const { payment, fields } = standIn.pay(order.orderId)
		return {
			id,
			linkId: link.id,
			orderId: order.orderId,
			webhook: () => handleWebhook(db, gateway, captured(payment, `evt_${key}`)),
			checkoutReturn: () =>
				completeCheckout(db, gateway, token, {
					orderId: fields.razorpay_order_id,
					paymentId: fields.razorpay_payment_id,
					signature: fields.razorpay_signature,
				}),
		}
	}

	/** Settled in full: one verified payment, the order paid, the link closed, the booking confirmed once. */
	async function expectSettled(trip: Awaited<ReturnType<typeof paidAtTheGateway>>) {
		const { db } = get()
		const found = (await getBooking(db, trip.id))!
		expect(found.payments).toHaveLength(1)
		expect(found.payments[0]).toMatchObject({ amount: 1_500_000, verified: true, source: 'gateway' })
		expect(found.booking.status).toBe('confirmed')
		expect(await db.selectFrom('gateway_orders').select('status').where('gateway_order_id', '=', trip.orderId).executeTakeFirst()).toEqual({ status: 'paid' })
		expect((await db.selectFrom('payment_requests').select('paid_at').where('id', '=', trip.linkId).executeTakeFirst())?.paid_at).not.toBeNull()
		expect(await db.selectFrom('audit_log').select('id').where('entity_id', '=', trip.id).where('action', '=', 'confirm').execute()).toHaveLength(1)
	}

	/** Nothing of the settlement is left behind by a fault inside it. */
	async function expectUnsettled(trip: Awaited<ReturnType<typeof paidAtTheGateway>>) {
		const { db } = get()
		const found = (await getBooking(db, trip.id))!
		expect(found.payments).toHaveLength(0)
		expect(found.booking.status).toBe('pending_payment')
		expect(await db.selectFrom('gateway_orders').select('status').where('gateway_order_id', '=', trip.orderId).executeTakeFirst()).toEqual({
			status: 'created',
		})
	}

	for (const [index, fault] of faults.entries()) {
		test(`a fault after ${fault.after} during the webhook: the next delivery settles it in full`, async () => {
			const trip = await paidAtTheGateway(`webhook-fault-${index}`)
			await injectFault(get(), fault)
			try {
				await expect(trip.webhook()).rejects.toThrow(/injected fault/)
			} finally {
				await clearFault(get(), fault)
			}
			if (fault.table !== 'gateway_events') await expectUnsettled(trip)
			const again = await trip.webhook()
			expect(again.outcome).toBe(fault.table === 'gateway_events' ? 'already-recorded' : 'recorded')
			await expectSettled(trip)
			expect((await trip.webhook()).outcome).toBe('replay')
			await expectSettled(trip)
		})

		// The return writes no webhook event: its last step is the confirmation.
		if (fault.table !== 'gateway_events')
			test(`a fault after ${fault.after} during the checkout return: the webhook settles it in full`, async () => {
				const trip = await paidAtTheGateway(`return-fault-${index}`)
				await injectFault(get(), fault)
				try {
					await expect(trip.checkoutReturn()).rejects.toThrow(/injected fault/)
				} finally {
					await clearFault(get(), fault)
				}
				await expectUnsettled(trip)
				expect((await trip.webhook()).outcome).toBe('recorded')
				await expectSettled(trip)
				expect((await trip.checkoutReturn()).outcome).toBe('already-recorded')
				await expectSettled(trip)
			})
	}
})
