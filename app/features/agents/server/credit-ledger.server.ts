import { sql } from 'kysely'
import type { LedgerKind } from '~/features/agents/domain/credit.ts'
import { formatINR } from '~/lib/money.ts'
import type { Actor } from '~/server/db/audit.server.ts'
import type { Executor } from '~/server/db/client.server.ts'

/**
 * The agency's account, moved only here (docs/decisions/224-agent-credit-accounting-and-atomicity.md).
 * Each movement is one conditional UPDATE of the agency row plus one ledger row, inside the caller's
 * transaction, so two bookings racing for the last credit take it once on SQLite and PostgreSQL alike.
 */

type Entry = {
	agentId: string
	kind: LedgerKind
	amount: number
	bookingId?: string | null
	commission?: number
	markup?: number
	note?: string | null
	submissionKey?: string | null
	actor: Actor
}

async function writeEntry(trx: Executor, entry: Entry) {
	await trx
		.insertInto('agent_ledger')
		.values({
			agent_id: entry.agentId,
			kind: entry.kind,
			amount: entry.amount,
			booking_id: entry.bookingId ?? null,
			commission: entry.commission ?? 0,
			markup: entry.markup ?? 0,
			note: entry.note ?? null,
			submission_key: entry.submissionKey ?? null,
			created_by: entry.actor.id,
			created_at: new Date().toISOString(),
		})
		.execute()
}

/**
 * Takes `amount` of the agency's available credit (limit + wallet − in use) if it fits, in one
 * conditional update; with `force` (staff approval) it is taken even beyond the limit. Only an
 * approved agency can use credit. Returns whether it was taken; the ledger row is written when it was.
 */
export async function consumeCredit(trx: Executor, entry: Omit<Entry, 'kind'>, options: { force?: boolean } = {}): Promise<boolean> {
	let query = trx
		.updateTable('agents')
		.set({ credit_used: sql<number>`credit_used + ${entry.amount}`, updated_at: new Date().toISOString() })
		.where('id', '=', entry.agentId)
		.where('status', '=', 'approved')
	if (!options.force) query = query.where(sql<boolean>`credit_limit + wallet_balance - credit_used - credit_held >= ${entry.amount}`)
	const result = await query.executeTakeFirst()
	if (Number(result.numUpdatedRows) !== 1) return false
	await writeEntry(trx, { ...entry, kind: 'booking' })
	return true
}

/**
 * A saved quote holds `amount` of the agency's available credit (docs/decisions/233), in the same single
 * conditional update as a booking's charge: two quotes (or a quote and a booking) racing for the last credit
 * take it once. Returns whether it was held. Holds are not ledger entries: nothing is owed until a booking.
 */
export async function holdCredit(trx: Executor, agentId: string, amount: number): Promise<boolean> {
	if (amount <= 0) return false
	const result = await trx
		.updateTable('agents')
		.set({ credit_held: sql<number>`credit_held + ${amount}`, updated_at: new Date().toISOString() })
		.where('id', '=', agentId)
		.where('status', '=', 'approved')
		.where(sql<boolean>`credit_limit + wallet_balance - credit_used - credit_held >= ${amount}`)
		.executeTakeFirst()
	return Number(result.numUpdatedRows) === 1
}

/**
 * Ends a quote's credit hold once: its state moves from held to `to` (converted into a booking's charge, or
 * released) in one conditional update, and only the caller that moved it gives the amount back to the
 * agency's available credit. Returns the amount given back (0 when the quote held nothing or someone else
 * ended the hold first), so a sweep, a withdrawal and an acceptance racing each other end it once.
 */
export async function endQuoteHold(trx: Executor, quoteId: string, to: 'converted' | 'released'): Promise<number> {
	const claimed = await trx.updateTable('agent_quotes').set({ hold_state: to }).where('id', '=', quoteId).where('hold_state', '=', 'held').executeTakeFirst()
	if (Number(claimed.numUpdatedRows) !== 1) return 0
	const quote = await trx.selectFrom('agent_quotes').select(['agent_id', 'credit_hold']).where('id', '=', quoteId).executeTakeFirstOrThrow()
	const amount = Number(quote.credit_hold)
	await trx
		.updateTable('agents')
		.set({
			credit_held: sql<number>`case when credit_held > ${amount} then credit_held - ${amount} else 0 end`,
			updated_at: new Date().toISOString(),
		})
		.where('id', '=', quote.agent_id)
		.execute()
	return amount
}

/**
 * Gives credit back (a cancelled booking): like a payment, it settles credit in use first and the rest
 * (a booking the agency had already paid for) goes to the wallet, so the ledger always sums to
 * wallet − credit in use.
 */
export async function releaseCredit(trx: Executor, entry: Omit<Entry, 'kind'>): Promise<void> {
	if (entry.amount <= 0) return
	await settle(trx, entry.agentId, entry.amount)
	await writeEntry(trx, { ...entry, kind: 'release' })
}

/** Settles credit in use with `amount`, the rest to the wallet: one UPDATE reads the old figures for both columns on either database. */
async function settle(trx: Executor, agentId: string, amount: number) {
	await trx
		.updateTable('agents')
		.set({
			credit_used: sql<number>`case when credit_used > ${amount} then credit_used - ${amount} else 0 end`,
			wallet_balance: sql<number>`wallet_balance + case when credit_used > ${amount} then 0 else ${amount} - credit_used end`,
			updated_at: new Date().toISOString(),
		})
		.where('id', '=', agentId)
		.execute()
}

/**
 * Money in from the agency: a top-up goes to the wallet; a payment first settles credit in use and
 * the rest goes to the wallet.
 */
export async function addFunds(trx: Executor, entry: Entry & { kind: 'top_up' | 'payment' }): Promise<void> {
	if (entry.kind === 'top_up')
		await trx
			.updateTable('agents')
			.set({ wallet_balance: sql<number>`wallet_balance + ${entry.amount}`, updated_at: new Date().toISOString() })
			.where('id', '=', entry.agentId)
			.execute()
	else await settle(trx, entry.agentId, entry.amount)
	await writeEntry(trx, entry)
}

/**
 * On cancelling a booking charged to credit: gives back its net less the cancellation fee (the agency
 * owes the fee), once (the state moves from on_credit/approved to released in the same update).
 */
export async function releaseBookingCredit(trx: Executor, bookingId: string, fee: number, actor: Actor): Promise<number> {
	const row = await trx.selectFrom('bookings').select(['agent_id', 'agent_net', 'agent_credit_state']).where('id', '=', bookingId).executeTakeFirst()
	if (!row?.agent_id || row.agent_net === null) return 0
	const claimed = await trx
		.updateTable('bookings')
		.set({ agent_credit_state: 'released' })
		.where('id', '=', bookingId)
		.where('agent_credit_state', 'in', ['on_credit', 'approved'])
		.executeTakeFirst()
	if (Number(claimed.numUpdatedRows) !== 1) return 0
	const amount = Math.max(0, Number(row.agent_net) - fee)
	await releaseCredit(trx, { agentId: row.agent_id, amount, bookingId, note: fee ? `cancelled, ${formatINR(fee)} cancellation fee kept` : 'cancelled', actor })
	return amount
}
