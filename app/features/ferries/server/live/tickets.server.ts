import { paidSoFar } from '~/features/bookings/domain/booking.ts'
import { cancelBooking, createBooking } from '~/features/bookings/server/bookings.server.ts'
import { ferryTicketEmail } from '~/features/email/domain/emails.ts'
import { enqueueEmail } from '~/features/email/server/outbox.server.ts'
import { type CheckoutForm, legKey, type LiveState, liveStateLabels, operatorPassenger } from '~/features/ferries/domain/live/checkout.ts'
import { type LiveOperator, liveOperatorLabels, OperatorError, operatorErrorMessages, type Sailing } from '~/features/ferries/domain/live/operator.ts'
import type { Passenger } from '~/features/ferries/domain/passengers.ts'
import { addBookingEvent } from '~/features/leads/server/trip-events.server.ts'
import type { PaymentGateway } from '~/features/payments/server/gateway.ts'
import { recordRefund } from '~/features/payments/server/payments.server.ts'
import { todayInIndia } from '~/lib/dates.ts'
import { AppError, isAppError } from '~/lib/errors.ts'
import { formatReference, isId, newId } from '~/lib/ids.ts'
import { islandLabel } from '~/lib/islands.ts'
import { formatINR } from '~/lib/money.ts'
import { type Actor, nextSequence, recordAudit } from '~/server/db/audit.server.ts'
import { type DB, type Executor, isUniqueViolation } from '~/server/db/client.server.ts'
import { jsonColumn } from '~/server/db/rows.ts'
import { env } from '~/server/env.server.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'
import { removeStored, storageDir, storeUpload } from '~/server/uploads.server.ts'
import { releaseHold } from './holds.server.ts'
import { adapterFor, type OperatorSetup } from './operators.server.ts'

/**
 * Live ferry tickets (ADR 203): a held sailing becomes a ferry booking with its passengers and a trip booking to
 * pay; once paid, the leg is booked at the operator exactly once. One leg, one key: the leg is claimed by a
 * conditional update (awaiting-payment → ticketing) so two requests never both call the operator, and the key
 * travels to the operator so a retry after a lost answer finds the first ticket instead of buying a second.
 */
export const ticketingActor: Actor = { id: null, label: 'ferry ticketing' }

export type LegOutcome = { ferryBookingId: string; reference: string; state: LiveState; pnr: string | null; message: string | null }

/** How long a booking call may take: operators are slower to book than to search. */
const bookTimeoutMs = (setup: OperatorSetup) => setup.timeoutMs * 4

function sailingTitle(sailing: Pick<Sailing, 'from' | 'to' | 'date' | 'departs'>, operator: LiveOperator) {
	return `Ferry ${islandLabel(sailing.from)} → ${islandLabel(sailing.to)}, ${sailing.date} ${sailing.departs} (${liveOperatorLabels[operator]})`
}

/**
 * The passengers form on a hold: a trip booking (awaiting full payment) and a ferry booking with the passengers,
 * linked to the hold. Sent twice (a double click, the back button), it lands on the same booking.
 */
export async function startFerryCheckout(db: DB, holdId: string, form: CheckoutForm, now = new Date()): Promise<{ bookingId: string; tripToken: string; ferryBookingId: string }> {
	const made = await holdCheckout(db, holdId)
	if (made) return made
	const hold = await db.selectFrom('ferry_seat_holds').selectAll().where('id', '=', holdId).executeTakeFirst()
	if (!hold) throw new AppError('not-found', 'This hold does not exist. Search again.')
	if (hold.status !== 'held' || hold.expires_at <= now.toISOString()) throw new AppError('failed-precondition', 'This hold has lapsed and its seats are free again. Search and hold the seats again.')
	const sailing = jsonColumn(hold.sailing_json, null as Sailing | null)
	if (!sailing) throw new AppError('internal', 'The held sailing could not be read.')
	const operator = hold.operator as LiveOperator
	const className = sailing.classes.find((cls) => cls.code === hold.class_code)?.name ?? hold.class_code
	const seats = jsonColumn(hold.seats_json, [] as string[])
	const total = hold.sell_total
	const title = sailingTitle(sailing, operator)
	const booking = await createBooking(
		db,
		{
			packageId: null,
			title,
			tier: 'ferry',
			startDate: sailing.date,
			nights: 0,
			adults: hold.adults,
			childAges: [],
			infants: hold.infants,
			price: { lines: [{ label: `${liveOperatorLabels[operator]} ${sailing.vessel}, ${className}${seats.length ? `, seats ${seats.join(', ')}` : ''}`, quantity: 1, unit: total, amount: total, dates: [sailing.date] }], total, perPerson: Math.round(total / Math.max(1, hold.adults)), payingTravellers: hold.adults },
			// A ferry is paid in full before it is ticketed.
			advanceDue: total,
			contactName: form.contact.name,
			contactPhone: form.contact.phone,
			contactEmail: form.contact.email,
			specialRequests: null,
			travellers: form.passengers.map((passenger) => ({ name: passenger.name, age: passenger.age, gender: passenger.gender, nationality: passenger.nationality, idType: passenger.idType, idNumber: passenger.idNumber, passportExpiry: passenger.passportExpiry })),
		},
		{ submissionKey: `ferry-hold:${holdId}` },
	)
	try {
		await insertLiveLeg(db, {
			bookingId: booking.id,
			bookingReference: booking.reference,
			legIndex: null,
			key: legKey(holdId),
			state: 'awaiting-payment',
			holdId,
			operator,
			leg: { from: sailing.from, to: sailing.to, date: sailing.date, departs: sailing.departs, vessel: sailing.vessel, className },
			party: { adults: hold.adults, infants: hold.infants, total },
			contact: form.contact,
			passengers: form.passengers,
			now,
			actor: ticketingActor,
		})
	} catch (error) {
		if (!isUniqueViolation(error)) throw error
	}
	const again = await holdCheckout(db, holdId)
	if (!again) throw new AppError('internal', 'The ferry booking could not be saved.')
	return again
}

/** The trip a hold was checked out into, if it was. */
export async function holdCheckout(db: Executor, holdId: string) {
	const row = await db
		.selectFrom('ferry_bookings')
		.innerJoin('bookings', 'bookings.id', 'ferry_bookings.booking_id')
		.select(['ferry_bookings.id', 'bookings.id as bookingId', 'bookings.trip_token'])
		.where('ferry_bookings.hold_id', '=', holdId)
		.executeTakeFirst()
	return row ? { bookingId: row.bookingId, tripToken: row.trip_token, ferryBookingId: row.id } : null
}

export type NewLiveLeg = {
	bookingId: string
	bookingReference: string
	legIndex: number | null
	key: string
	state: LiveState
	holdId: string | null
	operator: LiveOperator
	leg: { from: string; to: string; date: string; departs: string | null; vessel: string | null; className: string }
	party: { adults: number; infants: number; total: number }
	contact: { name: string; phone: string }
	passengers: readonly Passenger[]
	now: Date
	actor: Actor
}

/** A live leg's ferry booking with its passengers, in one transaction; its key is unique, so a second insert of one leg fails. */
export async function insertLiveLeg(db: DB, leg: NewLiveLeg): Promise<{ id: string; reference: string }> {
	return db.transaction().execute(async (trx) => {
		const stamp = leg.now.toISOString()
		const id = newId()
		const reference = formatReference('FB', Number(stamp.slice(0, 4)), await nextSequence(trx, 'ferry_booking', Number(stamp.slice(0, 4))))
		const { adults, infants, total } = leg.party
		await trx
			.insertInto('ferry_bookings')
			.values({
				id,
				reference,
				ferry_lead_id: null,
				leg_index: leg.legIndex,
				booking_id: leg.bookingId,
				status: 'requested',
				operator: leg.operator,
				vessel: leg.leg.vessel,
				from_island: leg.leg.from,
				to_island: leg.leg.to,
				travel_date: leg.leg.date,
				departure_time: leg.leg.departs,
				class: leg.leg.className,
				pnr: null,
				fare_json: JSON.stringify({ adults, adultFare: Math.round(total / Math.max(1, adults)), infants, infantFare: 0, fees: 0, total }),
				total,
				contact_name: leg.contact.name,
				contact_phone: leg.contact.phone,
				ticket_file: null,
				ticket_mime: null,
				ticket_name: null,
				search_text: [leg.contact.name, leg.contact.phone, reference, leg.bookingReference].join(' ').toLowerCase(),
				hold_id: leg.holdId,
				idempotency_key: leg.key,
				live_state: leg.state,
				created_at: stamp,
				updated_at: stamp,
			})
			.execute()
		await insertPassengers(trx, id, leg.passengers)
		await recordAudit(trx, { actor: leg.actor, action: 'create', entity: 'ferry_booking', entityId: id, after: { reference, key: leg.key, bookingId: leg.bookingId, leg: leg.legIndex === null ? null : leg.legIndex + 1, operator: leg.operator, holdId: leg.holdId } })
		return { id, reference }
	})
}

async function insertPassengers(trx: Executor, ferryBookingId: string, passengers: readonly Passenger[]) {
	if (!passengers.length) return
	await trx
		.insertInto('ferry_passengers')
		.values(
			passengers.map((passenger, index) => ({
				id: newId(),
				ferry_booking_id: ferryBookingId,
				offline_ticket_id: null,
				position: index + 1,
				name: passenger.name,
				age: passenger.age,
				gender: passenger.gender,
				nationality: passenger.nationality,
				id_type: passenger.idType,
				id_number: passenger.idNumber,
				passport_expiry: passenger.passportExpiry,
				country: passenger.country ?? null,
			})),
		)
		.execute()
}

export type TicketOptions = { root?: string; now?: Date; actor?: Actor }

/**
 * Books one leg at the operator, once. `from` lists the states this call may take the leg from: payment
 * settled takes it from awaiting-payment, staff retry from unknown too. Any other state (already ticketing,
 * ticketed) is answered as it stands, without calling the operator.
 */
export async function ticketLeg(db: DB, setup: OperatorSetup, ferryBookingId: string, from: readonly LiveState[], options: TicketOptions = {}): Promise<LegOutcome> {
	const now = options.now ?? new Date()
	const actor = options.actor ?? ticketingActor
	const claimed = await db.updateTable('ferry_bookings').set({ live_state: 'ticketing', updated_at: now.toISOString() }).where('id', '=', ferryBookingId).where('live_state', 'in', [...from]).executeTakeFirst()
	const row = await db.selectFrom('ferry_bookings').selectAll().where('id', '=', ferryBookingId).executeTakeFirst()
	if (!row) throw new AppError('not-found', 'There is no ferry booking with that id.')
	const outcome = (state: LiveState, message: string | null = row.live_error): LegOutcome => ({ ferryBookingId, reference: row.reference, state, pnr: row.pnr, message })
	if (Number(claimed.numUpdatedRows) === 0) return outcome((row.live_state ?? 'ticketed') as LiveState)
	const hold = row.hold_id ? await db.selectFrom('ferry_seat_holds').selectAll().where('id', '=', row.hold_id).executeTakeFirst() : undefined
	const adapter = adapterFor(setup, row.operator as LiveOperator)
	if (!hold || !adapter || !row.idempotency_key) {
		await settleLeg(db, row.id, { state: 'unknown', error: 'The operator is not configured on this server: book it on its portal.' }, now)
		return outcome('unknown', 'The operator is not configured on this server: book it on its portal.')
	}
	const sailing = jsonColumn(hold.sailing_json, null as Sailing | null)!
	const passengers = (await db.selectFrom('ferry_passengers').selectAll().where('ferry_booking_id', '=', row.id).orderBy('position').execute()).map((p) =>
		operatorPassenger({ name: p.name, age: p.age, gender: p.gender as Passenger['gender'], nationality: p.nationality as Passenger['nationality'], idType: p.id_type as Passenger['idType'], idNumber: p.id_number, passportExpiry: p.passport_expiry, country: p.country }),
	)
	const trip = row.booking_id ? await db.selectFrom('bookings').select(['id', 'reference', 'contact_name', 'contact_phone', 'contact_email', 'trip_token']).where('id', '=', row.booking_id).executeTakeFirst() : undefined
	const seats = jsonColumn(hold.seats_json, [] as string[])
	let ticket
	try {
		ticket = await adapter.book(
			{ sailing, classCode: hold.class_code, seats, adults: hold.adults, infants: hold.infants, operatorHoldRef: hold.operator_hold_ref, passengers, contact: { name: trip?.contact_name ?? row.contact_name, phone: trip?.contact_phone ?? row.contact_phone, email: trip?.contact_email ?? '' }, idempotencyKey: row.idempotency_key },
			AbortSignal.timeout(bookTimeoutMs(setup)),
		)
	} catch (error) {
		const known = error instanceof OperatorError ? error : new OperatorError(row.operator as LiveOperator, 'malformed', 'the booking answer could not be read')
		// No answer, or one we cannot read: the operator may have ticketed. Staff retry with the same key.
		const state: LiveState = known.kind === 'unreachable' || known.kind === 'malformed' ? 'unknown' : 'refused'
		const message = `${operatorErrorMessages[known.kind]} (${known.message})`
		await settleLeg(db, row.id, { state, error: message }, now)
		if (state === 'refused' && row.hold_id) await releaseHold(db, row.hold_id, 'released', now)
		if (row.booking_id) await addBookingEvent(db, row.booking_id, actor, 'booking', `ferry ${row.reference}: ${liveStateLabels[state].toLowerCase()} (${known.message})`, { ferryBooking: row.reference })
		return outcome(state, message)
	}
	let stored: { file: string; mime: string; name: string } | null = null
	let fileProblem: string | null = null
	if (ticket.pdfBase64) {
		try {
			stored = await storeUpload(new File([Buffer.from(ticket.pdfBase64, 'base64')], `ticket-${ticket.pnr}.pdf`, { type: 'application/pdf' }), 'ferry-tickets', options.root ?? storageDir())
		} catch (error) {
			if (!isAppError(error)) throw error
			fileProblem = `The operator's ticket file could not be kept (${error.message}); download it from its portal.`
		}
	}
	try {
		await db.transaction().execute(async (trx) => {
			const stamp = now.toISOString()
			await trx
				.updateTable('ferry_bookings')
				.set({ status: 'confirmed', pnr: ticket.pnr, live_state: 'ticketed', live_error: fileProblem, ticket_file: stored?.file ?? null, ticket_mime: stored?.mime ?? null, ticket_name: stored?.name ?? null, search_text: `${row.search_text} ${ticket.pnr.toLowerCase()}`, updated_at: stamp })
				.where('id', '=', row.id)
				.execute()
			await trx.updateTable('ferry_seat_holds').set({ status: 'booked', updated_at: stamp }).where('id', '=', hold.id).where('status', 'in', ['held', 'lapsed']).execute()
			await trx.deleteFrom('ferry_seat_claims').where('hold_id', '=', hold.id).execute()
			await recordAudit(trx, { actor, action: 'ticket', entity: 'ferry_booking', entityId: row.id, after: { pnr: ticket.pnr, operatorTotal: ticket.operatorTotal, ticketFile: stored?.file ?? null } })
			if (row.booking_id) await addBookingEvent(trx, row.booking_id, actor, 'booking', `ferry ${row.reference} ticketed by ${liveOperatorLabels[row.operator as LiveOperator] ?? row.operator}: PNR ${ticket.pnr}`, { ferryBooking: row.reference, pnr: ticket.pnr })
			if (trip?.contact_email) {
				const settings = await getSettings(trx)
				const email = ferryTicketEmail({
					reference: trip.reference,
					name: trip.contact_name,
					operator: liveOperatorLabels[row.operator as LiveOperator] ?? row.operator,
					vessel: sailing.vessel,
					route: `${islandLabel(sailing.from)} → ${islandLabel(sailing.to)}`,
					date: sailing.date,
					departs: sailing.departs,
					pnr: ticket.pnr,
					seats,
					tripUrl: `${env().SITE_URL.replace(/\/$/, '')}/trip/${trip.trip_token}`,
					company: settings.company,
				})
				await enqueueEmail(trx, { ...email, kind: 'ferry-ticket', to: trip.contact_email, bookingId: trip.id, dedupeKey: `ferry-ticket:${row.id}` })
			}
		})
	} catch (error) {
		await removeStored(stored?.file ?? null, options.root ?? storageDir())
		throw error
	}
	return { ferryBookingId, reference: row.reference, state: 'ticketed', pnr: ticket.pnr, message: fileProblem }
}

async function settleLeg(db: DB, id: string, to: { state: LiveState; error: string | null }, now: Date) {
	await db
		.updateTable('ferry_bookings')
		.set({ live_state: to.state, live_error: to.error?.slice(0, 500) ?? null, ...(to.state === 'refused' ? { status: 'failed' } : {}), updated_at: now.toISOString() })
		.where('id', '=', id)
		.where('live_state', '=', 'ticketing')
		.execute()
}

/** We could not sell what was paid for: the traveller keeps everything. */
const noFee = [{ minDaysBefore: 0, feePercent: 0 }]

export type PaidTicketing = { legs: LegOutcome[]; refund: { amount: number; status: string } | null }

/**
 * After a payment on a trip booking: every live leg waiting for payment is ticketed once the booking is paid in
 * full. When the operator refuses and nothing of the booking was ticketed, the booking is cancelled without a
 * fee and what was paid online is refunded through the gateway (the refund path holds the booking's lock);
 * money paid any other way is left as the booking's refund due, on the staff's refund list.
 */
export async function ticketPaidLegs(db: DB, setup: OperatorSetup, gateway: PaymentGateway | null, bookingId: string, options: TicketOptions = {}): Promise<PaidTicketing> {
	const waiting = await db.selectFrom('ferry_bookings').select('id').where('booking_id', '=', bookingId).where('live_state', '=', 'awaiting-payment').execute()
	if (!waiting.length) return { legs: [], refund: null }
	const booking = await db.selectFrom('bookings').select(['total', 'status']).where('id', '=', bookingId).executeTakeFirstOrThrow()
	const payments = await db.selectFrom('payments').select(['amount', 'verified']).where('booking_id', '=', bookingId).execute()
	const paid = paidSoFar(payments.map((payment) => ({ amount: Number(payment.amount), verified: payment.verified === 1 })), { verifiedOnly: true })
	if (booking.status === 'cancelled' || paid < Number(booking.total)) return { legs: [], refund: null }
	const legs: LegOutcome[] = []
	for (const leg of waiting) legs.push(await ticketLeg(db, setup, leg.id, ['awaiting-payment'], options))
	const refund = legs.some((leg) => leg.state === 'refused') ? await refundRefusedBooking(db, gateway, bookingId, options) : null
	return { legs, refund }
}

/**
 * A ferry-only booking the operator refused: cancelled (no fee: we could not sell it) and its online payments
 * refunded through the existing refund path. A booking with any ticketed leg is left for staff to decide.
 */
export async function refundRefusedBooking(db: DB, gateway: PaymentGateway | null, bookingId: string, options: TicketOptions = {}): Promise<{ amount: number; status: string } | null> {
	const actor = options.actor ?? ticketingActor
	const legs = await db.selectFrom('ferry_bookings').select(['reference', 'live_state', 'live_error']).where('booking_id', '=', bookingId).execute()
	if (legs.some((leg) => leg.live_state === 'ticketed' || leg.live_state === 'ticketing' || leg.live_state === 'unknown')) return null
	const refused = legs.find((leg) => leg.live_state === 'refused')
	const booking = await db.selectFrom('bookings').select(['status']).where('id', '=', bookingId).executeTakeFirstOrThrow()
	if (booking.status !== 'cancelled') await cancelBooking(db, bookingId, `the ferry operator refused the ticket (${refused?.reference ?? 'ferry'})`, todayInIndia(options.now ?? new Date()), noFee, actor)
	const online = await db.selectFrom('payments').select(['id', 'amount']).where('booking_id', '=', bookingId).where('source', '=', 'gateway').where('verified', '=', 1).execute()
	const already = await db.selectFrom('refunds').select(['payment_id']).where('booking_id', '=', bookingId).where('status', '!=', 'failed').execute()
	let amount = 0
	let status = 'none'
	for (const payment of online) {
		if (already.some((refund) => refund.payment_id === payment.id)) continue
		try {
			const done = await recordRefund(db, gateway, bookingId, { amount: Number(payment.amount), paymentId: payment.id, method: 'gateway', reference: `ferry refused ${payment.id}` }, actor)
			amount += Number(payment.amount)
			status = done.status
		} catch (error) {
			if (!isAppError(error)) throw error
			await addBookingEvent(db, bookingId, actor, 'payment', `refund of ${formatINR(Number(payment.amount))} for the refused ferry could not be made online (${error.message}): refund it by hand`, { amount: Number(payment.amount) })
			status = 'to-refund-by-hand'
		}
	}
	return { amount, status }
}

export type TripFerryLeg = { id: string; reference: string; operator: string; vessel: string | null; route: string; date: string; departs: string | null; className: string; pnr: string | null; state: LiveState; stateLabel: string; message: string | null; hasTicket: boolean }

/** The live ferry legs of a trip, for its page (the traveller's secret address is the key). */
export async function tripFerryLegs(db: DB, token: string): Promise<TripFerryLeg[]> {
	const rows = await db
		.selectFrom('ferry_bookings')
		.innerJoin('bookings', 'bookings.id', 'ferry_bookings.booking_id')
		.selectAll('ferry_bookings')
		.where('bookings.trip_token', '=', token)
		.where('ferry_bookings.live_state', 'is not', null)
		.orderBy('ferry_bookings.travel_date')
		.orderBy('ferry_bookings.departure_time')
		.execute()
	return rows.map((row) => ({
		id: row.id,
		reference: row.reference,
		operator: liveOperatorLabels[row.operator as LiveOperator] ?? row.operator,
		vessel: row.vessel,
		route: `${islandLabel(row.from_island)} → ${islandLabel(row.to_island)}`,
		date: row.travel_date,
		departs: row.departure_time,
		className: row.class,
		pnr: row.pnr,
		state: row.live_state as LiveState,
		stateLabel: liveStateLabels[row.live_state as LiveState] ?? row.live_state ?? '',
		message: row.live_state === 'refused' || row.live_state === 'unknown' ? 'The operator did not issue this ticket. Your payment is refunded (or staff call you within the hour).' : null,
		hasTicket: Boolean(row.ticket_file),
	}))
}

/** A trip's ferry ticket file, found through the trip's own address only. */
export async function tripFerryTicket(db: DB, token: string, ferryBookingId: string) {
	if (!isId(ferryBookingId)) throw new AppError('not-found', 'No such ticket.')
	const row = await db
		.selectFrom('ferry_bookings')
		.innerJoin('bookings', 'bookings.id', 'ferry_bookings.booking_id')
		.select(['ferry_bookings.ticket_file', 'ferry_bookings.ticket_mime', 'ferry_bookings.ticket_name'])
		.where('bookings.trip_token', '=', token)
		.where('ferry_bookings.id', '=', ferryBookingId)
		.executeTakeFirst()
	if (!row?.ticket_file) throw new AppError('not-found', 'This ticket has not been issued yet.')
	return { file: row.ticket_file, mime: row.ticket_mime ?? 'application/pdf', name: row.ticket_name ?? 'ticket.pdf' }
}

/**
 * The trip page's ferry legs. A leg paid for whose ticketing has not started (the payment arrived by the gateway's
 * webhook, not through the traveller's return) is ticketed first: the claim makes this safe to run on every visit.
 */
export async function tripFerries(db: DB, setup: OperatorSetup, gateway: PaymentGateway | null, token: string, options: TicketOptions = {}): Promise<TripFerryLeg[]> {
	const waiting = await db
		.selectFrom('ferry_bookings')
		.innerJoin('bookings', 'bookings.id', 'ferry_bookings.booking_id')
		.select('bookings.id')
		.where('bookings.trip_token', '=', token)
		.where('ferry_bookings.live_state', '=', 'awaiting-payment')
		.executeTakeFirst()
	if (waiting) await ticketPaidLegs(db, setup, gateway, waiting.id, options)
	return tripFerryLegs(db, token)
}
