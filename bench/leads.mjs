import { perfSection } from './lib.mjs'

/**
 * The leads list (search, filters, status counts, one page) over 100,000
 * generated leads on SQLite and on a throwaway PostgreSQL database
 * (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres).
 * Goal: p95 ≤ 50 ms for every shape.
 */
export async function leadsList() {
	perfSection({
		file: 'bench/leads-list.perf.ts',
		outVariable: 'BENCH_LEADS_OUT',
		goalMs: 50,
		shapeColumn: 'list shape',
		describeLoad: (figures) => `${figures.total.toLocaleString('en-IN')} leads`,
	})
}
