import { expect, test } from 'vitest'
import { gatewayStandInForFile } from '#tests/support/gateway-stand-in.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { handleWebhook } from '~/features/payments/server/payments.server.ts'
import { todayInIndia } from '~/lib/dates.ts'
import type { DB } from '~/server/db/client.server.ts'
import { agentStatement, getAgentCredit, saveAgentTerms } from './agent-credit.server.ts'
import { completeTopUpCheckout, listTopUps, startTopUp } from './agent-top-ups.server.ts'
import { changeAgentStatus, createAgent } from './agents.server.ts'

const staff = { id: 'staff-1', label: 'Asha (staff)' }
const admin = { id: 'agent-admin-1', label: 'Neha (agency admin)' }
const { gateway, standIn, captured, delivery } = gatewayStandInForFile()

async function agency(db: DB, company: string) {
	const id = await createAgent(db, staff, {
		company,
		contactPerson: 'Neha Kapoor',
		phone: '+919811100000',
		email: 'neha@example.com',
		city: 'Delhi',
		pan: null,
		gstin: null,
		commissionPercent: 1000,
		notes: null,
	})
	await changeAgentStatus(db, staff, id, 'approved')
	await saveAgentTerms(db, staff, id, { rateRule: 'commission', marginBp: 0, creditLimit: 1_000_000 })
	return id
}

describeEachDatabase('an agency tops up its wallet through the gateway', (get) => {
	test('the checkout return and the webhook arriving at once credit the wallet once; replays change nothing; it is a top-up on the statement', async () => {
		const { db } = get()
		const agentId = await agency(db, 'Wallet Wave Travels')
		const client = gateway()
		const order = await startTopUp(db, client, admin, agentId, 2_500_000)
		const { payment, fields } = standIn.pay(order.orderId)
		const signed = { orderId: fields.razorpay_order_id, paymentId: fields.razorpay_payment_id, signature: fields.razorpay_signature }
		const results = await Promise.all([
			completeTopUpCheckout(db, client, signed),
			handleWebhook(db, client, captured(payment, `evt_${payment.id}_1`)),
			completeTopUpCheckout(db, client, signed),
			handleWebhook(db, client, captured(payment, `evt_${payment.id}_2`)),
		])
		const outcomes = results.map((result) => ('outcome' in result ? result.outcome : null))
		expect(outcomes.filter((outcome) => outcome === 'recorded')).toHaveLength(1)
		expect(await getAgentCredit(db, agentId)).toMatchObject({ walletBalance: 2_500_000, available: 3_500_000 })
		const ledger = await db.selectFrom('agent_ledger').select(['kind', 'amount', 'submission_key']).where('agent_id', '=', agentId).execute()
		expect(ledger).toEqual([{ kind: 'top_up', amount: expect.anything(), submission_key: `gateway:razorpay:${payment.id}` }])
		expect(Number(ledger[0]!.amount)).toBe(2_500_000)
		// Later again: nothing more.
		expect(await completeTopUpCheckout(db, client, signed)).toMatchObject({ outcome: 'already-recorded' })
		expect((await getAgentCredit(db, agentId)).walletBalance).toBe(2_500_000)
		const { statement } = await agentStatement(db, agentId, { from: todayInIndia(), to: todayInIndia() })
		expect(statement).toMatchObject({ payments: 2_500_000, closing: 2_500_000 })
		expect(statement.lines[0]).toMatchObject({ kind: 'top_up', note: `Online top-up, ${payment.id}` })
		expect(await listTopUps(db, agentId)).toEqual([expect.objectContaining({ amount: 2_500_000, status: 'paid', paymentId: payment.id })])
	})

	test('a failed attempt shows the top-up failed and credits nothing; a later attempt on the same order is credited once', async () => {
		const { db } = get()
		const agentId = await agency(db, 'Second Try Holidays')
		const client = gateway()
		const order = await startTopUp(db, client, admin, agentId, 700_000)
		const failedAttempt = { id: 'pay_FailedAttempt01', order_id: order.orderId, amount: 700_000 }
		const failed = delivery(
			{
				event: 'payment.failed',
				payload: { payment: { entity: { ...failedAttempt, currency: 'INR', status: 'failed', error_description: 'Payment declined by the bank' } } },
			},
			'evt_failed_1',
		)
		expect(await handleWebhook(db, client, failed)).toMatchObject({ outcome: 'failed' })
		expect(await listTopUps(db, agentId)).toEqual([expect.objectContaining({ amount: 700_000, status: 'failed' })])
		expect((await getAgentCredit(db, agentId)).walletBalance).toBe(0)
		const { payment } = standIn.pay(order.orderId)
		expect(await handleWebhook(db, client, captured(payment, `evt_${payment.id}`))).toMatchObject({ outcome: 'recorded' })
		expect(await listTopUps(db, agentId)).toEqual([expect.objectContaining({ status: 'paid', paymentId: payment.id })])
		expect((await getAgentCredit(db, agentId)).walletBalance).toBe(700_000)
		// The failure delivered late changes nothing.
		expect(await handleWebhook(db, client, { ...failed, eventId: 'evt_failed_2' })).toMatchObject({ outcome: 'unchanged' })
		expect(await listTopUps(db, agentId)).toEqual([expect.objectContaining({ status: 'paid' })])
	})

	test('a tampered or wrong signature credits nothing (400); a payment of another amount is flagged, not credited; amounts outside the bounds are refused', async () => {
		const { db } = get()
		const agentId = await agency(db, 'Tamper Proof Tours')
		const client = gateway()
		const order = await startTopUp(db, client, admin, agentId, 500_000)
		const { payment, fields } = standIn.pay(order.orderId)
		const tampered = { orderId: fields.razorpay_order_id, paymentId: fields.razorpay_payment_id, signature: 'f'.repeat(64) }
		await expect(completeTopUpCheckout(db, client, tampered)).rejects.toMatchObject({ status: 400 })
		await expect(handleWebhook(db, client, captured(payment, `evt_${payment.id}_bad`, 'not-the-secret'))).rejects.toMatchObject({ status: 400 })
		// A signature for another order (a real one) with this payment: the payment's order does not match.
		const other = await startTopUp(db, client, admin, agentId, 500_000)
		const otherPaid = standIn.pay(other.orderId)
		await expect(
			completeTopUpCheckout(db, client, { orderId: otherPaid.fields.razorpay_order_id, paymentId: payment.id, signature: otherPaid.fields.razorpay_signature }),
		).rejects.toMatchObject({ status: 400 })
		expect((await getAgentCredit(db, agentId)).walletBalance).toBe(0)
		// Paid short of its order: flagged for staff, nothing credited.
		const short = await startTopUp(db, client, admin, agentId, 500_000)
		const shortPaid = standIn.pay(short.orderId, 100_000)
		expect(await handleWebhook(db, client, captured(shortPaid.payment, `evt_${shortPaid.payment.id}`))).toMatchObject({ outcome: 'flagged' })
		expect((await getAgentCredit(db, agentId)).walletBalance).toBe(0)
		await expect(startTopUp(db, client, admin, agentId, 99_999)).rejects.toMatchObject({ status: 400 })
		await expect(startTopUp(db, client, admin, agentId, 100_000_001)).rejects.toMatchObject({ status: 400 })
	})
})
