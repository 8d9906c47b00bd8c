import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { benchDir, fmt, table } from './lib.mjs'

const goalMs = 200

/**
 * The reports (/admin/reports and the dashboard's charts) over 100,000
 * generated bookings and 100,000 leads on SQLite and on a throwaway
 * PostgreSQL database (BENCH_POSTGRES_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres). Goal: p95 ≤ 200 ms per report.
 */
export async function reports() {
	const out = path.join(benchDir, 'reports.json')
	const result = spawnSync('npx', ['vitest', 'run', '--config', 'bench/vitest.perf.config.ts', 'bench/reports.perf.ts'], {
		encoding: 'utf8',
		env: { ...process.env, BENCH_REPORTS_OUT: out, NO_COLOR: '1', FORCE_COLOR: '0' },
	})
	if (result.status !== 0 || !fs.existsSync(out)) throw new Error(`${result.stdout}\n${result.stderr}`)
	const figures = JSON.parse(fs.readFileSync(out, 'utf8'))
	const rows = []
	let worst = 0
	for (const kind of ['sqlite', 'postgres']) {
		const run = figures[kind]
		if (!run?.results) {
			console.log(`${kind}: not measured (${run?.error ?? 'no result'})`)
			continue
		}
		console.log(`${kind}: ${figures.total.toLocaleString('en-IN')} bookings and leads loaded in ${fmt(run.loadSeconds, 1)} s; ${figures.iterations} runs per report`)
		for (const r of run.results) {
			worst = Math.max(worst, r.p95)
			rows.push({ database: kind, report: r.scenario, 'p50 ms': fmt(r.p50, 1), 'p95 ms': fmt(r.p95, 1), 'goal ms': goalMs, 'p95 / goal': fmt(r.p95 / goalMs) })
		}
	}
	console.log()
	table(rows)
	console.log(`\nworst p95: ${fmt(worst, 1)} ms (goal ≤ ${goalMs} ms per report; ratio to goal ${fmt(worst / goalMs)})`)
}
