import { expect, test } from 'vitest'
import { priceTrip } from '~/features/rates/domain/pricing/engine.ts'
import { addDays, todayInIndia } from '~/lib/dates.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { seedDemoData } from '~/server/seed/index.server.ts'
import { buildPricing, perRateBook, type Pricing } from './rate-book.server.ts'

describeEachDatabase('rate book from the demo rates', (get) => {
	test('the seed is idempotent and every demo package gets engine prices', async () => {
		const { db } = get()
		await seedDemoData(db)
		const second = await seedDemoData(db)
		expect(second.hotels).toBe(0)
		expect(second.hotelRates).toBe(0)
		const pricing = await buildPricing(db)
		expect(pricing.book.issues).toEqual([])
		const packages = await db.selectFrom('packages').select(['slug', 'price_standard', 'price_deluxe', 'price_premium', 'prices_as_of']).execute()
		for (const pkg of packages) {
			expect(pkg.price_standard, pkg.slug).toBeGreaterThan(0)
			expect(pkg.price_deluxe!, pkg.slug).toBeGreaterThan(pkg.price_standard!)
			expect(pkg.prices_as_of! >= addDays(todayInIndia(), 14)).toBe(true)
		}
	})

	test('a 10-night, 3-island trip prices on the demo rates', async () => {
		const pricing = await buildPricing(get().db)
		const result = priceTrip(
			pricing.book,
			pricing.settings,
			{
				startDate: '2027-02-10',
				party: { adults: 2, childAges: [5, 9], infants: 0, rooms: 1 },
				stays: [
					{ island: 'port-blair', nights: 2, tier: 'deluxe' },
					{ island: 'havelock', nights: 4, tier: 'premium' },
					{ island: 'neil', nights: 3, tier: 'deluxe' },
					{ island: 'port-blair', nights: 1, tier: 'deluxe' },
				],
				transfers: 'daily-cab',
			},
			'2026-11-22',
		)
		expect(result.ok, JSON.stringify(result.ok ? null : result.problems)).toBe(true)
	})
})

test('perRateBook works a value out once per rate book and key, again for a new book, and forgets a failed promise', async () => {
	const book = { generation: 1 } as unknown as Pricing
	let builds = 0
	const build = () => ++builds
	expect(perRateBook(book, 'test', 'a', build)).toBe(1)
	expect(perRateBook(book, 'test', 'a', build)).toBe(1)
	expect(perRateBook(book, 'test', 'b', build)).toBe(2)
	expect(perRateBook(book, 'other', 'a', build)).toBe(3)
	// A rate or settings change makes a new Pricing: nothing carries over.
	const next = { generation: 2 } as unknown as Pricing
	expect(perRateBook(next, 'test', 'a', build)).toBe(4)
	// Past the bound the oldest key goes.
	for (const key of ['x', 'y', 'z']) perRateBook(next, 'bounded', key, build, 2)
	expect(perRateBook(next, 'bounded', 'x', build, 2)).toBe(builds)
	const failing = perRateBook(next, 'async', 'a', () => Promise.reject(new Error('database gone')))
	await expect(failing).rejects.toThrow('database gone')
	expect(await perRateBook(next, 'async', 'a', () => Promise.resolve('read again'))).toBe('read again')
})
