import { afterAll, beforeAll, expect, test } from 'vitest'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { testIp, useAppDatabase } from '#tests/support/identity.ts'
import { get, post, routeArgs, settle } from '#tests/support/route-requests.ts'
import { type LineItem } from '~/features/rates/domain/pricing/types.ts'
import { priceTrip } from '~/features/rates/domain/pricing/engine.ts'
import { packageTrip } from '~/features/rates/server/package-prices.server.ts'
import { getPricing, invalidateRateBook } from '~/features/rates/server/rate-book.server.ts'
import { addDays, todayInIndia } from '~/lib/dates.ts'
import { closeDatabase } from '~/server/db/index.server.ts'
import { seedDemoData } from '~/server/seed/index.server.ts'
import * as bookNow from './book-now.tsx'

const slug = 'havelock-honeymoon-escape-4-nights'

/** The first `MM-DD` at least `days` after today: a date the clock never reaches, whatever year the suite runs in. */
function nextOn(monthDay: string, days: number): string {
	const after = addDays(todayInIndia(), days)
	const sameYear = `${after.slice(0, 4)}-${monthDay}`
	return sameYear >= after ? sameYear : `${Number(after.slice(0, 4)) + 1}-${monthDay}`
}

describeEachDatabase('/book-now prices a package for its date', (db_) => {
	beforeAll(async () => {
		await useAppDatabase(db_().url)
		invalidateRateBook()
		await seedDemoData(db_().db)
		invalidateRateBook()
	})
	afterAll(async () => {
		await closeDatabase()
	})

	const page = async (startDate: string) => {
		const answer = await settle(() => bookNow.loader(routeArgs(get(`/book-now?package=${slug}&tier=standard&startDate=${startDate}&adults=2`), {}, testIp())))
		expect(answer.status).toBe(200)
		expect(answer.body.draft, JSON.stringify(answer.body.errors)).not.toBeNull()
		return answer.body as {
			draft: { price: { total: number; perPerson: number; lines: Array<{ label: string; amount: number }> } }
			priced: string
			submissionKey: string
			pkg: { prices: Record<string, number | null> }
		}
	}

	/** Each hotel night of the engine's quote, at the `hotel_rates` row of its hotel, room, meal plan and season. */
	async function nightsAtTheirRates(startDate: string) {
		const { db } = db_()
		const pkg = await db.selectFrom('packages').select('stays_json').where('slug', '=', slug).executeTakeFirstOrThrow()
		const pricing = await getPricing(db)
		const priced = priceTrip(pricing.book, pricing.settings, packageTrip(JSON.parse(pkg.stays_json), 'standard', startDate), todayInIndia())
		if (!priced.ok) throw new Error(JSON.stringify(priced.problems))
		const nights = []
		for (const line of priced.lines.filter((line): line is Extract<LineItem, { kind: 'hotel' }> => line.kind === 'hotel'))
			for (const night of line.details.breakdown) {
				const rate = await db
					.selectFrom('hotel_rates')
					.select('double_sell')
					.where('hotel_id', '=', line.details.hotelId)
					.where('room_type_id', '=', line.details.roomTypeId)
					.where('meal_plan', '=', line.details.mealPlan)
					.where('season', '=', night.season)
					.executeTakeFirstOrThrow()
				nights.push({ season: night.season, sell: night.sell, rate: rate.double_sell })
			}
		return { priced, nights }
	}

	test('a monsoon date and a peak date give different prices, each the engine’s from the rate tables for that date', async () => {
		const monsoon = nextOn('07-10', 30)
		const peak = nextOn('12-24', 30)
		const [low, high] = [await page(monsoon), await page(peak)]
		const [lowRates, highRates] = [await nightsAtTheirRates(monsoon), await nightsAtTheirRates(peak)]
		// Every hotel night is its own season's rate: low in July, peak at Christmas.
		expect(lowRates.nights.map((night) => night.season)).toEqual(lowRates.nights.map(() => 'low'))
		expect(highRates.nights.map((night) => night.season)).toEqual(highRates.nights.map(() => 'peak'))
		for (const night of [...lowRates.nights, ...highRates.nights]) expect(night.sell).toBe(night.rate)
		// What the page shows is the engine's total for that date, and the two dates differ.
		expect(low.draft.price.total).toBe(lowRates.priced.total)
		expect(high.draft.price.total).toBe(highRates.priced.total)
		expect(low.draft.price.total).toBeLessThan(high.draft.price.total)
		expect(low.draft.price.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(low.draft.price.total)
		// The hotel category's price offered for the date is the date's, not the stored "from" price.
		expect(low.pkg.prices.standard).toBe(lowRates.priced.perPerson)
		expect(high.pkg.prices.standard).toBe(highRates.priced.perPerson)
	})

	test('the booking is charged the amount the page showed for its date', async () => {
		const startDate = nextOn('12-24', 30)
		const shown = await page(startDate)
		const traveller = (i: number, name: string) => ({
			[`t${i}Name`]: name,
			[`t${i}Age`]: '31',
			[`t${i}Gender`]: 'female',
			[`t${i}IdType`]: 'aadhaar',
			[`t${i}IdNumber`]: `1234 5678 90${i}0`,
		})
		const form = {
			package: slug,
			tier: 'standard',
			startDate,
			adults: '2',
			childAges: '',
			infants: '0',
			priced: shown.priced,
			submissionKey: shown.submissionKey,
			...traveller(1, 'Meera Iyer'),
			...traveller(2, 'Arjun Iyer'),
			contactName: 'Meera Iyer',
			contactPhone: '98111 00022',
			acceptTerms: 'on',
		}
		const answer = await settle(() => bookNow.action(routeArgs(post('/book-now', form), {}, testIp())))
		expect(answer.status, JSON.stringify(answer.errors)).toBe(302)
		const booking = await db_()
			.db.selectFrom('bookings')
			.select(['total', 'price_json', 'start_date'])
			.where('submission_key', '=', shown.submissionKey)
			.executeTakeFirstOrThrow()
		expect(booking.start_date).toBe(startDate)
		expect(booking.total).toBe(shown.draft.price.total)
		expect(JSON.parse(booking.price_json).total).toBe(shown.draft.price.total)
	})
})
