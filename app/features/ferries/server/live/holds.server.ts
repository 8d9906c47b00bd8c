import { type BasketLeg, basketLegProblem } from '~/features/ferries/domain/live/basket.ts'
import { type LiveOperator, OperatorError, operatorErrorMessages, type Sailing, type SearchQuery, type Seat } from '~/features/ferries/domain/live/operator.ts'
import { operatorTotal, sellPrice } from '~/features/ferries/domain/live/pricing.ts'
import { AppError } from '~/lib/errors.ts'
import { newId } from '~/lib/ids.ts'
import { type DB, type Executor, isUniqueViolation } from '~/server/db/client.server.ts'
import { jsonColumn } from '~/server/db/rows.ts'
import { adapterFor, type OperatorSetup } from './operators.server.ts'
import { type PricedSailing, priced, searchOperator } from './search.server.ts'

/**
 * Seat holds (ADR 184). A hold is written with one claim row per seat in one transaction; a claim's key is
 * the seat, so of two holds of one seat at once exactly one is written and the other is told the seat went.
 * A claim that has lapsed is deleted by the next hold of that seat, inside the same transaction.
 */
/** `basketId`: the basket this leg joins (a return or the next island); without it the hold starts a basket of its own. */
export type HoldInput = { operator: LiveOperator; sailingKey: string; classCode: string; seats: string[]; query: SearchQuery; basketId?: string | null }
export type HoldView = {
	id: string
	operator: LiveOperator
	sailing: PricedSailing
	classCode: string
	className: string
	seats: string[]
	adults: number
	infants: number
	sellTotal: number
	status: 'held' | 'released' | 'lapsed' | 'booked'
	expiresAt: string
	basketId: string
}

/** A refusal that names the seats still free, so the page can offer them. */
export class SeatsTaken extends AppError {
	constructor(
		message: string,
		readonly freeSeats: string[],
	) {
		super('aborted', message)
	}
}

function operatorRefusal(error: unknown): AppError {
	if (!(error instanceof OperatorError)) return new AppError('internal', 'The hold could not be made.', { cause: error })
	const code =
		error.kind === 'sold-out' || error.kind === 'hold-expired'
			? 'aborted'
			: error.kind === 'unreachable'
				? 'unavailable'
				: error.kind === 'unsupported'
					? 'failed-precondition'
					: 'unavailable'
	return new AppError(code, operatorErrorMessages[error.kind], { cause: error })
}

export async function holdSeats(
	db: DB,
	setup: OperatorSetup,
	input: HoldInput,
	settings: { markupPercent: number; holdMinutes: number },
	now = new Date(),
): Promise<{ id: string }> {
	const adapter = adapterFor(setup, input.operator)
	if (!adapter) throw new AppError('not-found', 'This operator is not booked online. Send us an enquiry instead.')
	// A leg joining a basket must follow its legs (checked again, with the sailing's time, below).
	if (input.basketId) await basketLegs(db, input.basketId, input.query, now)
	// Seats left are read again from the operator, never from the cached search.
	let sailings
	try {
		sailings = await searchOperator(setup, input.operator, input.query, { fresh: true })
	} catch (error) {
		throw operatorRefusal(error)
	}
	const sailing = sailings.find((candidate) => candidate.key === input.sailingKey)
	const cls = sailing?.classes.find((candidate) => candidate.code === input.classCode)
	if (!sailing || !cls) throw new AppError('aborted', 'This sailing is no longer offered. Search again.')
	if (cls.seatsLeft < input.query.adults) throw new AppError('aborted', `Only ${cls.seatsLeft} seats are left in ${cls.name}. Choose another class or sailing.`)
	let layout: Seat[] = []
	if (cls.seatChoice) {
		if (input.seats.length !== input.query.adults)
			throw new AppError('invalid-argument', `Choose ${input.query.adults} seat${input.query.adults === 1 ? '' : 's'}, one for each adult.`, {
				fields: { seats: `Choose ${input.query.adults} seats.` },
			})
		try {
			layout = await adapter.seatLayout(sailing, cls.code, AbortSignal.timeout(setup.timeoutMs * 2))
		} catch (error) {
			throw operatorRefusal(error)
		}
		const free = new Set(layout.filter((seat) => seat.available).map((seat) => seat.id))
		const gone = input.seats.filter((seat) => !free.has(seat))
		if (gone.length)
			throw new SeatsTaken(
				`Seat ${gone.join(', ')} has just been sold. Choose another.`,
				[...free].filter((seat) => !input.seats.includes(seat)).slice(0, input.query.adults),
			)
	}
	const seats = cls.seatChoice ? [...new Set(input.seats)].sort() : []
	const id = newId()
	// One clock for the basket: adding a leg gives every leg the full time again, so they lapse together.
	const expiresAt = new Date(now.getTime() + settings.holdMinutes * 60_000).toISOString()
	const stamp = now.toISOString()
	const basketId = input.basketId ?? id
	try {
		await db.transaction().execute(async (trx) => {
			if (input.basketId) {
				await basketLegs(trx, input.basketId, { ...input.query, departs: sailing.departs }, now)
				await trx
					.updateTable('ferry_seat_holds')
					.set({ expires_at: expiresAt, updated_at: stamp })
					.where('basket_id', '=', basketId)
					.where('status', '=', 'held')
					.execute()
				await trx
					.updateTable('ferry_seat_claims')
					.set({ expires_at: expiresAt })
					.where('hold_id', 'in', trx.selectFrom('ferry_seat_holds').select('id').where('basket_id', '=', basketId))
					.execute()
			}
			if (seats.length) {
				await trx
					.deleteFrom('ferry_seat_claims')
					.where('operator', '=', input.operator)
					.where('sailing_key', '=', sailing.key)
					.where('seat', 'in', seats)
					.where('expires_at', '<=', stamp)
					.execute()
			}
			await trx
				.insertInto('ferry_seat_holds')
				.values({
					id,
					operator: input.operator,
					sailing_key: sailing.key,
					sailing_json: JSON.stringify(sailing),
					class_code: cls.code,
					seats_json: JSON.stringify(seats),
					adults: input.query.adults,
					infants: input.query.infants,
					operator_total: operatorTotal(cls, input.query.adults, input.query.infants),
					sell_total: sellPrice(operatorTotal(cls, input.query.adults, input.query.infants), settings.markupPercent),
					operator_hold_ref: null,
					status: 'held',
					expires_at: expiresAt,
					basket_id: basketId,
					created_at: stamp,
					updated_at: stamp,
				})
				.execute()
			if (seats.length)
				await trx
					.insertInto('ferry_seat_claims')
					.values(seats.map((seat) => ({ operator: input.operator, sailing_key: sailing.key, seat, hold_id: id, expires_at: expiresAt })))
					.execute()
		})
	} catch (error) {
		if (!isUniqueViolation(error)) throw error
		const claimed = new Set(
			(
				await db
					.selectFrom('ferry_seat_claims')
					.select('seat')
					.where('operator', '=', input.operator)
					.where('sailing_key', '=', sailing.key)
					.where('expires_at', '>', stamp)
					.execute()
			).map((row) => row.seat),
		)
		const free = layout.filter((seat) => seat.available && !claimed.has(seat.id)).map((seat) => seat.id)
		throw new SeatsTaken('Someone else is holding one of those seats right now. Choose others.', free.slice(0, input.query.adults))
	}
	try {
		const block = await adapter.hold(
			{ sailing, classCode: cls.code, seats, adults: input.query.adults, infants: input.query.infants },
			AbortSignal.timeout(setup.timeoutMs * 2),
		)
		if (block.ref) await db.updateTable('ferry_seat_holds').set({ operator_hold_ref: block.ref }).where('id', '=', id).execute()
	} catch (error) {
		await releaseHold(db, id, 'released', now)
		throw operatorRefusal(error)
	}
	return { id }
}

/** The hold as its page shows it; a hold past its time is marked lapsed and its seats freed on the way. */
export async function getHold(db: DB, id: string, markupPercent: number, now = new Date()): Promise<HoldView> {
	const row = await db.selectFrom('ferry_seat_holds').selectAll().where('id', '=', id).executeTakeFirst()
	if (!row) throw new AppError('not-found', 'This hold does not exist. Search again.')
	let status = row.status as HoldView['status']
	if (status === 'held' && row.expires_at <= now.toISOString()) {
		await releaseHold(db, id, 'lapsed', now)
		status = 'lapsed'
	}
	const sailing = priced(jsonColumn(row.sailing_json, {} as PricedSailing), { adults: row.adults, infants: row.infants }, markupPercent)
	return {
		id: row.id,
		operator: row.operator as LiveOperator,
		sailing,
		classCode: row.class_code,
		className: sailing.classes.find((cls) => cls.code === row.class_code)?.name ?? row.class_code,
		seats: jsonColumn(row.seats_json, [] as string[]),
		adults: row.adults,
		infants: row.infants,
		sellTotal: row.sell_total,
		status,
		expiresAt: row.expires_at,
		basketId: row.basket_id ?? row.id,
	}
}

/** Frees a hold's seats; a hold already released, lapsed or booked is left as it is. */
export async function releaseHold(db: DB, id: string, status: 'released' | 'lapsed' = 'released', now = new Date()): Promise<void> {
	await db.transaction().execute(async (trx) => {
		const changed = await trx
			.updateTable('ferry_seat_holds')
			.set({ status, updated_at: now.toISOString() })
			.where('id', '=', id)
			.where('status', '=', 'held')
			.executeTakeFirst()
		if (Number(changed.numUpdatedRows) > 0) await trx.deleteFrom('ferry_seat_claims').where('hold_id', '=', id).execute()
	})
}

/** Every lapsed hold released at once (run before showing seats, and by the sweep). */
export async function releaseLapsedHolds(db: DB, now = new Date()): Promise<number> {
	const lapsed = await db.selectFrom('ferry_seat_holds').select('id').where('status', '=', 'held').where('expires_at', '<=', now.toISOString()).execute()
	for (const row of lapsed) await releaseHold(db, row.id, 'lapsed', now)
	return lapsed.length
}

/** The seat layout with the seats other travellers hold marked taken. */
export async function seatsWithHolds(
	db: DB,
	setup: OperatorSetup,
	operator: LiveOperator,
	sailingKey: string,
	query: SearchQuery,
	classCode: string,
	now = new Date(),
): Promise<{ sailing: PricedSailing | null; seats: Seat[] }> {
	const adapter = adapterFor(setup, operator)
	if (!adapter) throw new AppError('not-found', 'This operator is not booked online.')
	let sailings
	try {
		sailings = await searchOperator(setup, operator, query)
	} catch (error) {
		throw operatorRefusal(error)
	}
	const sailing = sailings.find((candidate) => candidate.key === sailingKey)
	if (!sailing || !sailing.classes.some((cls) => cls.code === classCode)) return { sailing: null, seats: [] }
	let seats: Seat[]
	try {
		seats = await adapter.seatLayout(sailing, classCode, AbortSignal.timeout(setup.timeoutMs * 2))
	} catch (error) {
		throw operatorRefusal(error)
	}
	const held = new Set(
		(
			await db
				.selectFrom('ferry_seat_claims')
				.select('seat')
				.where('operator', '=', operator)
				.where('sailing_key', '=', sailingKey)
				.where('expires_at', '>', now.toISOString())
				.execute()
		).map((row) => row.seat),
	)
	return { sailing: priced(sailing, query, 0), seats: seats.map((seat) => ({ ...seat, available: seat.available && !held.has(seat.id) })) }
}

/** The traveller letting their hold go from its page: not-found when there is no such hold. */
export async function releaseTravellerHold(db: DB, id: string, now = new Date()): Promise<void> {
	const exists = await db.selectFrom('ferry_seat_holds').select(['id', 'basket_id']).where('id', '=', id).executeTakeFirst()
	if (!exists) throw new AppError('not-found', 'This hold does not exist.')
	// Every leg of its basket goes together.
	await releaseBasket(db, exists.basket_id ?? id, 'released', now)
}

/** Makes a hold's time run out now (the browser tests' test route, so they need not wait the minutes out). */
export async function lapseHoldNow(db: DB, id: string, now = new Date()): Promise<boolean> {
	const past = new Date(now.getTime() - 1000).toISOString()
	// Every leg of its basket: they lapse together.
	return db.transaction().execute(async (trx) => {
		const basket = await trx.selectFrom('ferry_seat_holds').select(['basket_id']).where('id', '=', id).executeTakeFirst()
		const basketId = basket?.basket_id ?? id
		const changed = await trx
			.updateTable('ferry_seat_holds')
			.set({ expires_at: past })
			.where('basket_id', '=', basketId)
			.where('status', '=', 'held')
			.executeTakeFirst()
		const legs = trx.selectFrom('ferry_seat_holds').select('id').where('basket_id', '=', basketId)
		await trx.updateTable('ferry_seat_claims').set({ expires_at: past }).where('hold_id', 'in', legs).execute()
		return Number(changed.numUpdatedRows) > 0
	})
}

export type BasketView = { id: string; legs: HoldView[]; status: HoldView['status']; expiresAt: string; adults: number; infants: number; sellTotal: number }

/**
 * The basket a hold belongs to (any of its legs' ids finds it), legs in the order they were added. Its legs lapse
 * together: one past its time lapses them all, and their seats are freed on the way.
 */
export async function getBasket(db: DB, holdId: string, markupPercent: number, now = new Date()): Promise<BasketView> {
	const row = await db.selectFrom('ferry_seat_holds').select(['id', 'basket_id']).where('id', '=', holdId).executeTakeFirst()
	if (!row) throw new AppError('not-found', 'This hold does not exist. Search again.')
	const basketId = row.basket_id ?? row.id
	const ids = await db
		.selectFrom('ferry_seat_holds')
		.select(['id', 'status', 'expires_at'])
		.where('basket_id', '=', basketId)
		.orderBy('created_at')
		.orderBy('id')
		.execute()
	if (ids.some((leg) => leg.status === 'held' && leg.expires_at <= now.toISOString())) await releaseBasket(db, basketId, 'lapsed', now)
	const legs = await Promise.all(ids.map((leg) => getHold(db, leg.id, markupPercent, now)))
	const first = legs[0]!
	const status = legs.some((leg) => leg.status === 'held') ? 'held' : first.status
	return {
		id: basketId,
		legs,
		status,
		expiresAt: first.expiresAt,
		adults: first.adults,
		infants: first.infants,
		sellTotal: legs.filter((leg) => leg.status === 'held' || leg.status === 'booked').reduce((sum, leg) => sum + leg.sellTotal, 0),
	}
}

/** Every held leg of a basket let go (or lapsed) at once. */
export async function releaseBasket(db: DB, basketId: string, status: 'released' | 'lapsed' = 'released', now = new Date()): Promise<void> {
	const held = await db.selectFrom('ferry_seat_holds').select('id').where('basket_id', '=', basketId).where('status', '=', 'held').execute()
	for (const leg of held) await releaseHold(db, leg.id, status, now)
}

/** Lets the basket's last leg go (the traveller changed their mind about the way back); the others stay held. */
export async function dropLastLeg(db: DB, basketId: string, now = new Date()): Promise<void> {
	const legs = await db
		.selectFrom('ferry_seat_holds')
		.select(['id', 'status'])
		.where('basket_id', '=', basketId)
		.where('status', '=', 'held')
		.orderBy('created_at')
		.orderBy('id')
		.execute()
	if (legs.length < 2) throw new AppError('failed-precondition', 'This is the only leg: let the seats go instead.')
	await releaseHold(db, legs.at(-1)!.id, 'released', now)
}

/**
 * A basket's held legs, checked as the next leg's predecessors: the basket must still be held and the leg must follow
 * its last leg (ADR 211). Refused with the reason, as a 4xx.
 */
async function basketLegs(db: Executor, basketId: string, next: SearchQuery & { departs?: string }, now: Date): Promise<BasketLeg[]> {
	const rows = await db
		.selectFrom('ferry_seat_holds')
		.select(['sailing_json', 'status', 'expires_at', 'adults', 'infants'])
		.where('basket_id', '=', basketId)
		.orderBy('created_at')
		.orderBy('id')
		.execute()
	if (!rows.length) throw new AppError('not-found', 'This trip’s hold does not exist. Search again.')
	const held = rows.filter((leg) => leg.status === 'held' && leg.expires_at > now.toISOString())
	if (held.length !== rows.length)
		throw new AppError('failed-precondition', 'The seats already held on this trip have lapsed or were let go. Start again from the first leg.')
	const legs = held
		.map((leg) => jsonColumn(leg.sailing_json, {} as Sailing))
		.map((sailing) => ({ from: sailing.from, to: sailing.to, date: sailing.date, departs: sailing.departs, arrives: sailing.arrives }))
	const problem = basketLegProblem(legs, { adults: held[0]!.adults, infants: held[0]!.infants }, next)
	if (problem) throw new AppError('invalid-argument', problem, { fields: { from: problem } })
	return legs
}
