import { perfSection } from './lib.mjs'

/**
 * Quick search at the desk (every kind at once: leads, bookings, quotes, vouchers,
 * ferry leads and bookings, offline tickets, agents) over 100,000 generated leads
 * and the records that go with them, on SQLite and on a throwaway PostgreSQL database
 * (BENCH_POSTGRES_URL). Goal: p95 ≤ 50 ms for every search.
 */
export async function quickSearchTimes() {
	perfSection({
		file: 'bench/search.perf.ts',
		outVariable: 'BENCH_SEARCH_OUT',
		goalMs: 50,
		shapeColumn: 'search',
		describeLoad: (figures, run) =>
			`${figures.total.toLocaleString('en-IN')} leads, ${Object.entries(run.counts)
				.map(([kind, n]) => `${n.toLocaleString('en-IN')} ${kind.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`)}`)
				.join(', ')}`,
	})
}
