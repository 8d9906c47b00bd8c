import { beforeAll, expect, test } from 'vitest'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { whileNightsLocked } from '#tests/support/locks.ts'
import { tripDay, twoAdultBooking } from '#tests/support/booking-fixtures.ts'
import { hotelWithRoom, seasonsCoveringTheClock } from '#tests/support/inventory-fixtures.ts'
import { cancelBooking, createBooking, type NewBooking } from '~/features/bookings/server/bookings.server.ts'
import { addDays, todayInIndia } from '~/lib/dates.ts'
import { defaultSettings } from '~/features/settings/server/settings.server.ts'
import { addStopSale, editRange, hotelMonth, readStayAvailability, readTripAvailability, releaseRooms, saveSaleTerms } from './inventory.server.ts'

const staff = { id: 'staff-1', label: 'Asha (staff)' }

describeEachDatabase('hotel inventory', (get) => {
	let form: NewBooking
	const arrival = tripDay(0)
	const today = todayInIndia()

	beforeAll(async () => {
		form = await twoAdultBooking(get().db, 'inventory-test-package')
		await seasonsCoveringTheClock(get().db)
	})

	test('a hotel without terms is on request; with an allotment it counts rooms left', async () => {
		const { db } = get()
		const room = await hotelWithRoom(db, 'invhotel000000000001')
		const stay = { ...room, arrival, nights: 2, rooms: 1 }
		expect((await readStayAvailability(db, stay, today)).status).toBe('on-request')
		await saveSaleTerms(db, room.hotelId, { mode: 'allotment', releaseDays: 7 }, staff)
		await editRange(db, room.hotelId, { roomTypeIds: [room.roomTypeId], first: arrival, last: addDays(arrival, 1), weekdays: [], allotment: 2 }, staff)
		expect(await readStayAvailability(db, stay, today)).toMatchObject({ status: 'available', left: 2 })
	})

	test('50 bookings at once for the last room: one booking, 49 clear refusals; cancelling gives the room back', async () => {
		const { db } = get()
		const room = await hotelWithRoom(db, 'invhotel000000000002')
		await saveSaleTerms(db, room.hotelId, { mode: 'allotment', releaseDays: 7 }, staff)
		await editRange(db, room.hotelId, { roomTypeIds: [room.roomTypeId], first: arrival, last: addDays(arrival, 2), weekdays: [], allotment: 1 }, staff)
		const stays = [{ ...room, arrival, nights: 3, rooms: 1 }]
		const results = await Promise.allSettled(
			Array.from({ length: 50 }, (_, index) => createBooking(db, { ...form, stays }, { submissionKey: `last-room-${index}` })),
		)
		const booked = results.filter((result) => result.status === 'fulfilled')
		expect(booked).toHaveLength(1)
		for (const result of results) if (result.status === 'rejected') expect((result.reason as Error).message).toMatch(/Nothing was booked or charged/)
		const nights = await db.selectFrom('room_nights').select(['night', 'sold']).where('room_type_id', '=', room.roomTypeId).orderBy('night').execute()
		expect(nights.map((night) => night.sold)).toEqual([1, 1, 1])
		expect((await readStayAvailability(db, stays[0]!, today)).status).toBe('unavailable')
		// Allotment below what is sold is refused with the numbers, and nothing changes.
		await expect(
			editRange(db, room.hotelId, { roomTypeIds: [room.roomTypeId], first: arrival, last: addDays(arrival, 2), weekdays: [], allotment: 0 }, staff),
		).rejects.toThrow(/1 room already sold, so the allotment cannot go below 1 \(you asked for 0\)/)

		const { id } = (booked[0] as PromiseFulfilledResult<{ id: string }>).value
		await cancelBooking(db, id, 'Plans changed', today, defaultSettings.cancellationTiers, staff)
		const after = await db.selectFrom('room_nights').select('sold').where('room_type_id', '=', room.roomTypeId).execute()
		expect(after.map((night) => night.sold)).toEqual([0, 0, 0])
		const taken = await db.selectFrom('room_night_sales').select(['released_at', 'basis']).where('booking_id', '=', id).execute()
		expect(taken).toHaveLength(3)
		expect(taken.every((row) => row.released_at !== null && row.basis === 'allotment')).toBe(true)
		expect(await readStayAvailability(db, stays[0]!, today)).toMatchObject({ status: 'available', left: 1 })
	})

	test('two releases of one booking’s rooms at once give each night back once', async () => {
		const { db, kind } = get()
		const room = await hotelWithRoom(db, 'invhotel000000000009')
		await saveSaleTerms(db, room.hotelId, { mode: 'allotment', releaseDays: 7 }, staff)
		await editRange(db, room.hotelId, { roomTypeIds: [room.roomTypeId], first: arrival, last: addDays(arrival, 1), weekdays: [], allotment: 3 }, staff)
		const stays = [{ ...room, arrival, nights: 2, rooms: 1 }]
		await createBooking(db, { ...form, stays }, { submissionKey: 'release-twice-other' })
		const { id } = await createBooking(db, { ...form, stays }, { submissionKey: 'release-twice' })
		const sold = async () =>
			(await db.selectFrom('room_nights').select('sold').where('room_type_id', '=', room.roomTypeId).orderBy('night').execute()).map((night) =>
				Number(night.sold),
			)
		expect(await sold()).toEqual([2, 2])
		// Without the cancellation's lock on the booking, as a future caller might: each release in its own transaction,
		// both having read the sales before either gives anything back (PostgreSQL; SQLite runs one at a time).
		const releaseTwice = () => Promise.all([1, 2].map(() => db.transaction().execute((trx) => releaseRooms(trx, id))))
		const nights = [arrival, addDays(arrival, 1)]
		const released = kind === 'postgres' ? await whileNightsLocked(db, room.roomTypeId, nights, 2, releaseTwice) : await releaseTwice()
		expect(released.sort()).toEqual([0, 2])
		expect(await sold()).toEqual([1, 1])
	})

	test('a stop-sold stay is refused at booking with the reason; overlapping stop-sales merge', async () => {
		const { db } = get()
		const room = await hotelWithRoom(db, 'invhotel000000000003')
		await saveSaleTerms(db, room.hotelId, { mode: 'free_sale', releaseDays: 0 }, staff)
		await addStopSale(db, room.hotelId, { firstNight: addDays(arrival, 1), lastNight: addDays(arrival, 3), reason: 'Peak week', roomTypeId: null }, staff)
		const second = await addStopSale(
			db,
			room.hotelId,
			{ firstNight: addDays(arrival, 3), lastNight: addDays(arrival, 6), reason: 'Hotel full', roomTypeId: null },
			staff,
		)
		expect(second.merged).toBe(1)
		const stops = await db.selectFrom('stop_sales').selectAll().where('hotel_id', '=', room.hotelId).execute()
		expect(stops).toHaveLength(1)
		expect(stops[0]).toMatchObject({ first_night: addDays(arrival, 1), last_night: addDays(arrival, 6), reason: 'Peak week; Hotel full' })
		await expect(createBooking(db, { ...form, stays: [{ ...room, arrival, nights: 2, rooms: 1 }] }, { submissionKey: 'stop-sold' })).rejects.toThrow(
			/Peak week; Hotel full/,
		)
		// A free-sale night outside the stop-sale books, recorded without a count.
		const { id } = await createBooking(db, { ...form, stays: [{ ...room, arrival, nights: 1, rooms: 2 }] }, { submissionKey: 'free-sale' })
		expect(await db.selectFrom('room_night_sales').select('basis').where('booking_id', '=', id).execute()).toEqual([{ basis: 'free_sale' }])
	})

	test('the month calendar shows each room type night by night', async () => {
		const { db } = get()
		const room = await hotelWithRoom(db, 'invhotel000000000004')
		await saveSaleTerms(db, room.hotelId, { mode: 'allotment', releaseDays: 0 }, staff)
		await editRange(db, room.hotelId, { roomTypeIds: [room.roomTypeId], first: arrival, last: arrival, weekdays: [], allotment: 2, minStay: 3 }, staff)
		const month = await hotelMonth(db, room.hotelId, arrival.slice(0, 7), today)
		const cell = month.rows[0]!.cells.find((c) => c.night === arrival)!
		expect(cell).toMatchObject({ status: 'low', left: 2, allotment: 2, minStay: 3 })
		expect(month.rows[0]!.cells.find((c) => c.night !== arrival)!.status).toBe('on-request')
	})

	test('a whole trip read at once answers as each stay read alone', async () => {
		const { db } = get()
		const a = await hotelWithRoom(db, 'invhotel000000000005')
		const b = await hotelWithRoom(db, 'invhotel000000000006')
		await saveSaleTerms(db, a.hotelId, { mode: 'allotment', releaseDays: 7 }, staff)
		await editRange(db, a.hotelId, { roomTypeIds: [a.roomTypeId], first: arrival, last: addDays(arrival, 3), weekdays: [], allotment: 2 }, staff)
		await saveSaleTerms(db, b.hotelId, { mode: 'free_sale', releaseDays: 0 }, staff)
		await addStopSale(db, b.hotelId, { firstNight: addDays(arrival, 3), lastNight: addDays(arrival, 3), reason: 'Wedding', roomTypeId: null }, staff)
		const stays = [
			{ ...a, arrival, nights: 2, rooms: 1 },
			{ ...b, arrival: addDays(arrival, 2), nights: 2, rooms: 1 },
			{ ...a, arrival: addDays(arrival, 4), nights: 1, rooms: 1 },
		]
		const together = await readTripAvailability(db, stays, today)
		const alone = await Promise.all(stays.map((stay) => readStayAvailability(db, stay, today)))
		expect(together).toEqual(alone)
		expect(together.map((stay) => stay.status)).toEqual(['available', 'unavailable', 'on-request'])
	})
})
