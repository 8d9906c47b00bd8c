import { beforeAll, expect, test } from 'vitest'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { resolveBookingDraft } from '~/features/bookings/server/book-now.server.ts'
import { getPackageBySlug } from '~/features/catalog/server/packages.server.ts'
import { packagePriceCalendar } from '~/features/rates/server/price-calendar.server.ts'
import { invalidateRateBook } from '~/features/rates/server/rate-book.server.ts'
import { addDays, todayInIndia } from '~/lib/dates.ts'
import { seedDemoData } from '~/server/seed/index.server.ts'
import { packageTripView } from './package-trip.server.ts'

const slug = 'havelock-honeymoon-escape-4-nights'

describeEachDatabase('the package page’s price calendar and trip', (get) => {
	beforeAll(async () => {
		invalidateRateBook()
		await seedDemoData(get().db)
		invalidateRateBook()
	})

	test('twelve months from the rate tables; a chosen month gives its dates, the hotels and ferries, and the price book-now charges', async () => {
		const { db } = get()
		const today = todayInIndia()
		const pkg = (await getPackageBySlug(db, slug))!
		const view = (await packageTripView(db, pkg, {}, today))!
		expect(view.tier).toBe('standard')
		expect(view.calendar).toHaveLength(12)
		expect(view.chosen).toBeNull()
		const onSale = view.calendar.filter((month) => month.startDate !== null)
		expect(onSale.length).toBeGreaterThan(6)
		// The monsoon is cheaper than the dearest month.
		const prices = onSale.map((month) => month.perPerson!)
		expect(Math.min(...prices)).toBeLessThan(Math.max(...prices))

		const month = onSale.reduce((a, b) => (b.perPerson! < a.perPerson! ? b : a))
		const chosen = (await packageTripView(db, pkg, { month: month.month }, today))!
		expect(chosen.chosen).toMatchObject({
			month: month.month,
			startDate: month.startDate,
			endDate: addDays(month.startDate!, pkg.totalNights),
			perPerson: month.perPerson,
		})
		// The stays are the package's nights, at hotels on its islands, each with its room and meals.
		expect(chosen.stays.reduce((sum, stay) => sum + stay.nights, 0)).toBe(pkg.totalNights)
		expect(chosen.stays[0]!.firstNight).toBe(month.startDate)
		const hotels = await db.selectFrom('hotels').select(['id', 'name', 'stars']).execute()
		for (const stay of chosen.stays) expect(hotels.find((hotel) => hotel.id === stay.hotelId)).toMatchObject({ name: stay.hotelName, stars: stay.stars })
		expect(chosen.ferries.map((leg) => `${leg.from}→${leg.to}`)).toContain('Port Blair→Havelock')
		expect(chosen.ferries[0]!.duration).toMatch(/^about /)
		// What is paid when: the advance of that total, the balance by its date before the trip; the bands from the policy.
		expect(chosen.payment.plan!.dueNow + chosen.payment.plan!.balance).toBe(chosen.chosen!.total)
		expect(chosen.payment.cancellation.length).toBeGreaterThan(1)

		// book-now for two adults on those dates charges that total.
		const resolved = await resolveBookingDraft(db, new URLSearchParams({ package: slug, tier: 'standard', startDate: month.startDate!, adults: '2' }))
		expect(resolved.ok && resolved.draft.price.total).toBe(chosen.chosen!.total)

		// A month that cannot be shown is no choice; an unknown tier falls back to the first offered.
		expect((await packageTripView(db, pkg, { month: '1999-01' }, today))!.chosen).toBeNull()
	})

	test('a calendar is computed once per rate book: the same answer is reused until rates change', async () => {
		const { db } = get()
		const pkg = (await getPackageBySlug(db, slug))!
		const first = await packagePriceCalendar(db, pkg.stays, 'deluxe')
		expect(await packagePriceCalendar(db, pkg.stays, 'deluxe')).toBe(first)
		invalidateRateBook()
		const after = await packagePriceCalendar(db, pkg.stays, 'deluxe')
		expect(after).not.toBe(first)
		expect(after).toEqual(first)
	})
})
