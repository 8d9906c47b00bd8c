import { beforeAll, expect, test } from 'vitest'
import { tripDay, twoAdultBooking } from '#tests/support/booking-fixtures.ts'
import { hotelWithRoom, seasonsCoveringTheClock } from '#tests/support/inventory-fixtures.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { createBooking, type NewBooking } from '~/features/bookings/server/bookings.server.ts'
import { addDays, formatTravelDate, todayInIndia } from '~/lib/dates.ts'
import type { DB } from '~/server/db/client.server.ts'
import { workQueues } from '~/features/reports/server/work-queues.server.ts'
import { exportContractCsv, importContractCsv, overbookedNights, unconfirmedInReleaseWindow } from './contract.server.ts'
import { addStopSale, editRange, saveSaleTerms } from './inventory.server.ts'

const staff = { id: 'staff-1', label: 'Asha (staff)' }
const header = 'kind,room_type,first_night,last_night,allotment,release_days,min_stay,closed_to_arrival,mode,reason'

async function contractState(db: DB, hotelId: string) {
	const [terms, nights, stops] = await Promise.all([
		db.selectFrom('hotel_sale_terms').select(['mode', 'release_days']).where('hotel_id', '=', hotelId).executeTakeFirst(),
		db
			.selectFrom('room_nights')
			.select(['night', 'allotment', 'sold', 'release_days', 'min_stay', 'closed_to_arrival'])
			.where('hotel_id', '=', hotelId)
			.orderBy('night')
			.execute(),
		db
			.selectFrom('stop_sales')
			.select(['first_night', 'last_night', 'reason', 'room_type_id'])
			.where('hotel_id', '=', hotelId)
			.orderBy('first_night')
			.execute(),
	])
	return { terms, nights, stops }
}

describeEachDatabase('a hotel contract as CSV, the overbooking report and the release window', (get) => {
	let form: NewBooking
	const arrival = tripDay(0)
	const today = todayInIndia()

	beforeAll(async () => {
		form = await twoAdultBooking(get().db, 'contract-test-package')
		await seasonsCoveringTheClock(get().db)
	})

	test('export, then import into another hotel: the same contract; importing it again changes nothing', async () => {
		const { db } = get()
		const from = await hotelWithRoom(db, 'contracthotel0000001')
		await saveSaleTerms(db, from.hotelId, { mode: 'allotment', releaseDays: 7 }, staff)
		await editRange(db, from.hotelId, { roomTypeIds: [from.roomTypeId], first: arrival, last: addDays(arrival, 9), weekdays: [], allotment: 4 }, staff)
		await editRange(
			db,
			from.hotelId,
			{ roomTypeIds: [from.roomTypeId], first: addDays(arrival, 3), last: addDays(arrival, 4), weekdays: [], minStay: 2, closedToArrival: true },
			staff,
		)
		await addStopSale(db, from.hotelId, { firstNight: addDays(arrival, 8), lastNight: addDays(arrival, 9), reason: '=cmd|" Wedding', roomTypeId: null }, staff)
		const { csv } = await exportContractCsv(db, from.hotelId)
		const lines = csv.trim().split('\r\n')
		expect(lines).toHaveLength(6)
		expect(lines[0]).toBe(header)
		expect(lines[2]).toBe(`nights,Sea view,${arrival},${addDays(arrival, 2)},4,,1,no,,`)
		expect(lines[3]).toBe(`nights,Sea view,${addDays(arrival, 3)},${addDays(arrival, 4)},4,,2,yes,,`)
		expect(lines[5]).toBe(`stop_sale,,${addDays(arrival, 8)},${addDays(arrival, 9)},,,,,,"'=cmd|"" Wedding"`)

		const to = await hotelWithRoom(db, 'contracthotel0000002')
		expect(await importContractCsv(db, to.hotelId, csv, staff)).toEqual({ ok: true, ranges: 3, stopSales: 1, terms: true })
		const copied = await contractState(db, to.hotelId)
		const original = await contractState(db, from.hotelId)
		expect(copied).toEqual(original)
		expect(copied.stops[0]!.reason).toBe('=cmd|" Wedding')
		await importContractCsv(db, to.hotelId, csv, staff)
		expect(await contractState(db, to.hotelId)).toEqual(original)
	})

	test('a wrong line, or an allotment below the rooms already sold, imports nothing and says which line and the numbers', async () => {
		const { db } = get()
		const room = await hotelWithRoom(db, 'contracthotel0000003')
		await saveSaleTerms(db, room.hotelId, { mode: 'allotment', releaseDays: 7 }, staff)
		await editRange(db, room.hotelId, { roomTypeIds: [room.roomTypeId], first: arrival, last: addDays(arrival, 2), weekdays: [], allotment: 3 }, staff)
		await createBooking(db, { ...form, stays: [{ ...room, arrival: addDays(arrival, 1), nights: 1, rooms: 2 }] }, { submissionKey: 'contract-sold-two' })
		const before = await contractState(db, room.hotelId)
		const csv = [
			header,
			'terms,,,,,3,,,free_sale,',
			`nights,Sea view,${arrival},${addDays(arrival, 2)},1,,1,no,,`,
			`stop_sale,,${addDays(arrival, 5)},${addDays(arrival, 5)},,,,,,Diwali`,
		].join('\r\n')
		expect(await importContractCsv(db, room.hotelId, csv, staff)).toEqual({
			ok: false,
			problems: [
				{ line: 3, message: `Line 3: ${formatTravelDate(addDays(arrival, 1))}: 2 rooms already sold, so the allotment cannot go below 2 (you asked for 1).` },
			],
		})
		expect(await contractState(db, room.hotelId)).toEqual(before)
		const typo = [header, `nights,Sea view,${arrival},${addDays(arrival, 2)},5,,1,no,,`, `nights,Sea viw,${arrival},${addDays(arrival, 2)},5,,1,no,,`].join(
			'\r\n',
		)
		expect(await importContractCsv(db, room.hotelId, typo, staff)).toMatchObject({ ok: false, problems: [{ line: 3 }] })
		expect(await contractState(db, room.hotelId)).toEqual(before)
	})

	test('a range edit outside the season plan is refused with the reason, and nothing is saved', async () => {
		const { db } = get()
		const room = await hotelWithRoom(db, 'contracthotel0000004')
		await expect(
			editRange(db, room.hotelId, { roomTypeIds: [room.roomTypeId], first: '2019-12-30', last: '2020-01-02', weekdays: [], allotment: 3 }, staff),
		).rejects.toThrow(/Nothing was changed\. 30 Dec 2019 is outside the seasons/)
		expect((await contractState(db, room.hotelId)).nights).toEqual([])
	})

	test('the overbooking report lists nights sold beyond their allotment; the release window lists unpaid stays inside it', async () => {
		const { db } = get()
		const room = await hotelWithRoom(db, 'contracthotel0000005')
		// Released 60 days before: the fixture trip (54 days ahead) is inside the window.
		await saveSaleTerms(db, room.hotelId, { mode: 'allotment', releaseDays: 60 }, staff)
		await editRange(db, room.hotelId, { roomTypeIds: [room.roomTypeId], first: arrival, last: addDays(arrival, 1), weekdays: [], allotment: 2 }, staff)
		const booking = await createBooking(db, { ...form, stays: [{ ...room, arrival, nights: 2, rooms: 1 }] }, { submissionKey: 'contract-release-window' })
		const window = await unconfirmedInReleaseWindow(db, today)
		expect(window.stays.find((stay) => stay.bookingId === booking.id)).toMatchObject({
			hotelName: 'Inventory Test contracthotel0000005',
			arrival,
			releasedOn: addDays(arrival, -60),
			why: 'not paid yet',
		})
		// The dashboard's work queue shows it, oldest release first.
		const queue = (await workQueues(db, today)).find((candidate) => candidate.id === 'release-window')!
		expect(queue).toMatchObject({ title: 'Rooms in the release window, unconfirmed', to: '/admin/inventory#release-window' })
		expect(queue.count).toBeGreaterThanOrEqual(1)
		// Before the window opens, it is not listed.
		expect((await unconfirmedInReleaseWindow(db, addDays(arrival, -61))).stays.find((stay) => stay.bookingId === booking.id)).toBeUndefined()

		// A night sold beyond the allotment (a hotel that cut our rooms, rooms sold by hand before this system).
		await db.updateTable('room_nights').set({ sold: 3 }).where('room_type_id', '=', room.roomTypeId).where('night', '=', arrival).execute()
		const over = await overbookedNights(db, { from: today, hotelId: room.hotelId })
		expect(over).toEqual([
			{
				hotelId: room.hotelId,
				hotelName: 'Inventory Test contracthotel0000005',
				island: 'havelock',
				roomTypeName: 'Sea view',
				night: arrival,
				allotment: 2,
				sold: 3,
				held: 0,
				over: 1,
			},
		])
	})
})
