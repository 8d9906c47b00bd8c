import type { Kysely } from 'kysely'
import { type RateRule, rateRuleKinds, type RateRuleKind } from '~/features/agents/domain/agent-pricing.ts'
import { availableCredit, type LedgerEntry, type LedgerKind, ledgerLabels, statementOfAccount } from '~/features/agents/domain/credit.ts'
import { confirmBookingIn, createBooking, type NewBooking } from '~/features/bookings/server/bookings.server.ts'
import { addBookingEvent } from '~/features/leads/server/trip-events.server.ts'
import { toCsv } from '~/lib/csv.ts'
import { addDays, formatTravelDate, indiaDayStartUtc, isIsoDate, todayInIndia } from '~/lib/dates.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'
import { supplierStatementPdf } from '~/features/suppliers/server/statement-pdf.server.ts'
import { AppError } from '~/lib/errors.ts'
import { formatINR } from '~/lib/money.ts'
import { type Actor, recordAudit } from '~/server/db/audit.server.ts'
import { type Executor, isUniqueViolation } from '~/server/db/client.server.ts'
import { rowById } from '~/server/db/row-by-id.server.ts'
import type { AgentRow, Database } from '~/server/db/schema.ts'
import { addFunds, consumeCredit, endQuoteHold } from './credit-ledger.server.ts'

type DB = Kysely<Database>

/**
 * An agency's terms and credit (docs/decisions/223-agent-rate-rules-and-net-pricing.md,
 * 224-agent-credit-accounting-and-atomicity.md): the rate rule staff set, the credit limit, top-ups
 * and payments, bookings charged to credit (at once when they fit, otherwise waiting for staff),
 * and the statement of account read from the ledger.
 */

export function rateRuleOf(row: Pick<AgentRow, 'rate_rule' | 'commission_bp' | 'margin_bp'>): RateRule {
	return row.rate_rule === 'margin' ? { kind: 'margin', marginBp: Number(row.margin_bp) } : { kind: 'commission', commissionBp: Number(row.commission_bp) }
}

export function creditAccountOf(row: Pick<AgentRow, 'credit_limit' | 'wallet_balance' | 'credit_used'> & { credit_held?: number }) {
	const account = {
		creditLimit: Number(row.credit_limit),
		walletBalance: Number(row.wallet_balance),
		creditUsed: Number(row.credit_used),
		creditHeld: Number(row.credit_held ?? 0),
	}
	return { ...account, available: availableCredit(account) }
}

export async function getAgentCredit(db: Executor, agentId: string) {
	const row = await rowById(db, 'agents', agentId, 'There is no agent with that id.')
	return { rateRule: rateRuleOf(row), ...creditAccountOf(row) }
}

export type AgentTerms = { rateRule: RateRuleKind; marginBp: number; creditLimit: number }

/** Staff set the agency's rate rule, margin and credit limit (audited). */
export async function saveAgentTerms(db: DB, actor: Actor, agentId: string, terms: AgentTerms) {
	if (!(rateRuleKinds as readonly string[]).includes(terms.rateRule)) throw new AppError('invalid-argument', 'Choose how the agency’s net price is worked out.')
	return db.transaction().execute(async (trx) => {
		const before = await rowById(trx, 'agents', agentId, 'There is no agent with that id.', { forUpdate: true })
		const after = { rate_rule: terms.rateRule, margin_bp: terms.marginBp, credit_limit: terms.creditLimit }
		await trx
			.updateTable('agents')
			.set({ ...after, updated_at: new Date().toISOString() })
			.where('id', '=', agentId)
			.execute()
		await recordAudit(trx, {
			actor,
			action: 'terms',
			entity: 'agent',
			entityId: agentId,
			before: { rate_rule: before.rate_rule, margin_bp: before.margin_bp, credit_limit: before.credit_limit },
			after,
		})
	})
}

/**
 * Money in from the agency, recorded by staff (or by the gateway flow with its payment as the key):
 * a top-up to the wallet, or a payment that settles credit in use. The same form posted twice records once.
 */
export async function recordAgentFunds(
	db: DB,
	actor: Actor,
	agentId: string,
	input: { kind: 'top_up' | 'payment'; amount: number; note: string | null },
	options: { submissionKey: string },
) {
	if (!Number.isInteger(input.amount) || input.amount <= 0)
		throw new AppError('invalid-argument', 'Enter an amount above zero.', { fields: { amount: 'Enter an amount above zero.' } })
	try {
		await db.transaction().execute(async (trx) => {
			await rowById(trx, 'agents', agentId, 'There is no agent with that id.', { forUpdate: true })
			await addFunds(trx, { agentId, kind: input.kind, amount: input.amount, note: input.note, submissionKey: options.submissionKey, actor })
			await recordAudit(trx, { actor, action: input.kind, entity: 'agent', entityId: agentId, after: { amount: input.amount, note: input.note } })
		})
		return { created: true }
	} catch (error) {
		if (isUniqueViolation(error)) return { created: false }
		throw error
	}
}

export type CreditOutcome = 'on_credit' | 'awaiting_approval' | 'approved' | 'refused' | 'released'

/** Whether a booking has hotel nights on request (no allotment: the hotel must confirm them first). */
async function hasRoomsOnRequest(trx: Executor, bookingId: string): Promise<boolean> {
	const row = await trx
		.selectFrom('room_night_sales')
		.select('id')
		.where('booking_id', '=', bookingId)
		.where('basis', '=', 'on_request')
		.where('released_at', 'is', null)
		.executeTakeFirst()
	return Boolean(row)
}

/** Why a booking waits for staff, as the agent and staff read it. */
export const creditWaitReasons = {
	credit: 'more than the agency’s available credit',
	onRequest: 'a hotel is on request: confirm the rooms with the hotel before confirming on credit',
} as const

/**
 * Charges an agency booking to its credit, once: the booking is claimed (new → deciding) and the
 * credit taken with one conditional update in the same transaction. Within the available credit it is
 * confirmed at once; beyond it, or with a hotel on request (docs/decisions/233), it waits for staff.
 * From a quote that holds credit, the hold becomes the charge (never both). Called again (a double
 * submit) it answers the state.
 */
export async function chargeBookingToCredit(db: DB, bookingId: string, actor: Actor, options: { quoteId?: string } = {}): Promise<CreditOutcome> {
	return db.transaction().execute(async (trx) => {
		const claimed = await trx
			.updateTable('bookings')
			.set({ agent_credit_state: 'deciding' })
			.where('id', '=', bookingId)
			.where('agent_credit_state', '=', 'new')
			.executeTakeFirst()
		const row = await rowById(trx, 'bookings', bookingId, 'No such booking.')
		if (Number(claimed.numUpdatedRows) !== 1) return row.agent_credit_state as CreditOutcome
		if (!row.agent_id || row.agent_net === null) throw new AppError('failed-precondition', 'This booking was not made by an agency.')
		const net = Number(row.agent_net)
		const onRequest = await hasRoomsOnRequest(trx, bookingId)
		// The quote's hold ends here whatever happens: converted into this charge, or released while staff decide.
		const held = options.quoteId ? await endQuoteHold(trx, options.quoteId, onRequest ? 'released' : 'converted') : 0
		const taken =
			!onRequest &&
			(await consumeCredit(
				trx,
				{
					agentId: row.agent_id,
					amount: net,
					bookingId,
					commission: Number(row.agent_commission ?? 0),
					markup: Number(row.agent_markup ?? 0),
					note: row.reference,
					actor,
				},
				{ force: held >= net },
			))
		const state: CreditOutcome = taken ? 'on_credit' : 'awaiting_approval'
		await trx.updateTable('bookings').set({ agent_credit_state: state }).where('id', '=', bookingId).execute()
		if (taken) await confirmBookingIn(trx, bookingId, 0, { ...actor, isOwner: false }, null, { onCredit: true })
		else
			await addBookingEvent(
				trx,
				bookingId,
				actor,
				'booking',
				`waiting for credit approval: ${onRequest ? creditWaitReasons.onRequest : `${formatINR(net)} is ${creditWaitReasons.credit}`}`,
				{ creditState: state },
			)
		return state
	})
}

/** An agency books: the booking at its net price, then charged to its credit (one booking per submission key). */
export async function createAgentBooking(
	db: DB,
	actor: Actor,
	booking: NewBooking & { agent: NonNullable<NewBooking['agent']> },
	options: { submissionKey: string; quoteId?: string },
) {
	const agency = await rowById(db, 'agents', booking.agent.agentId, 'There is no agent with that id.')
	if (agency.status !== 'approved') throw new AppError('permission-denied', 'Your agency cannot book at the moment. Contact us.')
	const created = await createBooking(db, booking, { submissionKey: options.submissionKey, agentQuoteId: options.quoteId })
	const credit = await chargeBookingToCredit(db, created.id, actor, { quoteId: options.quoteId })
	return { ...created, credit }
}

/** Staff decide a booking waiting for credit: approve (charged beyond the limit, confirmed) or refuse (stays unpaid). Once. */
export async function decideCreditBooking(db: DB, actor: Actor, bookingId: string, decision: 'approve' | 'refuse') {
	return db.transaction().execute(async (trx) => {
		const to = decision === 'approve' ? 'approved' : 'refused'
		const claimed = await trx
			.updateTable('bookings')
			.set({ agent_credit_state: to })
			.where('id', '=', bookingId)
			.where('agent_credit_state', '=', 'awaiting_approval')
			.executeTakeFirst()
		if (Number(claimed.numUpdatedRows) !== 1) throw new AppError('aborted', 'This booking is no longer waiting for credit approval. Reload the list.')
		const row = await rowById(trx, 'bookings', bookingId, 'No such booking.')
		if (decision === 'approve') {
			const taken = await consumeCredit(
				trx,
				{
					agentId: row.agent_id!,
					amount: Number(row.agent_net),
					bookingId,
					commission: Number(row.agent_commission ?? 0),
					markup: Number(row.agent_markup ?? 0),
					note: `${row.reference}, approved beyond the credit limit`,
					actor,
				},
				{ force: true },
			)
			if (!taken) throw new AppError('failed-precondition', 'The agency is not approved: its bookings cannot be charged to credit.')
			await confirmBookingIn(trx, bookingId, 0, { ...actor, isOwner: false }, null, { onCredit: true })
		} else await addBookingEvent(trx, bookingId, actor, 'booking', 'credit refused: the agency pays the booking before it is confirmed', { creditState: to })
		await recordAudit(trx, {
			actor,
			action: `credit-${decision}`,
			entity: 'booking',
			entityId: bookingId,
			before: { agent_credit_state: 'awaiting_approval' },
			after: { agent_credit_state: to },
		})
		return to
	})
}

/** Agency bookings waiting for credit approval, oldest first, with each agency's available credit. */
export async function listAwaitingCredit(db: Executor) {
	const rows = await db
		.selectFrom('bookings')
		.innerJoin('agents', 'agents.id', 'bookings.agent_id')
		.select([
			'bookings.id',
			'bookings.reference',
			'bookings.title',
			'bookings.start_date as startDate',
			'bookings.agent_net as net',
			'bookings.created_at as createdAt',
			'agents.id as agentId',
			'agents.company',
			'agents.credit_limit',
			'agents.wallet_balance',
			'agents.credit_used',
			'agents.credit_held',
		])
		.select((eb) =>
			eb
				.exists(
					eb
						.selectFrom('room_night_sales')
						.select('room_night_sales.id')
						.whereRef('room_night_sales.booking_id', '=', 'bookings.id')
						.where('room_night_sales.basis', '=', 'on_request')
						.where('room_night_sales.released_at', 'is', null),
				)
				.as('onRequest'),
		)
		.where('bookings.agent_credit_state', '=', 'awaiting_approval')
		.where('bookings.status', '=', 'pending_payment')
		.orderBy('bookings.created_at')
		.limit(200)
		.execute()
	return rows.map(({ credit_limit, wallet_balance, credit_used, credit_held, onRequest, ...row }) => ({
		...row,
		net: Number(row.net),
		onRequest: Boolean(onRequest),
		reason: onRequest ? creditWaitReasons.onRequest : creditWaitReasons.credit,
		available: creditAccountOf({ credit_limit, wallet_balance, credit_used, credit_held }).available,
	}))
}

async function ledgerEntries(db: Executor, agentId: string, before: string): Promise<LedgerEntry[]> {
	const rows = await db
		.selectFrom('agent_ledger')
		.leftJoin('bookings', 'bookings.id', 'agent_ledger.booking_id')
		.select([
			'agent_ledger.kind',
			'agent_ledger.amount',
			'agent_ledger.commission',
			'agent_ledger.markup',
			'agent_ledger.note',
			'agent_ledger.created_at',
			'bookings.reference',
		])
		.where('agent_ledger.agent_id', '=', agentId)
		.where('agent_ledger.created_at', '<', before)
		.orderBy('agent_ledger.created_at')
		.orderBy('agent_ledger.id')
		.execute()
	return rows.map((row) => ({
		kind: row.kind as LedgerKind,
		amount: Number(row.amount),
		commission: Number(row.commission),
		markup: Number(row.markup),
		note: row.note,
		createdAt: row.created_at,
		day: todayInIndia(new Date(row.created_at)),
		bookingReference: row.reference,
	}))
}

/** The agency's statement of account for India dates from..to (inclusive), with its credit now. */
export async function agentStatement(db: Executor, agentId: string, range: { from: string; to: string }) {
	const agent = await rowById(db, 'agents', agentId, 'There is no agent with that id.')
	const entries = await ledgerEntries(db, agentId, indiaDayStartUtc(addDays(range.to, 1)))
	return { company: agent.company, gstin: agent.gstin, credit: creditAccountOf(agent), statement: statementOfAccount(entries, range.from, range.to) }
}

/** The statement as CSV (formula-safe cells, rupees with two decimals). */
export async function agentStatementCsv(db: Executor, agentId: string, range: { from: string; to: string }) {
	const { company, statement } = await agentStatement(db, agentId, range)
	const rupees = (paise: number) => (paise / 100).toFixed(2)
	const rows: Array<Array<string | number | null>> = [
		['Date', 'Entry', 'Booking', 'Note', 'Debit (INR)', 'Credit (INR)', 'Balance (INR)', 'Commission (INR)', 'Markup (INR)'],
	]
	rows.push([statement.from, 'Opening balance', null, null, null, null, rupees(statement.opening), null, null])
	for (const line of statement.lines)
		rows.push([
			line.day,
			ledgerLabels[line.kind],
			line.bookingReference,
			line.note,
			line.debit ? rupees(line.debit) : null,
			line.credit ? rupees(line.credit) : null,
			rupees(line.balance),
			line.commission ? rupees(line.commission) : null,
			line.markup ? rupees(line.markup) : null,
		])
	rows.push([
		statement.to,
		'Closing balance',
		null,
		null,
		rupees(statement.bookings),
		rupees(statement.payments + statement.releases),
		rupees(statement.closing),
		rupees(statement.commission),
		rupees(statement.markup),
	])
	return {
		filename: `statement-${company
			.replace(/[^A-Za-z0-9]+/g, '-')
			.replace(/^-|-$/g, '')
			.toLowerCase()}-${range.from}-to-${range.to}.csv`,
		csv: toCsv(rows),
	}
}

/**
 * The statement as an A4 PDF in the supplier statement's layout (its helper, with the agency's wording):
 * every entry with its running balance, then opening, bookings, payments, releases, commission and markup earned, closing.
 */
export async function agentStatementPdf(db: Executor, agentId: string, range: { from: string; to: string }) {
	const { company, gstin, statement } = await agentStatement(db, agentId, range)
	const settings = await getSettings(db as DB)
	const entries = statement.lines.map((line) => ({
		date: line.day,
		reference: line.bookingReference ?? '',
		description: [ledgerLabels[line.kind], line.note].filter(Boolean).join(': '),
		charge: line.debit,
		payment: line.credit,
		balance: line.balance,
	}))
	const body = await supplierStatementPdf({
		companyName: settings.company.name,
		supplier: { name: company, termsText: `Statement of account, ${formatTravelDate(range.from)} to ${formatTravelDate(range.to)}`, gstin, pan: null },
		today: range.to,
		statement: { entries, charged: statement.bookings, paid: statement.payments + statement.releases, balance: statement.closing },
		wording: {
			heading: 'STATEMENT OF ACCOUNT',
			charge: 'Debit',
			payment: 'Credit',
			totals: [
				`Opening balance: ${formatINR(statement.opening)}`,
				`Bookings on credit: ${formatINR(statement.bookings)}`,
				`Payments and top-ups: ${formatINR(statement.payments)}`,
				`Credit released: ${formatINR(statement.releases)}`,
				`Commission earned: ${formatINR(statement.commission)} · Markup earned: ${formatINR(statement.markup)}`,
				`Closing balance: ${formatINR(statement.closing)}${statement.closing < 0 ? ' (due from the agency)' : ''}`,
			],
			footnote: 'Bookings are charged at the agency’s net price. A negative balance is due from the agency. This is a computer-generated statement.',
		},
	})
	return {
		filename: `statement-${company
			.replace(/[^A-Za-z0-9]+/g, '-')
			.replace(/^-|-$/g, '')
			.toLowerCase()}-${range.from}-to-${range.to}.pdf`,
		body,
	}
}

/** The statement's India dates from a download link (`from`, `to`; the last 90 days by default); swapped dates are a 400. */
export function statementRangeOf(url: URL): { from: string; to: string } {
	const date = (name: string, fallback: string) => {
		const value = url.searchParams.get(name)
		return value && isIsoDate(value) ? value : fallback
	}
	const to = date('to', todayInIndia())
	const from = date('from', addDays(to, -90))
	if (from > to) throw new Response('The start date is after the end date: swap them and download again.', { status: 400, statusText: 'Bad Request' })
	return { from, to }
}
