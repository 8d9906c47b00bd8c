import { beforeAll, expect, test } from 'vitest'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { twoAdultBooking } from '#tests/support/booking-fixtures.ts'
import { cancelBooking, type NewBooking } from '~/features/bookings/server/bookings.server.ts'
import { todayInIndia } from '~/lib/dates.ts'
import type { DB } from '~/server/db/client.server.ts'
import { agentNetPrice, clientPrice } from '~/features/agents/domain/agent-pricing.ts'
import {
	agentStatement,
	agentStatementCsv,
	agentStatementPdf,
	statementRangeOf,
	chargeBookingToCredit,
	createAgentBooking,
	decideCreditBooking,
	getAgentCredit,
	listAwaitingCredit,
	rateRuleOf,
	recordAgentFunds,
	saveAgentTerms,
} from './agent-credit.server.ts'
import { changeAgentStatus, createAgent, getAgentPage } from './agents.server.ts'

const staff = { id: 'staff-1', label: 'Asha (staff)' }
const agentUser = { id: 'agent-user-1', label: 'Neha (agent)' }

async function approvedAgency(db: DB, company: string, creditLimit: number) {
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
	await saveAgentTerms(db, staff, id, { rateRule: 'commission', marginBp: 0, creditLimit })
	return id
}

/** A booking the agency makes at net: our sell price ₹`sell`, its commission rule, 12% markup. */
async function agentForm(db: DB, base: NewBooking, agentId: string, sellPaise: number): Promise<NewBooking & { agent: NonNullable<NewBooking['agent']> }> {
	const rule = rateRuleOf(await db.selectFrom('agents').selectAll().where('id', '=', agentId).executeTakeFirstOrThrow())
	const net = agentNetPrice({ sell: sellPaise, cost: null }, rule)
	if (!net.ok) throw new Error(net.reason)
	const priced = clientPrice(net.net, { kind: 'percent', bp: 1200 })
	return {
		...base,
		price: {
			lines: [{ label: 'Net price to the agency', quantity: 1, unit: net.net, amount: net.net }],
			total: net.net,
			perPerson: Math.round(net.net / 2),
			payingTravellers: 2,
		},
		advanceDue: 0,
		agent: { agentId, net: net.net, markup: priced.markup, commission: net.commission },
	}
}

describeEachDatabase('agency credit', (get) => {
	let base: NewBooking

	beforeAll(async () => {
		base = await twoAdultBooking(get().db, 'agent-credit-package')
	})

	test('ten bookings at once against the last ₹50,000 of credit: only what fits confirms, the rest wait for staff', async () => {
		const { db } = get()
		// ₹1,50,000 limit with ₹1,00,000 already in use: ₹50,000 left.
		const agentId = await approvedAgency(db, 'Last Fifty Travels', 15_000_000)
		const first = await createAgentBooking(db, agentUser, await agentForm(db, base, agentId, 11_111_111), { submissionKey: 'race-first' })
		expect(first.credit).toBe('on_credit')
		expect((await getAgentCredit(db, agentId)).available).toBe(5_000_000)
		// Each booking: our sell ₹11,111.11, less 10% commission = ₹10,000 net.
		const forms = await Promise.all(Array.from({ length: 10 }, () => agentForm(db, base, agentId, 1_111_111)))
		expect(forms[0]!.agent.net).toBe(1_000_000)
		const results = await Promise.all(forms.map((form, index) => createAgentBooking(db, agentUser, form, { submissionKey: `race-${index}` })))
		expect(results.filter((result) => result.credit === 'on_credit')).toHaveLength(5)
		expect(results.filter((result) => result.credit === 'awaiting_approval')).toHaveLength(5)
		const credit = await getAgentCredit(db, agentId)
		expect(credit).toMatchObject({ creditLimit: 15_000_000, creditUsed: 15_000_000, available: 0 })
		const ledger = await db.selectFrom('agent_ledger').select(['kind', 'amount']).where('agent_id', '=', agentId).execute()
		expect(ledger.filter((entry) => entry.kind === 'booking').reduce((sum, entry) => sum + Number(entry.amount), 0)).toBe(15_000_000)
		const statuses = await db.selectFrom('bookings').select(['status', 'agent_credit_state']).where('agent_id', '=', agentId).execute()
		expect(statuses.filter((row) => row.status === 'confirmed')).toHaveLength(6)
		expect(statuses.filter((row) => row.status === 'pending_payment' && row.agent_credit_state === 'awaiting_approval')).toHaveLength(5)
		// Staff see the five waiting, with the agency's available credit.
		const waiting = (await listAwaitingCredit(db)).filter((row) => row.agentId === agentId)
		expect(waiting).toHaveLength(5)
		expect(waiting[0]).toMatchObject({ company: 'Last Fifty Travels', net: 1_000_000, available: 0 })
		// Two staff approve the same booking at once: one approval, charged once beyond the limit.
		const decided = await Promise.allSettled([
			decideCreditBooking(db, staff, waiting[0]!.id, 'approve'),
			decideCreditBooking(db, staff, waiting[0]!.id, 'approve'),
		])
		expect(decided.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
		expect(await getAgentCredit(db, agentId)).toMatchObject({ creditUsed: 16_000_000, available: 0 })
		expect(await db.selectFrom('bookings').select('status').where('id', '=', waiting[0]!.id).executeTakeFirstOrThrow()).toEqual({ status: 'confirmed' })
		// Refused: stays unpaid, no credit taken; a refused booking cannot then be approved.
		await decideCreditBooking(db, staff, waiting[1]!.id, 'refuse')
		await expect(decideCreditBooking(db, staff, waiting[1]!.id, 'approve')).rejects.toMatchObject({ code: 'aborted' })
		expect((await getAgentCredit(db, agentId)).creditUsed).toBe(16_000_000)
	})

	test('the same booking form submitted twice at once makes one booking and one charge', async () => {
		const { db } = get()
		const agentId = await approvedAgency(db, 'Double Click Holidays', 5_000_000)
		const form = await agentForm(db, base, agentId, 1_111_111)
		const results = await Promise.all([
			createAgentBooking(db, agentUser, form, { submissionKey: 'double' }),
			createAgentBooking(db, agentUser, form, { submissionKey: 'double' }),
		])
		expect(new Set(results.map((result) => result.id)).size).toBe(1)
		expect(results.map((result) => result.credit)).toEqual(['on_credit', 'on_credit'])
		expect(await db.selectFrom('bookings').select('id').where('agent_id', '=', agentId).execute()).toHaveLength(1)
		expect(await db.selectFrom('agent_ledger').select('id').where('agent_id', '=', agentId).execute()).toHaveLength(1)
		// Charging it again answers its state and takes nothing.
		expect(await chargeBookingToCredit(db, results[0]!.id, agentUser)).toBe('on_credit')
		expect((await getAgentCredit(db, agentId)).creditUsed).toBe(1_000_000)
	})

	test('a suspended agency cannot book; its bookings are not charged', async () => {
		const { db } = get()
		const agentId = await approvedAgency(db, 'Paused Tours', 5_000_000)
		await changeAgentStatus(db, staff, agentId, 'suspended')
		await expect(createAgentBooking(db, agentUser, await agentForm(db, base, agentId, 1_111_111), { submissionKey: 'paused' })).rejects.toMatchObject({
			status: 403,
		})
	})

	test('top-ups, payments, cancellations and the statement agree with the account and the commission report', async () => {
		const { db } = get()
		const agentId = await approvedAgency(db, 'Statement Sailors', 2_000_000)
		const today = todayInIndia()
		expect(await recordAgentFunds(db, staff, agentId, { kind: 'top_up', amount: 500_000, note: 'NEFT 123' }, { submissionKey: 'topup-1' })).toEqual({
			created: true,
		})
		expect(await recordAgentFunds(db, staff, agentId, { kind: 'top_up', amount: 500_000, note: 'NEFT 123' }, { submissionKey: 'topup-1' })).toEqual({
			created: false,
		})
		await expect(recordAgentFunds(db, staff, agentId, { kind: 'top_up', amount: 0, note: null }, { submissionKey: 'topup-0' })).rejects.toMatchObject({
			status: 400,
		})
		expect((await getAgentCredit(db, agentId)).available).toBe(2_500_000)
		// ₹25,000 available: a ₹22,500 net booking fits (our sell ₹25,000, 10% commission), a second does not.
		const one = await createAgentBooking(db, agentUser, await agentForm(db, base, agentId, 2_500_000), { submissionKey: 'st-1' })
		const two = await createAgentBooking(db, agentUser, await agentForm(db, base, agentId, 2_500_000), { submissionKey: 'st-2' })
		expect([one.credit, two.credit]).toEqual(['on_credit', 'awaiting_approval'])
		// A payment settles credit in use: the rest goes to the wallet.
		await recordAgentFunds(db, staff, agentId, { kind: 'payment', amount: 3_000_000, note: 'cheque' }, { submissionKey: 'pay-1' })
		expect(await getAgentCredit(db, agentId)).toMatchObject({ walletBalance: 1_250_000, creditUsed: 0, available: 3_250_000 })
		const { statement, credit } = await agentStatement(db, agentId, { from: today, to: today })
		expect(statement).toMatchObject({
			opening: 0,
			bookings: 2_250_000,
			payments: 3_500_000,
			releases: 0,
			commission: 250_000,
			markup: 270_000,
			closing: 1_250_000,
		})
		// The statement's closing balance is the account: wallet − credit in use.
		expect(statement.closing).toBe(credit.walletBalance - credit.creditUsed)
		// The commission report shows the same commission earned as the statement.
		const page = await getAgentPage(db, agentId, { from: today, to: today })
		expect(page.commission.earned).toBe(statement.commission)
		const csv = await agentStatementCsv(db, agentId, { from: today, to: today })
		expect(csv.csv).toContain('Opening balance')
		expect(csv.csv).toContain('Booking on credit')
		expect(csv.csv).toContain('12500.00')
		const pdf = await agentStatementPdf(db, agentId, { from: today, to: today })
		expect(Buffer.from(pdf.body).subarray(0, 5).toString()).toBe('%PDF-')
		expect(pdf.filename).toBe(`statement-statement-sailors-${today}-to-${today}.pdf`)
		// Swapped dates in a download link are a 400, not a 500.
		expect(() => statementRangeOf(new URL('http://x/s.csv?from=2030-02-01&to=2030-01-01'))).toThrow(Response)
		// Cancelling a booking on credit gives back its net less the cancellation fee, once.
		await cancelBooking(db, one.id, 'client changed plans', today, [{ minDaysBefore: 0, feePercent: 0 }], staff)
		const after = await agentStatement(db, agentId, { from: today, to: today })
		expect(after.statement.releases).toBe(2_250_000)
		expect(after.credit).toMatchObject({ creditUsed: 0, walletBalance: 3_500_000 })
		expect(after.statement.closing).toBe(3_500_000)
	})
})
