import { Migrator, sql } from 'kysely'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { whileNightsLocked } from '#tests/support/locks.ts'
import { fixtureTripStart, tripDay, tripHotelsSell } from '#tests/support/booking-fixtures.ts'
import { useAppDatabase } from '#tests/support/identity.ts'
import { resolveBookingDraft } from '~/features/bookings/server/book-now.server.ts'
import { editRange, readStayAvailability, saveSaleTerms } from '~/features/inventory/server/inventory.server.ts'
import { invalidateRateBook } from '~/features/rates/server/rate-book.server.ts'
import { addDays, todayInIndia } from '~/lib/dates.ts'
import type { DB } from '~/server/db/client.server.ts'
import { closeDatabase } from '~/server/db/index.server.ts'
import { seedDemoData } from '~/server/seed/index.server.ts'
import { getAgentCredit, listAwaitingCredit, saveAgentTerms } from './agent-credit.server.ts'
import { acceptAgentQuote, releaseLapsedQuoteHolds, saveAgentQuote, withdrawAgentQuote } from './agent-quotes.server.ts'
import { changeAgentStatus, createAgent } from './agents.server.ts'
import { migrations } from '../../../../db/migrations/index.ts'

const staff = { id: 'staff-1', label: 'Asha (staff)' }
const agentUser = { id: 'agent-user-1', label: 'Neha (agent)' }
const trip = { package: 'havelock-neil-honeymoon-5-nights', tier: 'standard', startDate: fixtureTripStart, adults: '2' }
const quoteInput = {
	params: new URLSearchParams(trip),
	markup: { kind: 'percent' as const, bp: 1200 },
	clientName: 'Ritu Sharma',
	clientPhone: '+919812345678',
}

async function agency(db: DB, company: string, creditLimit: number) {
	const id = await createAgent(db, staff, {
		company,
		contactPerson: 'Neha Kapoor',
		phone: '+919811100000',
		email: 'neha@example.com',
		city: 'Delhi',
		pan: null,
		gstin: null,
		commissionPercent: 1000,
		notes: null,
	})
	await changeAgentStatus(db, staff, id, 'approved')
	await saveAgentTerms(db, staff, id, { rateRule: 'commission', marginBp: 0, creditLimit })
	return id
}

/** The demo data, read by a fresh rate book. */
async function seedDemo(db: DB) {
	invalidateRateBook()
	await seedDemoData(db)
	invalidateRateBook()
}

const hotelsSell = (db: DB, free: boolean) => tripHotelsSell(db, trip, free)

/** The agency's figures agree with its quotes and ledger: held = the quotes still holding, in use = bookings charged. */
async function expectBalanced(db: DB, agentId: string) {
	const credit = await getAgentCredit(db, agentId)
	const holding = await db.selectFrom('agent_quotes').select('credit_hold').where('agent_id', '=', agentId).where('hold_state', '=', 'held').execute()
	const ledger = await db.selectFrom('agent_ledger').select(['kind', 'amount']).where('agent_id', '=', agentId).execute()
	expect(credit.creditHeld).toBe(holding.reduce((sum, row) => sum + Number(row.credit_hold), 0))
	expect(credit.creditUsed).toBe(ledger.filter((row) => row.kind === 'booking').reduce((sum, row) => sum + Number(row.amount), 0))
	return credit
}

const netOf = async (db: DB) => Number((await db.selectFrom('agent_quotes').select('net').limit(1).executeTakeFirstOrThrow()).net)

describeEachDatabase('an agency’s saved quote holds its credit until accepted, withdrawn or expired', (get) => {
	let net: number
	beforeAll(async () => {
		await useAppDatabase(get().url)
		await seedDemo(get().db)
		const probe = await agency(get().db, 'Probe Travels', 0)
		await saveAgentQuote(get().db, agentUser, probe, quoteInput, new Date())
		net = await netOf(get().db)
	})
	afterAll(async () => {
		await closeDatabase()
	})

	test('ten quotes saved at once against the last credit hold only what fits; the rest are saved without a hold', async () => {
		const { db } = get()
		const agentId = await agency(db, 'Ten Quotes Travels', Math.round(net * 3.5))
		const saved = await Promise.all(Array.from({ length: 10 }, () => saveAgentQuote(db, agentUser, agentId, quoteInput, new Date())))
		expect(saved.filter((quote) => quote.creditHeld)).toHaveLength(3)
		const credit = await expectBalanced(db, agentId)
		expect(credit).toMatchObject({ creditHeld: 3 * net, creditUsed: 0, available: Math.round(net * 3.5) - 3 * net })
		expect(await db.selectFrom('agent_quotes').select('id').where('agent_id', '=', agentId).execute()).toHaveLength(10)
		// A booking cannot take the held credit either: what is held is not available.
		expect(credit.available).toBeLessThan(net)
	})

	test('accepting converts the hold into the booking’s charge (never both); accepting racing the expiry sweep ends the hold once', async () => {
		const { db } = get()
		await hotelsSell(db, true)
		const agentId = await agency(db, 'Race Holidays', net)
		const paidOff = async () => {
			await db.updateTable('agents').set({ credit_used: 0 }).where('id', '=', agentId).execute()
			await db.deleteFrom('agent_ledger').where('agent_id', '=', agentId).execute()
		}
		// Alone: the whole credit is held, and accepting turns exactly that hold into the charge.
		const alone = await saveAgentQuote(db, agentUser, agentId, quoteInput, new Date())
		await acceptAgentQuote(db, alone.id, new Date(), agentUser)
		expect(await db.selectFrom('agent_quotes').select('hold_state').where('id', '=', alone.id).executeTakeFirstOrThrow()).toEqual({ hold_state: 'converted' })
		expect(await db.selectFrom('bookings').select('agent_credit_state').where('agent_id', '=', agentId).execute()).toEqual([
			{ agent_credit_state: 'on_credit' },
		])
		expect(await expectBalanced(db, agentId)).toMatchObject({ creditHeld: 0, creditUsed: net, available: 0 })
		await paidOff()
		for (let round = 0; round < 4; round++) {
			const now = new Date()
			const { id, creditHeld } = await saveAgentQuote(db, agentUser, agentId, quoteInput, now)
			expect(creditHeld).toBe(true)
			expect((await getAgentCredit(db, agentId)).available).toBe(0)
			const expiry = new Date((await db.selectFrom('agent_quotes').select('expires_at').where('id', '=', id).executeTakeFirstOrThrow()).expires_at)
			const [accepted] = await Promise.allSettled([
				acceptAgentQuote(db, id, new Date(expiry.getTime() - 1000), agentUser),
				releaseLapsedQuoteHolds(db, new Date(expiry.getTime() + 1000), agentId),
				releaseLapsedQuoteHolds(db, new Date(expiry.getTime() + 1000), agentId),
			])
			expect(accepted.status).toBe('fulfilled')
			const quote = await db.selectFrom('agent_quotes').select(['hold_state', 'booking_id']).where('id', '=', id).executeTakeFirstOrThrow()
			expect(['converted', 'released']).toContain(quote.hold_state)
			const booking = await db.selectFrom('bookings').select(['status', 'agent_credit_state']).where('id', '=', quote.booking_id!).executeTakeFirstOrThrow()
			// Either way the booking was charged once and nothing stays held: in use is exactly its net.
			expect(booking).toEqual({ status: 'confirmed', agent_credit_state: 'on_credit' })
			const credit = await expectBalanced(db, agentId)
			expect(credit).toMatchObject({ creditHeld: 0, creditUsed: net })
			// The booking is paid off for the next round.
			await paidOff()
		}
	})

	test('withdrawing releases the hold once; a withdrawn or expired quote cannot be accepted; another agency cannot withdraw it', async () => {
		const { db } = get()
		const agentId = await agency(db, 'Withdraw Tours', net * 2)
		const other = await agency(db, 'Other Tours', net)
		const { id } = await saveAgentQuote(db, agentUser, agentId, quoteInput, new Date())
		await expect(withdrawAgentQuote(db, other, id)).rejects.toMatchObject({ status: 404 })
		const both = await Promise.all([withdrawAgentQuote(db, agentId, id), withdrawAgentQuote(db, agentId, id)])
		expect(both.map((result) => result.released).sort()).toEqual([0, net])
		expect(await expectBalanced(db, agentId)).toMatchObject({ creditHeld: 0, available: net * 2 })
		await expect(acceptAgentQuote(db, id, new Date())).rejects.toMatchObject({ code: 'failed-precondition' })
		// Expired: the sweep gives the credit back once (two sweeps at once), and acceptance is refused.
		const lapsed = await saveAgentQuote(db, agentUser, agentId, quoteInput, new Date())
		await db.updateTable('agent_quotes').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', lapsed.id).execute()
		expect((await getAgentCredit(db, agentId)).creditHeld).toBe(net)
		const swept = await Promise.all([releaseLapsedQuoteHolds(db, new Date()), releaseLapsedQuoteHolds(db, new Date())])
		expect(swept.filter((count) => count > 0).length).toBeGreaterThan(0)
		expect(await expectBalanced(db, agentId)).toMatchObject({ creditHeld: 0, available: net * 2 })
		await expect(acceptAgentQuote(db, lapsed.id, new Date())).rejects.toMatchObject({ code: 'failed-precondition' })
		expect(await db.selectFrom('bookings').select('id').where('agent_id', '=', agentId).execute()).toEqual([])
	})

	test('the client accepts while the agent withdraws: one of them wins, never a booking on a withdrawn quote', async () => {
		const { db } = get()
		await hotelsSell(db, true)
		const agentId = await agency(db, 'Race Holidays', net * 20)
		// The withdrawal comes a little later each round, sweeping the acceptance's pricing and booking.
		for (const [round, delay] of [0, 0, 5, 20, 50, 100, 200, 400].entries()) {
			const { id } = await saveAgentQuote(db, agentUser, agentId, quoteInput, new Date())
			const [accepted, withdrawn] = await Promise.allSettled([
				acceptAgentQuote(db, id, new Date(), agentUser),
				new Promise((resolve) => setTimeout(resolve, delay)).then(() => withdrawAgentQuote(db, agentId, id)),
			])
			const quote = await db.selectFrom('agent_quotes').select(['status', 'booking_id', 'hold_state']).where('id', '=', id).executeTakeFirstOrThrow()
			const booked = await db.selectFrom('bookings').select(['id', 'agent_credit_state']).where('submission_key', '=', `agent-quote:${id}`).execute()
			expect(accepted!.status === 'fulfilled', `round ${round}: exactly one wins`).not.toBe(withdrawn!.status === 'fulfilled')
			if (accepted!.status === 'fulfilled') {
				expect(quote).toEqual({ status: 'accepted', booking_id: booked[0]?.id, hold_state: 'converted' })
				expect(booked).toEqual([expect.objectContaining({ agent_credit_state: 'on_credit' })])
				expect(withdrawn).toMatchObject({ status: 'rejected', reason: { code: 'failed-precondition' } })
			} else {
				expect(quote).toEqual({ status: 'withdrawn', booking_id: null, hold_state: 'released' })
				expect(booked).toEqual([])
				expect(accepted).toMatchObject({ status: 'rejected', reason: { code: 'failed-precondition' } })
			}
		}
		// Whichever won, the agency's held and used credit match its quotes and its ledger.
		await expectBalanced(db, agentId)
	})

	test('a suspended agency’s quote link cannot be accepted: it answers as if there were no quote', async () => {
		const { db } = get()
		await hotelsSell(db, true)
		const agentId = await agency(db, 'Suspended Holidays', net * 2)
		const { id } = await saveAgentQuote(db, agentUser, agentId, quoteInput, new Date())
		await changeAgentStatus(db, staff, agentId, 'suspended')
		await expect(acceptAgentQuote(db, id, new Date())).rejects.toMatchObject({ code: 'not-found' })
		expect(await db.selectFrom('bookings').select('id').where('agent_id', '=', agentId).execute()).toEqual([])
	})

	test('a quote beyond the available credit is saved without a hold and its acceptance waits for staff', async () => {
		const { db } = get()
		await hotelsSell(db, true)
		const agentId = await agency(db, 'Short Credit Travels', net - 100)
		const saved = await saveAgentQuote(db, agentUser, agentId, quoteInput, new Date())
		expect(saved.creditHeld).toBe(false)
		expect(await expectBalanced(db, agentId)).toMatchObject({ creditHeld: 0, available: net - 100 })
		await acceptAgentQuote(db, saved.id, new Date(), agentUser)
		const waiting = (await listAwaitingCredit(db)).filter((row) => row.agentId === agentId)
		expect(waiting).toEqual([expect.objectContaining({ onRequest: false, reason: expect.stringMatching(/available credit/) })])
	})

	test('a hotel on request does not confirm on credit even when it fits: it waits for staff with the reason, and its hold is released', async () => {
		const { db } = get()
		await hotelsSell(db, false)
		const agentId = await agency(db, 'On Request Holidays', net * 5)
		const { id, creditHeld } = await saveAgentQuote(db, agentUser, agentId, quoteInput, new Date())
		expect(creditHeld).toBe(true)
		const { bookingId } = await acceptAgentQuote(db, id, new Date(), agentUser)
		const booking = await db.selectFrom('bookings').select(['status', 'agent_credit_state']).where('id', '=', bookingId).executeTakeFirstOrThrow()
		expect(booking).toEqual({ status: 'pending_payment', agent_credit_state: 'awaiting_approval' })
		expect(await expectBalanced(db, agentId)).toMatchObject({ creditHeld: 0, creditUsed: 0, available: net * 5 })
		const waiting = (await listAwaitingCredit(db)).filter((row) => row.agentId === agentId)
		expect(waiting).toEqual([expect.objectContaining({ id: bookingId, onRequest: true, reason: expect.stringMatching(/on request/) })])
		await hotelsSell(db, true)
	})
})

describeEachDatabase('an agency’s saved quote holds its hotels’ allotment rooms as a staff quote does', (get) => {
	let agentId: string
	beforeAll(async () => {
		await useAppDatabase(get().url)
		await seedDemo(get().db)
		agentId = await agency(get().db, 'Rooms Holidays', 100_000_000)
	})
	afterAll(async () => {
		await closeDatabase()
	})

	/** The trip arriving `days` after the fixture start (its own nights per test), its first hotel on an allotment of `allotment` rooms, the others on free sale. */
	async function allotmentTrip(db: DB, days: number, allotment: number) {
		const params = { ...trip, startDate: tripDay(days) }
		await tripHotelsSell(db, params, true)
		const resolved = await resolveBookingDraft(db, new URLSearchParams(params))
		if (!resolved.ok) throw new Error(JSON.stringify(resolved.errors))
		const stays = resolved.draft.stays ?? []
		const stay = stays[0]!
		expect(stay.rooms).toBe(1)
		await saveSaleTerms(db, stay.hotelId, { mode: 'allotment', releaseDays: 0 }, staff)
		for (const same of stays.filter((other) => other.hotelId === stay.hotelId))
			await editRange(
				db,
				same.hotelId,
				{ roomTypeIds: [same.roomTypeId], first: same.arrival, last: addDays(same.arrival, same.nights - 1), weekdays: [], allotment },
				staff,
			)
		const input = { ...quoteInput, params: new URLSearchParams(params) }
		// The nights the hotel's stays hold (the trip may come back to it).
		const heldNights = stays.filter((other) => other.hotelId === stay.hotelId).reduce((sum, other) => sum + other.nights, 0)
		/** Sold and held on each night of the stay, and the rooms left for anyone else (what a traveller is offered). */
		const rooms = async () => {
			const nights = await db
				.selectFrom('room_nights')
				.select(['sold', 'held'])
				.where('room_type_id', '=', stay.roomTypeId)
				.where('night', '>=', stay.arrival)
				.where('night', '<', addDays(stay.arrival, stay.nights))
				.execute()
			const left = (await readStayAvailability(db, stay, todayInIndia())).nights.map((night) => night.left)
			return { sold: [...new Set(nights.map((night) => night.sold))], held: [...new Set(nights.map((night) => night.held))], left: [...new Set(left)] }
		}
		return { input, stay, rooms, heldNights }
	}

	const expire = (db: DB, id: string) => db.updateTable('agent_quotes').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', id).execute()

	test('a quote holds its allotment rooms (none left for others); the expiry sweep gives them back once', async () => {
		const { db } = get()
		const { input, heldNights, rooms } = await allotmentTrip(db, 0, 2)
		expect(await rooms()).toEqual({ sold: [0], held: [0], left: [2] })
		const first = await saveAgentQuote(db, agentUser, agentId, input, new Date())
		expect(first).toMatchObject({ roomsOnRequest: false, roomsHeld: heldNights })
		const second = await saveAgentQuote(db, agentUser, agentId, input, new Date())
		expect(second.roomsOnRequest).toBe(false)
		expect(await rooms()).toEqual({ sold: [0], held: [2], left: [0] })
		const holds = await db.selectFrom('room_night_holds').select(['quote_id', 'agent_quote_id']).where('agent_quote_id', '=', first.id).execute()
		expect(holds).toHaveLength(heldNights)
		expect(holds.every((hold) => hold.quote_id === null)).toBe(true)
		// The first expires: two sweeps at once give its room back once (the second quote still holds its own).
		await expire(db, first.id)
		await Promise.all([releaseLapsedQuoteHolds(db, new Date()), releaseLapsedQuoteHolds(db, new Date())])
		expect(await rooms()).toEqual({ sold: [0], held: [1], left: [1] })
		expect(await releaseLapsedQuoteHolds(db, new Date())).toBe(0)
		expect(await rooms()).toEqual({ sold: [0], held: [1], left: [1] })
	})

	test('withdrawing a quote gives its rooms back once', async () => {
		const { db } = get()
		const { input, rooms } = await allotmentTrip(db, 7, 2)
		const kept = await saveAgentQuote(db, agentUser, agentId, input, new Date())
		const { id } = await saveAgentQuote(db, agentUser, agentId, input, new Date())
		expect(await rooms()).toEqual({ sold: [0], held: [2], left: [0] })
		await Promise.all([withdrawAgentQuote(db, agentId, id), withdrawAgentQuote(db, agentId, id)])
		expect(await rooms()).toEqual({ sold: [0], held: [1], left: [1] })
		await releaseLapsedQuoteHolds(db, new Date())
		expect(await db.selectFrom('room_night_holds').select('id').where('agent_quote_id', '=', kept.id).where('released_at', 'is', null).execute()).not.toEqual(
			[],
		)
	})

	test('acceptance turns the quote’s held rooms into the booking’s sale, never both', async () => {
		const { db } = get()
		const { input, stay, rooms, heldNights } = await allotmentTrip(db, 14, 2)
		const accepted = await saveAgentQuote(db, agentUser, agentId, input, new Date())
		const other = await saveAgentQuote(db, agentUser, agentId, input, new Date())
		expect(await rooms()).toEqual({ sold: [0], held: [2], left: [0] })
		// The last two rooms are both held: the accepted quote's booking takes its own held room (with the rooms counted twice it would be refused).
		const { bookingId } = await acceptAgentQuote(db, accepted.id, new Date(), agentUser)
		expect(await db.selectFrom('bookings').select(['status', 'agent_credit_state']).where('id', '=', bookingId).executeTakeFirstOrThrow()).toEqual({
			status: 'confirmed',
			agent_credit_state: 'on_credit',
		})
		expect(await rooms()).toEqual({ sold: [1], held: [1], left: [0] })
		const sales = await db.selectFrom('room_night_sales').select('basis').where('booking_id', '=', bookingId).where('hotel_id', '=', stay.hotelId).execute()
		expect(sales.map((sale) => sale.basis)).toEqual(Array.from({ length: heldNights }, () => 'allotment'))
		// Its holds are over: a later sweep or withdrawal gives nothing back; the other quote's hold then ends on its own.
		await expire(db, accepted.id)
		await releaseLapsedQuoteHolds(db, new Date())
		expect(await rooms()).toEqual({ sold: [1], held: [1], left: [0] })
		await withdrawAgentQuote(db, agentId, other.id)
		expect(await rooms()).toEqual({ sold: [1], held: [0], left: [1] })
	})

	test('five quotes saved at once for the last room: one holds it; each other is on request or priced with another hotel, holding none of it', async () => {
		const { db } = get()
		const { input, stay, rooms, heldNights } = await allotmentTrip(db, 21, 1)
		const saved = await Promise.all(Array.from({ length: 5 }, () => saveAgentQuote(db, agentUser, agentId, input, new Date())))
		expect(await rooms()).toEqual({ sold: [0], held: [1], left: [0] })
		const holds = await db
			.selectFrom('room_night_holds')
			.select('agent_quote_id')
			.where('room_type_id', '=', stay.roomTypeId)
			.where(
				'agent_quote_id',
				'in',
				saved.map((quote) => quote.id),
			)
			.execute()
		const holders = [...new Set(holds.map((hold) => hold.agent_quote_id))]
		expect(holders).toHaveLength(1)
		expect(holds).toHaveLength(heldNights)
		const holder = saved.find((quote) => quote.id === holders[0])!
		expect(holder).toMatchObject({ roomsOnRequest: false, roomsHeld: heldNights })
		// A quote priced before the holder saved finds the room gone inside its own transaction: on request. One priced
		// after it is offered the category's next hotel instead (ADR 226), so it has nothing of this room to hold.
		const others = saved.filter((quote) => quote !== holder)
		const marked = await db
			.selectFrom('agent_quotes')
			.select(['id', 'rooms_on_request'])
			.where(
				'id',
				'in',
				saved.map((quote) => quote.id),
			)
			.execute()
		expect(marked).toHaveLength(5)
		const onRequest = marked.filter((quote) => Number(quote.rooms_on_request) === 1).map((quote) => quote.id)
		expect(onRequest.sort()).toEqual(
			others
				.filter((quote) => quote.roomsOnRequest)
				.map((quote) => quote.id)
				.sort(),
		)
		if (others.some((quote) => !quote.roomsOnRequest)) {
			const repriced = await resolveBookingDraft(db, input.params)
			if (!repriced.ok) throw new Error(JSON.stringify(repriced.errors))
			expect(repriced.draft.stays?.[0]?.hotelId, 'a quote held nothing yet was not on request').not.toBe(stay.hotelId)
		}
	})

	test('five agencies save quotes at once for the last room, all having seen it free: the guarded hold gives it to one', async () => {
		const { db, kind } = get()
		const { input, stay, rooms, heldNights } = await allotmentTrip(db, 28, 1)
		const agencies = [agentId]
		for (const name of ['Second', 'Third', 'Fourth', 'Fifth']) agencies.push(await agency(db, `${name} Rooms Travels`, 100_000_000))
		const saveAll = () => Promise.all(agencies.map((id) => saveAgentQuote(db, agentUser, id, input, new Date())))
		// Each agency's credit is its own row, so nothing else makes the saves take turns. On PostgreSQL the arrival
		// night is kept locked until all five have read the room as free and wait to hold it; SQLite runs one
		// transaction at a time.
		const saved = kind === 'postgres' ? await whileNightsLocked(db, stay.roomTypeId, [stay.arrival], agencies.length, saveAll) : await saveAll()
		expect(saved.filter((quote) => quote.roomsHeld > 0)).toEqual([expect.objectContaining({ roomsHeld: heldNights, roomsOnRequest: false })])
		// The others found the night gone and hold none of it (on request; or, had one still been pricing when the lock
		// was let go on a very slow machine, offered the next hotel, as in the test above).
		expect(await rooms()).toEqual({ sold: [0], held: [1], left: [0] })
	})
})

describeEachDatabase('undoing the migration that let agencies’ quotes hold rooms', (get) => {
	beforeAll(async () => {
		await useAppDatabase(get().url)
		await seedDemo(get().db)
	})
	afterAll(async () => {
		await closeDatabase()
	})

	test('gives back to sale the rooms the agencies’ quotes hold, and keeps what staff quotes hold', async () => {
		const { db } = get()
		const agentId = await agency(db, 'Undo Holidays', 100_000_000)
		const params = { ...trip, startDate: tripDay(35) }
		await tripHotelsSell(db, params, true)
		const resolved = await resolveBookingDraft(db, new URLSearchParams(params))
		if (!resolved.ok) throw new Error(JSON.stringify(resolved.errors))
		const stay = resolved.draft.stays![0]!
		await saveSaleTerms(db, stay.hotelId, { mode: 'allotment', releaseDays: 0 }, staff)
		const last = addDays(stay.arrival, stay.nights - 1)
		await editRange(db, stay.hotelId, { roomTypeIds: [stay.roomTypeId], first: stay.arrival, last, weekdays: [], allotment: 3 }, staff)
		const input = { ...quoteInput, params: new URLSearchParams(params) }
		const kept = await saveAgentQuote(db, agentUser, agentId, input, new Date())
		await saveAgentQuote(db, agentUser, agentId, input, new Date())
		await withdrawAgentQuote(db, agentId, kept.id)
		// A staff quote's hold on the same nights, as the table held them before the migration.
		const quote = await db.selectFrom('quotes').select('id').limit(1).executeTakeFirstOrThrow()
		await db
			.insertInto('room_night_holds')
			.values(
				stayNightsOf(stay).map((night) => ({
					quote_id: quote.id,
					hotel_id: stay.hotelId,
					room_type_id: stay.roomTypeId,
					night,
					rooms: 1,
					expires_on: last,
					released_at: null,
					created_at: new Date().toISOString(),
				})),
			)
			.execute()
		await db
			.updateTable('room_nights')
			.set({ held: sql<number>`held + 1` })
			.where('room_type_id', '=', stay.roomTypeId)
			.where('night', '>=', stay.arrival)
			.where('night', '<=', last)
			.execute()
		const held = async () =>
			(
				await db
					.selectFrom('room_nights')
					.select('held')
					.where('room_type_id', '=', stay.roomTypeId)
					.where('night', '>=', stay.arrival)
					.where('night', '<=', last)
					.execute()
			).map((night) => Number(night.held))
		expect(await held()).toEqual(stayNightsOf(stay).map(() => 2))
		const undone = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo('20261128_06_0100_agent_holds')
		expect(undone.error).toBeUndefined()
		expect(undone.results?.map((result) => result.migrationName)).toContain('20261128_07_0100_agent_quote_room_holds')
		expect(await held()).toEqual(stayNightsOf(stay).map(() => 1))
		const left = await db.selectFrom('room_night_holds').select('quote_id').where('room_type_id', '=', stay.roomTypeId).execute()
		expect(left.map((hold) => hold.quote_id)).toEqual(stayNightsOf(stay).map(() => quote.id))
	})
})

const stayNightsOf = (stay: { arrival: string; nights: number }) => Array.from({ length: stay.nights }, (_, night) => addDays(stay.arrival, night))
