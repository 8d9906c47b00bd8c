import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { benchDir, fmt, table } from './lib.mjs'

const goalMs = 50

/**
 * The leads list (search, filters, status counts, one page) over 100,000
 * generated leads on SQLite and on a throwaway PostgreSQL database
 * (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres).
 * Goal: p95 ≤ 50 ms for every shape.
 */
export async function leadsList() {
	const out = path.join(benchDir, 'leads-list.json')
	const result = spawnSync('npx', ['vitest', 'run', '--config', 'bench/vitest.perf.config.ts', 'bench/leads-list.perf.ts'], {
		encoding: 'utf8',
		env: { ...process.env, BENCH_LEADS_OUT: out, NO_COLOR: '1', FORCE_COLOR: '0' },
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
		console.log(`${kind}: ${figures.total.toLocaleString('en-IN')} leads loaded in ${fmt(run.loadSeconds, 1)} s; ${figures.iterations} runs per shape`)
		for (const r of run.results) {
			worst = Math.max(worst, r.p95)
			rows.push({ database: kind, 'list shape': r.scenario, matching: r.matched, 'p50 ms': fmt(r.p50, 1), 'p95 ms': fmt(r.p95, 1), 'p95 / goal': fmt(r.p95 / goalMs) })
		}
	}
	console.log()
	table(rows)
	console.log(`\nworst p95: ${fmt(worst, 1)} ms (goal ≤ ${goalMs} ms; ratio to goal ${fmt(worst / goalMs)})`)
}
