import type { Kysely } from 'kysely'
import { agentQuoteExpiry, agentQuoteStatus, clientBrandOf } from '~/features/agents/domain/agent-quote.ts'
import type { Markup } from '~/features/agents/domain/agent-pricing.ts'
import { type DraftResult, resolveBookingDraft } from '~/features/bookings/server/book-now.server.ts'
import { holdRoomsForAgentQuote, releaseAgentQuoteHolds } from '~/features/inventory/server/holds.server.ts'
import { getMedia } from '~/features/media/server/media.server.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'
import { todayInIndia } from '~/lib/dates.ts'
import { AppError } from '~/lib/errors.ts'
import { newId } from '~/lib/ids.ts'
import type { Actor } from '~/server/db/audit.server.ts'
import type { Executor } from '~/server/db/client.server.ts'
import type { Database } from '~/server/db/schema.ts'
import { chargeBookingToCredit, createAgentBooking } from './agent-credit.server.ts'
import { endQuoteHold, holdCredit } from './credit-ledger.server.ts'
import { quoteWithdrawn } from './quote-acceptance.server.ts'
import { agencyBookingOf, priceForAgency } from './agent-portal.server.ts'

type DB = Kysely<Database>

/**
 * An agency's quote to its client (docs/decisions/230-agent-quotes-held-and-accepted-by-the-client.md): saved by
 * the agent at net + markup, opened by the client at /agent-quote/{id} under the agency's brand with the client's
 * price only, and accepted once within its hold: the agency's booking at net, charged to its credit.
 */

/** What the client is told when a quote's link leads nowhere (unknown, or its agency no longer approved). */
export const noClientQuote = 'There is no quote at this link. Ask your travel agent to send it again.'

/**
 * The agent saves a quote for their client: priced here by the same engine as booking (never a browser price), held for
 * 72 hours. The quote holds the agency's credit for its net when it fits (docs/decisions/233), in the transaction that
 * saves it; beyond the available credit it is saved without a hold and its acceptance waits for staff approval. In the
 * same transaction it holds its hotels' allotment rooms as a staff quote does; a stay whose rooms ran out since pricing
 * holds nothing and the quote is saved with its rooms on request (`roomsOnRequest`).
 */
export async function saveAgentQuote(
	db: DB,
	actor: Actor,
	agentId: string,
	input: { params: URLSearchParams; markup: Markup; clientName: string; clientPhone: string },
	now: Date,
) {
	const { quote, commission, draft } = await priceForAgency(db, agentId, input.params, input.markup)
	await releaseLapsedQuoteHolds(db, now, agentId)
	const id = newId()
	const expiresAt = agentQuoteExpiry(now)
	return db.transaction().execute(async (trx) => {
		const held = await holdCredit(trx, agentId, quote.net)
		await trx
			.insertInto('agent_quotes')
			.values({
				id,
				agent_id: agentId,
				// As pairs, so a custom trip's repeated `activity` survives (ADR 231); older quotes stored an object, read the same way.
				params_json: JSON.stringify([...input.params]),
				title: quote.title,
				start_date: quote.startDate,
				nights: quote.nights,
				adults: quote.adults,
				net: quote.net,
				markup: quote.markup,
				client: quote.client,
				commission,
				client_name: input.clientName,
				client_phone: input.clientPhone,
				expires_at: expiresAt,
				credit_hold: held ? quote.net : 0,
				hold_state: held ? 'held' : null,
				created_by: actor.id,
				created_at: now.toISOString(),
			})
			.execute()
		// The rooms' last day is the India date the quote expires on: the sweep gives them back at the hour itself.
		const rooms = await holdRoomsForAgentQuote(trx, id, draft.stays ?? [], todayInIndia(new Date(expiresAt)), todayInIndia(now))
		if (rooms.onRequest.length) await trx.updateTable('agent_quotes').set({ rooms_on_request: 1 }).where('id', '=', id).execute()
		return { id, creditHeld: held, roomsHeld: rooms.held, roomsOnRequest: rooms.onRequest.length > 0 }
	})
}

/** Ends what an open quote holds (its credit and its rooms), each once; a quote that holds nothing gives back nothing. */
async function endAgentQuoteHolds(trx: Executor, id: string): Promise<{ credit: number; rooms: number }> {
	return { credit: await endQuoteHold(trx, id, 'released'), rooms: await releaseAgentQuoteHolds(trx, [id]) }
}

/**
 * Gives back the credit held by quotes past their expiry (all agencies', or one agency's), each once: the
 * background sweep, and every save before it holds, call it. Safe to run twice at once (`endQuoteHold` is conditional).
 */
export async function releaseLapsedQuoteHolds(db: DB, now: Date, agentId?: string): Promise<number> {
	const cutoff = now.toISOString()
	let credit = db.selectFrom('agent_quotes').select('id').where('hold_state', '=', 'held').where('expires_at', '<=', cutoff)
	let rooms = db
		.selectFrom('room_night_holds')
		.innerJoin('agent_quotes', 'agent_quotes.id', 'room_night_holds.agent_quote_id')
		.select('agent_quotes.id')
		.distinct()
		.where('room_night_holds.released_at', 'is', null)
		.where('agent_quotes.expires_at', '<=', cutoff)
	if (agentId) {
		credit = credit.where('agent_id', '=', agentId)
		rooms = rooms.where('agent_quotes.agent_id', '=', agentId)
	}
	const ids = new Set([...(await credit.limit(500).execute()), ...(await rooms.limit(500).execute())].map((row) => row.id))
	let released = 0
	for (const id of ids) {
		const ended = await db.transaction().execute((trx) => endAgentQuoteHolds(trx, id))
		if (ended.credit || ended.rooms) released++
	}
	return released
}

/** The agent withdraws a quote it no longer offers (its own agency's, not yet accepted): the client can no longer accept it and its credit and rooms are released. */
export async function withdrawAgentQuote(db: DB, agentId: string, id: string) {
	return db.transaction().execute(async (trx) => {
		const result = await trx
			.updateTable('agent_quotes')
			.set({ status: 'withdrawn' })
			.where('id', '=', id)
			.where('agent_id', '=', agentId)
			.where('status', '=', 'held')
			.executeTakeFirst()
		if (Number(result.numUpdatedRows) !== 1) {
			const row = await trx.selectFrom('agent_quotes').select('status').where('id', '=', id).where('agent_id', '=', agentId).executeTakeFirst()
			if (!row) throw new AppError('not-found', 'There is no such quote in your agency.')
			if (row.status === 'withdrawn') return { released: 0, already: true }
			throw new AppError('failed-precondition', 'This quote was accepted by your client: it can no longer be withdrawn.')
		}
		// An acceptance marks the quote in its booking's transaction, so a quote still `held` here has no booking.
		const { credit: released } = await endAgentQuoteHolds(trx, id)
		return { released, already: false }
	})
}

/** What of a quote its client may see and its agency lists: never the net, the markup or the commission. */
const quoteForClientColumns = [
	'agent_quotes.id',
	'agent_quotes.title',
	'agent_quotes.start_date',
	'agent_quotes.nights',
	'agent_quotes.adults',
	'agent_quotes.client',
	'agent_quotes.client_name',
	'agent_quotes.status',
	'agent_quotes.expires_at',
] as const

/**
 * The quote as the client sees it: the agency's brand, the trip and the client's price. Never the agency's net,
 * its markup, our sell price or our cost; our name only when the agency chose to show it.
 */
export async function getClientQuote(db: DB, id: string, now: Date) {
	const row = await db
		.selectFrom('agent_quotes')
		.innerJoin('agents', 'agents.id', 'agent_quotes.agent_id')
		.select([
			...quoteForClientColumns,
			'agent_quotes.booking_id',
			'agents.status as agency_status',
			'agents.company',
			'agents.brand_name',
			'agents.brand_logo_media_id',
			'agents.brand_address',
			'agents.brand_phone',
			'agents.brand_email',
			'agents.brand_show_ours',
		])
		.where('agent_quotes.id', '=', id)
		.executeTakeFirst()
	// A suspended agency's links stop working (docs/decisions/222).
	if (!row || row.agency_status !== 'approved') throw new AppError('not-found', noClientQuote)
	const settings = await getSettings(db)
	const booking = row.booking_id
		? await db.selectFrom('bookings').select(['reference', 'status']).where('id', '=', row.booking_id).executeTakeFirst()
		: undefined
	return {
		id: row.id,
		title: row.title,
		startDate: row.start_date,
		nights: Number(row.nights),
		adults: Number(row.adults),
		price: Number(row.client),
		clientName: row.client_name,
		status: agentQuoteStatus(row, now),
		expiresAt: row.expires_at,
		booking: booking ? { reference: booking.reference, confirmed: booking.status === 'confirmed' } : null,
		brand: clientBrandOf(row, settings.company.name),
		logo: row.brand_logo_media_id ? await getMedia(db, row.brand_logo_media_id).catch(() => null) : null,
	}
}

/**
 * The client accepts: within the hold, once. The agency's booking is made at its net with the quote's id as the
 * submission key (a double submit or two tabs make one booking) and charged to its credit (confirmed at once when
 * it fits, otherwise waiting for staff); the quote then records the booking. Past the hold it is refused.
 */
export async function acceptAgentQuote(db: DB, id: string, now: Date, actor: Actor = { id: null, label: 'agency client' }) {
	const row = await db
		.selectFrom('agent_quotes')
		.innerJoin('agents', 'agents.id', 'agent_quotes.agent_id')
		.selectAll('agent_quotes')
		.select('agents.status as agency_status')
		.where('agent_quotes.id', '=', id)
		.executeTakeFirst()
	// A suspended agency's links stop working, as its quote page does (docs/decisions/222).
	if (!row || row.agency_status !== 'approved') throw new AppError('not-found', noClientQuote)
	const status = agentQuoteStatus(row, now)
	if (status === 'expired') {
		await db.transaction().execute((trx) => endAgentQuoteHolds(trx, id))
		throw new AppError('failed-precondition', 'This quote has expired: ask your travel agent for a fresh one.')
	}
	if (status === 'withdrawn') throw new AppError('failed-precondition', quoteWithdrawn)
	if (status === 'accepted' && row.booking_id) {
		// Booked before: charged again only if the first attempt stopped between its booking and its charge (once either way).
		await chargeBookingToCredit(db, row.booking_id, actor, { quoteId: row.id })
		return { bookingId: row.booking_id, already: true }
	}
	const resolved = await quotedTrip(db, id, new URLSearchParams(JSON.parse(row.params_json) as Record<string, string> | string[][]))
	if (!resolved.ok) throw new AppError('failed-precondition', 'This trip can no longer be booked as quoted: ask your travel agent for a fresh quote.')
	const booked = await createAgentBooking(
		db,
		actor,
		agencyBookingOf(
			resolved.draft,
			{ agentId: row.agent_id, net: Number(row.net), markup: Number(row.markup), commission: Number(row.commission) },
			{ name: row.client_name, phone: row.client_phone },
		),
		{ submissionKey: `agent-quote:${row.id}`, quoteId: row.id },
	)
	return { bookingId: booked.id, already: false }
}

const readOnly = Symbol('read only')

/**
 * The trip of a quote being accepted, resolved as its booking will take it: the rooms the quote holds become the booking's,
 * so they are read as free (released in a transaction that is then rolled back), or the trip would look full at its own
 * hotel and be moved to another or refused. A quote that holds no rooms is resolved as it is.
 */
async function quotedTrip(db: DB, id: string, params: URLSearchParams): Promise<DraftResult> {
	let resolved: DraftResult | undefined
	await db
		.transaction()
		.execute(async (trx) => {
			if (!(await releaseAgentQuoteHolds(trx, [id]))) return
			resolved = await resolveBookingDraft(trx, params)
			throw readOnly
		})
		.catch((error: unknown) => {
			if (error !== readOnly) throw error
		})
	return resolved ?? resolveBookingDraft(db, params)
}

/**
 * The agency's quotes, newest first (docs/decisions/232): its client, the trip, the client's price, open / accepted /
 * expired (read from the hold's expiry, as the client's page reads it) and the booking once accepted. Scoped to the
 * agency; the net and markup stay in the agent area, the link the agent copies is the client's page.
 */
export async function listAgencyQuotes(db: DB, agentId: string, now: Date) {
	const rows = await db
		.selectFrom('agent_quotes')
		.leftJoin('bookings', 'bookings.id', 'agent_quotes.booking_id')
		.select([...quoteForClientColumns, 'agent_quotes.created_at', 'agent_quotes.booking_id', 'bookings.reference as booking_reference'])
		.where('agent_quotes.agent_id', '=', agentId)
		.orderBy('agent_quotes.created_at', 'desc')
		.orderBy('agent_quotes.id')
		.limit(200)
		.execute()
	return rows.map((row) => ({
		id: row.id,
		title: row.title,
		startDate: row.start_date,
		nights: Number(row.nights),
		adults: Number(row.adults),
		client: Number(row.client),
		clientName: row.client_name,
		status: agentQuoteStatus(row, now),
		expiresAt: row.expires_at,
		createdAt: row.created_at,
		booking: row.booking_id ? { id: row.booking_id, reference: row.booking_reference ?? '' } : null,
	}))
}
