import { bench, describe } from 'vitest'
import { FIXTURE_BOOK, FIXTURE_SETTINGS, FIXTURE_TABLES, FIXTURE_TODAY, TEN_NIGHT_TRIP } from '#tests/support/pricing-fixtures.ts'
import { createRateBook, priceTrip } from './engine'

// Run by `npm run bench` (bench/pricing.mjs). Goal: ≤ 2 ms p99 for this trip.
describe('pricing engine', () => {
	bench('priceTrip: 10 nights, 3 islands, 2 adults + 2 children', () => {
		priceTrip(FIXTURE_BOOK, FIXTURE_SETTINGS, TEN_NIGHT_TRIP, FIXTURE_TODAY)
	})
	bench('createRateBook: index the demo rate tables', () => {
		createRateBook(FIXTURE_TABLES)
	})
})
