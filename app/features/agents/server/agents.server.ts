import { type Kysely, sql } from 'kysely'
import {
	type AgentForm,
	agentMachine,
	type AgentStatus,
	commissionOn,
	commissionSummary,
	commissionableBookingStatuses,
} from '~/features/agents/domain/agent.ts'
import { toCsv } from '~/lib/csv.ts'
import { transition } from '~/lib/state-machine.ts'
import { likePattern, searchNeedles } from '~/lib/search.ts'
import { addDays, indiaDayStartUtc, nowIso } from '~/lib/dates.ts'
import { AppError } from '~/lib/errors.ts'
import { newId } from '~/lib/ids.ts'
import { type Actor, recordAudit } from '~/server/db/audit.server.ts'
import type { AgentRow, Database } from '~/server/db/schema.ts'
import type { Executor } from '~/server/db/client.server.ts'
import { rowById } from '~/server/db/row-by-id.server.ts'
import { createOnce } from '~/server/db/create-once.server.ts'
import { revokeEverything } from '~/features/identity/server/accounts.server.ts'

type DB = Kysely<Database>

/** Partner agencies (/admin/agents): who they are, their status, and the leads, bookings and commission they bring. */

export const agentsPerPage = 25

export function toAgent(row: AgentRow) {
	return {
		id: row.id,
		company: row.company,
		contactPerson: row.contact_person,
		phone: row.phone,
		email: row.email,
		city: row.city,
		pan: row.pan,
		gstin: row.gstin,
		billingAddress: row.billing_address ?? null,
		stateCode: row.state_code ?? null,
		commissionBp: row.commission_bp,
		status: row.status as AgentStatus,
		notes: row.notes,
		createdAt: row.created_at,
	}
}
export type Agent = ReturnType<typeof toAgent>

function columns(form: AgentForm) {
	return {
		company: form.company,
		contact_person: form.contactPerson,
		phone: form.phone,
		email: form.email ?? null,
		city: form.city,
		pan: form.pan,
		gstin: form.gstin,
		...(form.billingAddress !== undefined ? { billing_address: form.billingAddress } : {}),
		...(form.stateCode !== undefined ? { state_code: form.stateCode } : {}),
		commission_bp: form.commissionPercent,
		notes: form.notes,
		search_text: [form.company, form.contactPerson, form.phone, form.email, form.city, form.pan, form.gstin].filter(Boolean).join(' ').toLowerCase(),
	}
}

/** Records an agency (status applied). */
/** Adds an agency as applied; the same form posted twice adds it once (createOnce). */
export async function createAgent(db: DB, actor: Actor, form: AgentForm, options: { submissionKey?: string | null } = {}) {
	const { id } = await createOnce(db, options.submissionKey, 'agent', async (trx) => {
		const now = nowIso()
		const row = { id: newId(), ...columns(form), status: 'applied', created_at: now, updated_at: now }
		await trx.insertInto('agents').values(row).execute()
		await recordAudit(trx, { actor, action: 'create', entity: 'agent', entityId: row.id, after: row })
		return row.id
	})
	return id
}

function agentRow(db: Executor, id: string, forUpdate = false) {
	return rowById(db, 'agents', id, 'There is no agent with that id.', { forUpdate })
}

export async function updateAgent(db: DB, actor: Actor, id: string, form: AgentForm) {
	return db.transaction().execute(async (trx) => {
		const before = await agentRow(trx, id, true)
		const after = { ...columns(form), updated_at: nowIso() }
		await trx.updateTable('agents').set(after).where('id', '=', id).execute()
		await recordAudit(trx, { actor, action: 'update', entity: 'agent', entityId: id, before, after })
	})
}

/** Every session, refresh token and emailed link of the agency's users ends, and their token version moves on (as for a disabled account). */
async function signOutAgencyUsers(trx: Executor, agentId: string) {
	const users = await trx.selectFrom('users').select('id').where('agent_id', '=', agentId).execute()
	for (const { id } of users) await revokeEverything(trx, id, 'agency-suspended')
}

export async function changeAgentStatus(db: DB, actor: Actor, id: string, to: AgentStatus) {
	return db.transaction().execute(async (trx) => {
		const before = await agentRow(trx, id, true)
		const result = transition(agentMachine, before.status as AgentStatus, to)
		if (!result.ok) throw new AppError('failed-precondition', result.error)
		await trx.updateTable('agents').set({ status: to, updated_at: nowIso() }).where('id', '=', id).execute()
		// Suspending signs the agency's users out everywhere and spends their emailed links (ADR 222); reinstating needs nothing: they sign in again.
		if (to === 'suspended') await signOutAgencyUsers(trx, id)
		await recordAudit(trx, { actor, action: 'status', entity: 'agent', entityId: id, before: { status: before.status }, after: { status: to } })
		return to
	})
}

export type AgentFilters = { q: string; status: AgentStatus | null; page: number }

export async function listAgents(db: Executor, filters: AgentFilters) {
	let query = db.selectFrom('agents')
	const needles = searchNeedles(filters.q)
	if (needles.length)
		query = query.where((eb) => eb.or(needles.map((needle) => eb(sql.ref('agents.search_text'), 'like', sql<string>`${likePattern(needle)} escape '\\'`))))
	if (filters.status) query = query.where('status', '=', filters.status)
	const { count } = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()
	const total = Number(count)
	const pages = Math.max(1, Math.ceil(total / agentsPerPage))
	const page = Math.min(filters.page, pages)
	const rows = await query
		.selectAll()
		.orderBy('company')
		.orderBy('id')
		.limit(agentsPerPage)
		.offset((page - 1) * agentsPerPage)
		.execute()
	return { agents: rows.map(toAgent), total, page, pages }
}

/** Agents leads and bookings can be attributed to: approved ones, plus the one already chosen. */
export async function agentOptions(db: Executor, current: string | null = null) {
	const rows = await db
		.selectFrom('agents')
		.select(['id', 'company', 'status'])
		.where((eb) => (current ? eb.or([eb('status', '=', 'approved'), eb('id', '=', current)]) : eb('status', '=', 'approved')))
		.orderBy('company')
		.execute()
	return rows.map((row) => ({
		value: row.id,
		label: row.status === 'approved' ? row.company : `${row.company} (${agentMachine.labels[row.status as AgentStatus].toLowerCase()})`,
	}))
}

/**
 * An agent's page: their leads and trip bookings created in a date range
 * (India dates, inclusive) and the commission earned on confirmed and
 * completed bookings and due on completed ones.
 */
export async function getAgentPage(db: Executor, id: string, range: { from: string; to: string }) {
	const agent = toAgent(await agentRow(db, id))
	const start = indiaDayStartUtc(range.from)
	const end = indiaDayStartUtc(addDays(range.to, 1))
	const [leads, bookingRows] = await Promise.all([
		db
			.selectFrom('leads')
			.select(['id', 'reference', 'name', 'status', 'source', 'created_at as createdAt'])
			.where('agent_id', '=', id)
			.where('created_at', '>=', start)
			.where('created_at', '<', end)
			.orderBy('created_at', 'desc')
			.limit(500)
			.execute(),
		db
			.selectFrom('bookings')
			.select([
				'id',
				'reference',
				'title',
				'status',
				'start_date as startDate',
				'total',
				'agent_commission as agentCommission',
				'contact_name as contactName',
				'created_at as createdAt',
			])
			.where('agent_id', '=', id)
			.where('created_at', '>=', start)
			.where('created_at', '<', end)
			.orderBy('created_at', 'desc')
			.limit(500)
			.execute(),
	])
	// A booking the agency made itself at net carries its own commission (sell − net, ADR 223), the
	// figure its statement shows; one staff attributed to it earns the agency's percentage of the total.
	const bookings = bookingRows.map(({ agentCommission, ...row }) => ({
		...row,
		total: Number(row.total),
		commission: (commissionableBookingStatuses as readonly string[]).includes(row.status)
			? agentCommission === null
				? commissionOn(Number(row.total), agent.commissionBp)
				: Number(agentCommission)
			: 0,
	}))
	return { agent, leads, bookings, commission: commissionSummary(bookings) }
}

/** The agent's bookings in a range as CSV (formula-safe cells), with the commission per booking and the totals. */
export async function agentCommissionCsv(db: Executor, id: string, range: { from: string; to: string }) {
	const page = await getAgentPage(db, id, range)
	const rupees = (paise: number) => (paise / 100).toFixed(2)
	const rows: Array<Array<string | number | null>> = [['Booking', 'Created', 'Traveller', 'Trip', 'Start date', 'Status', 'Total (INR)', 'Commission (INR)']]
	for (const booking of page.bookings)
		rows.push([
			booking.reference,
			booking.createdAt.slice(0, 10),
			booking.contactName,
			booking.title,
			booking.startDate,
			booking.status,
			rupees(booking.total),
			rupees(booking.commission),
		])
	rows.push([], ['Commission earned (INR)', rupees(page.commission.earned)], ['Commission due (INR)', rupees(page.commission.due)])
	return {
		filename: `commission-${page.agent.company
			.replace(/[^A-Za-z0-9]+/g, '-')
			.replace(/^-|-$/g, '')
			.toLowerCase()}-${range.from}-to-${range.to}.csv`,
		csv: toCsv(rows),
	}
}

async function checkAgent(db: Executor, agentId: string | null) {
	if (!agentId) return
	const agent = await db.selectFrom('agents').select('status').where('id', '=', agentId).executeTakeFirst()
	if (!agent) throw new AppError('invalid-argument', 'Choose an agent from the list.', { fields: { agentId: 'Choose an agent from the list.' } })
}

/** Attributes a sales lead to an agent (or to nobody). */
export async function setLeadAgent(db: DB, actor: Actor, leadId: string, agentId: string | null) {
	return db.transaction().execute(async (trx) => {
		const before = await trx.selectFrom('leads').select(['agent_id']).where('id', '=', leadId).executeTakeFirst()
		if (!before) throw new AppError('not-found', 'There is no lead with that id.')
		await checkAgent(trx, agentId)
		if (before.agent_id === agentId) return false
		await trx.updateTable('leads').set({ agent_id: agentId, updated_at: nowIso() }).where('id', '=', leadId).execute()
		await recordAudit(trx, { actor, action: 'agent', entity: 'lead', entityId: leadId, before: { agent_id: before.agent_id }, after: { agent_id: agentId } })
		return true
	})
}

/** Attributes a trip booking to an agent (or to nobody). */
export async function setBookingAgent(db: DB, actor: Actor, bookingId: string, agentId: string | null) {
	return db.transaction().execute(async (trx) => {
		const before = await trx.selectFrom('bookings').select(['agent_id']).where('id', '=', bookingId).executeTakeFirst()
		if (!before) throw new AppError('not-found', 'There is no booking with that id.')
		await checkAgent(trx, agentId)
		if (before.agent_id === agentId) return false
		await trx.updateTable('bookings').set({ agent_id: agentId, updated_at: nowIso() }).where('id', '=', bookingId).execute()
		await recordAudit(trx, {
			actor,
			action: 'agent',
			entity: 'booking',
			entityId: bookingId,
			before: { agent_id: before.agent_id },
			after: { agent_id: agentId },
		})
		return true
	})
}
