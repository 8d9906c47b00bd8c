import { type Kysely, sql } from 'kysely'
import { type FerryEnquiry, type FerryLeg, operatorLabel, routeLabel, routesKey, tripTypeLabels, type TripType } from '~/features/ferries/domain/enquiry.ts'
import { type Passenger, isInfant } from '~/features/ferries/domain/passengers.ts'
import { type FerryBookingStatus, ferryBookingMachine, type FerryLeadStatus, ferryLeadMachine, sailingStatuses } from '~/features/ferries/domain/status.ts'
import { transition } from '~/lib/state-machine.ts'
import { likePattern, searchNeedles } from '~/lib/search.ts'
import { addDays, nowIso } from '~/lib/dates.ts'
import { AppError } from '~/lib/errors.ts'
import { formatReference, newId } from '~/lib/ids.ts'
import { islandLabel } from '~/lib/islands.ts'
import { type Actor, nextSequence, recordAudit } from '~/server/db/audit.server.ts'
import { isUniqueViolation, type Executor } from '~/server/db/client.server.ts'
import type { Database, FerryBookingRow, FerryLeadRow, FerryPassengerRow } from '~/server/db/schema.ts'
import { createLead, visitorActor } from '~/features/leads/server/leads.server.ts'
import { ferryFaresForRoute } from '~/features/rates/server/ferry-fares.server.ts'
import { removeStored, storageDir, storeUpload } from '~/server/uploads.server.ts'
import { plural } from '~/lib/words.ts'
import { rowById } from '~/server/db/row-by-id.server.ts'

type DB = Kysely<Database>

/**
 * Ferries (docs/product.md): the public enquiry, the ferry-lead desk, ferry
 * bookings with passengers and ticket files, the day's manifest, and what a
 * trip booking's voucher shows. Every change is audited in its transaction.
 */

export const ferryListPageSize = 25

function searchLine(...parts: Array<string | null | undefined>): string {
	return parts.filter(Boolean).join(' ').toLowerCase()
}

function applySearch<T extends { where: (...args: any[]) => T }>(query: T, column: string, q: string): T {
	const needles = searchNeedles(q)
	if (!needles.length) return query
	return query.where((eb: any) => eb.or(needles.map((needle) => eb(sql.ref(column), 'like', sql`${likePattern(needle)} escape '\\'`))))
}

// ─── The public enquiry ──────────────────────────────────────────────────────

function enquirySummary(enquiry: Pick<FerryEnquiry, 'tripType' | 'legs' | 'adults' | 'infants' | 'indians' | 'foreigners' | 'message'>): string {
	const legs = enquiry.legs.map(
		(leg) => `${routeLabel(leg.from, leg.to)} on ${leg.date} (${operatorLabel(leg.operator)}, ${leg.class === 'any' ? 'any class' : leg.class})`,
	)
	return [
		`Ferry enquiry, ${tripTypeLabels[enquiry.tripType].toLowerCase()}: ${legs.join('; ')}.`,
		`${plural(enquiry.adults, 'adult')}, ${plural(enquiry.infants, 'infant')} (${enquiry.indians} Indian, ${enquiry.foreigners} foreign).`,
		enquiry.message ?? '',
	]
		.join(' ')
		.trim()
}

/**
 * Saves a ferry enquiry as a ferry lead and, for the sales desk, a lead with
 * source ferry_form (docs/decisions/050-ferry-leads.md). The submission key
 * makes a double submit return the first of both.
 */
export async function createFerryEnquiry(db: DB, enquiry: FerryEnquiry) {
	const existing = await db.selectFrom('ferry_leads').select(['id', 'reference']).where('submission_key', '=', enquiry.submissionKey).executeTakeFirst()
	if (existing) return { ...existing, created: false }
	const islands = [...new Set(enquiry.legs.flatMap((leg) => [leg.from, leg.to]))]
	const lead = await createLead(
		db,
		{
			source: 'ferry_form',
			name: enquiry.name,
			phone: enquiry.phone,
			email: enquiry.email ?? null,
			travelStart: enquiry.legs[0]!.date,
			travelEnd: enquiry.legs.at(-1)!.date,
			adults: enquiry.adults,
			infants: enquiry.infants,
			islands,
			interests: ['ferry'],
			message: enquirySummary(enquiry),
		},
		{ submissionKey: `ferry:${enquiry.submissionKey}` },
	)
	const now = nowIso()
	const id = newId()
	try {
		return await db.transaction().execute(async (trx) => {
			const reference = formatReference('FL', Number(now.slice(0, 4)), await nextSequence(trx, 'ferry_lead', Number(now.slice(0, 4))))
			const row = {
				id,
				reference,
				submission_key: enquiry.submissionKey,
				lead_id: lead.id,
				status: 'new',
				trip_type: enquiry.tripType,
				legs_json: JSON.stringify(enquiry.legs),
				first_date: enquiry.legs[0]!.date,
				routes: routesKey(enquiry.legs),
				adults: enquiry.adults,
				infants: enquiry.infants,
				indians: enquiry.indians,
				foreigners: enquiry.foreigners,
				name: enquiry.name,
				phone: enquiry.phone,
				email: enquiry.email ?? null,
				message: enquiry.message ?? null,
				fare_quoted: null,
				quote_note: null,
				search_text: searchLine(enquiry.name, enquiry.phone, enquiry.email, reference),
				created_at: now,
				updated_at: now,
			}
			await trx.insertInto('ferry_leads').values(row).execute()
			await recordAudit(trx, { actor: visitorActor, action: 'create', entity: 'ferry_lead', entityId: id, after: row })
			return { id, reference, created: true }
		})
	} catch (error) {
		if (isUniqueViolation(error)) {
			const again = await db.selectFrom('ferry_leads').select(['id', 'reference']).where('submission_key', '=', enquiry.submissionKey).executeTakeFirst()
			if (again) return { ...again, created: false }
		}
		throw error
	}
}

// ─── Ferry leads ─────────────────────────────────────────────────────────────

export type FerryLeadFilters = { q: string; status: FerryLeadStatus | null; from: string | null; to: string | null; route: string | null; page: number }

export function toFerryLead(row: FerryLeadRow) {
	return {
		id: row.id,
		reference: row.reference,
		leadId: row.lead_id,
		status: row.status as FerryLeadStatus,
		tripType: row.trip_type as TripType,
		legs: JSON.parse(row.legs_json) as FerryLeg[],
		firstDate: row.first_date,
		adults: row.adults,
		infants: row.infants,
		indians: row.indians,
		foreigners: row.foreigners,
		name: row.name,
		phone: row.phone,
		email: row.email,
		message: row.message,
		fareQuoted: row.fare_quoted === null ? null : Number(row.fare_quoted),
		quoteNote: row.quote_note,
		createdAt: row.created_at,
		updatedAt: row.updated_at,
	}
}
export type FerryLead = ReturnType<typeof toFerryLead>

/** One page of ferry leads: search (name, phone, email, reference), status, travel dates and route. */
export async function listFerryLeads(db: Executor, filters: FerryLeadFilters) {
	let query = db.selectFrom('ferry_leads')
	query = applySearch(query, 'ferry_leads.search_text', filters.q)
	if (filters.status) query = query.where('status', '=', filters.status)
	if (filters.from) query = query.where('first_date', '>=', filters.from)
	if (filters.to) query = query.where('first_date', '<=', filters.to)
	if (filters.route) query = query.where('routes', 'like', `%,${filters.route},%`)
	const { count } = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()
	const total = Number(count)
	const pages = Math.max(1, Math.ceil(total / ferryListPageSize))
	const page = Math.min(filters.page, pages)
	const rows = await query
		.selectAll()
		.orderBy('created_at', 'desc')
		.orderBy('reference', 'desc')
		.limit(ferryListPageSize)
		.offset((page - 1) * ferryListPageSize)
		.execute()
	return { leads: rows.map(toFerryLead), total, page, pages }
}

function ferryLeadRow(db: Executor, id: string, forUpdate = false) {
	return rowById(db, 'ferry_leads', id, 'There is no ferry lead with that id.', { forUpdate })
}

/** Fare for a leg: every fare on its route, matching the requested operator and class when the traveller named them. */
function fareMatches(leg: FerryLeg) {
	return (fare: { operator: string; class: string }) =>
		(leg.operator === 'any' || fare.operator === leg.operator) && (leg.class === 'any' || fare.class === leg.class)
}

/** A ferry lead with the fare table's fares for each requested leg (priced for its passengers) and the bookings made from it. */
export async function getFerryLeadPage(db: Executor, id: string) {
	const lead = toFerryLead(await ferryLeadRow(db, id))
	const legs = await Promise.all(
		lead.legs.map(async (leg) => {
			const fares = await ferryFaresForRoute(db, leg.from, leg.to)
			const matching = fares.filter(fareMatches(leg))
			return {
				...leg,
				fares: (matching.length ? matching : fares).map((fare) => ({
					...fare,
					total: fare.adultSell * lead.adults + fare.infantSell * lead.infants,
					requested: matching.length > 0,
				})),
			}
		}),
	)
	const bookings = await db
		.selectFrom('ferry_bookings')
		.select(['id', 'reference', 'status', 'leg_index as legIndex', 'pnr'])
		.where('ferry_lead_id', '=', id)
		.orderBy('leg_index')
		.execute()
	return { lead, legs, bookings: bookings.map((booking) => ({ ...booking, status: booking.status as FerryBookingStatus })) }
}

/** Records the fare quoted to the traveller (in paise); a new lead becomes fare_quoted. */
export async function quoteFerryLead(db: DB, actor: Actor, id: string, fare: number, note: string | null) {
	return db.transaction().execute(async (trx) => {
		const before = await ferryLeadRow(trx, id, true)
		let status = before.status as FerryLeadStatus
		if (status === 'new') status = 'fare_quoted'
		else if (status !== 'fare_quoted' && status !== 'payment_pending')
			throw new AppError('failed-precondition', `A ${ferryLeadMachine.labels[status].toLowerCase()} ferry lead is closed: its fare cannot change.`)
		const after = { fare_quoted: fare, quote_note: note, status, updated_at: nowIso() }
		await trx.updateTable('ferry_leads').set(after).where('id', '=', id).execute()
		await recordAudit(trx, {
			actor,
			action: 'quote',
			entity: 'ferry_lead',
			entityId: id,
			before: { fare_quoted: before.fare_quoted, quote_note: before.quote_note, status: before.status },
			after,
		})
		return status
	})
}

export async function changeFerryLeadStatus(db: DB, actor: Actor, id: string, to: FerryLeadStatus) {
	return db.transaction().execute(async (trx) => {
		const before = await ferryLeadRow(trx, id, true)
		const result = transition(ferryLeadMachine, before.status as FerryLeadStatus, to)
		if (!result.ok) throw new AppError('failed-precondition', result.error)
		if (to === 'fare_quoted' && before.fare_quoted === null) throw new AppError('failed-precondition', 'Record the fare quoted first (the fare form below).')
		await trx.updateTable('ferry_leads').set({ status: to, updated_at: nowIso() }).where('id', '=', id).execute()
		await recordAudit(trx, { actor, action: 'status', entity: 'ferry_lead', entityId: id, before: { status: before.status }, after: { status: to } })
		return to
	})
}

/**
 * "Convert to ferry booking": one ferry booking per leg, carrying over the
 * route, date, preferred departure, operator, class, contact and the fare
 * from the fare table. A second click (or two staff at once) returns the
 * bookings already made: (ferry_lead_id, leg_index) is unique.
 */
export async function convertFerryLead(db: DB, actor: Actor, id: string) {
	const page = await getFerryLeadPage(db, id)
	const { lead } = page
	if (['unavailable', 'lost'].includes(lead.status))
		throw new AppError(
			'failed-precondition',
			`A ${ferryLeadMachine.labels[lead.status].toLowerCase()} ferry lead cannot be booked. Reopen it by creating a new enquiry.`,
		)
	const made: Array<{ id: string; reference: string; created: boolean }> = []
	for (const [index, leg] of page.legs.entries()) {
		const existing = await db
			.selectFrom('ferry_bookings')
			.select(['id', 'reference'])
			.where('ferry_lead_id', '=', id)
			.where('leg_index', '=', index)
			.executeTakeFirst()
		if (existing) {
			made.push({ ...existing, created: false })
			continue
		}
		const fare = leg.fares.find((candidate) => candidate.requested) ?? null
		const operator = leg.operator !== 'any' ? leg.operator : (fare?.operator ?? 'government')
		const cls = leg.class !== 'any' ? leg.class : (fare?.class ?? 'economy')
		const departure = fare?.departures[0] ?? null
		const breakdown = fareBreakdown(lead.adults, fare?.adultSell ?? 0, lead.infants, fare?.infantSell ?? 0)
		try {
			made.push(
				await db.transaction().execute(async (trx) => {
					const now = nowIso()
					const reference = formatReference('FB', Number(now.slice(0, 4)), await nextSequence(trx, 'ferry_booking', Number(now.slice(0, 4))))
					const row = {
						id: newId(),
						reference,
						ferry_lead_id: id,
						leg_index: index,
						booking_id: null,
						status: 'requested',
						operator,
						vessel: null,
						from_island: leg.from,
						to_island: leg.to,
						travel_date: leg.date,
						departure_time: departure,
						class: cls,
						pnr: null,
						fare_json: JSON.stringify(breakdown),
						total: breakdown.total,
						contact_name: lead.name,
						contact_phone: lead.phone,
						ticket_file: null,
						ticket_mime: null,
						ticket_name: null,
						search_text: searchLine(lead.name, lead.phone, reference, lead.reference),
						created_at: now,
						updated_at: now,
					}
					await trx.insertInto('ferry_bookings').values(row).execute()
					await recordAudit(trx, { actor, action: 'convert', entity: 'ferry_booking', entityId: row.id, after: row })
					return { id: row.id, reference, created: true }
				}),
			)
		} catch (error) {
			if (!isUniqueViolation(error)) throw error
			const again = await db
				.selectFrom('ferry_bookings')
				.select(['id', 'reference'])
				.where('ferry_lead_id', '=', id)
				.where('leg_index', '=', index)
				.executeTakeFirstOrThrow()
			made.push({ ...again, created: false })
		}
	}
	return made
}

// ─── Ferry bookings ──────────────────────────────────────────────────────────

export type FareBreakdown = { adults: number; adultFare: number; infants: number; infantFare: number; fees: number; total: number }

export function fareBreakdown(adults: number, adultFare: number, infants: number, infantFare: number, fees = 0): FareBreakdown {
	return { adults, adultFare, infants, infantFare, fees, total: adults * adultFare + infants * infantFare + fees }
}

export function toFerryBooking(row: FerryBookingRow) {
	return {
		id: row.id,
		reference: row.reference,
		ferryLeadId: row.ferry_lead_id,
		bookingId: row.booking_id,
		status: row.status as FerryBookingStatus,
		operator: row.operator,
		vessel: row.vessel,
		from: row.from_island,
		to: row.to_island,
		travelDate: row.travel_date,
		departureTime: row.departure_time,
		class: row.class,
		pnr: row.pnr,
		fare: JSON.parse(row.fare_json) as FareBreakdown,
		total: Number(row.total),
		contactName: row.contact_name,
		contactPhone: row.contact_phone,
		ticket: row.ticket_file ? { file: row.ticket_file, mime: row.ticket_mime ?? 'application/octet-stream', name: row.ticket_name ?? 'ticket' } : null,
		createdAt: row.created_at,
	}
}
export type FerryBooking = ReturnType<typeof toFerryBooking>

export type FerryBookingFilters = { q: string; status: FerryBookingStatus | null; date: string | null; page: number }

export async function listFerryBookings(db: Executor, filters: FerryBookingFilters) {
	let query = db.selectFrom('ferry_bookings')
	query = applySearch(query, 'ferry_bookings.search_text', filters.q)
	if (filters.status) query = query.where('status', '=', filters.status)
	if (filters.date) query = query.where('travel_date', '=', filters.date)
	const { count } = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()
	const total = Number(count)
	const pages = Math.max(1, Math.ceil(total / ferryListPageSize))
	const page = Math.min(filters.page, pages)
	const rows = await query
		.selectAll()
		.orderBy('travel_date', 'desc')
		.orderBy('departure_time')
		.orderBy('reference', 'desc')
		.limit(ferryListPageSize)
		.offset((page - 1) * ferryListPageSize)
		.execute()
	return { bookings: rows.map(toFerryBooking), total, page, pages }
}

function ferryBookingRow(db: Executor, id: string, forUpdate = false) {
	return rowById(db, 'ferry_bookings', id, 'There is no ferry booking with that id.', { forUpdate })
}

export function toPassenger(row: FerryPassengerRow): Passenger {
	return {
		name: row.name,
		age: row.age,
		gender: row.gender as Passenger['gender'],
		nationality: row.nationality as Passenger['nationality'],
		idType: row.id_type as Passenger['idType'],
		idNumber: row.id_number,
		passportExpiry: row.passport_expiry,
	}
}

export async function getFerryBookingPage(db: Executor, id: string) {
	const booking = toFerryBooking(await ferryBookingRow(db, id))
	const [passengers, lead, trip] = await Promise.all([
		db.selectFrom('ferry_passengers').selectAll().where('ferry_booking_id', '=', id).orderBy('position').execute(),
		booking.ferryLeadId
			? db.selectFrom('ferry_leads').select(['id', 'reference', 'adults', 'infants']).where('id', '=', booking.ferryLeadId).executeTakeFirst()
			: undefined,
		booking.bookingId
			? db.selectFrom('bookings').select(['id', 'reference', 'title', 'status']).where('id', '=', booking.bookingId).executeTakeFirst()
			: undefined,
	])
	return { booking, passengers: passengers.map(toPassenger), lead: lead ?? null, trip: trip ?? null }
}

export type FerryBookingDetails = {
	operator: string
	vessel: string | null
	departureTime: string | null
	class: string
	pnr: string | null
	adultFare: number
	infantFare: number
	fees: number
	tripReference: string | null
}

/** Saves a ferry booking's sailing, fare and link to a trip booking (by its BK- reference). */
export async function updateFerryBooking(db: DB, actor: Actor, id: string, details: FerryBookingDetails) {
	return db.transaction().execute(async (trx) => {
		const before = await ferryBookingRow(trx, id, true)
		let bookingId: string | null = null
		if (details.tripReference) {
			const trip = await trx.selectFrom('bookings').select('id').where('reference', '=', details.tripReference).executeTakeFirst()
			if (!trip)
				throw new AppError(
					'invalid-argument',
					`No trip booking has the reference ${details.tripReference}. Check it on Quotes and bookings, or leave it empty.`,
					{ fields: { tripReference: `No trip booking has the reference ${details.tripReference}. Check it, or leave it empty.` } },
				)
			bookingId = trip.id
		}
		const passengers = await trx.selectFrom('ferry_passengers').select('age').where('ferry_booking_id', '=', id).execute()
		const old = JSON.parse(before.fare_json) as FareBreakdown
		const infants = passengers.length ? passengers.filter(isInfant).length : old.infants
		const adults = passengers.length ? passengers.length - infants : old.adults
		const breakdown = fareBreakdown(adults, details.adultFare, infants, details.infantFare, details.fees)
		const after = {
			operator: details.operator,
			vessel: details.vessel,
			departure_time: details.departureTime,
			class: details.class,
			pnr: details.pnr,
			fare_json: JSON.stringify(breakdown),
			total: breakdown.total,
			booking_id: bookingId,
			search_text: searchLine(before.contact_name, before.contact_phone, before.reference, details.pnr, details.tripReference),
			updated_at: nowIso(),
		}
		await trx.updateTable('ferry_bookings').set(after).where('id', '=', id).execute()
		await recordAudit(trx, { actor, action: 'update', entity: 'ferry_booking', entityId: id, before, after })
	})
}

/** Replaces the passenger list (names, ages, ID); the fare breakdown follows the new adult and infant counts. */
export async function saveFerryPassengers(db: DB, actor: Actor, id: string, passengers: readonly Passenger[]) {
	if (!passengers.length)
		throw new AppError('invalid-argument', 'Add at least one passenger: name, age and ID as on the document.', {
			fields: { p1Name: 'Enter the first passenger’s name.' },
		})
	return db.transaction().execute(async (trx) => {
		const before = await ferryBookingRow(trx, id, true)
		const old = await trx.selectFrom('ferry_passengers').selectAll().where('ferry_booking_id', '=', id).orderBy('position').execute()
		await trx.deleteFrom('ferry_passengers').where('ferry_booking_id', '=', id).execute()
		await trx
			.insertInto('ferry_passengers')
			.values(
				passengers.map((p, position) => ({
					id: newId(),
					ferry_booking_id: id,
					offline_ticket_id: null,
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
		const fare = JSON.parse(before.fare_json) as FareBreakdown
		const infants = passengers.filter(isInfant).length
		const breakdown = fareBreakdown(passengers.length - infants, fare.adultFare, infants, fare.infantFare, fare.fees)
		await trx
			.updateTable('ferry_bookings')
			.set({ fare_json: JSON.stringify(breakdown), total: breakdown.total, updated_at: nowIso() })
			.where('id', '=', id)
			.execute()
		await recordAudit(trx, { actor, action: 'passengers', entity: 'ferry_booking', entityId: id, before: old.map(toPassenger), after: passengers })
	})
}

export async function changeFerryBookingStatus(db: DB, actor: Actor, id: string, to: FerryBookingStatus) {
	return db.transaction().execute(async (trx) => {
		const before = await ferryBookingRow(trx, id, true)
		const result = transition(ferryBookingMachine, before.status as FerryBookingStatus, to)
		if (!result.ok) throw new AppError('failed-precondition', result.error)
		if (to === 'confirmed') {
			if (!before.pnr) throw new AppError('failed-precondition', 'Enter the operator’s PNR before confirming the booking.')
			const passengers = await trx.selectFrom('ferry_passengers').select('id').where('ferry_booking_id', '=', id).execute()
			if (!passengers.length)
				throw new AppError('failed-precondition', 'Add the passengers with their ID before confirming: the operator checks them at the gate.')
		}
		await trx.updateTable('ferry_bookings').set({ status: to, updated_at: nowIso() }).where('id', '=', id).execute()
		await recordAudit(trx, { actor, action: 'status', entity: 'ferry_booking', entityId: id, before: { status: before.status }, after: { status: to } })
		// A ferry lead whose sailings are all confirmed is booked.
		if (to === 'confirmed' && before.ferry_lead_id) {
			const lead = await trx.selectFrom('ferry_leads').select(['status']).where('id', '=', before.ferry_lead_id).executeTakeFirst()
			const open = await trx
				.selectFrom('ferry_bookings')
				.select('id')
				.where('ferry_lead_id', '=', before.ferry_lead_id)
				.where('status', '!=', 'confirmed')
				.execute()
			if (lead && !open.length && transition(ferryLeadMachine, lead.status as FerryLeadStatus, 'booked').ok) {
				await trx.updateTable('ferry_leads').set({ status: 'booked', updated_at: nowIso() }).where('id', '=', before.ferry_lead_id).execute()
				await recordAudit(trx, {
					actor,
					action: 'status',
					entity: 'ferry_lead',
					entityId: before.ferry_lead_id,
					before: { status: lead.status },
					after: { status: 'booked' },
				})
			}
		}
		return to
	})
}

/** Stores the ticket file (checked: type by magic bytes, size, not empty) and links it; the old file is removed. Nothing is stored when the check fails. */
export async function attachFerryTicket(db: DB, actor: Actor, id: string, file: FormDataEntryValue | null, root = storageDir()) {
	await ferryBookingRow(db, id)
	const stored = await storeUpload(file, 'ferry-tickets', root)
	try {
		const previous = await db.transaction().execute(async (trx) => {
			const before = await ferryBookingRow(trx, id, true)
			await trx
				.updateTable('ferry_bookings')
				.set({ ticket_file: stored.file, ticket_mime: stored.mime, ticket_name: stored.name, updated_at: nowIso() })
				.where('id', '=', id)
				.execute()
			await recordAudit(trx, {
				actor,
				action: 'ticket',
				entity: 'ferry_booking',
				entityId: id,
				before: { ticket_file: before.ticket_file },
				after: { ticket_file: stored.file, ticket_mime: stored.mime, ticket_name: stored.name, bytes: stored.bytes.byteLength },
			})
			return before.ticket_file
		})
		await removeStored(previous, root)
	} catch (error) {
		await removeStored(stored.file, root)
		throw error
	}
	return { name: stored.name, mime: stored.mime }
}

export async function ferryTicketFile(db: Executor, id: string) {
	const booking = toFerryBooking(await ferryBookingRow(db, id))
	if (!booking.ticket) throw new AppError('not-found', 'No ticket file has been uploaded for this ferry booking yet.')
	return booking.ticket
}

// ─── The day's manifest ──────────────────────────────────────────────────────

/** Every passenger sailing on a date (requested, confirmed or rescheduled bookings), grouped by sailing: operator, route, departure time. */
export async function ferryManifest(db: Executor, date: string) {
	const rows = await db
		.selectFrom('ferry_passengers')
		.innerJoin('ferry_bookings', 'ferry_bookings.id', 'ferry_passengers.ferry_booking_id')
		.select([
			'ferry_bookings.id as bookingId',
			'ferry_bookings.reference',
			'ferry_bookings.status',
			'ferry_bookings.operator',
			'ferry_bookings.vessel',
			'ferry_bookings.from_island as fromIsland',
			'ferry_bookings.to_island as toIsland',
			'ferry_bookings.departure_time as departureTime',
			'ferry_bookings.class',
			'ferry_bookings.pnr',
			'ferry_passengers.name',
			'ferry_passengers.age',
			'ferry_passengers.gender',
			'ferry_passengers.nationality',
			'ferry_passengers.id_type as idType',
			'ferry_passengers.id_number as idNumber',
			'ferry_passengers.passport_expiry as passportExpiry',
		])
		.where('ferry_bookings.travel_date', '=', date)
		.where('ferry_bookings.status', 'in', [...sailingStatuses])
		.orderBy('ferry_bookings.departure_time')
		.orderBy('ferry_bookings.operator')
		.orderBy('ferry_bookings.from_island')
		.orderBy('ferry_bookings.reference')
		.orderBy('ferry_passengers.position')
		.execute()
	const sailings = new Map<
		string,
		{ key: string; operator: string; from: string; to: string; departureTime: string | null; vessel: string | null; passengers: typeof rows }
	>()
	for (const row of rows) {
		const key = `${row.departureTime ?? ''}|${row.operator}|${row.fromIsland}|${row.toIsland}`
		let sailing = sailings.get(key)
		if (!sailing)
			sailings.set(
				key,
				(sailing = {
					key,
					operator: row.operator,
					from: row.fromIsland,
					to: row.toIsland,
					departureTime: row.departureTime,
					vessel: row.vessel,
					passengers: [],
				}),
			)
		sailing.passengers.push(row)
	}
	return [...sailings.values()]
}

// ─── What a trip booking's voucher shows ─────────────────────────────────────

/**
 * The ferry bookings and offline tickets linked to a trip booking, for its
 * voucher: operator, vessel, route, departure, class, PNR and passengers.
 * Cancelled, failed and refunded ones are left out.
 */
export async function voucherExtrasForBooking(db: Executor, bookingId: string) {
	const ferryRows = await db
		.selectFrom('ferry_bookings')
		.selectAll()
		.where('booking_id', '=', bookingId)
		.where('status', 'in', [...sailingStatuses])
		.orderBy('travel_date')
		.orderBy('departure_time')
		.execute()
	const ticketRows = await db
		.selectFrom('offline_tickets')
		.selectAll()
		.where('booking_id', '=', bookingId)
		.where('status', 'in', ['purchased', 'delivered'])
		.orderBy('travel_date')
		.orderBy('travel_time')
		.execute()
	const ids = [...ferryRows.map((row) => row.id), ...ticketRows.map((row) => row.id)]
	const passengerRows = ids.length
		? await db
				.selectFrom('ferry_passengers')
				.selectAll()
				.where((eb) => eb.or([eb('ferry_booking_id', 'in', ids), eb('offline_ticket_id', 'in', ids)]))
				.orderBy('position')
				.execute()
		: []
	const passengersOf = (id: string) =>
		passengerRows
			.filter((row) => row.ferry_booking_id === id || row.offline_ticket_id === id)
			.map((row) => ({ name: row.name, age: row.age, nationality: row.nationality, idType: row.id_type, idNumber: row.id_number }))
	return {
		ferries: ferryRows.map((row) => ({
			reference: row.reference,
			status: row.status,
			operator: operatorLabel(row.operator),
			vessel: row.vessel,
			route: `${islandLabel(row.from_island)} → ${islandLabel(row.to_island)}`,
			date: row.travel_date,
			departure: row.departure_time,
			class: row.class,
			pnr: row.pnr,
			passengers: passengersOf(row.id),
		})),
		offlineTickets: ticketRows.map((row) => ({
			reference: row.reference,
			kind: row.kind,
			operator: row.operator,
			vessel: row.vessel,
			voyage: row.voyage,
			route: row.route,
			date: row.travel_date,
			time: row.travel_time,
			class: row.class,
			pnr: row.pnr,
			passengers: passengersOf(row.id),
		})),
	}
}

/** Dates around a manifest date, for its previous/next links. */
export function manifestNeighbours(date: string) {
	return { previous: addDays(date, -1), next: addDays(date, 1) }
}
