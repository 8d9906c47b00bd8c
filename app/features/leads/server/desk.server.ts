import { type Kysely, sql } from 'kysely'
import { type ContactEventKind, eventKindLabels, type LeadPriority, type LeadStatus, leadSearchText, priorityLabels } from '~/features/leads/domain/lead.ts'
import { likePattern, searchNeedles } from '~/lib/search.ts'
import { type LeadFilters, type LeadSort, leadsPerPage } from '~/features/leads/domain/list-filters.ts'
import { lostReasonLabels, statusLabels, transitionLead } from '~/features/leads/domain/status.ts'
import { addDays, indiaDayStartUtc, nowIso, todayInIndia } from '~/lib/dates.ts'
import { AppError } from '~/lib/errors.ts'
import { newId } from '~/lib/ids.ts'
import { recordAudit } from '~/server/db/audit.server.ts'
import { camelColumns, jsonColumn } from '~/server/db/rows.ts'
import type { Database, LeadRow, LeadUpdate } from '~/server/db/schema.ts'
import { actorOf, type User } from '~/features/identity/server/users.server.ts'
import { isPostgres } from '~/server/db/client.server.ts'
import { trigramRowids, trigramUsable } from '~/features/search/server/trigram.server.ts'
import type { Executor } from '~/server/db/client.server.ts'
import { nextEventAt } from '~/features/leads/server/trip-events.server.ts'
import { rowById } from '~/server/db/row-by-id.server.ts'

/** The sales desk: the leads list, a lead's page and every change staff make to a lead (each audited in its transaction). */

/** Leads still being worked: a follow-up on one of them is due work. */
export const openLeadStatuses: LeadStatus[] = ['new', 'contacted', 'quoted', 'on_hold']

/**
 * On SQLite, the rows whose search text contains a needle, from the FTS5 trigram table (ADR 032):
 * looked up once per request and handed to both the count and the page query as one JSON list,
 * instead of scanning the trigram index twice. Null when the table cannot serve the needles
 * (PostgreSQL's trigram index serves the LIKE itself; needles without 3 characters in a row to look up).
 */
export async function trigramMatches(db: Executor, needles: string[]): Promise<string | null> {
	if (isPostgres(db) || !needles.length || !trigramUsable(needles)) return null
	const hits = await sql<{ found: number }>`select found from ${trigramRowids('leads', needles)} as trigram`.execute(db)
	return JSON.stringify(hits.rows.map((row) => row.found))
}

function filtered(
	db: Executor,
	filters: Omit<LeadFilters, 'sort' | 'page' | 'status'>,
	userId: string,
	today: string,
	needles: string[],
	matches: string | null,
) {
	let query = db.selectFrom('leads').where('leads.merged_into_id', 'is', null)
	if (needles.length) {
		if (matches !== null) query = query.where(sql`leads.rowid`, 'in', sql`(select value from json_each(${matches}))`)
		query = query.where((eb) => eb.or(needles.map((needle) => eb(sql`leads.search_text`, 'like', sql`${likePattern(needle)} escape '\\'`))))
	}
	if (filters.source) query = query.where('leads.source', '=', filters.source)
	if (filters.assignee === 'me') query = query.where('leads.assignee_id', '=', userId)
	else if (filters.assignee === 'none') query = query.where('leads.assignee_id', 'is', null)
	else if (filters.assignee) query = query.where('leads.assignee_id', '=', filters.assignee)
	if (filters.agent) query = query.where('leads.agent_id', '=', filters.agent)
	if (filters.from) query = query.where('leads.created_at', '>=', indiaDayStartUtc(filters.from))
	if (filters.to) query = query.where('leads.created_at', '<', indiaDayStartUtc(addDays(filters.to, 1)))
	switch (filters.followUp) {
		case 'due':
			query = query.where('leads.next_follow_up', '<=', today).where('leads.status', 'in', openLeadStatuses)
			break
		case 'overdue':
			query = query.where('leads.next_follow_up', '<', today).where('leads.status', 'in', openLeadStatuses)
			break
		case 'upcoming':
			query = query.where('leads.next_follow_up', '>', today)
			break
		case 'none':
			query = query.where('leads.next_follow_up', 'is', null)
			break
	}
	return query
}

/** The count of each status under the filters (the tabs). */
function statusCounts(base: ReturnType<typeof filtered>) {
	return base.select(['leads.status', (eb) => eb.fn.countAll<number>().as('count')]).groupBy('leads.status')
}

/** One page's rows under the filters, in the chosen order (without its limit and offset). */
function pageRows(base: ReturnType<typeof filtered>, sort: LeadSort) {
	const query = base
		.leftJoin('users', 'users.id', 'leads.assignee_id')
		.select([
			'leads.id',
			'leads.reference',
			'leads.name',
			'leads.phone',
			'leads.email',
			'leads.status',
			'leads.source',
			'leads.priority',
			'leads.next_follow_up as nextFollowUp',
			'leads.travel_month as travelMonth',
			'leads.travel_start as travelStart',
			'leads.nights',
			'leads.adults',
			'leads.created_at as createdAt',
			'users.display_name as assigneeName',
			'users.email as assigneeEmail',
		])
	switch (sort) {
		case 'oldest':
			return query.orderBy('leads.created_at', 'asc').orderBy('leads.id', 'asc')
		case 'follow_up':
			return query
				.orderBy(sql`case when leads.next_follow_up is null then 1 else 0 end`)
				.orderBy('leads.next_follow_up', 'asc')
				.orderBy('leads.created_at', 'desc')
		case 'name':
			return query.orderBy('leads.search_text', 'asc').orderBy('leads.id', 'asc')
		case 'updated':
			return query.orderBy('leads.updated_at', 'desc').orderBy('leads.id', 'desc')
		default:
			return query.orderBy('leads.created_at', 'desc').orderBy('leads.id', 'desc')
	}
}

export type LeadListItem = Awaited<ReturnType<typeof listLeads>>['leads'][number]

/**
 * One page of the leads list, searched, filtered and sorted on the server,
 * with the count of each status under the same filters (the tabs) and the
 * total of the chosen one. Two queries (three for a search on SQLite: the trigram lookup first).
 */
export async function listLeads(db: Executor, filters: LeadFilters, userId: string, today = todayInIndia()) {
	const needles = searchNeedles(filters.q)
	const base = filtered(db, filters, userId, today, needles, await trigramMatches(db, needles))
	const countRows = await statusCounts(base).execute()
	const counts = Object.fromEntries(Object.keys(statusLabels).map((status) => [status, 0])) as Record<LeadStatus, number>
	for (const row of countRows) if (row.status in counts) counts[row.status as LeadStatus] = Number(row.count)
	const all = Object.values(counts).reduce((sum, count) => sum + count, 0)
	const total = filters.status ? counts[filters.status] : all
	const pages = Math.max(1, Math.ceil(total / leadsPerPage))
	const page = Math.min(filters.page, pages)
	const rows = await pageRows(filters.status ? base.where('leads.status', '=', filters.status) : base, filters.sort)
		.limit(leadsPerPage)
		.offset((page - 1) * leadsPerPage)
		.execute()
	const leads = rows.map(({ assigneeName, assigneeEmail, ...row }) => ({ ...row, assignee: assigneeName ?? assigneeEmail ?? null }))
	return { leads, counts, all, total, page, pages }
}

/** Follow-ups due today or earlier on open leads: the nav's number on every staff page. */
export async function countFollowUpsDue(db: Executor, today = todayInIndia()): Promise<number> {
	const row = await db
		.selectFrom('leads')
		.select((eb) => eb.fn.countAll<number>().as('count'))
		.where('next_follow_up', '<=', today)
		.where('status', 'in', openLeadStatuses)
		.where('merged_into_id', 'is', null)
		.executeTakeFirst()
	return Number(row?.count ?? 0)
}

/** Leads created after `since` (an ISO timestamp), newest first: what the list polls for. */
export async function leadsCreatedSince(db: Executor, since: string, limit = 10) {
	return (
		db
			.selectFrom('leads')
			.select(['id', 'reference', 'name', 'source', 'created_at as createdAt'])
			.where('created_at', '>', since)
			.where('merged_into_id', 'is', null)
			.orderBy('created_at', 'desc')
			// Leads made in the same millisecond: the later reference is the newer one.
			.orderBy('reference', 'desc')
			.limit(limit)
			.execute()
	)
}

/** Approved, enabled accounts: who a lead can be assigned to (the leads list's filter). */
export async function assignableStaff(db: Executor) {
	const rows = await db
		.selectFrom('users')
		.select(['id', 'display_name', 'email'])
		.where('role', 'in', ['staff', 'owner'])
		.where('disabled', '=', 0)
		.orderBy('display_name')
		.orderBy('email')
		.execute()
	return rows.map((row) => ({ id: row.id, name: row.display_name ?? row.email }))
}

export function toLeadDetails(row: LeadRow) {
	return {
		...camelColumns(row, [
			'id',
			'reference',
			'source',
			'name',
			'phone',
			'email',
			'travel_start',
			'travel_end',
			'travel_month',
			'nights',
			'adults',
			'infants',
			'budget',
			'tier',
			'message',
			'package_id',
			'agent_id',
			'assignee_id',
			'next_follow_up',
			'lost_reason',
			'merged_into_id',
			'created_at',
			'updated_at',
		]),
		status: row.status as LeadStatus,
		childAges: jsonColumn<number[]>(row.child_ages_json, []),
		islands: jsonColumn<string[]>(row.islands_json, []),
		interests: jsonColumn<string[]>(row.interests_json, []),
		builder: jsonColumn<unknown>(row.builder_json, null),
		priority: row.priority as LeadPriority,
	}
}
export type LeadDetails = ReturnType<typeof toLeadDetails>

function leadRow(db: Executor, id: string, forUpdate = false) {
	return rowById(db, 'leads', id, 'There is no lead with that id. It may have been merged; search the list by name or phone.', { forUpdate })
}

/** Everything the lead page shows: the lead, its package, its timeline (newest first) and likely duplicates. */
export async function getLeadPage(db: Executor, id: string) {
	const row = await leadRow(db, id)
	const lead = toLeadDetails(row)
	const [events, pkg, duplicates, mergedInto] = await Promise.all([
		db.selectFrom('lead_events').selectAll().where('lead_id', '=', id).orderBy('at', 'desc').orderBy('id', 'desc').execute(),
		lead.packageId
			? db.selectFrom('packages').select(['id', 'slug', 'title', 'total_nights']).where('id', '=', lead.packageId).executeTakeFirst()
			: Promise.resolve(undefined),
		findDuplicates(db, lead),
		lead.mergedIntoId ? db.selectFrom('leads').select(['id', 'reference']).where('id', '=', lead.mergedIntoId).executeTakeFirst() : Promise.resolve(undefined),
	])
	return {
		lead,
		package: pkg ? { id: pkg.id, slug: pkg.slug, title: pkg.title, nights: pkg.total_nights } : null,
		events: events.map((event) => ({
			id: event.id,
			kind: event.kind,
			body: event.body,
			by: event.actor_label,
			at: event.at,
			meta: jsonColumn<Record<string, unknown> | null>(event.meta_json, null),
		})),
		duplicates,
		mergedInto: mergedInto ?? null,
	}
}

/** Other leads (not merged away) with the same phone or email: likely the same traveller. */
export async function findDuplicates(db: Executor, lead: Pick<LeadDetails, 'id' | 'phone' | 'email'>) {
	if (!lead.phone && !lead.email) return []
	return db
		.selectFrom('leads')
		.select(['id', 'reference', 'name', 'phone', 'email', 'status', 'created_at as createdAt'])
		.where('id', '!=', lead.id)
		.where('merged_into_id', 'is', null)
		.where((eb) => {
			const same = []
			if (lead.phone) same.push(eb('phone', '=', lead.phone))
			if (lead.email) same.push(eb(eb.fn('lower', ['email']), '=', lead.email.toLowerCase()))
			return eb.or(same)
		})
		.orderBy('created_at', 'desc')
		.limit(20)
		.execute()
}

function staffLabel(user: User): string {
	return user.displayName ?? user.email
}

async function addEventRow(trx: Executor, leadId: string, user: User, kind: string, body: string, at: string, meta?: unknown) {
	await trx
		.insertInto('lead_events')
		.values({
			id: newId(),
			lead_id: leadId,
			kind,
			body,
			meta_json: meta === undefined ? null : JSON.stringify(meta),
			actor_id: user.id,
			actor_label: staffLabel(user),
			at: await nextEventAt(trx, leadId, at),
		})
		.execute()
}

/** A note, call, WhatsApp message or email, written on the lead's timeline. */
export async function logContact(db: Kysely<Database>, user: User, leadId: string, kind: ContactEventKind, body: string) {
	return db.transaction().execute(async (trx) => {
		const row = await leadRow(trx, leadId, true)
		const at = nowIso()
		await addEventRow(trx, leadId, user, kind, body, at)
		await trx.updateTable('leads').set({ updated_at: at }).where('id', '=', leadId).execute()
		await recordAudit(trx, {
			actor: actorOf(user),
			action: `lead.log-${kind}`,
			entity: 'lead',
			entityId: leadId,
			after: { reference: row.reference, kind, body },
		})
	})
}

/** Moves a lead along its pipeline (app/features/leads/domain/status.ts decides what is allowed). */
export async function changeLeadStatus(db: Kysely<Database>, user: User, leadId: string, to: LeadStatus, lostReason: string | null, note: string | null) {
	return db.transaction().execute(async (trx) => {
		const row = await leadRow(trx, leadId, true)
		if (row.merged_into_id) throw new AppError('failed-precondition', 'This lead was merged into another; change the status there.')
		const from = row.status as LeadStatus
		const result = transitionLead(from, to, lostReason)
		if (!result.ok) throw new AppError('failed-precondition', result.error, { fields: to === 'lost' && !lostReason ? { lostReason: result.error } : undefined })
		const at = nowIso()
		await trx.updateTable('leads').set({ status: result.status, lost_reason: result.lostReason, updated_at: at }).where('id', '=', leadId).execute()
		const reasonText = result.lostReason ? ` (${lostReasonLabels[result.lostReason]})` : ''
		const body = `${statusLabels[from]} → ${statusLabels[result.status]}${reasonText}${note ? `: ${note}` : ''}`
		await addEventRow(trx, leadId, user, 'status', body, at, { from, to: result.status, lostReason: result.lostReason })
		await recordAudit(trx, {
			actor: actorOf(user),
			action: 'lead.change-status',
			entity: 'lead',
			entityId: leadId,
			before: { status: from, lostReason: row.lost_reason },
			after: { status: result.status, lostReason: result.lostReason, note },
		})
		return result.status
	})
}

export type LeadWorkUpdate = { assigneeId: string | null; priority: LeadPriority; nextFollowUp: string | null }

/** Assignee, priority and next follow-up: what changed goes on the timeline and in the audit log. */
export async function updateLeadWork(db: Kysely<Database>, user: User, leadId: string, update: LeadWorkUpdate) {
	return db.transaction().execute(async (trx) => {
		const row = await leadRow(trx, leadId, true)
		if (update.assigneeId) {
			const assignee = await trx.selectFrom('users').select(['id', 'role', 'disabled']).where('id', '=', update.assigneeId).executeTakeFirst()
			if (!assignee || (assignee.role !== 'staff' && assignee.role !== 'owner') || assignee.disabled)
				throw new AppError('invalid-argument', 'Choose someone from the team list.', { fields: { assigneeId: 'Choose someone from the team list.' } })
		}
		const before = { assigneeId: row.assignee_id, priority: row.priority, nextFollowUp: row.next_follow_up }
		const changes: string[] = []
		if (before.assigneeId !== update.assigneeId) {
			const name = update.assigneeId
				? ((await trx.selectFrom('users').select(['display_name', 'email']).where('id', '=', update.assigneeId).executeTakeFirst()) ?? null)
				: null
			changes.push(name ? `Assigned to ${name.display_name ?? name.email}` : 'Unassigned')
		}
		if (before.priority !== update.priority) changes.push(`Priority ${priorityLabels[update.priority].toLowerCase()}`)
		if (before.nextFollowUp !== update.nextFollowUp) changes.push(update.nextFollowUp ? `Follow up on ${update.nextFollowUp}` : 'Follow-up cleared')
		if (!changes.length) return false
		const at = nowIso()
		await trx
			.updateTable('leads')
			.set({ assignee_id: update.assigneeId, priority: update.priority, next_follow_up: update.nextFollowUp, updated_at: at })
			.where('id', '=', leadId)
			.execute()
		await addEventRow(trx, leadId, user, 'assignment', changes.join('; '), at, { before, after: update })
		await recordAudit(trx, { actor: actorOf(user), action: 'lead.update-work', entity: 'lead', entityId: leadId, before, after: update })
		return true
	})
}

const fillableColumns = [
	'email',
	'phone',
	'travel_start',
	'travel_end',
	'travel_month',
	'nights',
	'adults',
	'infants',
	'budget',
	'tier',
	'message',
	'package_id',
	'builder_json',
	'agent_id',
	'assignee_id',
	'next_follow_up',
] as const

/**
 * Merges a duplicate into the lead being kept: every timeline entry of the
 * duplicate moves over (none is lost), details the kept lead lacks are filled
 * from it, and the duplicate is closed as lost (duplicate) pointing at the
 * kept lead. Both sides are audited in the same transaction.
 */
export async function mergeLeads(db: Kysely<Database>, user: User, keepId: string, duplicateId: string) {
	if (keepId === duplicateId) throw new AppError('invalid-argument', 'A lead cannot be merged into itself.')
	return db.transaction().execute(async (trx) => {
		// Lock in id order so two people merging the same pair the other way round cannot deadlock.
		const [firstId, secondId] = [keepId, duplicateId].sort()
		const first = await leadRow(trx, firstId!, true)
		const second = await leadRow(trx, secondId!, true)
		const keep = first.id === keepId ? first : second
		const duplicate = first.id === keepId ? second : first
		if (keep.merged_into_id || duplicate.merged_into_id) throw new AppError('failed-precondition', 'One of these leads was already merged. Reload the page.')
		const sameTraveller =
			(keep.phone && keep.phone === duplicate.phone) || (keep.email && duplicate.email && keep.email.toLowerCase() === duplicate.email.toLowerCase())
		if (!sameTraveller) throw new AppError('failed-precondition', 'Only leads with the same phone or email can be merged.')
		const at = nowIso()
		const fill: LeadUpdate = {}
		for (const column of fillableColumns) if (keep[column] === null && duplicate[column] !== null) (fill as Record<string, unknown>)[column] = duplicate[column]
		const moved = await trx.updateTable('lead_events').set({ lead_id: keep.id }).where('lead_id', '=', duplicate.id).executeTakeFirst()
		const keptSearch = leadSearchText({
			name: keep.name,
			phone: (fill.phone as string | undefined) ?? keep.phone,
			email: (fill.email as string | undefined) ?? keep.email,
			reference: keep.reference,
		})
		await trx
			.updateTable('leads')
			.set({ ...fill, search_text: keptSearch, updated_at: at })
			.where('id', '=', keep.id)
			.execute()
		await trx
			.updateTable('leads')
			.set({ status: 'lost', lost_reason: 'duplicate', merged_into_id: keep.id, updated_at: at })
			.where('id', '=', duplicate.id)
			.execute()
		await addEventRow(trx, keep.id, user, 'merge', `Merged ${duplicate.reference} (${duplicate.name}) into this lead`, at, {
			merged: duplicate.id,
			filled: Object.keys(fill),
			movedEvents: Number(moved.numUpdatedRows),
		})
		await addEventRow(trx, duplicate.id, user, 'merge', `Merged into ${keep.reference}`, at, { into: keep.id })
		await recordAudit(trx, {
			actor: actorOf(user),
			action: 'lead.merge',
			entity: 'lead',
			entityId: keep.id,
			after: { merged: duplicate.reference, filled: fill, movedEvents: Number(moved.numUpdatedRows) },
		})
		await recordAudit(trx, {
			actor: actorOf(user),
			action: 'lead.merged-into',
			entity: 'lead',
			entityId: duplicate.id,
			before: { status: duplicate.status, lostReason: duplicate.lost_reason },
			after: { status: 'lost', lostReason: 'duplicate', mergedInto: keep.reference },
		})
		return { keep: keep.id, movedEvents: Number(moved.numUpdatedRows) }
	})
}

export { eventKindLabels }
