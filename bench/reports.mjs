import os from 'node:os'
import { fmt, runPerfFile, table } from './lib.mjs'

const goalMs = 200

/**
 * The reports page (/admin/reports) over 100,000 generated bookings and 100,000 leads on SQLite and on a
 * throwaway PostgreSQL database (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres).
 * Goal: the whole page, every filter set, p95 ≤ 200 ms on each database. Prints each query on its own
 * too, so a slow page can be traced to its query, and the machine's load while it ran (wall times on a
 * shared machine are noisy; on SQLite the CPU time is the queries' own cost).
 */
export async function reports() {
	const loadBefore = os.loadavg()
	const figures = runPerfFile('bench/reports.perf.ts', 'BENCH_REPORTS_OUT')
	const loadAfter = os.loadavg()
	const queries = []
	const pages = []
	let missed = 0
	for (const kind of ['sqlite', 'postgres']) {
		const run = figures[kind]
		if (!run?.results) {
			console.log(`${kind}: not measured (${run?.error ?? 'no result'})`)
			missed++
			continue
		}
		console.log(`${kind}: ${figures.total.toLocaleString('en-IN')} bookings and leads loaded in ${fmt(run.loadSeconds, 1)} s; ${figures.iterations} runs each`)
		for (const r of run.results) {
			const row = {
				database: kind,
				[r.kind === 'page' ? 'whole page' : 'query (12 months, no filters)']: r.name,
				'p50 ms': fmt(r.p50, 1),
				'p95 ms': fmt(r.p95, 1),
				'cpu p95 ms': fmt(r.cpuP95, 1),
			}
			if (r.kind === 'page') {
				if (r.p95 > goalMs) missed++
				pages.push({ ...row, 'goal ms': goalMs, met: r.p95 <= goalMs ? 'met' : 'NOT MET' })
			} else queries.push(row)
		}
	}
	console.log('\nEach query on its own:\n')
	table(queries)
	console.log('\nThe whole page (every query, as the loader runs them):\n')
	table(pages)
	console.log(`\nload average (1 min) ${fmt(loadBefore[0], 1)} before, ${fmt(loadAfter[0], 1)} after, on ${os.availableParallelism()} cores`)
	console.log(`goal: the whole page p95 ≤ ${goalMs} ms on both databases, every filter set: ${missed ? `NOT MET (${missed} short)` : 'met'}`)
}
