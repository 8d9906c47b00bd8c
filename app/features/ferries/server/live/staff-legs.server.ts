import { insertLiveLeg, type LegOutcome, ticketLeg } from './tickets.server.ts'
import { type LiveState, liveStateLabels } from '~/features/ferries/domain/live/checkout.ts'
import { legFromComponent, maxStaffLegs, passengerOfTraveller, pickSeats, type StaffLegChoice, staffLegKey } from '~/features/ferries/domain/live/legs.ts'
import { type LiveOperator, liveOperatorLabels, OperatorError, operatorErrorMessages, type SearchQuery } from '~/features/ferries/domain/live/operator.ts'
import { isInfant, type Passenger } from '~/features/ferries/domain/passengers.ts'
import type { FerryIsland } from '~/features/ferries/domain/enquiry.ts'
import { addBookingEvent } from '~/features/leads/server/trip-events.server.ts'
import { createBooking } from '~/features/bookings/server/bookings.server.ts'
import { addComponent } from '~/features/bookings/server/components.server.ts'
import { jsonColumn } from '~/server/db/rows.ts'
import { AppError, isAppError } from '~/lib/errors.ts'
import { islandLabel } from '~/lib/islands.ts'
import { formatINR } from '~/lib/money.ts'
import { type Actor, recordAudit } from '~/server/db/audit.server.ts'
import { type DB, isUniqueViolation } from '~/server/db/client.server.ts'
import { holdSeats, seatsWithHolds } from './holds.server.ts'
import { adapterFor, type FerryLiveSettings, type OperatorSetup } from './operators.server.ts'
import { type SearchAnswer, searchSailings } from './search.server.ts'

/**
 * Staff book every ferry leg of a trip booking for its travellers in one action (ADR 205). Legs are booked in
 * order, each under its own key (the booking, the leg, the try); the chain stops at the first leg that does not
 * ticket, so the page can say exactly what holds and offer retry, rebook or cancelling what was ticketed.
 */

export type StaffLeg = { index: number; from: FerryIsland; to: FerryIsland; date: string }
export type LiveLeg = {
	id: string
	reference: string
	index: number
	operator: string
	route: string
	date: string
	departs: string | null
	vessel: string | null
	className: string
	pnr: string | null
	state: LiveState
	stateLabel: string
	error: string | null
	cancelFee: number | null
	hasTicket: boolean
}

async function bookingParty(db: DB, bookingId: string) {
	const booking = await db
		.selectFrom('bookings')
		.select(['id', 'reference', 'title', 'status', 'contact_name', 'contact_phone'])
		.where('id', '=', bookingId)
		.executeTakeFirst()
	if (!booking) throw new AppError('not-found', 'No such booking.')
	const rows = await db.selectFrom('booking_travellers').selectAll().where('booking_id', '=', bookingId).orderBy('position').execute()
	const passengers: Passenger[] = rows.map((row) =>
		passengerOfTraveller({
			name: row.name,
			age: row.age,
			gender: row.gender,
			nationality: row.nationality,
			idType: row.id_type,
			idNumber: row.id_number,
			passportExpiry: row.passport_expiry,
		}),
	)
	const infants = passengers.filter(isInfant).length
	return { booking, passengers, adults: passengers.length - infants, infants }
}

/** The booking's live ferry legs, newest try of each leg last. */
export async function liveLegsOfBooking(db: DB, bookingId: string): Promise<LiveLeg[]> {
	const rows = await db
		.selectFrom('ferry_bookings')
		.selectAll()
		.where('booking_id', '=', bookingId)
		.where('live_state', 'is not', null)
		.orderBy('leg_index')
		.orderBy('created_at')
		.execute()
	return rows.map((row) => ({
		id: row.id,
		reference: row.reference,
		index: row.leg_index ?? 0,
		operator: liveOperatorLabels[row.operator as LiveOperator] ?? row.operator,
		route: `${islandLabel(row.from_island)} → ${islandLabel(row.to_island)}`,
		date: row.travel_date,
		departs: row.departure_time,
		vessel: row.vessel,
		className: row.class,
		pnr: row.pnr,
		state: row.live_state as LiveState,
		stateLabel: liveStateLabels[row.live_state as LiveState] ?? String(row.live_state),
		error: row.live_error,
		cancelFee: row.cancel_fee === null ? null : Number(row.cancel_fee),
		hasTicket: Boolean(row.ticket_file),
	}))
}

/** The page: the legs (from the search in the address, else the ferry components), their live sailings when searched, and what is booked so far. */
export async function staffLegsPage(db: DB, setup: OperatorSetup, bookingId: string, params: URLSearchParams, settings: FerryLiveSettings) {
	const party = await bookingParty(db, bookingId)
	const components = await db
		.selectFrom('booking_components')
		.select(['description', 'start_date'])
		.where('booking_id', '=', bookingId)
		.where('kind', '=', 'ferry')
		.orderBy('start_date')
		.orderBy('position')
		.execute()
	const fromComponents = components.map((component) => legFromComponent(component.description, component.start_date)).filter((leg) => leg !== null)
	const fromParams: StaffLeg[] = []
	for (let i = 0; i < maxStaffLegs; i++) {
		const from = params.get(`leg${i + 1}From`)
		const to = params.get(`leg${i + 1}To`)
		const date = params.get(`leg${i + 1}Date`)
		if (from && to && date && legFromComponent(`${from.replace('-', ' ')} ${to.replace('-', ' ')}`, date) && from !== to)
			fromParams.push({ index: i, from: from as FerryIsland, to: to as FerryIsland, date })
	}
	const legs: StaffLeg[] = fromParams.length ? fromParams : fromComponents.slice(0, maxStaffLegs).map((leg, index) => ({ index, ...leg }))
	const searched = params.get('search') === '1' && party.adults > 0
	const answers: Array<SearchAnswer | null> = searched
		? await Promise.all(
				legs.map((leg) =>
					searchSailings(setup, { from: leg.from, to: leg.to, date: leg.date, adults: party.adults, infants: party.infants }, settings.markupPercent),
				),
			)
		: legs.map(() => null)
	return {
		booking: party.booking,
		travellers: party.passengers.map((p) => ({ name: p.name, age: p.age, nationality: p.nationality })),
		adults: party.adults,
		infants: party.infants,
		legs: legs.map((leg, i) => ({ ...leg, answer: answers[i] ?? null })),
		live: await liveLegsOfBooking(db, bookingId),
		operators: setup.adapters.map((adapter) => liveOperatorLabels[adapter.operator]),
	}
}

export type ChainOutcome = { legs: Array<LegOutcome & { index: number }>; notTried: number[] }

/**
 * Books the chosen legs in order for the booking's travellers. A leg already ticketed (or being ticketed, or
 * waiting for a retry) is not booked again: a second click or the same form sent twice books nothing more.
 */
export async function bookLegsForBooking(
	db: DB,
	setup: OperatorSetup,
	bookingId: string,
	choices: readonly StaffLegChoice[],
	settings: FerryLiveSettings,
	actor: Actor,
	options: { root?: string; now?: Date } = {},
): Promise<ChainOutcome> {
	const party = await bookingParty(db, bookingId)
	if (party.booking.status === 'cancelled' || party.booking.status === 'completed')
		throw new AppError('failed-precondition', `This booking is ${party.booking.status}: its ferries can no longer be booked.`)
	if (!party.adults)
		throw new AppError('failed-precondition', 'Add the travellers’ names and ID details to the booking first: the operators need them on every ticket.')
	const ordered = [...choices].sort((a, b) => a.index - b.index)
	const outcome: ChainOutcome = { legs: [], notTried: [] }
	for (const [position, choice] of ordered.entries()) {
		const leg = await bookOneLeg(db, setup, party, choice, settings, actor, options)
		outcome.legs.push({ ...leg, index: choice.index })
		if (leg.state !== 'ticketed') {
			outcome.notTried = ordered.slice(position + 1).map((later) => later.index)
			break
		}
	}
	const summary = outcome.legs
		.map((leg) => `leg ${leg.index + 1} ${liveStateLabels[leg.state].toLowerCase()}${leg.pnr ? ` (PNR ${leg.pnr})` : ''}`)
		.concat(outcome.notTried.map((index) => `leg ${index + 1} not tried`))
	await addBookingEvent(db, bookingId, actor, 'booking', `ferries booked live: ${summary.join('; ')}`, {})
	return outcome
}

async function bookOneLeg(
	db: DB,
	setup: OperatorSetup,
	party: Awaited<ReturnType<typeof bookingParty>>,
	choice: StaffLegChoice,
	settings: FerryLiveSettings,
	actor: Actor,
	options: { root?: string; now?: Date },
): Promise<LegOutcome> {
	const bookingId = party.booking.id
	const tries = await db
		.selectFrom('ferry_bookings')
		.select(['id', 'reference', 'live_state', 'pnr', 'live_error'])
		.where('booking_id', '=', bookingId)
		.where('leg_index', '=', choice.index)
		.where('live_state', 'is not', null)
		.execute()
	const standing = tries.find((row) => row.live_state !== 'refused' && row.live_state !== 'cancelled')
	if (standing)
		return {
			ferryBookingId: standing.id,
			reference: standing.reference,
			state: standing.live_state as LiveState,
			pnr: standing.pnr,
			message: standing.live_error,
		}
	const key = staffLegKey(bookingId, choice.index, tries.length + 1)
	const query: SearchQuery = { from: choice.from, to: choice.to, date: choice.date, adults: party.adults, infants: party.infants }
	// The key is claimed first: of two clicks at once, one writes the leg and the other finds it.
	const now = options.now ?? new Date()
	const stamp = now.toISOString()
	let id: string
	try {
		;({ id } = await insertLiveLeg(db, {
			bookingId,
			bookingReference: party.booking.reference,
			legIndex: choice.index,
			key,
			state: 'ready',
			holdId: null,
			operator: choice.operator,
			leg: { from: choice.from, to: choice.to, date: choice.date, departs: null, vessel: null, className: choice.classCode },
			party: { adults: party.adults, infants: party.infants, total: 0 },
			contact: { name: party.booking.contact_name, phone: party.booking.contact_phone },
			passengers: party.passengers,
			now,
			actor,
		}))
	} catch (error) {
		if (!isUniqueViolation(error)) throw error
		const winner = await db
			.selectFrom('ferry_bookings')
			.select(['id', 'reference', 'live_state', 'pnr', 'live_error'])
			.where('idempotency_key', '=', key)
			.executeTakeFirstOrThrow()
		return { ferryBookingId: winner.id, reference: winner.reference, state: winner.live_state as LiveState, pnr: winner.pnr, message: winner.live_error }
	}
	const refuse = async (message: string): Promise<LegOutcome> => {
		await db
			.updateTable('ferry_bookings')
			.set({ live_state: 'refused', status: 'failed', live_error: message.slice(0, 500), updated_at: stamp })
			.where('id', '=', id)
			.where('live_state', '=', 'ready')
			.execute()
		const row = await db.selectFrom('ferry_bookings').select('reference').where('id', '=', id).executeTakeFirstOrThrow()
		return { ferryBookingId: id, reference: row.reference, state: 'refused', pnr: null, message }
	}
	// Seats: the first free ones where the operator has a seat map; held in our database as a traveller's are.
	let holdId: string
	try {
		const layout = await seatsWithHolds(db, setup, choice.operator, choice.sailingKey, query, choice.classCode)
		if (!layout.sailing) return await refuse('This sailing is no longer offered. Search again and choose another.')
		const cls = layout.sailing.classes.find((candidate) => candidate.code === choice.classCode)!
		const seats = cls.seatChoice ? pickSeats(layout.seats, party.adults) : []
		if (!seats)
			return await refuse(`Only ${layout.seats.filter((seat) => seat.available).length} seats are free in ${cls.name}. Choose another class or sailing.`)
		holdId = (
			await holdSeats(db, setup, { operator: choice.operator, sailingKey: choice.sailingKey, classCode: choice.classCode, seats, query }, settings, options.now)
		).id
		const hold = await db.selectFrom('ferry_seat_holds').select(['sailing_json', 'sell_total']).where('id', '=', holdId).executeTakeFirstOrThrow()
		const sailing = JSON.parse(hold.sailing_json) as { vessel: string; departs: string; classes: Array<{ code: string; name: string }> }
		await db
			.updateTable('ferry_bookings')
			.set({
				hold_id: holdId,
				vessel: sailing.vessel,
				departure_time: sailing.departs,
				class: sailing.classes.find((c) => c.code === choice.classCode)?.name ?? choice.classCode,
				total: hold.sell_total,
				fare_json: JSON.stringify({
					adults: party.adults,
					adultFare: Math.round(hold.sell_total / Math.max(1, party.adults)),
					infants: party.infants,
					infantFare: 0,
					fees: 0,
					total: hold.sell_total,
				}),
			})
			.where('id', '=', id)
			.execute()
	} catch (error) {
		if (isAppError(error)) return refuse(error.message)
		if (error instanceof OperatorError) return refuse(operatorErrorMessages[error.kind])
		throw error
	}
	return ticketLeg(db, setup, id, ['ready'], { root: options.root, now: options.now, actor })
}

/** Staff retry a leg the operator did not answer: the same key, so a ticket made meanwhile is found, not bought again. */
export async function retryLeg(
	db: DB,
	setup: OperatorSetup,
	bookingId: string,
	ferryBookingId: string,
	actor: Actor,
	options: { root?: string } = {},
): Promise<LegOutcome> {
	const row = await db
		.selectFrom('ferry_bookings')
		.select(['live_state'])
		.where('id', '=', ferryBookingId)
		.where('booking_id', '=', bookingId)
		.executeTakeFirst()
	if (!row) throw new AppError('not-found', 'This ferry leg is not on this booking.')
	if (row.live_state !== 'unknown')
		throw new AppError('failed-precondition', 'Only a leg the operator did not answer can be retried; a refused leg is booked again by choosing a sailing.')
	return ticketLeg(db, setup, ferryBookingId, ['unknown'], { root: options.root, actor })
}

/**
 * Cancels a ticketed leg through the operator's booking system, recording the fee it keeps. An operator whose API
 * has no cancel call is said so: the leg stays ticketed until staff cancel it on the operator's portal.
 */
export async function cancelLeg(
	db: DB,
	setup: OperatorSetup,
	bookingId: string,
	ferryBookingId: string,
	actor: Actor,
	now = new Date(),
): Promise<{ fee: number }> {
	const row = await db.selectFrom('ferry_bookings').selectAll().where('id', '=', ferryBookingId).where('booking_id', '=', bookingId).executeTakeFirst()
	if (!row) throw new AppError('not-found', 'This ferry leg is not on this booking.')
	if (row.live_state !== 'ticketed' || !row.pnr) throw new AppError('failed-precondition', 'Only a ticketed leg can be cancelled at the operator.')
	const operator = row.operator as LiveOperator
	const adapter = adapterFor(setup, operator)
	if (!adapter)
		throw new AppError(
			'failed-precondition',
			`${liveOperatorLabels[operator] ?? row.operator} is not configured on this server: cancel PNR ${row.pnr} on its portal.`,
		)
	let fee: number
	try {
		fee = (await adapter.cancel(row.pnr, AbortSignal.timeout(setup.timeoutMs * 4))).fee
	} catch (error) {
		if (error instanceof OperatorError && error.kind === 'unsupported')
			throw new AppError(
				'failed-precondition',
				`${liveOperatorLabels[operator]} does not take cancellations through its booking system: cancel PNR ${row.pnr} on its agent portal, then mark this ferry booking cancelled.`,
			)
		if (error instanceof OperatorError) throw new AppError('unavailable', `${operatorErrorMessages[error.kind]} Nothing was cancelled; try again.`)
		throw error
	}
	await db.transaction().execute(async (trx) => {
		const changed = await trx
			.updateTable('ferry_bookings')
			.set({ status: 'cancelled', live_state: 'cancelled', cancel_fee: fee, updated_at: now.toISOString() })
			.where('id', '=', row.id)
			.where('live_state', '=', 'ticketed')
			.executeTakeFirst()
		if (Number(changed.numUpdatedRows) !== 1) return
		await recordAudit(trx, {
			actor,
			action: 'cancel',
			entity: 'ferry_booking',
			entityId: row.id,
			before: { live_state: 'ticketed' },
			after: { live_state: 'cancelled', cancelFee: fee },
		})
		await addBookingEvent(trx, bookingId, actor, 'booking', `ferry ${row.reference} (PNR ${row.pnr}) cancelled at the operator: fee ${formatINR(fee)}`, {
			ferryBooking: row.reference,
			fee,
		})
	})
	return { fee }
}

/**
 * A ferry lead booked live: a trip booking for its quoted fare, with the travellers staff typed (names and ID as
 * printed) and one ferry component per journey, then booked leg by leg on the booking's ferries page. Sent twice,
 * it lands on the same booking (the lead is its submission key).
 */
export async function tripBookingFromFerryLead(
	db: DB,
	leadId: string,
	passengers: readonly Passenger[],
	actor: Actor,
): Promise<{ id: string; reference: string }> {
	const lead = await db.selectFrom('ferry_leads').selectAll().where('id', '=', leadId).executeTakeFirst()
	if (!lead) throw new AppError('not-found', 'There is no ferry lead with that id.')
	if (lead.status === 'unavailable' || lead.status === 'lost') throw new AppError('failed-precondition', 'A closed ferry lead cannot be booked.')
	const fare = lead.fare_quoted === null ? null : Number(lead.fare_quoted)
	if (!fare) throw new AppError('failed-precondition', 'Quote the fare first: the trip booking asks the traveller for it.')
	const legs = jsonColumn(lead.legs_json, [] as Array<{ from: FerryIsland; to: FerryIsland; date: string }>)
	const infants = passengers.filter(isInfant).length
	const dates = legs.map((leg) => leg.date).sort()
	const made = await createBooking(
		db,
		{
			packageId: null,
			title: `Ferries ${legs.map((leg) => `${islandLabel(leg.from)} → ${islandLabel(leg.to)}`).join(', ')}`,
			tier: 'ferry',
			startDate: dates[0]!,
			nights: Math.max(0, Math.round((Date.parse(dates.at(-1)!) - Date.parse(dates[0]!)) / 86_400_000)),
			adults: passengers.length - infants,
			childAges: [],
			infants,
			price: {
				lines: [{ label: `Ferries (${lead.reference})`, quantity: 1, unit: fare, amount: fare }],
				total: fare,
				perPerson: Math.round(fare / Math.max(1, passengers.length - infants)),
				payingTravellers: passengers.length - infants,
			},
			advanceDue: fare,
			contactName: lead.name,
			contactPhone: lead.phone,
			contactEmail: lead.email,
			specialRequests: null,
			travellers: passengers.map((p) => ({
				name: p.name,
				age: p.age,
				gender: p.gender,
				nationality: p.nationality === 'indian' ? 'Indian' : (p.country ?? 'Foreign'),
				idType: p.idType,
				idNumber: p.idNumber,
				passportExpiry: p.passportExpiry,
			})),
			leadId: lead.lead_id,
		},
		{ submissionKey: `ferry-lead:${leadId}` },
	)
	if (made.created) {
		for (const leg of legs)
			await addComponent(
				db,
				made.id,
				{
					kind: 'ferry',
					description: `Ferry ${islandLabel(leg.from)} → ${islandLabel(leg.to)}`,
					startDate: leg.date,
					endDate: null,
					time: null,
					supplier: null,
					supplierStatus: 'pending',
					confirmationNumber: null,
					notes: `From ferry lead ${lead.reference}`,
				},
				actor,
			)
		await recordAudit(db, { actor, action: 'book-live', entity: 'ferry_lead', entityId: leadId, after: { bookingId: made.id, reference: made.reference } })
	}
	return { id: made.id, reference: made.reference }
}
