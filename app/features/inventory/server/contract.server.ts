import { allotmentProblem, rangeNights } from '~/features/inventory/domain/availability.ts'
import { addDays } from '~/lib/dates.ts'
import { contractRows, type LineProblem, readContractCsv } from '~/features/inventory/domain/contract-csv.ts'
import { seasonPlanSpan } from '~/features/rates/domain/seasons.ts'
import { parseCsv, toCsv } from '~/lib/csv.ts'
import { isAppError } from '~/lib/errors.ts'
import type { Actor } from '~/server/db/audit.server.ts'
import { recordAudit } from '~/server/db/audit.server.ts'
import type { DB, Executor } from '~/server/db/client.server.ts'
import { rowById } from '~/server/db/row-by-id.server.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'
import { addStopSaleIn, editRangeIn, hotelTerms, saveSaleTermsIn, stopSalesOf } from './inventory.server.ts'

/** A hotel's contract as CSV, and back (docs/inventory.md); the overbooking report. */

/** The whole contract of a hotel as formula-safe CSV: its terms, every contracted night (runs of equal nights as one row) and its stop-sales. */
export async function exportContractCsv(db: Executor, hotelId: string): Promise<{ name: string; csv: string }> {
	const hotel = await rowById(db, 'hotels', hotelId, 'That hotel does not exist.')
	const [terms, roomTypes, nights, stopSales] = await Promise.all([
		hotelTerms(db, hotelId),
		db.selectFrom('room_types').select(['id', 'name']).where('hotel_id', '=', hotelId).execute(),
		db.selectFrom('room_nights').selectAll().where('hotel_id', '=', hotelId).orderBy('room_type_id').orderBy('night').execute(),
		stopSalesOf(db, hotelId, '0000-01-01', '9999-12-31'),
	])
	const rows = contractRows({
		terms,
		roomTypes,
		nights: nights.map((row) => ({
			roomTypeId: row.room_type_id,
			night: row.night,
			allotment: row.allotment,
			releaseDays: row.release_days,
			minStay: row.min_stay,
			closedToArrival: row.closed_to_arrival === 1,
		})),
		stopSales,
	})
	return { name: hotel.name, csv: toCsv(rows) }
}

export type ContractImportResult = { ok: true; ranges: number; stopSales: number; terms: boolean } | { ok: false; problems: LineProblem[] }

/**
 * Imports a hotel's contract from CSV in one transaction: every row is checked first and every
 * problem reported by its line (bad cells, unknown room types, nights outside the seasons, an
 * allotment below the rooms already sold, with both numbers); nothing is saved unless every row is
 * right. Nights rows set their nights; stop-sale rows are added (merged with those they overlap).
 */
export async function importContractCsv(db: DB, hotelId: string, csv: string, actor: Actor): Promise<ContractImportResult> {
	await rowById(db, 'hotels', hotelId, 'That hotel does not exist.')
	const roomTypes = await db.selectFrom('room_types').select(['id', 'name']).where('hotel_id', '=', hotelId).execute()
	const read = readContractCsv(parseCsv(csv.replace(/^\uFEFF/, '')), roomTypes, seasonPlanSpan((await getSettings(db)).seasons))
	if (!read.ok) return read
	const { contract } = read
	try {
		return await db.transaction().execute(async (trx) => {
			// Rooms already sold, read under the rows' locks by editRangeIn again; here only to say which line is wrong.
			const problems: LineProblem[] = []
			for (const range of contract.ranges) {
				const sold = await trx
					.selectFrom('room_nights')
					.select(['night', 'sold'])
					.where('room_type_id', '=', range.roomTypeId)
					.where('night', '>=', range.first)
					.where('night', '<=', range.last)
					.where('sold', '>', range.allotment)
					.orderBy('night')
					.execute()
				if (sold.length)
					problems.push({
						line: range.line,
						message: `Line ${range.line}: ${allotmentProblem(sold[0]!.night, range.allotment, sold[0]!.sold)}${sold.length > 1 ? ` And ${sold.length - 1} more nights.` : ''}`,
					})
			}
			if (problems.length) return { ok: false as const, problems }
			if (contract.terms) await saveSaleTermsIn(trx, hotelId, contract.terms, actor)
			for (const range of contract.ranges) {
				try {
					await editRangeIn(
						trx,
						hotelId,
						{
							roomTypeIds: [range.roomTypeId],
							first: range.first,
							last: range.last,
							weekdays: [],
							allotment: range.allotment,
							releaseDays: range.releaseDays,
							minStay: range.minStay,
							closedToArrival: range.closedToArrival,
						},
						actor,
					)
				} catch (error) {
					throw new LineError(range.line, error)
				}
			}
			for (const stop of contract.stopSales) {
				try {
					await addStopSaleIn(trx, hotelId, { firstNight: stop.firstNight, lastNight: stop.lastNight, reason: stop.reason, roomTypeId: stop.roomTypeId }, actor)
				} catch (error) {
					throw new LineError(stop.line, error)
				}
			}
			const nights = contract.ranges.reduce((sum, range) => sum + rangeNights(range.first, range.last).length, 0)
			await recordAudit(trx, {
				actor,
				action: 'import-contract',
				entity: 'hotel',
				entityId: hotelId,
				after: { ranges: contract.ranges.length, nights, stopSales: contract.stopSales.length, terms: contract.terms },
			})
			return { ok: true as const, ranges: contract.ranges.length, stopSales: contract.stopSales.length, terms: contract.terms !== null }
		})
	} catch (error) {
		// A row refused while saving (a booking slipped in between) rolls the whole import back; its line is named.
		if (error instanceof LineError && isAppError(error.cause))
			return { ok: false, problems: [{ line: error.line, message: `Line ${error.line}: ${error.cause.message}` }] }
		throw error
	}
}

class LineError extends Error {
	constructor(
		readonly line: number,
		override readonly cause: unknown,
	) {
		super(`line ${line}`)
	}
}

/** Nights where more rooms are sold than contracted (an allotment lowered by the hotel, or sold by hand): the overbooking report. */
export async function overbookedNights(db: Executor, { from, hotelId }: { from: string; hotelId?: string | null }) {
	let query = db
		.selectFrom('room_nights')
		.innerJoin('room_types', 'room_types.id', 'room_nights.room_type_id')
		.innerJoin('hotels', 'hotels.id', 'room_nights.hotel_id')
		.select([
			'hotels.id as hotelId',
			'hotels.name as hotelName',
			'hotels.island',
			'room_types.name as roomTypeName',
			'room_nights.night',
			'room_nights.allotment',
			'room_nights.sold',
			'room_nights.held',
		])
		.where('room_nights.night', '>=', from)
		.whereRef('room_nights.sold', '>', 'room_nights.allotment')
		.orderBy('room_nights.night')
		.orderBy('hotels.name')
		.limit(500)
	if (hotelId) query = query.where('room_nights.hotel_id', '=', hotelId)
	const rows = await query.execute()
	return rows.map((row) => ({ ...row, over: row.sold - row.allotment }))
}

/** The longest release period a night may have (the forms' bound): stays further ahead are never in their window. */
const maxReleaseDays = 90

/**
 * Hotel stays of open bookings whose rooms are inside the hotel's release period (the hotel takes
 * back what we have not confirmed) and that are still unconfirmed: the booking is unpaid, or a hotel
 * of it is not confirmed by the supplier. Oldest release date first; `limit` rows and the count.
 */
export async function unconfirmedInReleaseWindow(db: Executor, today: string, limit = 50) {
	const rows = await db
		.selectFrom('room_night_sales')
		.innerJoin('bookings', 'bookings.id', 'room_night_sales.booking_id')
		.innerJoin('hotels', 'hotels.id', 'room_night_sales.hotel_id')
		.leftJoin('hotel_sale_terms', 'hotel_sale_terms.hotel_id', 'room_night_sales.hotel_id')
		.select([
			'bookings.id',
			'bookings.reference',
			'bookings.contact_name as name',
			'bookings.status',
			'hotels.name as hotelName',
			'hotel_sale_terms.release_days as releaseDays',
			(eb) => eb.fn.min<string>('room_night_sales.night').as('arrival'),
		])
		.where('room_night_sales.released_at', 'is', null)
		.where('bookings.status', 'in', ['pending_payment', 'confirmed'])
		.where('room_night_sales.night', '>=', today)
		.where('room_night_sales.night', '<=', addDays(today, maxReleaseDays))
		.groupBy(['bookings.id', 'bookings.reference', 'bookings.contact_name', 'bookings.status', 'hotels.name', 'hotel_sale_terms.release_days'])
		.execute()
	const inWindow = rows.map((row) => ({ ...row, releasedOn: addDays(row.arrival, -(row.releaseDays ?? 0)) })).filter((row) => row.releasedOn <= today)
	if (!inWindow.length) return { count: 0, stays: [] }
	const confirmedBookings = inWindow.filter((row) => row.status === 'confirmed').map((row) => row.id)
	const open = confirmedBookings.length
		? await db
				.selectFrom('booking_components')
				.select('booking_id')
				.distinct()
				.where('booking_id', 'in', confirmedBookings)
				.where('kind', '=', 'hotel')
				.where('supplier_status', '!=', 'confirmed')
				.execute()
		: []
	const hotelsOpen = new Set(open.map((row) => row.booking_id))
	const stays = inWindow
		.filter((row) => row.status === 'pending_payment' || hotelsOpen.has(row.id))
		.map((row) => ({
			bookingId: row.id,
			reference: row.reference,
			name: row.name,
			hotelName: row.hotelName,
			arrival: row.arrival,
			releasedOn: row.releasedOn,
			why: row.status === 'pending_payment' ? 'not paid yet' : 'hotel not confirmed',
		}))
		.sort((a, b) => a.releasedOn.localeCompare(b.releasedOn) || a.arrival.localeCompare(b.arrival) || a.reference.localeCompare(b.reference))
	return { count: stays.length, stays: stays.slice(0, limit) }
}
