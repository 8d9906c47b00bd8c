import { beforeAll, expect, test } from 'vitest'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { packagePricesOn } from '~/features/bookings/server/book-now.server.ts'
import { getPackageBySlug } from '~/features/catalog/server/packages.server.ts'
import { getPricing, invalidateRateBook } from '~/features/rates/server/rate-book.server.ts'
import { addDays, todayInIndia } from '~/lib/dates.ts'
import { seedDemoData } from '~/server/seed/index.server.ts'
import { addStopSale } from './inventory.server.ts'
import { packageTrip } from '~/features/rates/server/package-prices.server.ts'
import { fromPriceOn, packageTiersOn, sellableTrip } from './sellable-trip.server.ts'

const staff = { id: null, label: 'test staff' }
const slug = 'havelock-honeymoon-escape-4-nights'

describeEachDatabase('a package’s tiers and "from" price on a date', (get) => {
	const today = todayInIndia()
	// A date the demo contracts leave alone (their stop-sales and minimum stays are 200 days ahead and more).
	const date = addDays(today, 61)

	beforeAll(async () => {
		invalidateRateBook()
		await seedDemoData(get().db)
		invalidateRateBook()
	})

	test('a stop-sold hotel is skipped: the tier is priced with the hotel that can sell; with every Havelock hotel stop-sold no tier is offered, and each says why', async () => {
		const { db } = get()
		const pkg = (await getPackageBySlug(db, slug))!
		const pricing = await getPricing(db)
		const before = await packageTiersOn(db, pricing, pkg.stays, date, today)
		expect(before.standard).toMatchObject({ perPerson: expect.any(Number) })
		const from = fromPriceOn(before)
		expect(from).not.toBeNull()

		// The cheapest standard hotel on Havelock is stop-sold: the standard tier is priced with another one, never lower.
		const chosen = (await sellableTrip(db, pricing, packageTrip(pkg.stays, 'standard', date), today)).stays.find((stay) => stay.arrival === addDays(date, 1))!
		await addStopSale(db, chosen.hotelId, { firstNight: addDays(date, 1), lastNight: addDays(date, 2), reason: 'Wedding party', roomTypeId: null }, staff)
		const swapped = await packageTiersOn(db, pricing, pkg.stays, date, today)
		expect(swapped.standard).toMatchObject({ perPerson: expect.any(Number) })
		expect((swapped.standard as { perPerson: number }).perPerson).toBeGreaterThanOrEqual((before.standard as { perPerson: number }).perPerson)
		expect((swapped.standard as { notes: string[] }).notes.join(' ')).toMatch(/Wedding party.*instead/)

		// Every hotel on Havelock stop-sold on those nights: nothing can be sold, and book-now offers no category.
		for (const { hotel } of [...pricing.book.hotels.values()].filter((entry) => entry.hotel.island === 'havelock'))
			await addStopSale(db, hotel.id, { firstNight: addDays(date, 1), lastNight: addDays(date, 2), reason: 'Island closed', roomTypeId: null }, staff)
		const closed = await packageTiersOn(db, pricing, pkg.stays, date, today)
		for (const tier of ['standard', 'deluxe', 'premium'] as const) expect(closed[tier]).toMatchObject({ problem: expect.stringMatching(/Island closed/) })
		expect(fromPriceOn(closed)).toBeNull()
		const offered = await packagePricesOn(db, slug, date, today)
		expect(Object.values(offered!.prices).every((price) => price === null)).toBe(true)
		expect(offered!.unsold[0]).toMatch(/^Standard hotels cannot be booked on these dates: .*Island closed/)
		// Another date is untouched (priced for that date, as book-now charges it); no date, no change.
		const later = (await packageTiersOn(db, pricing, pkg.stays, addDays(date, 10), today)).standard as { perPerson: number }
		expect((await packagePricesOn(db, slug, addDays(date, 10), today))!.prices.standard).toBe(later.perPerson)
		expect(await packagePricesOn(db, slug, undefined, today)).toBeNull()
	})
})
