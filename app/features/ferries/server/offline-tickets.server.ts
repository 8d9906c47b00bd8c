import { type Kysely, sql } from 'kysely'
import type { OfflineTicketForm } from '~/features/ferries/domain/offline-ticket.ts'
import type { Passenger } from '~/features/ferries/domain/passengers.ts'
import { offlineTicketMachine, type OfflineTicketStatus } from '~/features/ferries/domain/status.ts'
import { transition } from '~/lib/state-machine.ts'
import { likePattern, searchNeedles } from '~/lib/search.ts'
import { nowIso } from '~/lib/dates.ts'
import { AppError } from '~/lib/errors.ts'
import { formatReference, newId } from '~/lib/ids.ts'
import { type Actor, nextSequence, recordAudit } from '~/server/db/audit.server.ts'
import { isUniqueViolation, type Executor } from '~/server/db/client.server.ts'
import type { Database, OfflineTicketRow } from '~/server/db/schema.ts'
import { removeStored, storageDir, storeUpload } from '~/server/uploads.server.ts'
import { ferryListPageSize, toPassenger } from './ferries.server.ts'
import { camelColumns, snakeColumns } from '~/server/db/rows.ts'
import { rowById } from '~/server/db/row-by-id.server.ts'

type DB = Kysely<Database>

/** Offline tickets (/admin/offline-tickets): bought at a counter, a portal or through a partner, then delivered to the traveller. */

export function toOfflineTicket(row: OfflineTicketRow) {
	return {
		...camelColumns(row, [
			'id',
			'reference',
			'kind',
			'source',
			'operator',
			'vessel',
			'voyage',
			'route',
			'travel_date',
			'travel_time',
			'class',
			'quota',
			'pnr',
			'transaction_number',
			'payment_mode',
			'booking_id',
			'ferry_lead_id',
			'issued_by',
			'created_at',
		]),
		status: row.status as OfflineTicketStatus,
		cost: Number(row.cost),
		sell: Number(row.sell),
		file: row.file ? { file: row.file, mime: row.file_mime ?? 'application/octet-stream', name: row.file_name ?? 'ticket' } : null,
	}
}
export type OfflineTicket = ReturnType<typeof toOfflineTicket>

/** Resolves the BK-/FL- references typed on the form to ids; an unknown reference is a field error. */
async function links(db: Executor, form: Pick<OfflineTicketForm, 'bookingReference' | 'ferryLeadReference'>) {
	let bookingId: string | null = null
	let ferryLeadId: string | null = null
	if (form.bookingReference) {
		const row = await db.selectFrom('bookings').select('id').where('reference', '=', form.bookingReference.toUpperCase()).executeTakeFirst()
		if (!row)
			throw new AppError('invalid-argument', 'Check the booking reference.', {
				fields: { bookingReference: `No trip booking has the reference ${form.bookingReference}. Check it, or leave it empty.` },
			})
		bookingId = row.id
	}
	if (form.ferryLeadReference) {
		const row = await db.selectFrom('ferry_leads').select('id').where('reference', '=', form.ferryLeadReference.toUpperCase()).executeTakeFirst()
		if (!row)
			throw new AppError('invalid-argument', 'Check the ferry lead reference.', {
				fields: { ferryLeadReference: `No ferry lead has the reference ${form.ferryLeadReference}. Check it, or leave it empty.` },
			})
		ferryLeadId = row.id
	}
	return { booking_id: bookingId, ferry_lead_id: ferryLeadId }
}

function columns(form: OfflineTicketForm) {
	return snakeColumns(form, [
		'kind',
		'source',
		'operator',
		'vessel',
		'voyage',
		'route',
		'travelDate',
		'travelTime',
		'class',
		'quota',
		'pnr',
		'transactionNumber',
		'cost',
		'sell',
		'paymentMode',
	])
}

const searchLine = (reference: string, form: OfflineTicketForm) =>
	[reference, form.pnr, form.transactionNumber, form.operator, form.route, form.bookingReference, form.ferryLeadReference]
		.filter(Boolean)
		.join(' ')
		.toLowerCase()

/** Records a ticket (status requested). The form's submission key makes a double submit one ticket. */
export async function createOfflineTicket(db: DB, actor: Actor, form: OfflineTicketForm, submissionKey: string) {
	const existing = await db.selectFrom('offline_tickets').select(['id', 'reference']).where('submission_key', '=', submissionKey).executeTakeFirst()
	if (existing) return { ...existing, created: false }
	try {
		return await db.transaction().execute(async (trx) => {
			const now = nowIso()
			const reference = formatReference('OT', Number(now.slice(0, 4)), await nextSequence(trx, 'offline_ticket', Number(now.slice(0, 4))))
			const row = {
				id: newId(),
				reference,
				submission_key: submissionKey,
				status: 'requested',
				...columns(form),
				...(await links(trx, form)),
				issued_by: actor.label,
				file: null,
				file_mime: null,
				file_name: null,
				search_text: searchLine(reference, form),
				created_at: now,
				updated_at: now,
			}
			await trx.insertInto('offline_tickets').values(row).execute()
			await recordAudit(trx, { actor, action: 'create', entity: 'offline_ticket', entityId: row.id, after: row })
			return { id: row.id, reference, created: true }
		})
	} catch (error) {
		if (isUniqueViolation(error)) {
			const again = await db.selectFrom('offline_tickets').select(['id', 'reference']).where('submission_key', '=', submissionKey).executeTakeFirst()
			if (again) return { ...again, created: false }
		}
		throw error
	}
}

function ticketRow(db: Executor, id: string, forUpdate = false) {
	return rowById(db, 'offline_tickets', id, 'There is no offline ticket with that id.', { forUpdate })
}

export async function updateOfflineTicket(db: DB, actor: Actor, id: string, form: OfflineTicketForm) {
	return db.transaction().execute(async (trx) => {
		const before = await ticketRow(trx, id, true)
		const after = { ...columns(form), ...(await links(trx, form)), search_text: searchLine(before.reference, form), updated_at: nowIso() }
		await trx.updateTable('offline_tickets').set(after).where('id', '=', id).execute()
		await recordAudit(trx, { actor, action: 'update', entity: 'offline_ticket', entityId: id, before, after })
	})
}

export type OfflineTicketFilters = { q: string; status: OfflineTicketStatus | null; kind: string | null; date: string | null; page: number }

export async function listOfflineTickets(db: Executor, filters: OfflineTicketFilters) {
	let query = db.selectFrom('offline_tickets')
	const needles = searchNeedles(filters.q)
	if (needles.length)
		query = query.where((eb) =>
			eb.or(needles.map((needle) => eb(sql.ref('offline_tickets.search_text'), 'like', sql<string>`${likePattern(needle)} escape '\\'`))),
		)
	if (filters.status) query = query.where('status', '=', filters.status)
	if (filters.kind) query = query.where('kind', '=', filters.kind)
	if (filters.date) query = query.where('travel_date', '=', filters.date)
	const { count } = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()
	const total = Number(count)
	const pages = Math.max(1, Math.ceil(total / ferryListPageSize))
	const page = Math.min(filters.page, pages)
	const rows = await query
		.selectAll()
		.orderBy('travel_date', 'desc')
		.orderBy('reference', 'desc')
		.limit(ferryListPageSize)
		.offset((page - 1) * ferryListPageSize)
		.execute()
	return { tickets: rows.map(toOfflineTicket), total, page, pages }
}

export async function getOfflineTicketPage(db: Executor, id: string) {
	const ticket = toOfflineTicket(await ticketRow(db, id))
	const [passengers, booking, ferryLead] = await Promise.all([
		db.selectFrom('ferry_passengers').selectAll().where('offline_ticket_id', '=', id).orderBy('position').execute(),
		ticket.bookingId ? db.selectFrom('bookings').select(['id', 'reference']).where('id', '=', ticket.bookingId).executeTakeFirst() : undefined,
		ticket.ferryLeadId ? db.selectFrom('ferry_leads').select(['id', 'reference']).where('id', '=', ticket.ferryLeadId).executeTakeFirst() : undefined,
	])
	return { ticket, passengers: passengers.map(toPassenger), booking: booking ?? null, ferryLead: ferryLead ?? null }
}

export async function saveTicketPassengers(db: DB, actor: Actor, id: string, passengers: readonly Passenger[]) {
	return db.transaction().execute(async (trx) => {
		await ticketRow(trx, id, true)
		const old = await trx.selectFrom('ferry_passengers').selectAll().where('offline_ticket_id', '=', id).orderBy('position').execute()
		await trx.deleteFrom('ferry_passengers').where('offline_ticket_id', '=', id).execute()
		if (passengers.length)
			await trx
				.insertInto('ferry_passengers')
				.values(
					passengers.map((p, position) => ({
						id: newId(),
						ferry_booking_id: null,
						offline_ticket_id: id,
						position,
						name: p.name,
						age: p.age,
						gender: p.gender,
						nationality: p.nationality,
						id_type: p.idType,
						id_number: p.idNumber,
						passport_expiry: p.passportExpiry,
					})),
				)
				.execute()
		await trx.updateTable('offline_tickets').set({ updated_at: nowIso() }).where('id', '=', id).execute()
		await recordAudit(trx, { actor, action: 'passengers', entity: 'offline_ticket', entityId: id, before: old.map(toPassenger), after: passengers })
	})
}

export async function changeOfflineTicketStatus(db: DB, actor: Actor, id: string, to: OfflineTicketStatus) {
	return db.transaction().execute(async (trx) => {
		const before = await ticketRow(trx, id, true)
		const result = transition(offlineTicketMachine, before.status as OfflineTicketStatus, to)
		if (!result.ok) throw new AppError('failed-precondition', result.error)
		if (to === 'purchased' && !before.pnr && !before.transaction_number)
			throw new AppError('failed-precondition', 'Enter the PNR or the transaction number before marking the ticket purchased.')
		if (to === 'delivered' && !before.file) throw new AppError('failed-precondition', 'Upload the scanned ticket before marking it delivered.')
		await trx.updateTable('offline_tickets').set({ status: to, updated_at: nowIso() }).where('id', '=', id).execute()
		await recordAudit(trx, { actor, action: 'status', entity: 'offline_ticket', entityId: id, before: { status: before.status }, after: { status: to } })
		return to
	})
}

export async function attachOfflineTicketFile(db: DB, actor: Actor, id: string, file: FormDataEntryValue | null, root = storageDir()) {
	await ticketRow(db, id)
	const stored = await storeUpload(file, 'offline-tickets', root)
	try {
		const previous = await db.transaction().execute(async (trx) => {
			const before = await ticketRow(trx, id, true)
			await trx
				.updateTable('offline_tickets')
				.set({ file: stored.file, file_mime: stored.mime, file_name: stored.name, updated_at: nowIso() })
				.where('id', '=', id)
				.execute()
			await recordAudit(trx, {
				actor,
				action: 'file',
				entity: 'offline_ticket',
				entityId: id,
				before: { file: before.file },
				after: { file: stored.file, mime: stored.mime, name: stored.name },
			})
			return before.file
		})
		await removeStored(previous, root)
	} catch (error) {
		await removeStored(stored.file, root)
		throw error
	}
	return { name: stored.name }
}

export async function offlineTicketFile(db: Executor, id: string) {
	const ticket = toOfflineTicket(await ticketRow(db, id))
	if (!ticket.file) throw new AppError('not-found', 'No scanned file has been uploaded for this ticket yet.')
	return ticket.file
}
