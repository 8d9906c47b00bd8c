/** Staff booking every ferry leg of a trip booking in one action, on both databases against the three stand-ins (ADR 205). */
import { expect, test } from 'vitest'
import { twoAdultBooking } from '#tests/support/booking-fixtures.ts'
import { ferryStandInsForFile } from '#tests/support/ferry-stand-ins-for-file.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { createBooking } from '~/features/bookings/server/bookings.server.ts'
import type { FerryIsland } from '~/features/ferries/domain/enquiry.ts'
import type { StaffLegChoice } from '~/features/ferries/domain/live/legs.ts'
import type { LiveOperator } from '~/features/ferries/domain/live/operator.ts'
import type { DB } from '~/server/db/client.server.ts'
import { operatorsFromEnv } from './operators.server.ts'
import { searchOperator } from './search.server.ts'
import { bookLegsForBooking, cancelLeg, liveLegsOfBooking, retryLeg, staffLegsPage, tripBookingFromFerryLead } from './staff-legs.server.ts'
import { createFerryEnquiry, quoteFerryLead } from '~/features/ferries/server/ferries.server.ts'
import type { FerryEnquiry } from '~/features/ferries/domain/enquiry.ts'
import type { Passenger } from '~/features/ferries/domain/passengers.ts'

const stands = ferryStandInsForFile()

const settings = { markupPercent: 5, holdMinutes: 10 }
const staff = { id: 'staff-1', label: 'Asha (staff)' }
let day = 70
const four = [
	{ name: 'Meera Iyer', age: 39, gender: 'female', nationality: 'Indian', idType: 'aadhaar', idNumber: '1234 5678 9012', passportExpiry: null },
	{ name: 'Arjun Iyer', age: 41, gender: 'male', nationality: 'Indian', idType: 'aadhaar', idNumber: '2234 5678 9012', passportExpiry: null },
	{ name: 'Kavya Iyer', age: 12, gender: 'female', nationality: 'Indian', idType: 'aadhaar', idNumber: '3234 5678 9012', passportExpiry: null },
	{ name: 'Lena Vogel', age: 35, gender: 'female', nationality: 'German', idType: 'passport', idNumber: 'C01X00T47', passportExpiry: '2032-01-01' },
]

/** A trip booking for four travellers with its three ferry components: Port Blair → Havelock → Neil → Port Blair. */
async function islandHop(db: DB, key: string) {
	const form = await twoAdultBooking(db, `hop-${key}`, { adults: 4, travellers: four })
	const { id } = await createBooking(db, form, { submissionKey: `hop-${key}` })
	const first = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10)
	day += 5
	const dates = [0, 2, 4].map((offset) => new Date(Date.parse(first) + offset * 86_400_000).toISOString().slice(0, 10))
	const stamp = new Date().toISOString()
	const legs = [
		['Port Blair → Havelock, premium', dates[0]],
		['Ferry Havelock to Neil', dates[1]],
		['Shaheed Dweep → Sri Vijaya Puram', dates[2]],
	] as const
	await db
		.insertInto('booking_components')
		.values(
			legs.map(([description, date], index) => ({
				id: `${key}-c${index}`.padEnd(20, 'x').slice(0, 20),
				booking_id: id,
				position: index + 10,
				kind: 'ferry',
				description,
				island: null,
				start_date: date,
				end_date: date,
				time: null,
				supplier: null,
				supplier_status: 'pending',
				confirmation_number: null,
				notes: null,
				created_at: stamp,
				updated_at: stamp,
			})),
		)
		.execute()
	return { id, dates }
}

/** The `nth` sailing of an operator (the Sealink stand-in books seats across dates: each test takes its own vessel). */
async function choose(
	index: number,
	operator: LiveOperator,
	from: FerryIsland,
	to: FerryIsland,
	date: string,
	classCode: string,
	nth = 0,
): Promise<StaffLegChoice> {
	const sailing = (await searchOperator(stands.setup, operator, { from, to, date, adults: 4, infants: 0 }))[nth]!
	return { index, from, to, date, operator, classCode, sailingKey: sailing.key }
}

describeEachDatabase('staff book every ferry leg of a booking', (get) => {
	test('a three-leg island hop for four travellers in one action: three PNRs; the same action again books nothing more', async () => {
		const { db, kind } = get()
		const hop = await islandHop(db, `all-${kind}`)
		const page = await staffLegsPage(db, stands.setup, hop.id, new URLSearchParams({ search: '1' }), settings)
		expect(page.legs.map((leg) => [leg.from, leg.to, leg.date])).toEqual([
			['port-blair', 'havelock', hop.dates[0]],
			['havelock', 'neil', hop.dates[1]],
			['neil', 'port-blair', hop.dates[2]],
		])
		expect(page.adults).toBe(4)
		expect(page.legs.every((leg) => (leg.answer?.sailings.length ?? 0) > 0)).toBe(true)
		const choices = [
			await choose(0, 'sealink', 'port-blair', 'havelock', hop.dates[0]!, 'L'),
			await choose(1, 'green-ocean', 'havelock', 'neil', hop.dates[1]!, '1'),
			await choose(2, 'makruzz', 'neil', 'port-blair', hop.dates[2]!, '14'),
		]
		const result = await bookLegsForBooking(db, stands.setup, hop.id, choices, settings, staff, { root: stands.root })
		expect(result.legs.map((leg) => leg.state)).toEqual(['ticketed', 'ticketed', 'ticketed'])
		expect(result.legs.map((leg) => leg.pnr?.slice(0, 2))).toEqual(['SL', 'GO', 'MK'])
		const live = await liveLegsOfBooking(db, hop.id)
		expect(live.map((leg) => leg.hasTicket)).toEqual([false, true, false])
		const passengers = await db.selectFrom('ferry_passengers').selectAll().where('ferry_booking_id', '=', live[1]!.id).orderBy('position').execute()
		expect(passengers.map((p) => [p.name, p.nationality, p.country])).toEqual([
			['Meera Iyer', 'indian', null],
			['Arjun Iyer', 'indian', null],
			['Kavya Iyer', 'indian', null],
			['Lena Vogel', 'foreign', 'German'],
		])
		// A double click, or the form sent again: every leg is found, nothing booked again.
		const before = [stands.standIns.sealink.bookings.size, stands.standIns.greenOcean.state.calls.filter((c) => c === 'book-ticket').length]
		const again = await Promise.all([
			bookLegsForBooking(db, stands.setup, hop.id, choices, settings, staff, { root: stands.root }),
			bookLegsForBooking(db, stands.setup, hop.id, choices, settings, staff, { root: stands.root }),
		])
		expect(again.flatMap((r) => r.legs.map((leg) => leg.pnr))).toEqual([...result.legs.map((leg) => leg.pnr), ...result.legs.map((leg) => leg.pnr)])
		expect([stands.standIns.sealink.bookings.size, stands.standIns.greenOcean.state.calls.filter((c) => c === 'book-ticket').length]).toEqual(before)
		expect(await liveLegsOfBooking(db, hop.id)).toHaveLength(3)
	})

	test('leg 2 refused after leg 1 was ticketed: leg 1 holds, leg 3 is not tried; cancelling leg 1 where the operator has no cancel call says so; rebooking leg 2 then ticketing leg 3 completes the hop', async () => {
		const { db, kind } = get()
		const hop = await islandHop(db, `fail-${kind}`)
		// The Green Ocean stand-in keeps seats across dates: this test starts from an empty ferry.
		stands.standIns.greenOcean.booked.clear()
		stands.standIns.greenOcean.blocks.clear()
		const choices = [
			await choose(0, 'sealink', 'port-blair', 'havelock', hop.dates[0]!, 'L', 1),
			await choose(1, 'green-ocean', 'havelock', 'neil', hop.dates[1]!, '2'),
			await choose(2, 'makruzz', 'neil', 'port-blair', hop.dates[2]!, '14'),
		]
		stands.standIns.greenOcean.state.expireBlocks = true
		let result
		try {
			result = await bookLegsForBooking(db, stands.setup, hop.id, choices, settings, staff, { root: stands.root })
		} finally {
			stands.standIns.greenOcean.state.expireBlocks = false
		}
		expect(result.legs.map((leg) => leg.state)).toEqual(['ticketed', 'refused'])
		expect(result.legs[1]!.message).toContain('released the seats')
		expect(result.notTried).toEqual([2])
		const live = await liveLegsOfBooking(db, hop.id)
		expect(live.map((leg) => [leg.index, leg.state])).toEqual([
			[0, 'ticketed'],
			[1, 'refused'],
		])
		// Sealink's API has no cancel call: said, and leg 1 stays ticketed.
		await expect(cancelLeg(db, stands.setup, hop.id, live[0]!.id, staff)).rejects.toMatchObject({
			code: 'failed-precondition',
			message: expect.stringContaining('agent portal'),
		})
		expect((await liveLegsOfBooking(db, hop.id))[0]!.state).toBe('ticketed')
		// A refused leg is not retried (its hold is gone): it is booked again, as a new try under a new key.
		await expect(retryLeg(db, stands.setup, hop.id, live[1]!.id, staff)).rejects.toMatchObject({ code: 'failed-precondition' })
		const rebooked = await bookLegsForBooking(db, stands.setup, hop.id, choices, settings, staff, { root: stands.root })
		expect(rebooked.legs.map((leg) => leg.state)).toEqual(['ticketed', 'ticketed', 'ticketed'])
		expect(rebooked.legs[0]!.pnr).toBe(result.legs[0]!.pnr)
		const keys = await db
			.selectFrom('ferry_bookings')
			.select(['leg_index', 'idempotency_key', 'live_state'])
			.where('booking_id', '=', hop.id)
			.orderBy('leg_index')
			.orderBy('created_at')
			.execute()
		expect(keys.map((row) => [row.leg_index, row.live_state, row.idempotency_key!.split(':').slice(-3).join(':')])).toEqual([
			[0, 'ticketed', 'leg:1:1'],
			[1, 'refused', 'leg:2:1'],
			[1, 'ticketed', 'leg:2:2'],
			[2, 'ticketed', 'leg:3:1'],
		])
	})

	test('an operator with a cancel call (the demo operator) cancels a ticketed leg and its fee is recorded; a booking without travellers is refused', async () => {
		const { db, kind } = get()
		const demo = operatorsFromEnv({ NODE_ENV: 'test', FERRY_DEMO_OPERATOR: 'true' })
		const hop = await islandHop(db, `demo-${kind}`)
		const sailing = (await searchOperator(demo, 'demo', { from: 'port-blair', to: 'havelock', date: hop.dates[0]!, adults: 4, infants: 0 }))[0]!
		const result = await bookLegsForBooking(
			db,
			demo,
			hop.id,
			[{ index: 0, from: 'port-blair', to: 'havelock', date: hop.dates[0]!, operator: 'demo', classCode: 'E', sailingKey: sailing.key }],
			settings,
			staff,
			{ root: stands.root },
		)
		expect(result.legs).toMatchObject([{ state: 'ticketed' }])
		expect(await cancelLeg(db, demo, hop.id, result.legs[0]!.ferryBookingId, staff)).toEqual({ fee: 0 })
		expect((await liveLegsOfBooking(db, hop.id))[0]).toMatchObject({ state: 'cancelled', cancelFee: 0 })
		const empty = await createBooking(db, await twoAdultBooking(db, `hop-empty-${kind}`, { travellers: [] }), { submissionKey: `hop-empty-${kind}` })
		await expect(
			bookLegsForBooking(
				db,
				demo,
				empty.id,
				[{ index: 0, from: 'port-blair', to: 'havelock', date: hop.dates[0]!, operator: 'demo', classCode: 'E', sailingKey: sailing.key }],
				settings,
				staff,
			),
		).rejects.toMatchObject({ code: 'failed-precondition' })
	})

	test('a ferry lead booked live: a trip booking for the quoted fare with the typed travellers and one ferry component per journey, once; its legs then book like any booking', async () => {
		const { db, kind } = get()
		const demo = operatorsFromEnv({ NODE_ENV: 'test', FERRY_DEMO_OPERATOR: 'true' })
		const first = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10)
		const back = new Date(Date.parse(first) + 3 * 86_400_000).toISOString().slice(0, 10)
		day += 5
		const lead = await createFerryEnquiry(db, {
			tripType: 'return',
			legs: [
				{ from: 'port-blair', to: 'havelock', date: first, time: 'any', operator: 'any', class: 'any' },
				{ from: 'havelock', to: 'port-blair', date: back, time: 'any', operator: 'any', class: 'any' },
			],
			adults: 2,
			infants: 0,
			indians: 1,
			foreigners: 1,
			name: 'Anita Rao',
			phone: '+919876543210',
			email: 'anita@example.com',
			message: undefined,
			submissionKey: `lead-live-${kind}`,
		} satisfies FerryEnquiry)
		const travellers: Passenger[] = [
			{ name: 'Anita Rao', age: 44, gender: 'female', nationality: 'indian', idType: 'aadhaar', idNumber: '1234 5678', passportExpiry: null, country: null },
			{
				name: 'Paul Martin',
				age: 47,
				gender: 'male',
				nationality: 'foreign',
				idType: 'passport',
				idNumber: 'FR1234567',
				passportExpiry: '2031-01-01',
				country: 'France',
			},
		]
		await expect(tripBookingFromFerryLead(db, lead.id, travellers, staff)).rejects.toMatchObject({ code: 'failed-precondition' })
		await quoteFerryLead(db, staff, lead.id, 640_000, null)
		const [made, again] = [await tripBookingFromFerryLead(db, lead.id, travellers, staff), await tripBookingFromFerryLead(db, lead.id, travellers, staff)]
		expect(again.id).toBe(made.id)
		expect(await db.selectFrom('bookings').select(['total', 'advance_due', 'adults']).where('id', '=', made.id).executeTakeFirstOrThrow()).toMatchObject({
			total: 640_000,
			advance_due: 640_000,
			adults: 2,
		})
		const page = await staffLegsPage(db, demo, made.id, new URLSearchParams({ search: '1' }), settings)
		expect(page.legs.map((leg) => [leg.from, leg.to, leg.date])).toEqual([
			['port-blair', 'havelock', first],
			['havelock', 'port-blair', back],
		])
		const choices = page.legs.map((leg) => ({
			index: leg.index,
			from: leg.from,
			to: leg.to,
			date: leg.date,
			operator: 'demo' as const,
			classCode: 'P',
			sailingKey: leg.answer!.sailings[0]!.key,
		}))
		const result = await bookLegsForBooking(db, demo, made.id, choices, settings, staff, { root: stands.root })
		expect(result.legs.map((leg) => leg.state)).toEqual(['ticketed', 'ticketed'])
		const passengers = await db
			.selectFrom('ferry_passengers')
			.select(['name', 'nationality', 'country'])
			.where('ferry_booking_id', '=', result.legs[0]!.ferryBookingId)
			.orderBy('position')
			.execute()
		expect(passengers).toEqual([
			{ name: 'Anita Rao', nationality: 'indian', country: null },
			{ name: 'Paul Martin', nationality: 'foreign', country: 'France' },
		])
	})
})
