import { beforeAll, expect, test } from 'vitest'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { resolveBookingDraft } from '~/features/bookings/server/book-now.server.ts'
import { addStopSale } from '~/features/inventory/server/inventory.server.ts'
import { builderSearchParams, defaultBuilderConfig, type BuilderConfig, parseBuilderParams } from '~/features/rates/domain/builder.ts'
import { addDays, todayInIndia } from '~/lib/dates.ts'
import { seedDemoData } from '~/server/seed/index.server.ts'
import { builderPage, priceBuilderConfig } from './builder.server.ts'
import { saveHotel } from './admin.server.ts'
import { getPricing, invalidateRateBook } from './rate-book.server.ts'

const staff = { id: null, label: 'test staff' }

describeEachDatabase('the builder’s hotels and activities', (get) => {
	const today = todayInIndia()
	// Two months ahead: the demo contracts' stop-sales and minimum stays are further out.
	const start = addDays(today, 60)
	const config: BuilderConfig = { ...defaultBuilderConfig(today), start }

	beforeAll(async () => {
		invalidateRateBook()
		await seedDemoData(get().db)
		invalidateRateBook()
	})

	test('each stay shows the hotel it is priced with and up to three others on its island, each with what it changes in the total', async () => {
		const { db } = get()
		const page = await builderPage(db, config, today)
		expect(page.result.ok).toBe(true)
		const total = page.result.ok ? page.result.total : 0
		expect(page.stays.map((stay) => stay.island)).toEqual(['port-blair', 'havelock', 'neil', 'port-blair'])
		const havelock = page.stays[1]!
		expect(havelock).toMatchObject({
			row: 2,
			nights: 2,
			checkIn: addDays(start, 1),
			offerKey: 'havelock:deluxe',
			chosen: { value: '', pickedByUs: true, tier: 'deluxe', mealPlan: 'CP' },
		})
		expect(havelock.chosen.roomType).toBeTruthy()
		expect(havelock.alternatives.length).toBeGreaterThanOrEqual(2)
		expect(havelock.alternatives.length).toBeLessThanOrEqual(3)
		// Pricing the trip with an alternative gives exactly the total plus its difference, and the day plan names it.
		const other = havelock.alternatives.find((hotel) => hotel.difference !== 0)!
		const swapped = await builderPage(
			db,
			{ ...config, stays: config.stays.map((stay, index) => (index === 1 ? { ...stay, hotel: other.hotelId } : stay)) },
			today,
		)
		expect(swapped.result.ok && swapped.result.total).toBe(total + other.difference)
		expect(swapped.stays[1]!.chosen).toMatchObject({ hotelId: other.hotelId, value: other.hotelId, pickedByUs: false })
		expect(swapped.days[1]!.items.join(' ')).toContain(other.name)
		expect(page.days[1]!.items.join(' ')).not.toContain(other.name)
		expect(swapped.stays[1]!.alternatives.some((hotel) => hotel.hotelId === havelock.chosen.hotelId && hotel.difference === -other.difference)).toBe(true)
	})

	test('the trip’s own hotels and every other hotel it shows are read from the inventory in one statement', async () => {
		const { db } = get()
		let inventoryReads = 0
		const counted = db.withPlugin({
			transformQuery: ({ node }) => {
				if (JSON.stringify(node).includes('"name":"room_nights"')) inventoryReads++
				return node
			},
			transformResult: async ({ result }) => result,
		})
		const page = await builderPage(counted, config, today)
		expect(page.stays.flatMap((stay) => stay.alternatives).length).toBeGreaterThan(4)
		expect(inventoryReads).toBe(1)
		// The same hotel on both Port Blair stays, on request: the traveller is told once.
		const notes = page.result.ok ? page.result.availability : []
		expect(page.stays[0]!.chosen.hotelId).toBe(page.stays[3]!.chosen.hotelId)
		expect(notes.filter((note) => note.startsWith(`${page.stays[0]!.chosen.name}:`))).toHaveLength(1)
	})

	test('what is kept per rate book follows the rates admin at once: a hotel’s new stars and area, its new price among the alternatives', async () => {
		const { db } = get()
		const before = await builderPage(db, config, today)
		const hotel = before.stays[1]!.alternatives.find((option) => option.selectable)!
		const row = (await db.selectFrom('hotels').selectAll().where('id', '=', hotel.hotelId).executeTakeFirstOrThrow())!
		const stars = row.stars === 5 ? 4 : 5
		await saveHotel(db, staff, row.id, {
			name: row.name,
			island: row.island,
			tier: row.tier,
			stars: String(stars),
			address: 'Beach No. 7, Havelock',
			checkIn: row.check_in,
			checkOut: row.check_out,
			active: 'on',
		})
		const after = await builderPage(db, config, today)
		expect(after.stays[1]!.alternatives.find((option) => option.hotelId === hotel.hotelId)).toMatchObject({ stars, area: 'Beach No. 7' })
		// Deactivated, it is no longer offered (the alternatives were priced again on the new book).
		await saveHotel(db, staff, row.id, {
			name: row.name,
			island: row.island,
			tier: row.tier,
			stars: String(stars),
			address: 'Beach No. 7, Havelock',
			checkIn: row.check_in,
			checkOut: row.check_out,
		})
		const gone = await builderPage(db, config, today)
		expect(gone.stays[1]!.alternatives.some((option) => option.hotelId === hotel.hotelId)).toBe(false)
		await saveHotel(db, staff, row.id, {
			name: row.name,
			island: row.island,
			tier: row.tier,
			stars: row.stars === null ? '' : String(row.stars),
			address: row.address ?? '',
			checkIn: row.check_in,
			checkOut: row.check_out,
			active: 'on',
		})
	})

	test('a stay whose hotel line joins the next stay’s (same hotel two stays running) still gets exact differences', async () => {
		const { db } = get()
		const joined: BuilderConfig = {
			...config,
			stays: [
				{ island: 'port-blair', nights: 1 },
				{ island: 'port-blair', nights: 2 },
			],
		}
		const page = await builderPage(db, joined, today)
		const total = page.result.ok ? page.result.total : 0
		const other = page.stays[0]!.alternatives.find((hotel) => hotel.selectable && hotel.difference !== 0)!
		const swapped = await builderPage(
			db,
			{
				...joined,
				stays: [
					{ island: 'port-blair', nights: 1, hotel: other.hotelId },
					{ island: 'port-blair', nights: 2 },
				],
			},
			today,
		)
		expect(swapped.result.ok && swapped.result.total).toBe(total + other.difference)
	})

	test('a chosen hotel that is unknown, on another island or sold out is refused with what to do, and the stay still offers hotels', async () => {
		const { db } = get()
		const pricing = await getPricing(db)
		const neilHotel = [...pricing.book.hotels.values()].find((entry) => entry.hotel.island === 'neil' && entry.hotel.active)!.hotel
		const withHotel = (hotel: string) => ({ ...config, stays: config.stays.map((stay, index) => (index === 1 ? { ...stay, hotel } : stay)) })

		const unknown = await builderPage(db, withHotel('no-such-hotel'), today)
		expect(unknown.result.ok).toBe(false)
		expect(unknown.errors.hotel2).toMatch(/not offered: choose another hotel on Havelock/)
		expect(unknown.stays[1]!.chosen.pickedByUs).toBe(true)

		const elsewhere = await builderPage(db, withHotel(neilHotel.id), today)
		expect(elsewhere.errors.hotel2).toBe(`${neilHotel.name} is on Neil, not Havelock: choose a hotel on Havelock for stop 2.`)

		const page = await builderPage(db, config, today)
		const soldOut = page.stays[1]!.alternatives[0]!
		await addStopSale(db, soldOut.hotelId, { firstNight: addDays(start, 1), lastNight: addDays(start, 2), reason: 'Renovation', roomTypeId: null }, staff)
		const refused = await builderPage(db, withHotel(soldOut.hotelId), today)
		expect(refused.result.ok).toBe(false)
		expect(refused.errors.hotel2).toMatch(/Renovation/)
		// Shown, not offered.
		const after = await builderPage(db, config, today)
		const shown = after.stays[1]!.alternatives.find((hotel) => hotel.hotelId === soldOut.hotelId)
		if (shown) expect(shown).toMatchObject({ selectable: false, availability: { status: 'unavailable' } })
		// The same through /book-now: a clear refusal, never a booking.
		const draft = await resolveBookingDraft(db, builderSearchParams(withHotel(soldOut.hotelId)))
		expect(draft).toMatchObject({ ok: false, status: 400 })
	})

	test('a chosen hotel carries through to /book-now: the same hotel, the same rooms and the same price', async () => {
		const { db } = get()
		const page = await builderPage(db, config, today)
		const other = page.stays[2]!.alternatives.find((hotel) => hotel.selectable)!
		const chosen = { ...config, start: addDays(start, 10), stays: config.stays.map((stay, index) => (index === 2 ? { ...stay, hotel: other.hotelId } : stay)) }
		const { result } = await priceBuilderConfig(db, chosen, today)
		expect(result.ok).toBe(true)
		// The query the builder's "Book now" link carries.
		const params = builderSearchParams(chosen)
		expect(params.get('hotel3')).toBe(other.hotelId)
		expect(parseBuilderParams(params, today).config.stays[2]).toEqual({ island: 'neil', nights: 1, hotel: other.hotelId })
		const draft = await resolveBookingDraft(db, params)
		expect(draft.ok).toBe(true)
		if (!draft.ok || !result.ok) return
		expect(draft.draft.price.total).toBe(result.total)
		expect(draft.draft.stays?.[2]).toMatchObject({ hotelId: other.hotelId, arrival: addDays(chosen.start, 3), nights: 1 })
		expect(draft.draft.carry.builder).toContain(`hotel3=${other.hotelId}`)
	})

	test('activities show their price per person for this group in the season of the day they fit, and where they are not on the route', async () => {
		const { db } = get()
		const family = { ...config, adults: 2, childAges: [8] }
		const page = await builderPage(db, family, today)
		const scuba = page.activities.find((activity) => activity.id === 'scuba-diving@havelock')!
		expect(scuba).toMatchObject({ islandName: 'Havelock', day: 3, date: addDays(start, 2), chosen: false })
		expect(scuba.perPerson).toBeGreaterThan(0)
		expect(scuba.group).toBeGreaterThanOrEqual(scuba.perPerson! * 3 - 3)
		expect(scuba.duration).toBeTruthy()
		// Adding it raises the total by its price for the group.
		const before = page.result.ok ? page.result.total : 0
		const added = await builderPage(db, { ...family, childAges: [11], activities: ['scuba-diving@havelock'] }, today)
		expect(added.result.ok && added.result.total - before).toBeGreaterThanOrEqual(scuba.group! - 2)
		expect(added.result.ok && added.result.total - before).toBeLessThanOrEqual(scuba.group! + 2)
		expect(added.days[2]!.items.join(' ')).toMatch(/Scuba diving/)
		expect(added.activities.find((activity) => activity.id === 'scuba-diving@havelock')!.chosen).toBe(true)
		// Ages 10 and over: a family with an 8-year-old sees why, and choosing it is refused with what to do (book-now too).
		expect(scuba).toMatchObject({ minAge: 10, ageProblem: expect.stringMatching(/for ages 10 and over, and your group has a child of 8/) })
		const young = await builderPage(db, { ...family, activities: ['scuba-diving@havelock'] }, today)
		expect(young.result.ok).toBe(false)
		expect(young.errors.activity).toMatch(/^Scuba diving at Havelock is for ages 10 and over/)
		expect(young.stays).toHaveLength(4)
		expect(await resolveBookingDraft(db, builderSearchParams({ ...family, activities: ['scuba-diving@havelock'] }))).toMatchObject({ ok: false, status: 400 })
		// Off the route: said so, and choosing it is a clear message with hotels still offered.
		const portBlairOnly = { ...config, stays: [{ island: 'port-blair' as const, nights: 3 }] }
		const off = await builderPage(db, { ...portBlairOnly, activities: ['scuba-diving@havelock'] }, today)
		expect(off.activities.find((activity) => activity.id === 'scuba-diving@havelock')).toMatchObject({ day: null, date: null })
		expect(off.errors.activity).toMatch(/Havelock, which is not in your trip/)
		expect(off.stays).toHaveLength(1)
	})
})
