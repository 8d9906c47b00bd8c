import { perfSection } from './lib.mjs'

/**
 * The operations day sheet (/admin/operations) on a peak day: 300 bookings in progress, about 1,000
 * lines, half of them assigned, among 6,000 bookings over the season, on SQLite and a throwaway
 * PostgreSQL database (BENCH_POSTGRES_URL). Goal: the whole page p95 ≤ 100 ms.
 */
export async function operationsDay() {
	perfSection({
		file: 'bench/operations.perf.ts',
		outVariable: 'BENCH_OPERATIONS_OUT',
		goalMs: 100,
		shapeColumn: 'page',
		describeLoad: (_figures, run) =>
			`${run.counts.bookings.toLocaleString('en-IN')} bookings, ${run.counts.components.toLocaleString('en-IN')} components, ${run.counts.peakLines.toLocaleString('en-IN')} lines on the peak day`,
	})
}
