import { sql } from 'kysely'
import { stayNights } from '~/features/inventory/domain/availability.ts'
import { formatTravelDate } from '~/lib/dates.ts'
import { AppError } from '~/lib/errors.ts'
import type { Executor } from '~/server/db/client.server.ts'
import { type BookedStay, hotelTerms, readTripAvailability, releaseHoldRows, releaseLapsedHolds } from './inventory.server.ts'

/**
 * Rooms held by sent quotes (docs/decisions/200-quotes-hold-and-take-rooms.md), when the owner's
 * setting `quoteHoldsRooms` is on: a quote holds its allotment rooms until its last valid day, and
 * gives them back when it is booked (the booking takes them), declined, superseded or past that day.
 */

/**
 * Holds the rooms of every stay of a quote, inside the transaction that sends it. Each allotment
 * night is held with one conditional update (`sold + held + rooms <= allotment`), so two quotes (or a
 * quote and a booking) for the last room at once give one hold and one clear refusal. Nights on
 * request or on free sale are not held. A stay that cannot be sold refuses the send with the reason.
 */
export async function holdRoomsForQuote(trx: Executor, quoteId: string, stays: readonly BookedStay[], expiresOn: string, today: string): Promise<{ held: number }> {
	await releaseLapsedHolds(trx, stays, today)
	const availability = await readTripAvailability(trx, stays, today)
	const now = new Date().toISOString()
	let held = 0
	for (const [index, stay] of stays.entries()) {
		const verdict = availability[index]!
		const hotel = await trx.selectFrom('hotels').select('name').where('id', '=', stay.hotelId).executeTakeFirst()
		const name = hotel?.name ?? 'The hotel'
		if (verdict.status === 'unavailable') throw new AppError('failed-precondition', `${name}: ${verdict.reason} The quote was not sent: choose another hotel or other dates in the itinerary.`)
		const terms = await hotelTerms(trx, stay.hotelId)
		if (terms.mode !== 'allotment') continue
		const values = []
		for (const [position, night] of stayNights(stay.arrival, stay.nights).entries()) {
			if (verdict.nights[position]!.status === 'on-request') continue
			const result = await trx
				.updateTable('room_nights')
				.set({ held: sql<number>`held + ${stay.rooms}`, updated_at: now })
				.where('room_type_id', '=', stay.roomTypeId)
				.where('night', '=', night)
				.where(sql<boolean>`sold + held + ${stay.rooms} <= allotment`)
				.executeTakeFirst()
			if (Number(result.numUpdatedRows) !== 1) throw new AppError('failed-precondition', `${name}: the last ${stay.rooms === 1 ? 'room' : 'rooms'} for ${formatTravelDate(night)} ${stay.rooms === 1 ? 'was' : 'were'} just taken. The quote was not sent: choose another hotel or other dates in the itinerary.`)
			values.push({ quote_id: quoteId, hotel_id: stay.hotelId, room_type_id: stay.roomTypeId, night, rooms: stay.rooms, expires_on: expiresOn, released_at: null, created_at: now })
			held += stay.rooms
		}
		if (values.length) await trx.insertInto('room_night_holds').values(values).execute()
	}
	return { held }
}

/** Gives back every room a quote still holds (booked, declined, superseded or expired); returns the nights given back. */
export async function releaseQuoteHolds(trx: Executor, quoteIds: readonly string[]): Promise<number> {
	if (!quoteIds.length) return 0
	const holds = await trx.selectFrom('room_night_holds').select(['id', 'room_type_id', 'night', 'rooms']).where('quote_id', 'in', quoteIds).where('released_at', 'is', null).execute()
	return releaseHoldRows(trx, holds)
}
