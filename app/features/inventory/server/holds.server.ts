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
 * An agency's saved quote holds its rooms the same way, whatever the setting (docs/decisions/233).
 */

/** Who holds the rooms: a staff quote (`quote_id`) or an agency's quote (`agent_quote_id`). */
type HoldOwner = { quote_id: string; agent_quote_id?: null } | { agent_quote_id: string; quote_id?: null }

/**
 * Holds the rooms of every stay of a quote, inside the transaction that sends it. Each allotment
 * night is held with one conditional update (`sold + held + rooms <= allotment`), so two quotes (or a
 * quote and a booking) for the last room at once give one hold and one clear refusal. Nights on
 * request or on free sale are not held. A stay that cannot be sold refuses the send with the reason.
 */
export async function holdRoomsForQuote(
	trx: Executor,
	quoteId: string,
	stays: readonly BookedStay[],
	expiresOn: string,
	today: string,
): Promise<{ held: number }> {
	const { held } = await holdRooms(trx, { quote_id: quoteId }, stays, expiresOn, today, (name, problem) => {
		throw new AppError('failed-precondition', `${name}: ${problem} The quote was not sent: choose another hotel or other dates in the itinerary.`)
	})
	return { held }
}

/**
 * Holds the rooms of an agency's saved quote (docs/decisions/233), inside the transaction that saves it, as a staff
 * quote holds them; but a stay whose rooms are gone (taken between pricing and saving, or a night full) does not
 * refuse the save: nothing of it is held and it is on request (its positions in `stays` are returned).
 */
export async function holdRoomsForAgentQuote(
	trx: Executor,
	agentQuoteId: string,
	stays: readonly BookedStay[],
	expiresOn: string,
	today: string,
): Promise<{ held: number; onRequest: number[] }> {
	return holdRooms(trx, { agent_quote_id: agentQuoteId }, stays, expiresOn, today, () => {})
}

/** Holds each stay's allotment nights; `unheld` decides a stay that cannot be held (throw to refuse, or leave it on request). */
async function holdRooms(
	trx: Executor,
	owner: HoldOwner,
	stays: readonly BookedStay[],
	expiresOn: string,
	today: string,
	unheld: (hotelName: string, problem: string) => void,
): Promise<{ held: number; onRequest: number[] }> {
	await releaseLapsedHolds(trx, stays, today)
	const availability = await readTripAvailability(trx, stays, today)
	const now = new Date().toISOString()
	let held = 0
	const onRequest: number[] = []
	for (const [index, stay] of stays.entries()) {
		const verdict = availability[index]!
		const hotel = await trx.selectFrom('hotels').select('name').where('id', '=', stay.hotelId).executeTakeFirst()
		const name = hotel?.name ?? 'The hotel'
		if (verdict.status === 'unavailable') {
			unheld(name, verdict.reason)
			onRequest.push(index)
			continue
		}
		const terms = await hotelTerms(trx, stay.hotelId)
		if (terms.mode !== 'allotment') continue
		const nights = stayNights(stay.arrival, stay.nights).filter((_, position) => verdict.nights[position]!.status !== 'on-request')
		const taken = await holdNights(trx, stay, nights, now)
		if (typeof taken === 'string') {
			unheld(name, `the last ${stay.rooms === 1 ? 'room' : 'rooms'} for ${formatTravelDate(taken)} ${stay.rooms === 1 ? 'was' : 'were'} just taken.`)
			onRequest.push(index)
			continue
		}
		const values = taken.map((night) => ({
			...owner,
			hotel_id: stay.hotelId,
			room_type_id: stay.roomTypeId,
			night,
			rooms: stay.rooms,
			expires_on: expiresOn,
			released_at: null,
			created_at: now,
		}))
		held += stay.rooms * taken.length
		if (values.length) await trx.insertInto('room_night_holds').values(values).execute()
	}
	return { held, onRequest }
}

/**
 * Holds `rooms` on each night with the conditional update; when one night's rooms are gone, the nights held
 * before it are given back and that night is returned (the stay holds nothing).
 */
async function holdNights(trx: Executor, stay: BookedStay, nights: readonly string[], now: string): Promise<string[] | string> {
	const bump = (night: string, by: number, guarded: boolean) => {
		let update = trx
			.updateTable('room_nights')
			.set({ held: sql<number>`held + ${by}`, updated_at: now })
			.where('room_type_id', '=', stay.roomTypeId)
			.where('night', '=', night)
		if (guarded) update = update.where(sql<boolean>`sold + held + ${by} <= allotment`)
		return update.executeTakeFirst()
	}
	const taken: string[] = []
	for (const night of nights) {
		if (Number((await bump(night, stay.rooms, true)).numUpdatedRows) === 1) {
			taken.push(night)
			continue
		}
		for (const back of taken) await bump(back, -stay.rooms, false)
		return night
	}
	return taken
}

/** Gives back every room a quote still holds (booked, declined, superseded or expired); returns the nights given back. */
export async function releaseQuoteHolds(trx: Executor, quoteIds: readonly string[]): Promise<number> {
	return releaseHoldsOf(trx, 'quote_id', quoteIds)
}

/** Gives back every room agencies' quotes still hold (withdrawn, expired, or booked: the booking then takes them); each once. */
export async function releaseAgentQuoteHolds(trx: Executor, agentQuoteIds: readonly string[]): Promise<number> {
	return releaseHoldsOf(trx, 'agent_quote_id', agentQuoteIds)
}

async function releaseHoldsOf(trx: Executor, column: 'quote_id' | 'agent_quote_id', ids: readonly string[]): Promise<number> {
	if (!ids.length) return 0
	const holds = await trx
		.selectFrom('room_night_holds')
		.select(['id', 'room_type_id', 'night', 'rooms'])
		.where(column, 'in', ids)
		.where('released_at', 'is', null)
		.execute()
	return releaseHoldRows(trx, holds)
}
