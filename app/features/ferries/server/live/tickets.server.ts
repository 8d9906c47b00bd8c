import { daysBetween, paidSoFar } from '~/features/bookings/domain/booking.ts'
import { cancelBooking, createBooking } from '~/features/bookings/server/bookings.server.ts'
import { ferryTicketEmail } from '~/features/email/domain/emails.ts'
import { enqueueEmail } from '~/features/email/server/outbox.server.ts'
import { basketRoute } from '~/features/ferries/domain/live/basket.ts'
import { type CheckoutForm, legKey, type LiveState, liveStateLabels, operatorPassenger } from '~/features/ferries/domain/live/checkout.ts'
import { type LiveOperator, liveOperatorLabels, OperatorError, operatorErrorMessages, type Sailing } from '~/features/ferries/domain/live/operator.ts'
import type { Passenger } from '~/features/ferries/domain/passengers.ts'
import { addBookingEvent } from '~/features/leads/server/trip-events.server.ts'
import type { PaymentGateway } from '~/features/payments/server/gateway.ts'
import { recordRefund } from '~/features/payments/server/payments.server.ts'
import { issueCreditNotesInTransaction } from '~/features/invoices/server/invoices.server.ts'
import { rowById } from '~/server/db/row-by-id.server.ts'
import { formatTravelDate, todayInIndia } from '~/lib/dates.ts'
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
 * The passengers form on a basket of held legs (one leg, a return, an island hop): one trip booking (awaiting full
 * payment) for every leg, and one ferry booking per leg with the passengers, linked to its hold. Sent twice (a
 * double click, the back button), it lands on the same bookings: the trip booking is keyed by the basket and each
 * leg by its key, so a second run only fills in what the first did not get to.
 */
export async function startFerryCheckout(
	db: DB,
	holdId: string,
	form: CheckoutForm,
	now = new Date(),
): Promise<{ bookingId: string; tripToken: string; ferryBookingId: string }> {
	const first = await db.selectFrom('ferry_seat_holds').select(['basket_id']).where('id', '=', holdId).executeTakeFirst()
	if (!first) throw new AppError('not-found', 'This hold does not exist. Search again.')
	const basketId = first.basket_id ?? holdId
	const holds = await db
		.selectFrom('ferry_seat_holds')
		.selectAll()
		.where('basket_id', '=', basketId)
		.where('status', 'in', ['held', 'lapsed', 'booked'])
		.orderBy('created_at')
		.orderBy('id')
		.execute()
	const made = await holdCheckout(db, basketId)
	// Checked out already: the same bookings, any leg a first run did not get to filled in. Otherwise every leg must still be held.
	const legs = holds
	if (!made && (!legs.length || legs.some((hold) => hold.status !== 'held' || hold.expires_at <= now.toISOString())))
		throw new AppError('failed-precondition', 'This hold has lapsed and its seats are free again. Search and hold the seats again.')
	const sailings = legs.map((hold) => {
		const sailing = jsonColumn(hold.sailing_json, null as Sailing | null)
		if (!sailing) throw new AppError('internal', 'The held sailing could not be read.')
		const operator = hold.operator as LiveOperator
		return {
			hold,
			sailing,
			operator,
			className: sailing.classes.find((cls) => cls.code === hold.class_code)?.name ?? hold.class_code,
			seats: jsonColumn(hold.seats_json, [] as string[]),
		}
	})
	const party = { adults: legs[0]!.adults, infants: legs[0]!.infants }
	const total = legs.reduce((sum, hold) => sum + hold.sell_total, 0)
	const firstLeg = sailings[0]!.sailing
	const lastLeg = sailings.at(-1)!.sailing
	const title =
		sailings.length === 1
			? sailingTitle(firstLeg, sailings[0]!.operator)
			: `Ferries ${basketRoute(sailings.map((leg) => leg.sailing))}, ${formatTravelDate(firstLeg.date)} to ${formatTravelDate(lastLeg.date)}`
	const booking = await createBooking(
		db,
		{
			packageId: null,
			title,
			tier: 'ferry',
			startDate: firstLeg.date,
			nights: daysBetween(firstLeg.date, lastLeg.date),
			adults: party.adults,
			childAges: [],
			infants: party.infants,
			price: {
				lines: sailings.map(({ hold, sailing, operator, className, seats }) => ({
					label: `${sailings.length > 1 ? `${islandLabel(sailing.from)} → ${islandLabel(sailing.to)}: ` : ''}${liveOperatorLabels[operator]} ${sailing.vessel}, ${className}${seats.length ? `, seats ${seats.join(', ')}` : ''}`,
					quantity: 1,
					unit: hold.sell_total,
					amount: hold.sell_total,
					dates: [sailing.date],
				})),
				total,
				perPerson: Math.round(total / Math.max(1, party.adults)),
				payingTravellers: party.adults,
			},
			// A ferry is paid in full before it is ticketed.
			advanceDue: total,
			contactName: form.contact.name,
			contactPhone: form.contact.phone,
			contactEmail: form.contact.email,
			specialRequests: null,
			travellers: form.passengers.map((passenger) => ({
				name: passenger.name,
				age: passenger.age,
				gender: passenger.gender,
				nationality: passenger.nationality,
				idType: passenger.idType,
				idNumber: passenger.idNumber,
				passportExpiry: passenger.passportExpiry,
			})),
		},
		// The basket's id is its first hold's: a basket of one keeps the key a single hold always had.
		{ submissionKey: `ferry-hold:${basketId}` },
	)
	for (const [index, { hold, sailing, operator, className }] of sailings.entries()) {
		try {
			await insertLiveLeg(db, {
				bookingId: booking.id,
				bookingReference: booking.reference,
				legIndex: sailings.length > 1 ? index : null,
				key: legKey(hold.id),
				state: 'awaiting-payment',
				holdId: hold.id,
				operator,
				leg: { from: sailing.from, to: sailing.to, date: sailing.date, departs: sailing.departs, vessel: sailing.vessel, className },
				party: { adults: hold.adults, infants: hold.infants, total: hold.sell_total },
				contact: form.contact,
				passengers: form.passengers,
				now,
				actor: ticketingActor,
			})
		} catch (error) {
			if (!isUniqueViolation(error)) throw error
		}
	}
	const again = await holdCheckout(db, basketId)
	if (!again) throw new AppError('internal', 'The ferry booking could not be saved.')
	return again
}

/** The trip a hold was checked out into, if it was. */
export async function holdCheckout(db: Executor, holdId: string) {
	const basket = await db.selectFrom('ferry_seat_holds').select('basket_id').where('id', '=', holdId).executeTakeFirst()
	const row = await db
		.selectFrom('ferry_bookings')
		.innerJoin('bookings', 'bookings.id', 'ferry_bookings.booking_id')
		.select(['ferry_bookings.id', 'bookings.id as bookingId', 'bookings.trip_token'])
		.where(
			'ferry_bookings.hold_id',
			'in',
			db
				.selectFrom('ferry_seat_holds')
				.select('id')
				.where('basket_id', '=', basket?.basket_id ?? holdId),
		)
		.orderBy('ferry_bookings.created_at')
		.orderBy('ferry_bookings.id')
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
		await recordAudit(trx, {
			actor: leg.actor,
			action: 'create',
			entity: 'ferry_booking',
			entityId: id,
			after: {
				reference,
				key: leg.key,
				bookingId: leg.bookingId,
				leg: leg.legIndex === null ? null : leg.legIndex + 1,
				operator: leg.operator,
				holdId: leg.holdId,
			},
		})
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
export async function ticketLeg(
	db: DB,
	setup: OperatorSetup,
	ferryBookingId: string,
	from: readonly LiveState[],
	options: TicketOptions = {},
): Promise<LegOutcome> {
	const now = options.now ?? new Date()
	const actor = options.actor ?? ticketingActor
	const claimed = await db
		.updateTable('ferry_bookings')
		.set({ live_state: 'ticketing', updated_at: now.toISOString() })
		.where('id', '=', ferryBookingId)
		.where('live_state', 'in', [...from])
		.executeTakeFirst()
	const row = await db.selectFrom('ferry_bookings').selectAll().where('id', '=', ferryBookingId).executeTakeFirst()
	if (!row) throw new AppError('not-found', 'There is no ferry booking with that id.')
	const outcome = (state: LiveState, message: string | null = row.live_error): LegOutcome => ({
		ferryBookingId,
		reference: row.reference,
		state,
		pnr: row.pnr,
		message,
	})
	if (Number(claimed.numUpdatedRows) === 0) return outcome((row.live_state ?? 'ticketed') as LiveState)
	const hold = row.hold_id ? await db.selectFrom('ferry_seat_holds').selectAll().where('id', '=', row.hold_id).executeTakeFirst() : undefined
	const adapter = adapterFor(setup, row.operator as LiveOperator)
	if (!hold || !adapter || !row.idempotency_key) {
		await settleLeg(db, row.id, { state: 'unknown', error: 'The operator is not configured on this server: book it on its portal.' }, now)
		return outcome('unknown', 'The operator is not configured on this server: book it on its portal.')
	}
	const sailing = jsonColumn(hold.sailing_json, null as Sailing | null)!
	const passengers = (await db.selectFrom('ferry_passengers').selectAll().where('ferry_booking_id', '=', row.id).orderBy('position').execute()).map((p) =>
		operatorPassenger({
			name: p.name,
			age: p.age,
			gender: p.gender as Passenger['gender'],
			nationality: p.nationality as Passenger['nationality'],
			idType: p.id_type as Passenger['idType'],
			idNumber: p.id_number,
			passportExpiry: p.passport_expiry,
			country: p.country,
		}),
	)
	const trip = row.booking_id
		? await db
				.selectFrom('bookings')
				.select(['id', 'reference', 'contact_name', 'contact_phone', 'contact_email', 'trip_token'])
				.where('id', '=', row.booking_id)
				.executeTakeFirst()
		: undefined
	const seats = jsonColumn(hold.seats_json, [] as string[])
	let ticket
	try {
		ticket = await adapter.book(
			{
				sailing,
				classCode: hold.class_code,
				seats,
				adults: hold.adults,
				infants: hold.infants,
				operatorHoldRef: hold.operator_hold_ref,
				passengers,
				contact: { name: trip?.contact_name ?? row.contact_name, phone: trip?.contact_phone ?? row.contact_phone, email: trip?.contact_email ?? '' },
				idempotencyKey: row.idempotency_key,
			},
			AbortSignal.timeout(bookTimeoutMs(setup)),
		)
	} catch (error) {
		const known = error instanceof OperatorError ? error : new OperatorError(row.operator as LiveOperator, 'malformed', 'the booking answer could not be read')
		// No answer, or one we cannot read: the operator may have ticketed. Staff retry with the same key.
		const state: LiveState = known.kind === 'unreachable' || known.kind === 'malformed' ? 'unknown' : 'refused'
		const message = `${operatorErrorMessages[known.kind]} (${known.message})`
		await settleLeg(db, row.id, { state, error: message }, now)
		if (state === 'refused' && row.hold_id) await releaseHold(db, row.hold_id, 'released', now)
		if (row.booking_id)
			await addBookingEvent(db, row.booking_id, actor, 'booking', `ferry ${row.reference}: ${liveStateLabels[state].toLowerCase()} (${known.message})`, {
				ferryBooking: row.reference,
			})
		return outcome(state, message)
	}
	let stored: { file: string; mime: string; name: string } | null = null
	let fileProblem: string | null = null
	if (ticket.pdfBase64) {
		try {
			stored = await storeUpload(
				new File([Buffer.from(ticket.pdfBase64, 'base64')], `ticket-${ticket.pnr}.pdf`, { type: 'application/pdf' }),
				'ferry-tickets',
				options.root ?? storageDir(),
			)
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
				.set({
					status: 'confirmed',
					pnr: ticket.pnr,
					live_state: 'ticketed',
					live_error: fileProblem,
					ticket_file: stored?.file ?? null,
					ticket_mime: stored?.mime ?? null,
					ticket_name: stored?.name ?? null,
					search_text: `${row.search_text} ${ticket.pnr.toLowerCase()}`,
					updated_at: stamp,
				})
				.where('id', '=', row.id)
				.execute()
			await trx
				.updateTable('ferry_seat_holds')
				.set({ status: 'booked', updated_at: stamp })
				.where('id', '=', hold.id)
				.where('status', 'in', ['held', 'lapsed'])
				.execute()
			await trx.deleteFrom('ferry_seat_claims').where('hold_id', '=', hold.id).execute()
			await recordAudit(trx, {
				actor,
				action: 'ticket',
				entity: 'ferry_booking',
				entityId: row.id,
				after: { pnr: ticket.pnr, operatorTotal: ticket.operatorTotal, ticketFile: stored?.file ?? null },
			})
			if (row.booking_id)
				await addBookingEvent(
					trx,
					row.booking_id,
					actor,
					'booking',
					`ferry ${row.reference} ticketed by ${liveOperatorLabels[row.operator as LiveOperator] ?? row.operator}: PNR ${ticket.pnr}`,
					{ ferryBooking: row.reference, pnr: ticket.pnr },
				)
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
		.set({
			live_state: to.state,
			live_error: to.error?.slice(0, 500) ?? null,
			...(to.state === 'refused' ? { status: 'failed' } : {}),
			updated_at: now.toISOString(),
		})
		.where('id', '=', id)
		.where('live_state', '=', 'ticketing')
		.execute()
}

/** We could not sell what was paid for: the traveller keeps everything. */
const noFee = [{ minDaysBefore: 0, feePercent: 0 }]

export type PaidTicketing = { legs: LegOutcome[]; refund: { amount: number; status: string; legs: string[] } | null }

/**
 * After a payment on a trip booking: every live leg waiting for payment is ticketed once the booking is paid in
 * full, each under its own key. Then what the operators refused is given back: when no leg of the booking holds
 * (none ticketed, none in doubt), the booking is cancelled without a fee and what was paid online refunded; when
 * other legs stand, each refused leg's price comes off the booking and is refunded on its own (ADR 211).
 */
export async function ticketPaidLegs(
	db: DB,
	setup: OperatorSetup,
	gateway: PaymentGateway | null,
	bookingId: string,
	options: TicketOptions = {},
): Promise<PaidTicketing> {
	const waiting = await db
		.selectFrom('ferry_bookings')
		.select('id')
		.where('booking_id', '=', bookingId)
		.where('live_state', '=', 'awaiting-payment')
		.orderBy('travel_date')
		.orderBy('departure_time')
		.orderBy('leg_index')
		.execute()
	if (!waiting.length) return { legs: [], refund: null }
	const booking = await db.selectFrom('bookings').select(['total', 'status']).where('id', '=', bookingId).executeTakeFirstOrThrow()
	const payments = await db.selectFrom('payments').select(['amount', 'verified']).where('booking_id', '=', bookingId).execute()
	const paid = paidSoFar(
		payments.map((payment) => ({ amount: Number(payment.amount), verified: payment.verified === 1 })),
		{ verifiedOnly: true },
	)
	if (booking.status === 'cancelled' || paid < Number(booking.total)) return { legs: [], refund: null }
	const legs: LegOutcome[] = []
	for (const leg of waiting) legs.push(await ticketLeg(db, setup, leg.id, ['awaiting-payment'], options))
	const refused = legs.filter((leg) => leg.state === 'refused')
	if (!refused.length) return { legs, refund: null }
	const whole = await refundRefusedBooking(db, gateway, bookingId, options)
	if (whole) return { legs, refund: { ...whole, legs: refused.map((leg) => leg.reference) } }
	let amount = 0
	let status = 'none'
	for (const leg of refused) {
		const done = await refundRefusedLeg(db, gateway, leg.ferryBookingId, options)
		if (!done) continue
		amount += done.amount
		status = done.status
	}
	return { legs, refund: amount ? { amount, status, legs: refused.map((leg) => leg.reference) } : null }
}

/**
 * A ferry-only booking the operator refused: cancelled (no fee: we could not sell it) and its online payments
 * refunded through the existing refund path. A booking with any leg ticketed or in doubt is left to the per-leg
 * refund (`refundRefusedLeg`) and to staff.
 */
export async function refundRefusedBooking(
	db: DB,
	gateway: PaymentGateway | null,
	bookingId: string,
	options: TicketOptions = {},
): Promise<{ amount: number; status: string } | null> {
	const actor = options.actor ?? ticketingActor
	const legs = await db
		.selectFrom('ferry_bookings')
		.select(['reference', 'live_state', 'live_error', 'taken_off_at'])
		.where('booking_id', '=', bookingId)
		.execute()
	if (
		legs.some(
			(leg) =>
				leg.live_state === 'ticketed' ||
				leg.live_state === 'ticketing' ||
				leg.live_state === 'unknown' ||
				leg.live_state === 'awaiting-payment' ||
				leg.taken_off_at,
		)
	)
		return null
	const refused = legs.find((leg) => leg.live_state === 'refused')
	const booking = await db.selectFrom('bookings').select(['status']).where('id', '=', bookingId).executeTakeFirstOrThrow()
	if (booking.status !== 'cancelled')
		await cancelBooking(
			db,
			bookingId,
			`the ferry operator refused the ticket (${refused?.reference ?? 'ferry'})`,
			todayInIndia(options.now ?? new Date()),
			noFee,
			actor,
		)
	return refundOnline(db, gateway, bookingId, null, 'ferry refused', actor)
}

/**
 * One refused leg of a basket whose other legs stand (ADR 211): its price comes off the trip booking (a line on its
 * price, a credit note against any invoice) and that much is refunded through the gateway. Once: the leg is claimed
 * by stamping `taken_off_at` in the transaction that lowers the total, so concurrent callers refund it once.
 */
export async function refundRefusedLeg(
	db: DB,
	gateway: PaymentGateway | null,
	ferryBookingId: string,
	options: TicketOptions = {},
): Promise<{ amount: number; status: string } | null> {
	const actor = options.actor ?? ticketingActor
	const now = options.now ?? new Date()
	const taken = await db.transaction().execute(async (trx) => {
		const stamp = now.toISOString()
		const claimed = await trx
			.updateTable('ferry_bookings')
			.set({ taken_off_at: stamp, updated_at: stamp })
			.where('id', '=', ferryBookingId)
			.where('live_state', '=', 'refused')
			.where('taken_off_at', 'is', null)
			.where('booking_id', 'is not', null)
			.executeTakeFirst()
		if (Number(claimed.numUpdatedRows) !== 1) return null
		const leg = await trx
			.selectFrom('ferry_bookings')
			.select(['booking_id', 'reference', 'total', 'from_island', 'to_island', 'travel_date'])
			.where('id', '=', ferryBookingId)
			.executeTakeFirstOrThrow()
		const booking = await rowById(trx, 'bookings', leg.booking_id!, 'No such booking.', { forUpdate: true })
		const amount = Math.min(Number(leg.total), Number(booking.total))
		const total = Number(booking.total) - amount
		const price = jsonColumn(booking.price_json, { lines: [] as unknown[], total: Number(booking.total) } as { lines: unknown[]; total: number })
		const label = `Ferry ${islandLabel(leg.from_island)} → ${islandLabel(leg.to_island)} refused by the operator: refunded`
		price.lines.push({ label, quantity: 1, unit: -amount, amount: -amount, dates: [leg.travel_date] })
		price.total = total
		await trx
			.updateTable('bookings')
			.set({ total, advance_due: Math.min(Number(booking.advance_due), total), price_json: JSON.stringify(price), updated_at: stamp })
			.where('id', '=', booking.id)
			.execute()
		await recordAudit(trx, {
			actor,
			action: 'take-off-refused-leg',
			entity: 'booking',
			entityId: booking.id,
			before: { total: Number(booking.total) },
			after: { total, ferryBooking: leg.reference },
		})
		await addBookingEvent(
			trx,
			booking.id,
			actor,
			'booking',
			`ferry ${leg.reference} refused by the operator: ${formatINR(amount)} taken off the booking, to refund; the other legs stand`,
			{ ferryBooking: leg.reference, amount },
		)
		await issueCreditNotesInTransaction(trx, {
			bookingId: booking.id,
			reason: `ferry ${leg.reference} refused by the operator`,
			sourceKey: `ferry-refused:${ferryBookingId}`,
			actor,
			credit: { refund: amount },
		})
		return { bookingId: booking.id, amount, reference: leg.reference }
	})
	if (!taken) return null
	return refundOnline(db, gateway, taken.bookingId, taken.amount, `ferry refused ${taken.reference}`, actor)
}

/**
 * Gives back online payments of a booking through the refund path (`recordRefund`): all of each (`amount` null) or
 * up to `amount`, each payment no further than what is left of it. A refund the gateway refuses goes on the
 * booking's timeline, to refund by hand.
 */
async function refundOnline(
	db: DB,
	gateway: PaymentGateway | null,
	bookingId: string,
	amount: number | null,
	reference: string,
	actor: Actor,
): Promise<{ amount: number; status: string }> {
	const online = await db
		.selectFrom('payments')
		.select(['id', 'amount'])
		.where('booking_id', '=', bookingId)
		.where('source', '=', 'gateway')
		.where('verified', '=', 1)
		.orderBy('created_at')
		.execute()
	const already = await db.selectFrom('refunds').select(['payment_id', 'amount']).where('booking_id', '=', bookingId).where('status', '!=', 'failed').execute()
	let left = amount ?? Number.POSITIVE_INFINITY
	let refunded = 0
	let status = 'none'
	for (const payment of online) {
		const paidBack = already.filter((refund) => refund.payment_id === payment.id).reduce((sum, refund) => sum + Number(refund.amount), 0)
		const part = Math.min(left, Number(payment.amount) - paidBack)
		if (part <= 0) continue
		try {
			const done = await recordRefund(
				db,
				gateway,
				bookingId,
				{ amount: part, paymentId: payment.id, method: 'gateway', reference: `${reference} ${payment.id}` },
				actor,
			)
			refunded += part
			left -= part
			status = done.status
		} catch (error) {
			if (!isAppError(error)) throw error
			await addBookingEvent(
				db,
				bookingId,
				actor,
				'payment',
				`refund of ${formatINR(part)} for the refused ferry could not be made online (${error.message}): refund it by hand`,
				{ amount: part },
			)
			status = 'to-refund-by-hand'
		}
		if (left <= 0) break
	}
	if (amount !== null && left > 0 && status !== 'to-refund-by-hand') {
		await addBookingEvent(db, bookingId, actor, 'payment', `${formatINR(left)} for the refused ferry was not paid online: refund it by hand`, { amount: left })
		status = 'to-refund-by-hand'
	}
	return { amount: refunded, status }
}

export type TripFerryLeg = {
	id: string
	reference: string
	operator: string
	vessel: string | null
	route: string
	date: string
	departs: string | null
	className: string
	pnr: string | null
	state: LiveState
	stateLabel: string
	message: string | null
	hasTicket: boolean
}

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
		message: legMessage(row, rows.length),
		hasTicket: Boolean(row.ticket_file),
	}))
}

/** What the trip page says of a leg that was not ticketed: exactly which leg, and where its money went. */
function legMessage(row: { live_state: string | null; taken_off_at: string | null; total: number }, legs: number): string | null {
	if (row.live_state === 'refused' && row.taken_off_at)
		return `The operator refused this leg: its ${formatINR(Number(row.total))} is refunded to the card or account you paid from. Your other ${legs > 2 ? 'ferries stand' : 'ferry stands'} as shown.`
	if (row.live_state === 'refused') return 'The operator did not issue this ticket. Your payment is refunded (or staff call you within the hour).'
	if (row.live_state === 'unknown')
		return 'The operator has not answered yet: this ticket may still be issued. Staff check with the operator and call you within the hour; nothing is charged twice.'
	return null
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
export async function tripFerries(
	db: DB,
	setup: OperatorSetup,
	gateway: PaymentGateway | null,
	token: string,
	options: TicketOptions = {},
): Promise<TripFerryLeg[]> {
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
