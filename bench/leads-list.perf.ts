/**
 * The leads list over 100,000 generated leads, on SQLite and on PostgreSQL
 * (a throwaway database). Run by `npm run bench` (bench/leads.mjs) through
 * Vitest, which compiles the app's TypeScript; writes its figures to
 * $BENCH_LEADS_OUT as JSON.
 */
import fs from 'node:fs'
import { test } from 'vitest'
import { parseLeadFilters } from '~/features/leads/domain/list-filters.ts'
import type { DB } from '~/server/db/client.server.ts'
import { listLeads } from '~/features/leads/server/desk.server.ts'
import { benchDatabase, benchIterations, benchLeads, generateLeads, timed } from './bench-data.ts'

async function measure(db: DB, kind: string, staffId: string) {
	const scenarios = [
		{ name: 'newest first, page 1', query: '' },
		{ name: 'filter: status quoted', query: 'status=quoted' },
		{ name: 'search: name "meera iyer"', query: 'q=meera%20iyer' },
		{ name: 'search: phone digits "98765"', query: 'q=98765' },
		{ name: 'search: reference', query: 'q=LD-2025-71234' },
		{ name: 'filter + search: contacted, "nair"', query: 'status=contacted&q=nair' },
		{ name: 'my leads + follow-up due', query: 'assignee=me&followUp=due' },
		{ name: 'source + date range + search', query: 'source=quote_form&from=2025-06-01&to=2025-12-31&q=sharma' },
		{ name: 'page 400, newest first', query: 'page=400' },
	]
	const results = []
	for (const scenario of scenarios) {
		const filters = parseLeadFilters(new URLSearchParams(scenario.query))
		const { p50, p95, cpuP95, last } = await timed(() => listLeads(db, filters, staffId, '2026-11-22'))
		results.push({ database: kind, scenario: scenario.name, matched: last.total, p50, p95, cpuP95 })
	}
	return results
}

async function run(kind: 'sqlite' | 'postgres') {
	const bench = await benchDatabase(kind, 'leads')
	try {
		const started = performance.now()
		await generateLeads(bench.db, bench.staffIds)
		const loadSeconds = (performance.now() - started) / 1000
		await bench.analyze()
		return { loadSeconds, results: await measure(bench.db, kind, bench.staffIds[0]!) }
	} finally {
		await bench.close()
	}
}

test('leads list over generated leads', { timeout: 900_000 }, async () => {
	const out: Record<string, unknown> = { total: benchLeads, iterations: benchIterations }
	out.sqlite = await run('sqlite')
	try {
		out.postgres = process.env.BENCH_SKIP_POSTGRES ? { error: 'skipped (BENCH_SKIP_POSTGRES)' } : await run('postgres')
	} catch (error) {
		out.postgres = { error: String(error) }
	}
	if (process.env.BENCH_LEADS_OUT) fs.writeFileSync(process.env.BENCH_LEADS_OUT, JSON.stringify(out, null, 2))
	else console.log(JSON.stringify(out, null, 2))
})
