/**
 * The reports over 100,000 generated bookings and 100,000 leads (bench/report-data.ts), on SQLite
 * and on PostgreSQL (a throwaway database). Run by `npm run bench -- reports` (bench/reports.mjs)
 * through Vitest, which compiles the app's TypeScript; writes its figures to $BENCH_REPORTS_OUT as JSON:
 * each query the page runs on its own, then the whole page (every query, as the loader runs them) per
 * filter set, with p50 and p95 wall time and p95 CPU time of this process.
 */
import fs from 'node:fs'
import { test } from 'vitest'
import { parseReportFilters, type ReportFilters } from '~/features/reports/domain/reports.ts'
import type { DB } from '~/server/db/client.server.ts'
import {
	agentCommissions,
	arrivalWeeks,
	bookingTotals,
	cancellationMonths,
	dashboardCharts,
	leadTotals,
	loadReports,
	receiptMonths,
} from '~/features/reports/server/reports.server.ts'
import { benchDatabase, benchIterations, timed } from './bench-data.ts'
import { generateReportData, reportRows } from './report-data.ts'

const today = '2026-11-22'

async function measure(db: DB, agentId: string) {
	const filters = (query: string): ReportFilters => {
		const parsed = parseReportFilters(new URLSearchParams(query), today)
		if (!parsed.ok) throw new Error(parsed.message)
		return parsed.filters
	}
	const year = filters('')
	const queries: Array<{ name: string; run: () => Promise<unknown> }> = [
		{ name: 'bookings scan (by month, margins, quote to booking)', run: () => bookingTotals(db, year) },
		{ name: 'payments received by month', run: () => receiptMonths(db, year) },
		{ name: 'leads scan (by source, lead to quote)', run: () => leadTotals(db, year) },
		{ name: 'cancellations and refunds', run: () => cancellationMonths(db, year) },
		{ name: 'agent commission', run: () => agentCommissions(db, year) },
		{ name: 'arrivals by week', run: () => arrivalWeeks(db, year, today) },
		{ name: 'dashboard charts', run: () => dashboardCharts(db, { money: true, today }) },
	]
	const pages: Array<{ name: string; filters: ReportFilters; money?: boolean }> = [
		{ name: 'owner, 12 months (no filters)', filters: year },
		{ name: 'owner, 36 months', filters: filters('from=2023-12-01&to=2026-11-22') },
		{ name: 'owner, island Havelock', filters: filters('island=havelock') },
		{ name: 'owner, source quote form', filters: filters('source=quote_form') },
		{ name: 'owner, one agent', filters: filters(`agent=${agentId}`) },
		{ name: 'owner, 36 months, island + source', filters: filters('from=2023-12-01&to=2026-11-22&island=havelock&source=quote_form') },
		{ name: 'owner, 36 months, every filter', filters: filters(`from=2023-12-01&to=2026-11-22&island=havelock&source=agent&agent=${agentId}`) },
		{ name: 'staff, 36 months, island Neil', filters: filters('from=2023-12-01&to=2026-11-22&island=neil'), money: false },
	]
	const results = []
	for (const query of queries) {
		const { p50, p95, cpuP95 } = await timed(query.run)
		results.push({ kind: 'query', name: query.name, p50, p95, cpuP95 })
	}
	for (const page of pages) {
		const { p50, p95, cpuP95 } = await timed(() => loadReports(db, page.filters, { money: page.money ?? true, today }))
		results.push({ kind: 'page', name: page.name, p50, p95, cpuP95 })
	}
	return results
}

async function run(kind: 'sqlite' | 'postgres') {
	const bench = await benchDatabase(kind, 'reports')
	try {
		const started = performance.now()
		const { agentIds } = await generateReportData(bench.db)
		const loadSeconds = (performance.now() - started) / 1000
		await bench.analyze()
		return { loadSeconds, results: await measure(bench.db, agentIds[0]!) }
	} finally {
		await bench.close()
	}
}

test('reports over generated bookings and leads', { timeout: 1_800_000 }, async () => {
	const out: Record<string, unknown> = { total: reportRows, iterations: benchIterations }
	out.sqlite = process.env.BENCH_SKIP_SQLITE ? { error: 'skipped (BENCH_SKIP_SQLITE)' } : await run('sqlite')
	try {
		out.postgres = process.env.BENCH_SKIP_POSTGRES ? { error: 'skipped (BENCH_SKIP_POSTGRES)' } : await run('postgres')
	} catch (error) {
		out.postgres = { error: String(error) }
	}
	if (process.env.BENCH_REPORTS_OUT) fs.writeFileSync(process.env.BENCH_REPORTS_OUT, JSON.stringify(out, null, 2))
	else console.log(JSON.stringify(out, null, 2))
})
