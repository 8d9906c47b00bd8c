/**
 * The operations desk's data: the day sheet from booking components and flights, the booking's
 * flights, vehicles, drivers and guides, their assignment to lines, and run sheets sent to drivers
 * (docs/decisions/192-the-day-sheet-from-booking-components-and-flights.md,
 * docs/decisions/193-resources-assigned-under-the-resource-lock.md).
 */
import { type Actor, recordAudit } from '~/server/db/audit.server.ts'
import type { DB, Executor } from '~/server/db/client.server.ts'
import { rowById } from '~/server/db/row-by-id.server.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'
import { AppError } from '~/lib/errors.ts'
import { newId } from '~/lib/ids.ts'
import { nowIso } from '~/lib/dates.ts'
import { buildDaySheet, type DaySheet, type Flights, type FlightsForm, type SheetBooking, type SheetLine } from '~/features/operations/domain/day-sheet.ts'
import {
	assignable,
	assignmentConflicts,
	runSheetState,
	runSheetText,
	type AssignForm,
	type Assignment,
	type Resource,
	type ResourceForm,
	type ResourceKind,
} from '~/features/operations/domain/resources.ts'

/** Bookings whose lines are on the sheet: every one not cancelled. A cancelled booking's lines, and their assignments, leave it. */
const liveStatuses = ['pending_payment', 'confirmed', 'completed']

const noFlights: Flights = { arrivalFlight: null, arrivalDate: null, arrivalTime: null, departureFlight: null, departureDate: null, departureTime: null }

function toFlights(row: {
	arrival_flight: string | null
	arrival_date: string | null
	arrival_time: string | null
	departure_flight: string | null
	departure_date: string | null
	departure_time: string | null
}): Flights {
	return {
		arrivalFlight: row.arrival_flight,
		arrivalDate: row.arrival_date,
		arrivalTime: row.arrival_time,
		departureFlight: row.departure_flight,
		departureDate: row.departure_date,
		departureTime: row.departure_time,
	}
}

/** The day sheet for one India date (all islands, all kinds: the page filters). */
export async function daySheet(db: Executor, date: string): Promise<DaySheet> {
	// Two indexed reads (components starting that day; hotels ending it) rather than one OR that scans.
	const read = () =>
		db
			.selectFrom('booking_components as c')
			.innerJoin('bookings as b', 'b.id', 'c.booking_id')
			.select([
				'c.id',
				'c.booking_id',
				'c.kind',
				'c.description',
				'c.island',
				'c.start_date',
				'c.end_date',
				'c.time',
				'c.supplier',
				'c.supplier_status',
				'c.confirmation_number',
				'c.notes',
			])
			.where('b.status', 'in', liveStatuses)
	const [starting, ending] = await Promise.all([
		read().where('c.start_date', '=', date).execute(),
		read().where('c.kind', '=', 'hotel').where('c.end_date', '=', date).execute(),
	])
	const seen = new Set(starting.map((row) => row.id))
	const components = [...starting, ...ending.filter((row) => !seen.has(row.id))]
	const bookingIds = [...new Set(components.map((row) => row.booking_id))]
	const bookings = bookingIds.length
		? await db
				.selectFrom('bookings as b')
				.leftJoin('booking_flights as f', 'f.booking_id', 'b.id')
				.select(['b.id', 'b.reference', 'b.contact_name', 'b.contact_phone', 'b.adults', 'b.child_ages_json', 'b.infants'])
				.select([
					'f.arrival_flight',
					'f.arrival_date',
					'f.arrival_time',
					'f.departure_flight',
					'f.departure_date',
					'f.departure_time',
					'f.updated_at as flights_updated',
				])
				.where('b.id', 'in', bookingIds)
				.execute()
		: []
	const settings = await getSettings(db as DB)
	return buildDaySheet({
		date,
		ferrySettings: settings,
		bookings: bookings.map((row): SheetBooking => ({
			id: row.id,
			reference: row.reference,
			contactName: row.contact_name,
			contactPhone: row.contact_phone,
			travellers: row.adults + (JSON.parse(row.child_ages_json) as number[]).length + row.infants,
			flights: row.flights_updated ? toFlights(row as Parameters<typeof toFlights>[0]) : null,
		})),
		components: components.map((row) => ({
			id: row.id,
			bookingId: row.booking_id,
			kind: row.kind,
			description: row.description,
			island: row.island,
			startDate: row.start_date,
			endDate: row.end_date,
			time: row.time,
			supplier: row.supplier,
			supplierStatus: row.supplier_status,
			confirmationNumber: row.confirmation_number,
			notes: row.notes,
		})),
	})
}

// ─── Flights ────────────────────────────────────────────────────────────────

export async function getFlights(db: Executor, bookingId: string): Promise<Flights & { revision: number }> {
	const row = await db.selectFrom('booking_flights').selectAll().where('booking_id', '=', bookingId).executeTakeFirst()
	return row ? { ...toFlights(row), revision: row.revision } : { ...noFlights, revision: 0 }
}

/**
 * Saves a booking's flights. The form posts the revision it was read at (0 before any save); a
 * save from an older form is refused (`aborted`), so staff and the traveller never overwrite each other.
 */
export async function saveFlights(db: DB, bookingId: string, form: FlightsForm, by: 'staff' | 'traveller', actor: Actor): Promise<void> {
	await db.transaction().execute(async (trx) => {
		const booking = await rowById(trx, 'bookings', bookingId, 'That booking no longer exists.', { forUpdate: true })
		if (booking.status === 'cancelled') throw new AppError('failed-precondition', 'This booking is cancelled: its flights can no longer change.')
		const before = await getFlights(trx, bookingId)
		if (before.revision !== form.revision)
			throw new AppError('aborted', 'The flights were changed meanwhile: reload the page to see them, then make your change again.')
		const values = {
			arrival_flight: form.arrivalFlight,
			arrival_date: form.arrivalDate,
			arrival_time: form.arrivalTime,
			departure_flight: form.departureFlight,
			departure_date: form.departureDate,
			departure_time: form.departureTime,
			updated_by: by,
			updated_at: nowIso(),
		}
		if (before.revision === 0)
			await trx
				.insertInto('booking_flights')
				.values({ booking_id: bookingId, ...values })
				.execute()
		else
			await trx
				.updateTable('booking_flights')
				.set({ ...values, revision: before.revision + 1 })
				.where('booking_id', '=', bookingId)
				.where('revision', '=', before.revision)
				.execute()
		const { revision: _revision, ...was } = before
		const { revision: _posted, ...now } = form
		await recordAudit(trx, { actor, action: 'update-flights', entity: 'booking', entityId: bookingId, before: was, after: now })
	})
}

// ─── Resources ──────────────────────────────────────────────────────────────

function toResource(row: {
	id: string
	kind: string
	island: string
	name: string
	phone: string | null
	languages: string | null
	seats: number | null
	plate: string | null
}): Resource {
	return {
		id: row.id,
		kind: row.kind as ResourceKind,
		island: row.island,
		name: row.name,
		phone: row.phone,
		languages: row.languages,
		seats: row.seats,
		plate: row.plate,
	}
}

/** Active vehicles, drivers and guides, by island then name. */
export async function listResources(db: Executor): Promise<Resource[]> {
	const rows = await db.selectFrom('ops_resources').selectAll().where('archived_at', 'is', null).orderBy('island').orderBy('kind').orderBy('name').execute()
	return rows.map(toResource)
}

export async function addResource(db: DB, form: ResourceForm, actor: Actor): Promise<string> {
	const id = newId()
	const at = nowIso()
	await db.transaction().execute(async (trx) => {
		await trx
			.insertInto('ops_resources')
			.values({
				id,
				kind: form.kind,
				island: form.island,
				name: form.name,
				phone: form.phone,
				languages: form.languages,
				seats: form.kind === 'vehicle' ? form.seats : null,
				plate: form.kind === 'vehicle' ? form.plate : null,
				archived_at: null,
				created_at: at,
				updated_at: at,
			})
			.execute()
		await recordAudit(trx, { actor, action: 'add-resource', entity: 'ops_resource', entityId: id, after: form })
	})
	return id
}

/** Archives a resource: it leaves the lists; lines it was assigned to keep its name until reassigned. */
export async function archiveResource(db: DB, id: string, actor: Actor): Promise<void> {
	await db.transaction().execute(async (trx) => {
		const row = await rowById(trx, 'ops_resources', id, 'That driver, vehicle or guide no longer exists.', { forUpdate: true })
		if (row.archived_at) return
		await trx.updateTable('ops_resources').set({ archived_at: nowIso(), updated_at: nowIso() }).where('id', '=', id).execute()
		await recordAudit(trx, { actor, action: 'archive-resource', entity: 'ops_resource', entityId: id, before: { name: row.name } })
	})
}

// ─── Assignments ────────────────────────────────────────────────────────────

async function assignmentsOn(db: Executor, date: string): Promise<Map<string, Assignment>> {
	const rows = await db.selectFrom('ops_assignments').selectAll().where('date', '=', date).execute()
	return new Map(
		rows.map((row) => [
			row.component_id,
			{ componentId: row.component_id, driverId: row.driver_id, vehicleId: row.vehicle_id, guideId: row.guide_id, revision: row.revision },
		]),
	)
}

async function resourcesById(db: Executor): Promise<Map<string, Resource>> {
	const rows = await db.selectFrom('ops_resources').selectAll().execute()
	return new Map(rows.map((row) => [row.id, toResource(row)]))
}

/** Each assigned line's conflicts against the rest of the day. */
function conflictsOf(
	lines: readonly SheetLine[],
	assignments: ReadonlyMap<string, Assignment>,
	resources: ReadonlyMap<string, Resource>,
): Map<string, string[]> {
	const assigned = lines.flatMap((line) => {
		const assignment = assignments.get(line.componentId)
		return assignment && assignable(line) ? [{ line, assignment }] : []
	})
	// Each line is checked only against the lines that share one of its resources.
	const byResource = new Map<string, typeof assigned>()
	for (const entry of assigned)
		for (const id of [entry.assignment.driverId, entry.assignment.vehicleId, entry.assignment.guideId])
			if (id) {
				const list = byResource.get(id)
				if (list) list.push(entry)
				else byResource.set(id, [entry])
			}
	return new Map(
		assigned.map(({ line, assignment }) => {
			const sharing = [...new Set([assignment.driverId, assignment.vehicleId, assignment.guideId].flatMap((id) => (id ? (byResource.get(id) ?? []) : [])))]
			return [line.key, assignmentConflicts(line, assignment, sharing, resources)]
		}),
	)
}

/** Everything the operations page shows for one date: the sheet, who is assigned where, and what conflicts. */
export async function operationsDay(db: Executor, date: string) {
	const [sheet, assignments, resources] = await Promise.all([daySheet(db, date), assignmentsOn(db, date), resourcesById(db)])
	const lines = sheet.groups.flatMap((group) => group.lines)
	return { sheet, assignments, resources, conflicts: conflictsOf(lines, assignments, resources) }
}

/**
 * Assigns a driver, vehicle and guide to one line. Under the lock of each chosen resource (a row
 * lock on PostgreSQL; SQLite's write transaction holds the database), so two staff assigning one
 * driver at once take turns and the second sees the first's assignment. A save whose line changed
 * meanwhile is `aborted`; one that makes a conflict is refused (`failed-precondition`, the conflicts
 * in the message) unless posted again with `confirm`.
 */
export async function assignLine(db: DB, date: string, form: AssignForm, actor: Actor): Promise<{ conflicts: string[] }> {
	return db.transaction().execute(async (trx) => {
		const chosen = [form.driverId, form.vehicleId, form.guideId].filter((id): id is string => !!id)
		const expectKind: Array<[string | null, ResourceKind]> = [
			[form.driverId, 'driver'],
			[form.vehicleId, 'vehicle'],
			[form.guideId, 'guide'],
		]
		for (const id of [...new Set(chosen)].sort()) {
			// The update takes the row's lock on PostgreSQL until the transaction ends.
			const result = await trx
				.updateTable('ops_resources')
				.set((eb) => ({ revision: eb('revision', '+', 1) }))
				.where('id', '=', id)
				.where('archived_at', 'is', null)
				.executeTakeFirst()
			if (!Number(result.numUpdatedRows)) throw new AppError('not-found', 'That driver, vehicle or guide is no longer on the list: reload the page.')
		}
		const resources = await resourcesById(trx)
		for (const [id, kind] of expectKind) if (id && resources.get(id)?.kind !== kind) throw new AppError('invalid-argument', `Choose a ${kind} from the list.`)
		const sheet = await daySheet(trx, date)
		const lines = sheet.groups.flatMap((group) => group.lines)
		const line = lines.find((candidate) => candidate.componentId === form.componentId && assignable(candidate))
		if (!line) throw new AppError('not-found', 'That line is no longer on this day’s sheet (the booking was changed or cancelled): reload the page.')
		const assignments = await assignmentsOn(trx, date)
		const current = assignments.get(line.componentId)
		if ((current?.revision ?? 0) !== form.revision)
			throw new AppError('aborted', 'Someone else assigned this line meanwhile: reload the page to see who, then assign again.')
		const next = { driverId: form.driverId, vehicleId: form.vehicleId, guideId: form.guideId }
		const others = lines.flatMap((other) => {
			const assignment = assignments.get(other.componentId)
			return assignment && other.key !== line.key ? [{ line: other, assignment }] : []
		})
		const conflicts = assignmentConflicts(line, next, others, resources)
		if (conflicts.length && !form.confirm) throw new AppError('failed-precondition', `${conflicts.join('. ')}. Assign anyway to keep it, or choose another.`)
		const values = { driver_id: next.driverId, vehicle_id: next.vehicleId, guide_id: next.guideId, updated_by: actor.label, updated_at: nowIso() }
		if (current)
			await trx
				.updateTable('ops_assignments')
				.set({ ...values, revision: current.revision + 1 })
				.where('component_id', '=', line.componentId)
				.execute()
		else
			await trx
				.insertInto('ops_assignments')
				.values({ component_id: line.componentId, booking_id: line.bookingId, date, ...values })
				.execute()
		await recordAudit(trx, {
			actor,
			action: 'assign-resources',
			entity: 'booking',
			entityId: line.bookingId,
			before: current ?? null,
			after: { componentId: line.componentId, date, ...next, conflicts },
		})
		return { conflicts }
	})
}

// ─── Run sheets ─────────────────────────────────────────────────────────────

/** One driver's or guide's lines of the day, the WhatsApp text, and whether it was sent and has changed since. */
export async function runSheet(db: Executor, resourceId: string, date: string) {
	const resource = toResource(await rowById(db, 'ops_resources', resourceId, 'That driver, vehicle or guide no longer exists.'))
	const { sheet, assignments, resources } = await operationsDay(db, date)
	const role = resource.kind === 'driver' ? 'driverId' : resource.kind === 'guide' ? 'guideId' : 'vehicleId'
	const lines = sheet.groups.flatMap((group) => group.lines).filter((line) => assignments.get(line.componentId)?.[role] === resourceId)
	const text = runSheetText(resource, date, lines, resources, assignments)
	const sent = await db
		.selectFrom('ops_run_sheets')
		.select(['sent_text', 'sent_at'])
		.where('resource_id', '=', resourceId)
		.where('date', '=', date)
		.executeTakeFirst()
	return { resource, date, lines, text, sentAt: sent?.sent_at ?? null, state: runSheetState(text, sent ? { text: sent.sent_text, at: sent.sent_at } : null) }
}

/** Records that this text was sent to the driver (copied into WhatsApp): a later change flags the sheet. */
export async function markRunSheetSent(db: DB, resourceId: string, date: string, actor: Actor): Promise<void> {
	await db.transaction().execute(async (trx) => {
		const { text } = await runSheet(trx, resourceId, date)
		const at = nowIso()
		await trx
			.insertInto('ops_run_sheets')
			.values({ resource_id: resourceId, date, sent_text: text, sent_at: at, sent_by: actor.label })
			.onConflict((oc) => oc.columns(['resource_id', 'date']).doUpdateSet({ sent_text: text, sent_at: at, sent_by: actor.label }))
			.execute()
		await recordAudit(trx, { actor, action: 'send-run-sheet', entity: 'ops_resource', entityId: resourceId, after: { date } })
	})
}

/** The drivers and guides with lines on this date, each with the state of their run sheet. */
export async function runSheetsOf(db: Executor, date: string, day: Awaited<ReturnType<typeof operationsDay>>) {
	const people = new Map<string, Resource>()
	for (const assignment of day.assignments.values())
		for (const id of [assignment.driverId, assignment.guideId]) {
			const resource = id ? day.resources.get(id) : undefined
			if (resource) people.set(resource.id, resource)
		}
	const sent = people.size
		? await db
				.selectFrom('ops_run_sheets')
				.select(['resource_id', 'sent_text'])
				.where('date', '=', date)
				.where('resource_id', 'in', [...people.keys()])
				.execute()
		: []
	const lines = day.sheet.groups.flatMap((group) => group.lines)
	return [...people.values()]
		.sort((a, b) => a.name.localeCompare(b.name))
		.map((person) => {
			const role = person.kind === 'driver' ? 'driverId' : 'guideId'
			const own = lines.filter((line) => day.assignments.get(line.componentId)?.[role] === person.id)
			const text = runSheetText(person, date, own, day.resources, day.assignments)
			const was = sent.find((row) => row.resource_id === person.id)
			return { resource: person, runs: own.length, state: runSheetState(text, was ? { text: was.sent_text, at: '' } : null) }
		})
}

// ─── The traveller's trip page ──────────────────────────────────────────────

async function bookingOfTripToken(db: Executor, token: string) {
	const row = await db.selectFrom('bookings').select('id').where('trip_token', '=', token).executeTakeFirst()
	if (!row) throw new AppError('not-found', 'No trip has this address.')
	return row.id
}

/** The flights the trip page shows and edits. */
export async function tripFlights(db: Executor, token: string) {
	return getFlights(db, await bookingOfTripToken(db, token))
}

/** The traveller's own save of their flights (the same revision check as staff). */
export async function saveTripFlights(db: DB, token: string, form: FlightsForm): Promise<void> {
	const bookingId = await bookingOfTripToken(db, token)
	await saveFlights(db, bookingId, form, 'traveller', { id: null, label: 'traveller (trip page)' })
}
