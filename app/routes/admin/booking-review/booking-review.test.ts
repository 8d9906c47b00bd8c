/** The booking page's forms through the route: each intent parses with its own schema and answers with the one result shape. */
import { afterAll, beforeAll, expect, test } from 'vitest'
import { tooMuchMoney } from '~/lib/money.ts'
import { closeDatabase } from '~/server/db/index.server.ts'
import { seedDemoData } from '~/server/seed/index.server.ts'
import { cookieFor, makeUser, useAppDatabase } from '#tests/support/identity.ts'
import { post, routeArgs, settle } from '#tests/support/route-requests.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import * as page from './booking-review.tsx'

describeEachDatabase('booking page forms', (get) => {
	let cookie = ''
	let bookingId = ''
	const act = (form: Record<string, string>, id = bookingId) => settle(() => page.action(routeArgs(post(`/admin/pending/${id}`, form, cookie), { id })))

	beforeAll(async () => {
		await useAppDatabase(get().url)
		await seedDemoData(get().db)
		cookie = await cookieFor(get().db, await makeUser(get().db, { role: 'owner' }))
		const booking = await get().db.selectFrom('bookings').select('id').where('status', 'in', ['pending_payment', 'confirmed']).executeTakeFirstOrThrow()
		bookingId = booking.id
	})
	afterAll(async () => {
		await closeDatabase()
	})

	test('a refused payment names its form and field, keeps what was typed and echoes nothing else', async () => {
		const refused = await act({
			intent: 'record-payment',
			amount: '12abc',
			method: 'upi',
			reference: 'UTR123456',
			paidOn: '2026-11-20',
			stuffed: 'x'.repeat(5000),
		})
		expect(refused).toMatchObject({ status: 400, intent: 'record-payment' })
		expect(refused.errors).toEqual({ amount: 'Enter the amount received in rupees, e.g. 17,400.' })
		expect(refused.values).toMatchObject({ amount: '12abc', method: 'upi', reference: 'UTR123456', paidOn: '2026-11-20' })
		expect(JSON.stringify(refused.body)).not.toContain('stuffed')
	})

	test('the same payment posted twice is recorded once', async () => {
		const form = { intent: 'record-payment', amount: '1,000', method: 'upi', reference: `UTR${Date.now()}`, paidOn: '2026-11-20' }
		const first = await act(form)
		expect(first).toMatchObject({ status: 302, location: `/admin/pending/${bookingId}#payments-heading` })
		const again = await act(form)
		expect(again.status).toBe(302)
		const rows = await get().db.selectFrom('payments').select('id').where('booking_id', '=', bookingId).where('reference', '=', form.reference).execute()
		expect(rows).toHaveLength(1)
	})

	test('each form answers for itself: cancel, reject a claim, invoice, an unknown intent', async () => {
		const cancel = await act({ intent: 'cancel', reason: 'no' })
		expect(cancel).toMatchObject({
			status: 400,
			intent: 'cancel',
			errors: { reason: 'Say why the booking is cancelled (at least 5 characters).' },
			values: { reason: 'no' },
		})
		const reject = await act({ intent: 'reject-payment', paymentId: 'p1', reason: '' })
		expect(reject).toMatchObject({ status: 400, intent: 'reject-payment', values: { paymentId: 'p1' } })
		expect(reject.errors.reason).toMatch(/Say in a few words/)
		const invoice = await act({ intent: 'issue-invoice', buyerName: ' ' })
		expect(invoice).toMatchObject({
			status: 400,
			intent: 'issue-invoice',
			errors: { form: 'Check the customer’s details.', buyerName: 'Enter the customer’s name as it should appear on the invoice.' },
		})
		const unknown = await act({ intent: 'teleport' })
		expect(unknown).toMatchObject({ status: 400, errors: { form: 'That form is out of date: reload the page and try again.' } })
	})

	test('an amount above ₹10 crore is refused with a message naming the limit, in every money form of the page; nothing is saved', async () => {
		const huge = '1' + '0'.repeat(22)
		const forms: Array<Record<string, string>> = [
			{ intent: 'record-payment', amount: huge, method: 'bank', reference: 'NEFT-HUGE-1', paidOn: '2026-11-20' },
			{ intent: 'record-payment', amount: '10,00,00,000.01', method: 'bank', reference: 'NEFT-HUGE-2', paidOn: '2026-11-20' },
			{ intent: 'payment-link', amount: huge, note: '', submissionKey: 'huge-link-form-1' },
			{ intent: 'refund', amount: huge, method: 'bank', reference: 'NEFT-HUGE-3' },
		]
		for (const form of forms) {
			const refused = await act(form)
			expect(refused).toMatchObject({ status: 400, intent: form.intent, errors: { amount: tooMuchMoney }, values: { amount: form.amount } })
		}
		const saved = await get().db.selectFrom('payments').select('id').where('reference', 'like', 'NEFT-HUGE-%').execute()
		expect(saved).toHaveLength(0)
		expect(await get().db.selectFrom('payment_requests').select('id').where('submission_key', '=', 'huge-link-form-1').execute()).toHaveLength(0)
	})

	test('attributing a booking that does not exist is the not-found page', async () => {
		const missing = await act({ intent: 'agent', agentId: '' }, 'x0000000000000000000')
		expect(missing.status).toBe(404)
	})
})
