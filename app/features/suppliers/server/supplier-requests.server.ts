import type { Kysely } from 'kysely'
import { enqueueEmail } from '~/features/email/server/outbox.server.ts'
import { addBookingEvent } from '~/features/leads/server/trip-events.server.ts'
import { type SupplierStatus, supplierStatusProblem } from '~/features/bookings/domain/components.ts'
import {
	type AmendmentChange,
	amendmentMessage,
	groupForRequests,
	linkState,
	type RequestAnswer,
	type RequestStatus,
	requestMessage,
	type SupplierLine,
} from '~/features/suppliers/domain/supplier-requests.ts'
import type { ComponentAssignment } from '~/features/suppliers/domain/suppliers.ts'
import { nowIso } from '~/lib/dates.ts'
import { AppError } from '~/lib/errors.ts'
import { newId } from '~/lib/ids.ts'
import { plural } from '~/lib/words.ts'
import { type Actor, recordAudit } from '~/server/db/audit.server.ts'
import type { Executor } from '~/server/db/client.server.ts'
import { rowById } from '~/server/db/row-by-id.server.ts'
import { jsonColumn } from '~/server/db/rows.ts'
import type { BookingRow, Database, SupplierRequestRow } from '~/server/db/schema.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'

type DB = Kysely<Database>

/**
 * Confirmation requests to suppliers (docs/decisions/190-supplier-confirmation-links.md). A request's
 * link is /supplier/{token}: 32 random characters (about 190 bits), the only key to it.
 */
export function newSupplierToken(): string {
	return newId(32)
}
export function isSupplierToken(value: string): boolean {
	return /^[A-Za-z0-9]{32}$/.test(value)
}
export const supplierLinkPath = (token: string) => `/supplier/${token}`

const missingBooking = 'No booking has this address.'

function openForChanges(booking: BookingRow) {
	if (booking.status === 'cancelled' || booking.status === 'completed')
		throw new AppError('failed-precondition', `This booking is ${booking.status}: its suppliers can no longer change.`)
}

/** How the request names the party: "2 adults, 1 child, 1 room". */
function guestsOf(booking: Pick<BookingRow, 'adults' | 'child_ages_json' | 'infants' | 'rooms'>): string {
	const children = jsonColumn<number[]>(booking.child_ages_json, []).length
	return [
		plural(booking.adults, 'adult'),
		children ? plural(children, 'child', 'children') : null,
		booking.infants ? plural(booking.infants, 'infant') : null,
		plural(booking.rooms, 'room'),
	]
		.filter(Boolean)
		.join(', ')
}

const toLine = (row: {
	kind: string
	description: string
	start_date: string | null
	end_date: string | null
	time: string | null
	notes: string | null
}): SupplierLine => ({ kind: row.kind, description: row.description, startDate: row.start_date, endDate: row.end_date, time: row.time, notes: row.notes })

/**
 * “Suppliers and costs”: each component's supplier and planned cost, saved together. A component whose
 * supplier changes leaves any request still waiting for it withdrawn (the old supplier's link then
 * says so), and goes back to “not requested yet” unless it was confirmed.
 */
export async function assignComponentSuppliers(db: DB, bookingId: string, assignments: readonly ComponentAssignment[], actor: Actor) {
	return db.transaction().execute(async (trx) => {
		const booking = await rowById(trx, 'bookings', bookingId, missingBooking, { forUpdate: true })
		openForChanges(booking)
		const ids = assignments.map((assignment) => assignment.componentId)
		const rows = await trx.selectFrom('booking_components').selectAll().where('booking_id', '=', bookingId).where('id', 'in', ids).execute()
		const byId = new Map(rows.map((row) => [row.id, row]))
		const supplierIds = [...new Set(assignments.flatMap((assignment) => (assignment.supplierId ? [assignment.supplierId] : [])))]
		const suppliers = supplierIds.length ? await trx.selectFrom('suppliers').select(['id', 'name']).where('id', 'in', supplierIds).execute() : []
		const names = new Map(suppliers.map((supplier) => [supplier.id, supplier.name]))
		const moved = new Set<string>()
		let changed = 0
		const now = nowIso()
		for (const assignment of assignments) {
			const row = byId.get(assignment.componentId)
			if (!row) throw new AppError('not-found', 'One of those components is no longer on this booking. Reload the page and try again.')
			if (assignment.supplierId && !names.has(assignment.supplierId))
				throw new AppError('invalid-argument', 'That supplier no longer exists: choose another from the list.')
			if (row.supplier_id === assignment.supplierId && row.planned_cost === assignment.plannedCost) continue
			const newSupplier = row.supplier_id !== assignment.supplierId
			if (newSupplier) moved.add(row.id)
			const status = newSupplier && row.supplier_status === 'requested' ? 'pending' : row.supplier_status
			await trx
				.updateTable('booking_components')
				.set({
					supplier_id: assignment.supplierId,
					supplier: assignment.supplierId ? names.get(assignment.supplierId)! : newSupplier ? null : row.supplier,
					planned_cost: assignment.plannedCost,
					supplier_status: status,
					updated_at: now,
				})
				.where('id', '=', row.id)
				.execute()
			changed++
			await recordAudit(trx, {
				actor,
				action: 'component-supplier',
				entity: 'booking',
				entityId: bookingId,
				before: { id: row.id, supplierId: row.supplier_id, plannedCost: row.planned_cost },
				after: { id: row.id, supplierId: assignment.supplierId, plannedCost: assignment.plannedCost },
			})
		}
		if (changed) await refreshComponentsCost(trx, booking, actor)
		if (moved.size) {
			const waiting = await trx
				.selectFrom('supplier_requests')
				.select(['id', 'component_ids_json'])
				.where('booking_id', '=', bookingId)
				.where('status', '=', 'waiting')
				.execute()
			for (const request of waiting) {
				if (!jsonColumn<string[]>(request.component_ids_json, []).some((id) => moved.has(id))) continue
				await trx
					.updateTable('supplier_requests')
					.set({ status: 'revoked', revoked_at: now })
					.where('id', '=', request.id)
					.where('status', '=', 'waiting')
					.execute()
				await recordAudit(trx, {
					actor,
					action: 'supplier-request-revoked',
					entity: 'booking',
					entityId: bookingId,
					after: { requestId: request.id, why: 'supplier changed' },
				})
			}
		}
		return changed
	})
}

/**
 * Every component costed: the booking's cost is theirs, and reports count its actual margin (ADR 191).
 * A component's cost is the supplier's invoice once entered, else its planned cost (ADR 197). Called
 * under the booking's lock; audited when the cost changes.
 */
export async function refreshComponentsCost(trx: Executor, booking: BookingRow, actor: Actor) {
	const costs = await trx.selectFrom('booking_components').select(['planned_cost', 'invoice_amount']).where('booking_id', '=', booking.id).execute()
	const known = costs.map((row) => row.invoice_amount ?? row.planned_cost)
	if (!known.length || known.some((cost) => cost === null)) return
	const cost = known.reduce((sum: number, value) => sum + Number(value), 0)
	if (cost === (booking.cost === null ? null : Number(booking.cost))) return
	await trx.updateTable('bookings').set({ cost }).where('id', '=', booking.id).execute()
	await recordAudit(trx, {
		actor,
		action: 'booking-cost',
		entity: 'booking',
		entityId: booking.id,
		before: { cost: booking.cost },
		after: { cost, from: 'component costs' },
	})
}

/** The words of a request, for its email and the WhatsApp text on the booking page. */
export async function messageFor(
	db: Executor,
	booking: BookingRow,
	supplierName: string,
	componentIds: readonly string[],
	token: string,
	expiresOn: string,
	siteUrl: string,
) {
	const rows = componentIds.length
		? await db
				.selectFrom('booking_components')
				.selectAll()
				.where('booking_id', '=', booking.id)
				.where('id', 'in', [...componentIds])
				.orderBy('position')
				.execute()
		: []
	const settings = await getSettings(db as DB)
	return requestMessage({
		supplierName,
		reference: booking.reference,
		leadName: booking.contact_name,
		guests: guestsOf(booking),
		lines: rows.map(toLine),
		url: new URL(supplierLinkPath(token), siteUrl).toString(),
		companyName: settings.company.name,
		expiresOn,
	})
}

/**
 * Sends the booking's components to their suppliers: one request per supplier for its components that
 * are neither confirmed nor waiting on an earlier request, emailed when the supplier has an address.
 * Those components become “requested”. Under the booking's lock, so two clicks send once.
 */
export async function sendSupplierRequests(db: DB, bookingId: string, actor: Actor, options: { siteUrl: string; today: string }) {
	return db.transaction().execute(async (trx) => {
		const booking = await rowById(trx, 'bookings', bookingId, missingBooking, { forUpdate: true })
		openForChanges(booking)
		if (booking.status !== 'confirmed')
			throw new AppError('failed-precondition', 'Confirm the booking first: suppliers are asked once the traveller’s advance is in.')
		const components = await trx.selectFrom('booking_components').selectAll().where('booking_id', '=', bookingId).orderBy('position').execute()
		const waiting = await trx
			.selectFrom('supplier_requests')
			.select('component_ids_json')
			.where('booking_id', '=', bookingId)
			.where('status', '=', 'waiting')
			.execute()
		const waitingIds = new Set(waiting.flatMap((request) => jsonColumn<string[]>(request.component_ids_json, [])))
		const groups = groupForRequests(
			components.map((row) => ({
				id: row.id,
				supplierId: row.supplier_id,
				supplierStatus: row.supplier_status,
				startDate: row.start_date,
				endDate: row.end_date,
			})),
			waitingIds,
			booking.start_date,
		)
		if (!groups.length)
			throw new AppError(
				'failed-precondition',
				'Nothing to send: choose a supplier for each component under “Suppliers and costs” first (those confirmed or already waiting for an answer are not sent again).',
			)
		const suppliers = await trx
			.selectFrom('suppliers')
			.selectAll()
			.where(
				'id',
				'in',
				groups.map((group) => group.supplierId),
			)
			.execute()
		const byId = new Map(suppliers.map((supplier) => [supplier.id, supplier]))
		const now = nowIso()
		const sent: Array<{ id: string; supplierName: string; emailed: boolean; components: number }> = []
		for (const group of groups) {
			const supplier = byId.get(group.supplierId)!
			const id = newId()
			const token = newSupplierToken()
			const componentIds = group.components.map((component) => component.id)
			const expiresOn = group.expiresOn < options.today ? options.today : group.expiresOn
			await trx
				.insertInto('supplier_requests')
				.values({
					id,
					token,
					booking_id: bookingId,
					supplier_id: supplier.id,
					component_ids_json: JSON.stringify(componentIds),
					status: 'waiting',
					expires_on: expiresOn,
					emailed: supplier.email ? 1 : 0,
					sent_by: actor.id,
					sent_by_label: actor.label,
					sent_at: now,
					answered_at: null,
					confirmation_number: null,
					answer_note: null,
					revoked_at: null,
				})
				.execute()
			const toRequest = group.components.filter((component) => component.supplierStatus !== 'requested').map((component) => component.id)
			if (toRequest.length)
				await trx.updateTable('booking_components').set({ supplier_status: 'requested', updated_at: now }).where('id', 'in', toRequest).execute()
			if (supplier.email) {
				const message = await messageFor(trx, booking, supplier.name, componentIds, token, expiresOn, options.siteUrl)
				await enqueueEmail(trx, { ...message, kind: 'supplier-request', to: supplier.email, bookingId, dedupeKey: `supplier-request:${id}` })
			}
			await recordAudit(trx, {
				actor,
				action: 'supplier-request-sent',
				entity: 'booking',
				entityId: bookingId,
				after: { requestId: id, supplierId: supplier.id, supplier: supplier.name, componentIds, expiresOn, emailed: Boolean(supplier.email) },
			})
			sent.push({ id, supplierName: supplier.name, emailed: Boolean(supplier.email), components: componentIds.length })
		}
		return sent
	})
}

function toRequest(row: SupplierRequestRow) {
	return {
		id: row.id,
		token: row.token,
		bookingId: row.booking_id,
		supplierId: row.supplier_id,
		componentIds: jsonColumn<string[]>(row.component_ids_json, []),
		status: row.status as RequestStatus,
		expiresOn: row.expires_on,
		emailed: row.emailed === 1,
		sentByLabel: row.sent_by_label,
		sentAt: row.sent_at,
		answeredAt: row.answered_at,
		confirmationNumber: row.confirmation_number,
		answerNote: row.answer_note,
		kind: row.kind === 'amendment' ? ('amendment' as const) : ('request' as const),
		changes: jsonColumn<AmendmentChange[]>(row.changes_json, []),
		chasedAt: row.chased_at,
		question: row.question,
		questionAt: row.question_at,
	}
}

/** The booking's requests, newest first, with the supplier, the link and the WhatsApp text to copy (staff only). */
export async function requestsOfBooking(db: Executor, bookingId: string, siteUrl: string) {
	const booking = await db.selectFrom('bookings').selectAll().where('id', '=', bookingId).executeTakeFirst()
	if (!booking) return []
	const rows = await db
		.selectFrom('supplier_requests')
		.innerJoin('suppliers', 'suppliers.id', 'supplier_requests.supplier_id')
		.selectAll('supplier_requests')
		.select(['suppliers.name as supplier_name', 'suppliers.whatsapp as supplier_whatsapp'])
		.where('supplier_requests.booking_id', '=', bookingId)
		.orderBy('supplier_requests.sent_at', 'desc')
		.orderBy('supplier_requests.id')
		.execute()
	return Promise.all(
		rows.map(async (row) => {
			const request = toRequest(row)
			const message =
				request.status === 'waiting' ? await messageFor(db, booking, row.supplier_name, request.componentIds, row.token, row.expires_on, siteUrl) : null
			return {
				...request,
				supplierName: row.supplier_name,
				whatsapp: row.supplier_whatsapp,
				url: new URL(supplierLinkPath(row.token), siteUrl).toString(),
				whatsappText: message?.text ?? null,
			}
		}),
	)
}

/**
 * What the supplier's link shows: their own components only (no price, no other supplier's part), the
 * party and the travellers' names, the special requests, and whether the link can still be answered.
 * Null when no request has this token.
 */
export async function supplierRequestPage(db: Executor, token: string, today: string) {
	const row = await db.selectFrom('supplier_requests').selectAll().where('token', '=', token).executeTakeFirst()
	if (!row) return null
	const request = toRequest(row)
	const [booking, supplier, travellers, components] = await Promise.all([
		db
			.selectFrom('bookings')
			.select(['id', 'reference', 'status', 'contact_name', 'adults', 'child_ages_json', 'infants', 'rooms', 'special_requests'])
			.where('id', '=', row.booking_id)
			.executeTakeFirstOrThrow(),
		db.selectFrom('suppliers').select(['name']).where('id', '=', row.supplier_id).executeTakeFirstOrThrow(),
		db.selectFrom('booking_travellers').select(['name']).where('booking_id', '=', row.booking_id).orderBy('position').execute(),
		request.componentIds.length
			? db
					.selectFrom('booking_components')
					.select(['id', 'kind', 'description', 'start_date', 'end_date', 'time', 'notes', 'supplier_status', 'confirmation_number'])
					.where('booking_id', '=', row.booking_id)
					.where('id', 'in', request.componentIds)
					.orderBy('position')
					.execute()
			: [],
	])
	return {
		supplierName: supplier.name,
		reference: booking.reference,
		leadName: booking.contact_name,
		guests: guestsOf(booking),
		travellers: travellers.map((traveller) => traveller.name),
		specialRequests: booking.special_requests,
		lines: components.map(toLine),
		status: request.status,
		confirmationNumber: request.confirmationNumber,
		answerNote: request.answerNote,
		answeredAt: request.answeredAt,
		expiresOn: request.expiresOn,
		kind: request.kind,
		changes: request.changes,
		question: request.question,
		questionAt: request.questionAt,
		state: linkState(request, booking.status, today),
	}
}

/**
 * The supplier's answer, from their link. Under the booking's lock, the request is re-read and must
 * still be open (not answered, withdrawn, expired, or for a cancelled booking: each refused with what
 * the page says, changing nothing); it is then answered by one conditional statement, so of twenty
 * answers at once one is saved. Confirming confirms its components with the supplier's number (one
 * that staff confirmed meanwhile keeps staff's number; the supplier's stays on the request for staff
 * to see); declining marks them rejected with the reason. Audited as the supplier, and staff are emailed.
 */
export async function answerSupplierRequest(db: DB, token: string, answer: RequestAnswer, today: string) {
	return db.transaction().execute(async (trx) => {
		const found = await trx.selectFrom('supplier_requests').select('booking_id').where('token', '=', token).executeTakeFirst()
		if (!found) throw new AppError('not-found', 'No request has this address.')
		const booking = await rowById(trx, 'bookings', found.booking_id, missingBooking, { forUpdate: true })
		const row = await trx.selectFrom('supplier_requests').selectAll().where('token', '=', token).executeTakeFirstOrThrow()
		const request = toRequest(row)
		const state = linkState(request, booking.status, today)
		if (!state.open) throw new AppError('failed-precondition', state.message)
		const supplier = await trx.selectFrom('suppliers').select(['id', 'name']).where('id', '=', row.supplier_id).executeTakeFirstOrThrow()
		const now = nowIso()
		const status: RequestStatus = answer.kind === 'confirm' ? 'confirmed' : 'declined'
		const result = await trx
			.updateTable('supplier_requests')
			.set({
				status,
				answered_at: now,
				confirmation_number: answer.kind === 'confirm' ? answer.confirmationNumber : null,
				answer_note: answer.kind === 'decline' ? answer.reason : null,
			})
			.where('id', '=', row.id)
			.where('status', '=', 'waiting')
			.executeTakeFirst()
		if (Number(result.numUpdatedRows) !== 1)
			throw new AppError('failed-precondition', 'This request was already answered. Nothing more is needed; call us to change anything.')
		const actor: Actor = { id: null, label: `${supplier.name} (supplier, by their confirmation link)` }
		const components = request.componentIds.length
			? await trx.selectFrom('booking_components').selectAll().where('booking_id', '=', booking.id).where('id', 'in', request.componentIds).execute()
			: []
		const kept: string[] = []
		for (const component of components) {
			const from = component.supplier_status as SupplierStatus
			const to: SupplierStatus = answer.kind === 'confirm' ? 'confirmed' : 'rejected'
			// Confirmed by staff meanwhile, or moved to another supplier: the first answer stays, both are on record.
			if (
				component.supplier_id !== row.supplier_id ||
				from === 'confirmed' ||
				supplierStatusProblem(from, to, answer.kind === 'confirm' ? answer.confirmationNumber : null)
			) {
				kept.push(component.id)
				continue
			}
			await trx
				.updateTable('booking_components')
				.set({
					supplier_status: to,
					confirmation_number: answer.kind === 'confirm' ? answer.confirmationNumber : component.confirmation_number,
					updated_at: now,
				})
				.where('id', '=', component.id)
				.execute()
		}
		await recordAudit(trx, {
			actor,
			action: answer.kind === 'confirm' ? 'supplier-confirmed' : 'supplier-declined',
			entity: 'booking',
			entityId: booking.id,
			after: {
				requestId: row.id,
				supplierId: supplier.id,
				...(answer.kind === 'confirm' ? { confirmationNumber: answer.confirmationNumber } : { reason: answer.reason }),
				componentIds: request.componentIds,
				unchanged: kept,
			},
		})
		const settings = await getSettings(trx)
		if (settings.company.email) {
			const text =
				answer.kind === 'confirm'
					? `${supplier.name} confirmed their part of booking ${booking.reference} with number ${answer.confirmationNumber}.`
					: `${supplier.name} declined their part of booking ${booking.reference}: ${answer.reason.replace(/\s+/g, ' ')}`
			await enqueueEmail(trx, {
				subject: `${supplier.name} ${answer.kind === 'confirm' ? 'confirmed' : 'declined'}: ${booking.reference}`,
				text: `${text}${kept.length ? `\n\n${plural(kept.length, 'component')} had already been settled by staff and kept their status: check the booking.` : ''}`,
				kind: 'supplier-answer',
				to: settings.company.email,
				bookingId: booking.id,
				dedupeKey: `supplier-answer:${row.id}`,
			})
		}
		return { status, supplierName: supplier.name, reference: booking.reference, unchanged: kept.length }
	})
}

/**
 * The supplier asks a question instead of answering (docs/decisions/210-suppliers-ask-a-question.md): the
 * request stays waiting (the link still confirms or declines), the question is kept on it and on the
 * booking's timeline, and staff are emailed. Only while the link is open; a later question replaces the
 * earlier one on the request, and both stay in the audit log and the timeline.
 */
export async function askSupplierQuestion(db: DB, token: string, question: string, today: string) {
	return db.transaction().execute(async (trx) => {
		const found = await trx.selectFrom('supplier_requests').select('booking_id').where('token', '=', token).executeTakeFirst()
		if (!found) throw new AppError('not-found', 'No request has this address.')
		const booking = await rowById(trx, 'bookings', found.booking_id, missingBooking, { forUpdate: true })
		const row = await trx.selectFrom('supplier_requests').selectAll().where('token', '=', token).executeTakeFirstOrThrow()
		const state = linkState(toRequest(row), booking.status, today)
		if (!state.open) throw new AppError('failed-precondition', state.message)
		const supplier = await trx.selectFrom('suppliers').select(['id', 'name']).where('id', '=', row.supplier_id).executeTakeFirstOrThrow()
		const now = nowIso()
		const result = await trx
			.updateTable('supplier_requests')
			.set({ question, question_at: now })
			.where('id', '=', row.id)
			.where('status', '=', 'waiting')
			.executeTakeFirst()
		if (Number(result.numUpdatedRows) !== 1)
			throw new AppError('failed-precondition', 'This request was already answered. Nothing more is needed; call us to change anything.')
		const actor: Actor = { id: null, label: `${supplier.name} (supplier, by their confirmation link)` }
		await recordAudit(trx, {
			actor,
			action: 'supplier-question',
			entity: 'booking',
			entityId: booking.id,
			after: { requestId: row.id, supplierId: supplier.id, question },
		})
		await addBookingEvent(trx, booking.id, actor, 'booking', `${supplier.name} asked: ${question.replace(/\s+/g, ' ')}`, { requestId: row.id })
		const settings = await getSettings(trx)
		if (settings.company.email) {
			await enqueueEmail(trx, {
				subject: `${supplier.name} has a question: ${booking.reference}`,
				text: `${supplier.name} asked about their part of booking ${booking.reference}:\n\n${question}\n\nTheir request is still waiting: answer them by phone or WhatsApp, and they can then confirm on the same link.`,
				kind: 'supplier-answer',
				to: settings.company.email,
				bookingId: booking.id,
				dedupeKey: `supplier-question:${row.id}:${now}`,
			})
		}
		return { supplierName: supplier.name, reference: booking.reference }
	})
}

/**
 * A change to a component its supplier had confirmed (docs/decisions/198-chasing-and-amending-supplier-requests.md):
 * the component needs confirming again, so it goes back to “requested”, any request still waiting for
 * it is withdrawn, and an amendment (a request of kind `amendment` carrying what changed) goes to the
 * supplier, emailed when they have an address. Called inside the change's transaction, with the
 * booking locked first.
 */
export async function sendAmendment(
	trx: Executor,
	booking: BookingRow,
	component: { id: string; supplier_id: string | null; start_date: string | null; end_date: string | null },
	changes: readonly AmendmentChange[],
	actor: Actor,
	options: { siteUrl: string; today: string },
) {
	if (!component.supplier_id || !changes.length) return null
	const supplier = await trx.selectFrom('suppliers').selectAll().where('id', '=', component.supplier_id).executeTakeFirstOrThrow()
	const now = nowIso()
	const waiting = await trx
		.selectFrom('supplier_requests')
		.select(['id', 'component_ids_json'])
		.where('booking_id', '=', booking.id)
		.where('status', '=', 'waiting')
		.execute()
	for (const request of waiting) {
		if (!jsonColumn<string[]>(request.component_ids_json, []).includes(component.id)) continue
		await trx
			.updateTable('supplier_requests')
			.set({ status: 'revoked', revoked_at: now })
			.where('id', '=', request.id)
			.where('status', '=', 'waiting')
			.execute()
		await recordAudit(trx, {
			actor,
			action: 'supplier-request-revoked',
			entity: 'booking',
			entityId: booking.id,
			after: { requestId: request.id, why: 'amended' },
		})
	}
	const id = newId()
	const token = newSupplierToken()
	const lastDay = component.end_date ?? component.start_date ?? booking.start_date
	const expiresOn = lastDay < options.today ? options.today : lastDay
	await trx
		.insertInto('supplier_requests')
		.values({
			id,
			token,
			booking_id: booking.id,
			supplier_id: supplier.id,
			component_ids_json: JSON.stringify([component.id]),
			status: 'waiting',
			expires_on: expiresOn,
			emailed: supplier.email ? 1 : 0,
			sent_by: actor.id,
			sent_by_label: actor.label,
			sent_at: now,
			answered_at: null,
			confirmation_number: null,
			answer_note: null,
			revoked_at: null,
			kind: 'amendment',
			changes_json: JSON.stringify(changes),
		})
		.execute()
	await trx.updateTable('booking_components').set({ supplier_status: 'requested', updated_at: now }).where('id', '=', component.id).execute()
	if (supplier.email) {
		const message = await messageFor(trx, booking, supplier.name, [component.id], token, expiresOn, options.siteUrl)
		await enqueueEmail(trx, {
			...amendmentMessage(message, changes),
			kind: 'supplier-amendment',
			to: supplier.email,
			bookingId: booking.id,
			dedupeKey: `supplier-amendment:${id}`,
		})
	}
	await recordAudit(trx, {
		actor,
		action: 'supplier-amendment-sent',
		entity: 'booking',
		entityId: booking.id,
		after: { requestId: id, supplierId: supplier.id, supplier: supplier.name, componentId: component.id, changes, emailed: Boolean(supplier.email) },
	})
	return { id, supplierName: supplier.name, emailed: Boolean(supplier.email) }
}
