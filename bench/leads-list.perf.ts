/**
 * The leads list over 100,000 generated leads, on SQLite and on PostgreSQL
 * (a throwaway database). Run by `npm run bench` (bench/leads.mjs) through
 * Vitest, which compiles the app's TypeScript; writes its figures to
 * $BENCH_LEADS_OUT as JSON.
 */
import { test } from 'vitest'
import { parseLeadFilters } from '~/features/leads/domain/list-filters.ts'
import { listLeads } from '~/features/leads/server/desk.server.ts'
import { type BenchDatabase, generateLeads, measureOnEachDatabase, timed } from './bench-data.ts'

async function measure({ db, kind, staffIds, serverCpuMs }: BenchDatabase) {
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
		const { last, ...times } = await timed(() => listLeads(db, filters, staffIds[0]!, '2026-11-22'), serverCpuMs)
		results.push({ database: kind, scenario: scenario.name, matched: last.total, ...times })
	}
	return results
}

test('leads list over generated leads', { timeout: 900_000 }, () =>
	measureOnEachDatabase(
		'leads',
		'BENCH_LEADS_OUT',
		async (bench) => {
			await generateLeads(bench.db, bench.staffIds)
			return {}
		},
		measure,
	),
)
