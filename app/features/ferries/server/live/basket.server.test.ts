/** A traveller's basket of ferry legs on both databases, against the operator stand-ins and the gateway stand-in (ADR 211). */
import { expect, test } from 'vitest'
import { ferryStandInsForFile } from '#tests/support/ferry-stand-ins-for-file.ts'
import { gatewayStandInForFile } from '#tests/support/gateway-stand-in.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import type { LiveOperator, SearchQuery } from '~/features/ferries/domain/live/operator.ts'
import type { Passenger } from '~/features/ferries/domain/passengers.ts'
import type { DB } from '~/server/db/client.server.ts'
import { getBasket, holdSeats, releaseTravellerHold } from './holds.server.ts'
import { searchOperator } from './search.server.ts'
import { refundRefusedLeg, startFerryCheckout, ticketPaidLegs, tripFerryLegs } from './tickets.server.ts'

const { payInFull } = gatewayStandInForFile()
const stands = ferryStandInsForFile()

const settings = { markupPercent: 5, holdMinutes: 10 }
let day = 60
/** A date the clock has not reached: tests never depend on today's date. */
const dateIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
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

type Leg = { operator: LiveOperator; query: SearchQuery; classCode: string; seats: string[] }

/** Holds one leg on the operator's first sailing, starting a basket or joining one. */
async function holdLeg(db: DB, leg: Leg, basketId?: string) {
	const sailing = (await searchOperator(stands.setup, leg.operator, leg.query, { fresh: true }))[0]!
	return holdSeats(
		db,
		stands.setup,
		{ operator: leg.operator, sailingKey: sailing.key, classCode: leg.classCode, seats: leg.seats, query: leg.query, basketId },
		settings,
	)
}

describeEachDatabase('a basket of ferry legs', (get) => {
	test('a leg must sail from where the last one arrives, on its day or later, for the same travellers; legs share one clock and go together', async () => {
		const { db, kind } = get()
		const start = day
		day += 5
		const out = { from: 'port-blair', to: 'havelock', date: dateIn(start + 2), adults: 1, infants: 0 } as const
		const first = await holdLeg(db, { operator: 'green-ocean', query: out, classCode: '1', seats: [kind === 'sqlite' ? '11' : '12'] })
		const wrongIsland = holdLeg(
			db,
			{ operator: 'makruzz', query: { ...out, from: 'neil', to: 'port-blair', date: dateIn(start + 3) }, classCode: '14', seats: [] },
			first.id,
		)
		await expect(wrongIsland).rejects.toMatchObject({
			code: 'invalid-argument',
			status: 400,
			message: expect.stringContaining('Leg 2 must sail from Havelock'),
		})
		const earlier = holdLeg(
			db,
			{ operator: 'makruzz', query: { ...out, from: 'havelock', to: 'port-blair', date: dateIn(start + 1) }, classCode: '14', seats: [] },
			first.id,
		)
		await expect(earlier).rejects.toMatchObject({ code: 'invalid-argument', message: expect.stringMatching(/Leg 2 must sail on .* or later/) })
		const more = holdLeg(
			db,
			{ operator: 'makruzz', query: { ...out, from: 'havelock', to: 'port-blair', date: dateIn(start + 3), adults: 2 }, classCode: '14', seats: [] },
			first.id,
		)
		await expect(more).rejects.toMatchObject({ code: 'invalid-argument', message: expect.stringContaining('same travellers') })
		const back = await holdLeg(
			db,
			{ operator: 'makruzz', query: { ...out, from: 'havelock', to: 'port-blair', date: dateIn(start + 3) }, classCode: '14', seats: [] },
			first.id,
		)
		const basket = await getBasket(db, back.id, 5)
		expect(basket.id).toBe(first.id)
		expect(basket.legs.map((leg) => [leg.sailing.from, leg.sailing.to])).toEqual([
			['port-blair', 'havelock'],
			['havelock', 'port-blair'],
		])
		expect(new Set(basket.legs.map((leg) => leg.expiresAt)).size).toBe(1)
		expect(basket.sellTotal).toBe(basket.legs[0]!.sellTotal + basket.legs[1]!.sellTotal)
		// Let go (or lapsed): every leg at once, and its seat claims with it.
		await releaseTravellerHold(db, first.id)
		expect((await getBasket(db, first.id, 5)).legs.map((leg) => leg.status)).toEqual(['released', 'released'])
		expect(await db.selectFrom('ferry_seat_claims').select('seat').where('hold_id', 'in', [first.id, back.id]).execute()).toEqual([])
		await expect(
			holdLeg(db, { operator: 'makruzz', query: { ...out, from: 'havelock', to: 'neil', date: dateIn(start + 3) }, classCode: '14', seats: [] }, first.id),
		).rejects.toMatchObject({ code: 'failed-precondition' })
	})

	test('a lapsed basket lapses every leg together, and cannot be checked out', async () => {
		const { db, kind } = get()
		const start = day
		day += 5
		const out = { from: 'port-blair', to: 'havelock', date: dateIn(start), adults: 1, infants: 0 } as const
		const first = await holdLeg(db, { operator: 'sealink', query: out, classCode: 'L', seats: [kind === 'sqlite' ? '1' : '2'] })
		await holdLeg(
			db,
			{ operator: 'makruzz', query: { ...out, from: 'havelock', to: 'port-blair', date: dateIn(start + 1) }, classCode: '14', seats: [] },
			first.id,
		)
		const later = new Date(Date.now() + 11 * 60_000)
		expect((await getBasket(db, first.id, 5, later)).legs.map((leg) => leg.status)).toEqual(['lapsed', 'lapsed'])
		await expect(startFerryCheckout(db, first.id, { contact, passengers: [indian('Late Comer')] })).rejects.toMatchObject({ code: 'failed-precondition' })
	})

	test('a return trip: one trip booking and one payment for both legs; ten callbacks at once ticket each leg once, both PNRs on the trip page', async () => {
		const { db, kind } = get()
		const start = day
		day += 5
		const out = { from: 'port-blair', to: 'havelock', date: dateIn(start), adults: 2, infants: 0 } as const
		const first = await holdLeg(db, { operator: 'sealink', query: out, classCode: 'L', seats: kind === 'sqlite' ? ['3', '4'] : ['5', '6'] })
		const back = await holdLeg(
			db,
			{
				operator: 'green-ocean',
				query: { ...out, from: 'havelock', to: 'port-blair', date: dateIn(start + 3) },
				classCode: '1',
				seats: kind === 'sqlite' ? ['13', '14'] : ['15', '16'],
			},
			first.id,
		)
		const passengers = [indian('Meera Nair'), indian('Arjun Nair', 36)]
		const made = await startFerryCheckout(db, first.id, { contact, passengers })
		// Sent again (a double click), the same bookings.
		expect(await startFerryCheckout(db, first.id, { contact, passengers })).toEqual(made)
		const booking = await db.selectFrom('bookings').selectAll().where('id', '=', made.bookingId).executeTakeFirstOrThrow()
		const legs = await db.selectFrom('ferry_bookings').selectAll().where('booking_id', '=', made.bookingId).orderBy('leg_index').execute()
		expect(legs.map((leg) => [leg.hold_id, leg.leg_index, leg.live_state])).toEqual([
			[first.id, 0, 'awaiting-payment'],
			[back.id, 1, 'awaiting-payment'],
		])
		expect(Number(booking.total)).toBe(Number(legs[0]!.total) + Number(legs[1]!.total))
		expect(booking).toMatchObject({ advance_due: booking.total, nights: 3 })
		const sealinkBefore = stands.standIns.sealink.bookings.size
		const greenBefore = stands.standIns.greenOcean.state.calls.filter((call) => call === 'book-ticket').length
		const { gateway, amount } = await payInFull(db, made.tripToken, `evt_basket_${kind}`)
		expect(amount).toBe(Number(booking.total))
		const results = await Promise.all(Array.from({ length: 10 }, () => ticketPaidLegs(db, stands.setup, gateway, made.bookingId, { root: stands.root })))
		expect(
			new Set(
				results
					.flatMap((result) => result.legs)
					.filter((leg) => leg.state === 'ticketed')
					.map((leg) => leg.pnr),
			).size,
		).toBe(2)
		expect(stands.standIns.sealink.bookings.size - sealinkBefore).toBe(1)
		expect(stands.standIns.greenOcean.state.calls.filter((call) => call === 'book-ticket').length - greenBefore).toBe(1)
		const trip = await tripFerryLegs(db, made.tripToken)
		expect(trip.map((leg) => [leg.route, leg.state])).toEqual([
			['Port Blair (Sri Vijaya Puram) → Havelock (Swaraj Dweep)', 'ticketed'],
			['Havelock (Swaraj Dweep) → Port Blair (Sri Vijaya Puram)', 'ticketed'],
		])
		expect(trip.every((leg) => leg.pnr)).toBe(true)
		// One email per leg, each with its own PNR.
		for (const leg of legs)
			expect(
				(await db.selectFrom('email_outbox').select('subject').where('dedupe_key', '=', `ferry-ticket:${leg.id}`).executeTakeFirstOrThrow()).subject,
			).toContain(trip.find((t) => t.id === leg.id)!.pnr!)
		expect(await db.selectFrom('payments').select('id').where('booking_id', '=', made.bookingId).execute()).toHaveLength(1)
		expect(await db.selectFrom('refunds').select('id').where('booking_id', '=', made.bookingId).execute()).toEqual([])
	})

	test('the operator refuses the way back after payment: that leg comes off the booking and is refunded once; the way out stands', async () => {
		const { db, kind } = get()
		const start = day
		day += 5
		const out = { from: 'port-blair', to: 'havelock', date: dateIn(start), adults: 1, infants: 0 } as const
		const first = await holdLeg(db, { operator: 'sealink', query: out, classCode: 'L', seats: [kind === 'sqlite' ? '7' : '8'] })
		const back = await holdLeg(
			db,
			{ operator: 'makruzz', query: { ...out, from: 'havelock', to: 'port-blair', date: dateIn(start + 2) }, classCode: '14', seats: [] },
			first.id,
		)
		const made = await startFerryCheckout(db, first.id, { contact, passengers: [indian('Ravi Kumar', 29)] })
		const { gateway, amount } = await payInFull(db, made.tripToken, `evt_basket_refused_${kind}`)
		const backLeg = await db.selectFrom('ferry_bookings').selectAll().where('hold_id', '=', back.id).executeTakeFirstOrThrow()
		const makruzzCalls = () => stands.standIns.makruzz.state.calls.filter((call) => call === 'savePassengers').length
		const before = makruzzCalls()
		stands.standIns.makruzz.state.expireBlocks = true
		let results
		try {
			results = await Promise.all(Array.from({ length: 4 }, () => ticketPaidLegs(db, stands.setup, gateway, made.bookingId, { root: stands.root })))
		} finally {
			stands.standIns.makruzz.state.expireBlocks = false
		}
		const outcomes = results.flatMap((result) => result.legs)
		// Each leg was tried once: one ticket, one refusal (the other callers are told how the legs stand).
		expect(new Set(outcomes.filter((leg) => leg.state === 'ticketed').map((leg) => leg.pnr)).size).toBe(1)
		expect(makruzzCalls() - before).toBe(1)
		expect(results.map((result) => result.refund?.amount ?? 0).reduce((a, b) => a + b, 0)).toBe(Number(backLeg.total))
		// Asked again, and the per-leg refund called directly at once: nothing more goes back.
		await Promise.all([
			ticketPaidLegs(db, stands.setup, gateway, made.bookingId, { root: stands.root }),
			refundRefusedLeg(db, gateway, backLeg.id),
			refundRefusedLeg(db, gateway, backLeg.id),
		])
		const refunds = await db.selectFrom('refunds').selectAll().where('booking_id', '=', made.bookingId).execute()
		expect(refunds).toHaveLength(1)
		expect(refunds[0]).toMatchObject({ amount: Number(backLeg.total), method: 'gateway' })
		expect(refunds[0]!.status).not.toBe('failed')
		const booking = await db.selectFrom('bookings').select(['status', 'total', 'advance_due']).where('id', '=', made.bookingId).executeTakeFirstOrThrow()
		expect(booking.status).not.toBe('cancelled')
		expect(Number(booking.total)).toBe(amount - Number(backLeg.total))
		expect(Number(booking.advance_due)).toBe(Number(booking.total))
		const trip = await tripFerryLegs(db, made.tripToken)
		expect(trip.map((leg) => [leg.route, leg.state])).toEqual([
			['Port Blair (Sri Vijaya Puram) → Havelock (Swaraj Dweep)', 'ticketed'],
			['Havelock (Swaraj Dweep) → Port Blair (Sri Vijaya Puram)', 'refused'],
		])
		expect(trip[0]!.pnr).toMatch(/^SL/)
		expect(trip[1]!.message).toContain('refused this leg')
	})
})
