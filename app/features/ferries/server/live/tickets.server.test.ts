/** Live ferry tickets on both databases, against the three operator stand-ins and the gateway stand-in (ADR 203). */
import fs from 'node:fs/promises'
import path from 'node:path'
import { expect, test } from 'vitest'
import { ferryStandInsForFile } from '#tests/support/ferry-stand-ins-for-file.ts'
import { gatewayStandInForFile } from '#tests/support/gateway-stand-in.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import type { LiveOperator, SearchQuery } from '~/features/ferries/domain/live/operator.ts'
import type { Passenger } from '~/features/ferries/domain/passengers.ts'
import type { DB } from '~/server/db/client.server.ts'
import { holdSeats } from './holds.server.ts'
import { searchOperator } from './search.server.ts'
import { startFerryCheckout, ticketLeg, ticketPaidLegs, tripFerryLegs, tripFerryTicket } from './tickets.server.ts'

const { payInFull } = gatewayStandInForFile()
const stands = ferryStandInsForFile()

const settings = { markupPercent: 5, holdMinutes: 10 }
let day = 40
const nextQuery = (adults = 2, infants = 0): SearchQuery => ({
	from: 'port-blair',
	to: 'havelock',
	date: new Date(Date.now() + day++ * 86_400_000).toISOString().slice(0, 10),
	adults,
	infants,
})
const contact = { name: 'Meera Nair', phone: '+91 98765 43210', email: 'meera@example.com' }
const indian = (name: string, age = 34): Passenger => ({
	name,
	age,
	gender: 'female',
	nationality: 'indian',
	idType: 'aadhaar',
	idNumber: '1234 5678 9012',
	passportExpiry: null,
	country: null,
})
const foreign = (name: string): Passenger => ({
	name,
	age: 41,
	gender: 'male',
	nationality: 'foreign',
	idType: 'passport',
	idNumber: 'X1234567',
	passportExpiry: '2031-01-01',
	country: 'Germany',
})

/** Holds a party's seats on the first sailing of an operator and fills in the passengers: a trip booking to pay. */
async function checkout(db: DB, operator: LiveOperator, query: SearchQuery, options: { classCode: string; seats: string[]; passengers: Passenger[] }) {
	const sailing = (await searchOperator(stands.setup, operator, query, { fresh: true }))[0]!
	const hold = await holdSeats(db, stands.setup, { operator, sailingKey: sailing.key, classCode: options.classCode, seats: options.seats, query }, settings)
	const made = await startFerryCheckout(db, hold.id, { contact, passengers: options.passengers })
	return { ...made, holdId: hold.id }
}

describeEachDatabase('live ferry tickets', (get) => {
	test('Green Ocean: passengers, payment in full, then one PNR with its ticket PDF on the trip page and in the email; a double submit and five retries buy nothing more', async () => {
		const { db, kind } = get()
		const query = nextQuery(2)
		const seats = kind === 'sqlite' ? ['11', '12'] : ['13', '14']
		const made = await checkout(db, 'green-ocean', query, { classCode: '1', seats, passengers: [indian('Meera Nair'), foreign('Jonas Weber')] })
		// The same form sent again lands on the same bookings.
		expect(await startFerryCheckout(db, made.holdId, { contact, passengers: [indian('Meera Nair'), foreign('Jonas Weber')] })).toEqual({
			bookingId: made.bookingId,
			tripToken: made.tripToken,
			ferryBookingId: made.ferryBookingId,
		})
		const booking = await db.selectFrom('bookings').selectAll().where('id', '=', made.bookingId).executeTakeFirstOrThrow()
		expect(booking).toMatchObject({ status: 'pending_payment', advance_due: booking.total })
		// Not paid yet: nothing is booked at the operator.
		const before = stands.standIns.greenOcean.state.calls.filter((call) => call === 'book-ticket').length
		expect((await ticketPaidLegs(db, stands.setup, null, made.bookingId, { root: stands.root })).legs).toEqual([])
		const { gateway } = await payInFull(db, made.tripToken, `evt_go_${kind}`)
		const results = await Promise.all(Array.from({ length: 5 }, () => ticketPaidLegs(db, stands.setup, gateway, made.bookingId, { root: stands.root })))
		// One request claims the leg; one that ran after the claim finished answers "ticketed" too (as for Sealink below).
		const outcomes = results.flatMap((result) => result.legs)
		expect(outcomes.map((leg) => leg.state).filter((state) => state !== 'ticketed' && state !== 'ticketing')).toEqual([])
		const ticketed = outcomes.filter((leg) => leg.state === 'ticketed')
		expect(ticketed.length).toBeGreaterThan(0)
		expect(new Set(ticketed.map((leg) => leg.pnr)).size).toBe(1)
		expect(stands.standIns.greenOcean.state.calls.filter((call) => call === 'book-ticket').length - before).toBe(1)
		const leg = await db.selectFrom('ferry_bookings').selectAll().where('id', '=', made.ferryBookingId).executeTakeFirstOrThrow()
		expect(leg).toMatchObject({ status: 'confirmed', live_state: 'ticketed', pnr: ticketed[0]!.pnr, ticket_mime: 'application/pdf' })
		expect((await fs.readFile(path.join(stands.root, leg.ticket_file!))).subarray(0, 5).toString()).toBe('%PDF-')
		expect((await db.selectFrom('ferry_seat_holds').select('status').where('id', '=', made.holdId).executeTakeFirstOrThrow()).status).toBe('booked')
		const passengers = await db.selectFrom('ferry_passengers').selectAll().where('ferry_booking_id', '=', made.ferryBookingId).orderBy('position').execute()
		expect(passengers.map((p) => [p.name, p.country])).toEqual([
			['Meera Nair', null],
			['Jonas Weber', 'Germany'],
		])
		// The trip page lists the leg with its PNR; the ticket opens through the trip's own address only.
		expect(await tripFerryLegs(db, made.tripToken)).toMatchObject([{ pnr: leg.pnr, state: 'ticketed', hasTicket: true }])
		expect(await tripFerryTicket(db, made.tripToken, made.ferryBookingId)).toMatchObject({ mime: 'application/pdf' })
		await expect(tripFerryTicket(db, 'another-trip-token-xxxxxxxxxxxx', made.ferryBookingId)).rejects.toMatchObject({ code: 'not-found' })
		const email = await db.selectFrom('email_outbox').selectAll().where('dedupe_key', '=', `ferry-ticket:${made.ferryBookingId}`).executeTakeFirstOrThrow()
		expect(email.subject).toContain(leg.pnr!)
		expect(email.body_text).toContain(`/trip/${made.tripToken}`)
	})

	test('Sealink: ten requests ticketing one paid leg at once call the operator once; the operator keeps one booking under the leg key', async () => {
		const { db, kind } = get()
		const query = nextQuery(1)
		const made = await checkout(db, 'sealink', query, { classCode: 'L', seats: [kind === 'sqlite' ? '5' : '6'], passengers: [indian('Ravi Kumar', 29)] })
		const { gateway } = await payInFull(db, made.tripToken, `evt_sl_${kind}`)
		const bookingsBefore = stands.standIns.sealink.bookings.size
		const outcomes = (
			await Promise.all(Array.from({ length: 10 }, () => ticketPaidLegs(db, stands.setup, gateway, made.bookingId, { root: stands.root })))
		).flatMap((result) => result.legs)
		// One request claims the leg; the others answer the state they read: still ticketing, or already ticketed
		// when they ran after the claim finished (under load, several may). The operator is called once either way.
		expect(outcomes.map((leg) => leg.state).filter((state) => state !== 'ticketed' && state !== 'ticketing')).toEqual([])
		expect(outcomes.some((leg) => leg.state === 'ticketed')).toBe(true)
		expect(stands.standIns.sealink.bookings.size - bookingsBefore).toBe(1)
		// A retry of a ticketed leg answers what it has, without calling the operator.
		const again = await ticketLeg(db, stands.setup, made.ferryBookingId, ['awaiting-payment', 'unknown'], { root: stands.root })
		expect(again).toMatchObject({ state: 'ticketed' })
		expect(stands.standIns.sealink.bookings.size - bookingsBefore).toBe(1)
	})

	test('Makruzz refuses after payment (its session expired): the leg is refused, the booking cancelled without a fee and the online payment refunded', async () => {
		const { db, kind } = get()
		const query = nextQuery(2)
		const made = await checkout(db, 'makruzz', query, { classCode: '14', seats: [], passengers: [indian('Anil Rao', 50), indian('Sita Rao', 48)] })
		const { gateway, amount } = await payInFull(db, made.tripToken, `evt_mk_${kind}`)
		stands.standIns.makruzz.state.expireBlocks = true
		let result
		try {
			result = await ticketPaidLegs(db, stands.setup, gateway, made.bookingId, { root: stands.root })
		} finally {
			stands.standIns.makruzz.state.expireBlocks = false
		}
		expect(result.legs).toMatchObject([{ state: 'refused' }])
		expect(result.refund).toMatchObject({ amount })
		const leg = await db.selectFrom('ferry_bookings').selectAll().where('id', '=', made.ferryBookingId).executeTakeFirstOrThrow()
		expect(leg).toMatchObject({ status: 'failed', live_state: 'refused', pnr: null })
		expect(leg.live_error).toContain('released the seats')
		expect(
			await db.selectFrom('bookings').select(['status', 'cancellation_fee', 'refund_due']).where('id', '=', made.bookingId).executeTakeFirstOrThrow(),
		).toMatchObject({ status: 'cancelled', cancellation_fee: 0, refund_due: amount })
		const refunds = await db.selectFrom('refunds').selectAll().where('booking_id', '=', made.bookingId).execute()
		expect(refunds).toHaveLength(1)
		expect(refunds[0]).toMatchObject({ amount, method: 'gateway' })
		expect(refunds[0]!.status).not.toBe('failed')
		expect((await db.selectFrom('ferry_seat_holds').select('status').where('id', '=', made.holdId).executeTakeFirstOrThrow()).status).toBe('released')
		// Asked again, nothing more is refunded or booked.
		expect(await ticketPaidLegs(db, stands.setup, gateway, made.bookingId, { root: stands.root })).toEqual({ legs: [], refund: null })
		expect(await db.selectFrom('refunds').select('id').where('booking_id', '=', made.bookingId).execute()).toHaveLength(1)
		expect(await tripFerryLegs(db, made.tripToken)).toMatchObject([{ state: 'refused', pnr: null }])
	})

	test('an operator that does not answer the booking: the leg is unknown (no refund: it may be ticketed); a retry with the same key gets the one ticket', async () => {
		const { db, kind } = get()
		const query = nextQuery(1)
		const fast = { ...stands.setup, timeoutMs: 300 }
		const made = await checkout(db, 'makruzz', query, { classCode: '14', seats: [], passengers: [indian('Leela Das', 61)] })
		const { gateway } = await payInFull(db, made.tripToken, `evt_mk_hang_${kind}`)
		stands.standIns.makruzz.state.hang = true
		let first
		try {
			first = await ticketPaidLegs(db, fast, gateway, made.bookingId, { root: stands.root })
		} finally {
			stands.standIns.makruzz.state.hang = false
		}
		expect(first.legs).toMatchObject([{ state: 'unknown' }])
		expect(first.refund).toBeNull()
		expect((await db.selectFrom('bookings').select('status').where('id', '=', made.bookingId).executeTakeFirstOrThrow()).status).not.toBe('cancelled')
		const retried = await ticketLeg(db, stands.setup, made.ferryBookingId, ['unknown'], { root: stands.root })
		expect(retried.state).toBe('ticketed')
		expect(retried.pnr).toMatch(/^MK/)
	})

	test('a lapsed hold cannot be checked out: the traveller is told to hold again', async () => {
		const { db } = get()
		const query = nextQuery(1)
		const sailing = (await searchOperator(stands.setup, 'sealink', query, { fresh: true }))[0]!
		const hold = await holdSeats(
			db,
			stands.setup,
			{ operator: 'sealink', sailingKey: sailing.key, classCode: 'R', seats: ['R3'], query },
			settings,
			new Date(Date.now() - 11 * 60_000),
		)
		await expect(startFerryCheckout(db, hold.id, { contact, passengers: [indian('Late Comer')] })).rejects.toMatchObject({ code: 'failed-precondition' })
		await expect(startFerryCheckout(db, 'no-such-hold-xxxxxxx', { contact, passengers: [indian('Late Comer')] })).rejects.toMatchObject({ code: 'not-found' })
	})
})
