import { sql } from 'kysely'
import { jsonArrayFrom as pgJsonArrayFrom } from 'kysely/helpers/postgres'
import { jsonArrayFrom as sqliteJsonArrayFrom } from 'kysely/helpers/sqlite'
import {
	allotmentProblem,
	type HotelTerms,
	maxRangeNights,
	mergeStopSale,
	type NightInventory,
	type NightVerdict,
	nightStatus,
	noTerms,
	rangeNights,
	type SaleMode,
	type StayAvailability,
	stayAvailability,
	stayNights,
	type StopSale,
} from '~/features/inventory/domain/availability.ts'
import { addDays, formatTravelDate } from '~/lib/dates.ts'
import { AppError } from '~/lib/errors.ts'
import { newId } from '~/lib/ids.ts'
import { type Actor, recordAudit } from '~/server/db/audit.server.ts'
import { type DB, type Executor, isPostgres } from '~/server/db/client.server.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'
import { seasonPlanSpan } from '~/features/rates/domain/seasons.ts'
import { seasonProblem } from '~/features/inventory/domain/contract-csv.ts'
import { rowById } from '~/server/db/row-by-id.server.ts'
import type { Row } from '~/server/db/schema.ts'

/** The data side of hotel inventory (docs/inventory.md); every rule is in the pure availability module. */

/** A stay that takes rooms: `rooms` rooms of one room type from `arrival` for `nights` nights. */
export type BookedStay = { hotelId: string; roomTypeId: string; arrival: string; nights: number; rooms: number }

export async function hotelTerms(db: Executor, hotelId: string): Promise<HotelTerms> {
	const row = await db.selectFrom('hotel_sale_terms').select(['mode', 'release_days']).where('hotel_id', '=', hotelId).executeTakeFirst()
	return row ? { mode: row.mode as SaleMode, releaseDays: row.release_days } : noTerms
}

type NightRow = Pick<Row<'room_nights'>, 'room_type_id' | 'night' | 'allotment' | 'sold' | 'held' | 'release_days' | 'min_stay' | 'closed_to_arrival'>
const nightColumns = ['room_type_id', 'night', 'allotment', 'sold', 'held', 'release_days', 'min_stay', 'closed_to_arrival'] as const

/** A night as the domain reads it; `lapsed`: rooms of holds past their day not given back yet (they no longer count). */
function toNight(row: NightRow, lapsed: ReadonlyMap<string, number> = new Map()): NightInventory {
	const held = Math.max(0, row.held - (lapsed.get(`${row.room_type_id}|${row.night}`) ?? 0))
	return {
		night: row.night,
		allotment: row.allotment,
		sold: row.sold,
		held,
		releaseDays: row.release_days,
		minStay: row.min_stay,
		closedToArrival: row.closed_to_arrival === 1,
	}
}

/** The lapsed holds on the nights read: none to look for (no query) when no night has rooms held. */
function lapsedHoldsOf(db: Executor, rows: ReadonlyArray<Pick<NightRow, 'room_type_id' | 'night' | 'held'>>, today: string): Promise<Map<string, number>> {
	const heldRows = rows.filter((row) => row.held > 0)
	if (!heldRows.length) return Promise.resolve(new Map())
	const nights = heldRows.map((row) => row.night).sort()
	return lapsedHolds(db, [...new Set(heldRows.map((row) => row.room_type_id))], nights[0]!, nights.at(-1)!, today)
}

/**
 * Rooms of quote holds on these room types and nights whose day has passed but that no write has
 * given back yet (docs/decisions/200-quotes-hold-and-take-rooms.md): readers leave them out, so a
 * lapsed hold frees its rooms on the day after the quote's validity without a sweep.
 */
async function lapsedHolds(db: Executor, roomTypeIds: readonly string[], first: string, last: string, today: string): Promise<Map<string, number>> {
	if (!roomTypeIds.length) return new Map()
	const rows = await db
		.selectFrom('room_night_holds')
		.select(['room_type_id', 'night', (eb) => eb.fn.sum<number>('rooms').as('rooms')])
		.where('room_type_id', 'in', roomTypeIds)
		.where('night', '>=', first)
		.where('night', '<=', last)
		.where('released_at', 'is', null)
		.where('expires_on', '<', today)
		.groupBy(['room_type_id', 'night'])
		.execute()
	return new Map(rows.map((row) => [`${row.room_type_id}|${row.night}`, Number(row.rooms)]))
}

function toStopSale(row: Row<'stop_sales'>): StopSale & { id: string } {
	return { id: row.id, firstNight: row.first_night, lastNight: row.last_night, reason: row.reason, roomTypeId: row.room_type_id }
}

/** A hotel's stop-sales that touch the nights from `first` to `last`. */
export async function stopSalesOf(db: Executor, hotelId: string, first: string, last: string) {
	const rows = await db
		.selectFrom('stop_sales')
		.selectAll()
		.where('hotel_id', '=', hotelId)
		.where('first_night', '<=', last)
		.where('last_night', '>=', first)
		.orderBy('first_night')
		.execute()
	return rows.map(toStopSale)
}

/** Whether one stay can be sold (the trip reader with one stay). */
export async function readStayAvailability(db: Executor, stay: BookedStay, today: string): Promise<StayAvailability> {
	return (await readTripAvailability(db, [stay], today))[0]!
}

/**
 * Whether each stay of a trip can be sold, read in one statement whatever the number of stays (the
 * terms, the nights and the stop-sales of every hotel at once; a second only when a night has rooms
 * held by quotes), in the order of `stays`.
 */
export async function readTripAvailability(db: Executor, stays: readonly BookedStay[], today: string): Promise<StayAvailability[]> {
	if (!stays.length) return []
	const hotelIds = [...new Set(stays.map((stay) => stay.hotelId))]
	const roomTypeIds = [...new Set(stays.map((stay) => stay.roomTypeId))]
	const first = stays.map((stay) => stay.arrival).reduce((a, b) => (a < b ? a : b))
	const last = stays.map((stay) => addDays(stay.arrival, stay.nights - 1)).reduce((a, b) => (a > b ? a : b))
	// One statement, the three reads as JSON arrays: one round trip on PostgreSQL (three would each need a backend scheduled).
	const jsonArrayFrom = isPostgres(db) ? pgJsonArrayFrom : sqliteJsonArrayFrom
	const read = await db
		.selectNoFrom((eb) => [
			jsonArrayFrom(eb.selectFrom('hotel_sale_terms').select(['hotel_id', 'mode', 'release_days']).where('hotel_id', 'in', hotelIds)).as('terms'),
			jsonArrayFrom(
				eb.selectFrom('room_nights').select(nightColumns).where('room_type_id', 'in', roomTypeIds).where('night', '>=', first).where('night', '<=', last),
			).as('nights'),
			jsonArrayFrom(
				eb
					.selectFrom('stop_sales')
					.select(['id', 'hotel_id', 'room_type_id', 'first_night', 'last_night', 'reason', 'created_at'])
					.where('hotel_id', 'in', hotelIds)
					.where('first_night', '<=', last)
					.where('last_night', '>=', first),
			).as('stops'),
		])
		.executeTakeFirstOrThrow()
	const [termRows, rows, stopRows] = [jsonRows(read.terms), jsonRows(read.nights), jsonRows(read.stops)]
	const lapsed = await lapsedHoldsOf(db, rows, today)
	const terms = new Map(termRows.map((row) => [row.hotel_id, { mode: row.mode as SaleMode, releaseDays: row.release_days }]))
	return stays.map((stay) => {
		const end = addDays(stay.arrival, stay.nights - 1)
		return stayAvailability({
			terms: terms.get(stay.hotelId) ?? noTerms,
			roomTypeId: stay.roomTypeId,
			arrival: stay.arrival,
			nights: stay.nights,
			rooms: stay.rooms,
			rows: rows.filter((row) => row.room_type_id === stay.roomTypeId && row.night >= stay.arrival && row.night <= end).map((row) => toNight(row, lapsed)),
			stopSales: stopRows.filter((row) => row.hotel_id === stay.hotelId && row.first_night <= end && row.last_night >= stay.arrival).map(toStopSale),
			today,
		})
	})
}

/** A JSON array column as rows: PostgreSQL hands it parsed, SQLite as text. */
function jsonRows<T>(value: T[] | string): T[] {
	return typeof value === 'string' ? (JSON.parse(value) as T[]) : value
}

/** The staff calendar: every room type of a hotel × every night of a month (`YYYY-MM`). */
export async function hotelMonth(db: Executor, hotelId: string, month: string, today: string) {
	const hotel = await rowById(db, 'hotels', hotelId, 'No such hotel.')
	const first = `${month}-01`
	const last = addDays(addDays(first, 32).slice(0, 8) + '01', -1)
	const nights = rangeNights(first, last)
	const [terms, roomTypes, rows, stopSales] = await Promise.all([
		hotelTerms(db, hotelId),
		db.selectFrom('room_types').select(['id', 'name']).where('hotel_id', '=', hotelId).orderBy('name').execute(),
		db.selectFrom('room_nights').selectAll().where('hotel_id', '=', hotelId).where('night', '>=', first).where('night', '<=', last).execute(),
		stopSalesOf(db, hotelId, first, last),
	])
	const lapsed = await lapsedHoldsOf(db, rows, today)
	const byKey = new Map(rows.map((row) => [`${row.room_type_id}|${row.night}`, row]))
	return {
		hotel: { id: hotel.id, name: hotel.name, island: hotel.island, tier: hotel.tier },
		terms,
		month,
		nights,
		stopSales,
		rows: roomTypes.map((roomType) => ({
			roomType,
			cells: nights.map((night) => {
				const row = byKey.get(`${roomType.id}|${night}`)
				const verdict: NightVerdict = nightStatus(terms, roomType.id, night, row && toNight(row, lapsed), stopSales, today)
				return {
					...verdict,
					allotment: row?.allotment ?? null,
					sold: row?.sold ?? 0,
					held: row ? toNight(row, lapsed).held! : 0,
					minStay: row?.min_stay ?? 1,
					closedToArrival: row?.closed_to_arrival === 1,
				}
			}),
		})),
	}
}

export async function saveSaleTerms(db: DB, hotelId: string, terms: HotelTerms, actor: Actor) {
	await db.transaction().execute((trx) => saveSaleTermsIn(trx, hotelId, terms, actor))
}

export async function saveSaleTermsIn(trx: Executor, hotelId: string, terms: HotelTerms, actor: Actor) {
	await rowById(trx, 'hotels', hotelId, 'No such hotel.', { forUpdate: true })
	const before = await hotelTerms(trx, hotelId)
	const now = new Date().toISOString()
	await trx
		.insertInto('hotel_sale_terms')
		.values({ hotel_id: hotelId, mode: terms.mode, release_days: terms.releaseDays, updated_at: now })
		.onConflict((oc) => oc.column('hotel_id').doUpdateSet({ mode: terms.mode, release_days: terms.releaseDays, updated_at: now }))
		.execute()
	await recordAudit(trx, { actor, action: 'sale-terms', entity: 'hotel', entityId: hotelId, before, after: terms })
}

/** A bulk edit: the room types, the nights (a range with weekdays) and what to set; absent fields stay as they are. */
export type RangeEdit = {
	roomTypeIds: string[]
	first: string
	last: string
	weekdays: number[]
	allotment?: number
	releaseDays?: number | null
	minStay?: number
	closedToArrival?: boolean
}

/**
 * Sets allotment, release days, minimum stay or closed to arrival on every chosen night of the
 * chosen room types, in one transaction: an allotment below the rooms sold on any night refuses the
 * whole edit with the numbers. The night rows are locked (PostgreSQL) so a booking at the same moment
 * waits and is counted. A night without a row is created only when an allotment is given.
 */
export async function editRange(db: DB, hotelId: string, edit: RangeEdit, actor: Actor): Promise<{ nights: number }> {
	return db.transaction().execute((trx) => editRangeIn(trx, hotelId, edit, actor))
}

/**
 * `editRange` inside a transaction the caller holds (a contract import runs many). Nights outside
 * the season plan are refused with the reason when an allotment is given: a stay then has no price.
 */
export async function editRangeIn(trx: Executor, hotelId: string, edit: RangeEdit, actor: Actor): Promise<{ nights: number }> {
	const nights = rangeNights(edit.first, edit.last, edit.weekdays)
	if (edit.last < edit.first) throw new AppError('invalid-argument', 'The last night must be on or after the first.')
	if (rangeNights(edit.first, edit.last).length > maxRangeNights) throw new AppError('invalid-argument', `Edit at most ${maxRangeNights} nights at a time.`)
	if (!nights.length) throw new AppError('invalid-argument', 'No night of that range falls on the chosen weekdays.')
	if (edit.allotment !== undefined) {
		const outside = seasonProblem(edit.first, edit.last, seasonPlanSpan((await getSettings(trx)).seasons))
		if (outside) throw new AppError('invalid-argument', `Nothing was changed. ${outside}`)
	}
	await rowById(trx, 'hotels', hotelId, 'No such hotel.')
	const roomTypes = await trx.selectFrom('room_types').select('id').where('hotel_id', '=', hotelId).where('id', 'in', edit.roomTypeIds).execute()
	if (roomTypes.length !== new Set(edit.roomTypeIds).size) throw new AppError('invalid-argument', 'Choose room types of this hotel.')
	let query = trx.selectFrom('room_nights').selectAll().where('room_type_id', 'in', edit.roomTypeIds).where('night', 'in', nights)
	if (isPostgres(trx)) query = query.forUpdate()
	const existing = await query.execute()
	if (edit.allotment !== undefined) {
		const problems = existing.map((row) => allotmentProblem(row.night, edit.allotment!, row.sold)).filter((problem): problem is string => problem !== null)
		const shape = allotmentProblem(edit.first, edit.allotment, 0)
		if (shape) throw new AppError('invalid-argument', shape)
		if (problems.length)
			throw new AppError(
				'failed-precondition',
				`Nothing was changed. ${problems.slice(0, 3).join(' ')}${problems.length > 3 ? ` And ${problems.length - 3} more nights.` : ''}`,
			)
	}
	const now = new Date().toISOString()
	const set = {
		...(edit.allotment !== undefined ? { allotment: edit.allotment } : {}),
		...(edit.releaseDays !== undefined ? { release_days: edit.releaseDays } : {}),
		...(edit.minStay !== undefined ? { min_stay: edit.minStay } : {}),
		...(edit.closedToArrival !== undefined ? { closed_to_arrival: edit.closedToArrival ? 1 : 0 } : {}),
		updated_at: now,
	}
	if (existing.length) {
		let update = trx.updateTable('room_nights').set(set).where('room_type_id', 'in', edit.roomTypeIds).where('night', 'in', nights)
		// A booking that slipped in between would make the allotment fall below what is sold: never.
		if (edit.allotment !== undefined) update = update.where('sold', '<=', edit.allotment)
		const result = await update.executeTakeFirst()
		if (Number(result.numUpdatedRows) !== existing.length) throw new AppError('aborted', 'Rooms were booked while you were editing. Reload and try again.')
	}
	const have = new Set(existing.map((row) => `${row.room_type_id}|${row.night}`))
	const missing =
		edit.allotment === undefined
			? []
			: edit.roomTypeIds.flatMap((roomTypeId) => nights.filter((night) => !have.has(`${roomTypeId}|${night}`)).map((night) => ({ roomTypeId, night })))
	for (let start = 0; start < missing.length; start += 200) {
		await trx
			.insertInto('room_nights')
			.values(
				missing.slice(start, start + 200).map(({ roomTypeId, night }) => ({
					room_type_id: roomTypeId,
					night,
					hotel_id: hotelId,
					allotment: edit.allotment!,
					release_days: edit.releaseDays ?? null,
					min_stay: edit.minStay ?? 1,
					closed_to_arrival: edit.closedToArrival ? 1 : 0,
					updated_at: now,
				})),
			)
			.execute()
	}
	await recordAudit(trx, { actor, action: 'edit-inventory', entity: 'hotel', entityId: hotelId, after: { ...edit, nights: nights.length } })
	return { nights: nights.length * edit.roomTypeIds.length }
}

/** Adds a stop-sale, merged with those of the same scope it overlaps or touches (the hotel's row is the lock). */
export async function addStopSale(db: DB, hotelId: string, stop: StopSale, actor: Actor) {
	return db.transaction().execute((trx) => addStopSaleIn(trx, hotelId, stop, actor))
}

export async function addStopSaleIn(trx: Executor, hotelId: string, stop: StopSale, actor: Actor) {
	if (stop.lastNight < stop.firstNight) throw new AppError('invalid-argument', 'The last night must be on or after the first.')
	if (rangeNights(stop.firstNight, stop.lastNight).length > maxRangeNights)
		throw new AppError('invalid-argument', `A stop-sale covers at most ${maxRangeNights} nights.`)
	await rowById(trx, 'hotels', hotelId, 'No such hotel.', { forUpdate: true })
	if (
		stop.roomTypeId &&
		!(await trx.selectFrom('room_types').select('id').where('id', '=', stop.roomTypeId).where('hotel_id', '=', hotelId).executeTakeFirst())
	)
		throw new AppError('invalid-argument', 'Choose a room type of this hotel.')
	const near = await stopSalesOf(trx, hotelId, addDays(stop.firstNight, -1), addDays(stop.lastNight, 1))
	const { merged, replaced } = mergeStopSale(near, stop)
	if (replaced.length)
		await trx
			.deleteFrom('stop_sales')
			.where(
				'id',
				'in',
				replaced.map((row) => row.id),
			)
			.execute()
	const id = newId()
	await trx
		.insertInto('stop_sales')
		.values({
			id,
			hotel_id: hotelId,
			room_type_id: merged.roomTypeId,
			first_night: merged.firstNight,
			last_night: merged.lastNight,
			reason: merged.reason,
			created_at: new Date().toISOString(),
		})
		.execute()
	await recordAudit(trx, { actor, action: 'stop-sale', entity: 'hotel', entityId: hotelId, before: replaced, after: merged })
	return { id, merged: replaced.length }
}

export async function liftStopSale(db: Executor, hotelId: string, stopSaleId: string, actor: Actor) {
	await db.transaction().execute(async (trx) => {
		const row = await trx.selectFrom('stop_sales').selectAll().where('id', '=', stopSaleId).where('hotel_id', '=', hotelId).executeTakeFirst()
		if (!row) throw new AppError('not-found', 'That stop-sale was already lifted.')
		await trx.deleteFrom('stop_sales').where('id', '=', stopSaleId).execute()
		await recordAudit(trx, { actor, action: 'lift-stop-sale', entity: 'hotel', entityId: hotelId, before: toStopSale(row) })
	})
}

/**
 * Takes the rooms of every night of every stay for a booking, inside the booking's transaction
 * (docs/decisions/187-rooms-taken-by-a-conditional-update.md). An allotment night is taken with one
 * conditional update (`sold + held + rooms <= allotment`: rooms held by sent quotes are not sold to others): of two bookings for the last room at once, the
 * second finds nothing to update (PostgreSQL makes it wait for the first and re-reads the row;
 * SQLite runs them one after the other) and its booking is refused. Nights on request or on free
 * sale are recorded without a count. A stay that cannot be sold refuses with the reason.
 */
export async function takeRooms(trx: Executor, bookingId: string, stays: readonly BookedStay[], today: string): Promise<{ onRequest: boolean }> {
	const now = new Date().toISOString()
	let onRequest = false
	await releaseLapsedHolds(trx, stays, today)
	for (const stay of stays) {
		const availability = await readStayAvailability(trx, stay, today)
		const hotel = await trx.selectFrom('hotels').select('name').where('id', '=', stay.hotelId).executeTakeFirst()
		const name = hotel?.name ?? 'The hotel'
		if (availability.status === 'unavailable')
			throw new AppError('failed-precondition', `${name}: ${availability.reason} Nothing was booked or charged; choose other dates or another hotel.`)
		const terms = await hotelTerms(trx, stay.hotelId)
		const nights = stayNights(stay.arrival, stay.nights)
		const values = []
		for (const [index, night] of nights.entries()) {
			const verdict = availability.nights[index]!
			const basis = verdict.status === 'on-request' ? 'on_request' : terms.mode === 'free_sale' ? 'free_sale' : 'allotment'
			if (basis === 'on_request') onRequest = true
			if (basis === 'allotment') {
				const result = await trx
					.updateTable('room_nights')
					.set({ sold: sql<number>`sold + ${stay.rooms}`, updated_at: now })
					.where('room_type_id', '=', stay.roomTypeId)
					.where('night', '=', night)
					.where(sql<boolean>`sold + held + ${stay.rooms} <= allotment`)
					.executeTakeFirst()
				if (Number(result.numUpdatedRows) !== 1)
					throw new AppError(
						'failed-precondition',
						`${name}: the last ${stay.rooms === 1 ? 'room' : 'rooms'} for ${formatTravelDate(night)} ${stay.rooms === 1 ? 'was' : 'were'} just booked by someone else. Nothing was booked or charged; choose other dates or another hotel.`,
					)
			}
			values.push({
				booking_id: bookingId,
				hotel_id: stay.hotelId,
				room_type_id: stay.roomTypeId,
				night,
				rooms: stay.rooms,
				basis,
				released_at: null,
				created_at: now,
			})
		}
		if (values.length) await trx.insertInto('room_night_sales').values(values).execute()
	}
	return { onRequest }
}

/**
 * Gives a cancelled booking's allotment rooms back (in the cancellation's transaction), each night once: a sale row
 * is marked released by a conditional update and only then its rooms leave `sold`, as hold rows are, so two
 * releases at once count it once even without the booking's lock.
 */
export async function releaseRooms(trx: Executor, bookingId: string): Promise<number> {
	const taken = await trx.selectFrom('room_night_sales').selectAll().where('booking_id', '=', bookingId).where('released_at', 'is', null).execute()
	const now = new Date().toISOString()
	let released = 0
	for (const row of taken) {
		const marked = await trx
			.updateTable('room_night_sales')
			.set({ released_at: now })
			.where('id', '=', row.id)
			.where('released_at', 'is', null)
			.executeTakeFirst()
		if (Number(marked.numUpdatedRows) !== 1) continue
		released++
		if (row.basis !== 'allotment') continue
		await trx
			.updateTable('room_nights')
			.set({ sold: sql<number>`sold - ${row.rooms}`, updated_at: now })
			.where('room_type_id', '=', row.room_type_id)
			.where('night', '=', row.night)
			.where('sold', '>=', row.rooms)
			.execute()
	}
	return released
}

/**
 * Gives back the given hold rows, each once: a row is marked released by a conditional update and
 * only then its rooms leave `held`, so two transactions releasing the same hold at once (PostgreSQL
 * makes the second wait and re-read the row) count it once.
 */
export async function releaseHoldRows(
	trx: Executor,
	holds: ReadonlyArray<Pick<Row<'room_night_holds'>, 'id' | 'room_type_id' | 'night' | 'rooms'>>,
): Promise<number> {
	const now = new Date().toISOString()
	let released = 0
	for (const hold of holds) {
		const marked = await trx
			.updateTable('room_night_holds')
			.set({ released_at: now })
			.where('id', '=', hold.id)
			.where('released_at', 'is', null)
			.executeTakeFirst()
		if (Number(marked.numUpdatedRows) !== 1) continue
		await trx
			.updateTable('room_nights')
			.set({ held: sql<number>`held - ${hold.rooms}`, updated_at: now })
			.where('room_type_id', '=', hold.room_type_id)
			.where('night', '=', hold.night)
			.where('held', '>=', hold.rooms)
			.execute()
		released++
	}
	return released
}

/** Gives back the quote holds on the stays' nights whose day has passed (before rooms are taken or held there). */
export async function releaseLapsedHolds(trx: Executor, stays: readonly BookedStay[], today: string): Promise<number> {
	if (!stays.length) return 0
	const first = stays.map((stay) => stay.arrival).reduce((a, b) => (a < b ? a : b))
	const last = stays.map((stay) => addDays(stay.arrival, stay.nights - 1)).reduce((a, b) => (a > b ? a : b))
	const lapsed = await trx
		.selectFrom('room_night_holds')
		.select(['id', 'room_type_id', 'night', 'rooms'])
		.where('room_type_id', 'in', [...new Set(stays.map((stay) => stay.roomTypeId))])
		.where('night', '>=', first)
		.where('night', '<=', last)
		.where('released_at', 'is', null)
		.where('expires_on', '<', today)
		.execute()
	return releaseHoldRows(trx, lapsed)
}
