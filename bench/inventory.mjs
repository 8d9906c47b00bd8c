import { perfSection } from './lib.mjs'

/**
 * Hotel availability: a 10-night trip of 4 stays against a year of contracts for 200 hotels
 * (2 room types × 365 nights each), on SQLite and a throwaway PostgreSQL database
 * (BENCH_POSTGRES_URL). Goal: p95 ≤ 5 ms.
 */
export async function inventoryAvailability() {
	perfSection({
		file: 'bench/inventory.perf.ts',
		outVariable: 'BENCH_INVENTORY_OUT',
		goalMs: 5,
		shapeColumn: 'check',
		describeLoad: (_figures, run) =>
			`${run.counts.hotels} hotels, ${run.counts.roomNights.toLocaleString('en-IN')} room nights, ${run.counts.stopSales} stop-sales`,
	})
}
