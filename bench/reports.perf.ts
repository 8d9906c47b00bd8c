/**
 * The reports over 100,000 generated bookings and 100,000 leads, on SQLite
 * and on PostgreSQL (a throwaway database). Run by `npm run bench -- reports`
 * (bench/reports.mjs) through Vitest, which compiles the app's TypeScript;
 * writes its figures to $BENCH_REPORTS_OUT as JSON.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import pg from 'pg'
import { test } from 'vitest'
import { parseReportFilters, type ReportFilters } from '~/domain/reports/reports.ts'
import { newId, newTripToken } from '~/lib/ids.ts'
import { type DB, migrateToLatest, openDatabase } from '~/server/db/client.server.ts'
import type { Database, NewBookingRow, NewLeadRow } from '~/server/db/schema.ts'
import { agentCommissions, arrivalWeeks, bookingMonths, cancellationMonths, dashboardCharts, leadSourceFunnel, leadTimings, loadReports, packageMargins, receiptMonths } from '~/server/reports/reports.server.ts'
import { refreshAllLeadProgress } from '~/server/reports/lead-progress.server.ts'

const total = Number(process.env.BENCH_BOOKINGS ?? 100_000)
const iterations = Number(process.env.BENCH_ITERATIONS ?? 30)
const pgAdminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const today = '2026-11-22'

async function measure(db: DB, kind: string, agentId: string) {
	const filters = (query: string): ReportFilters => {
		const parsed = parseReportFilters(new URLSearchParams(query), today)
		if (!parsed.ok) throw new Error(parsed.message)
		return parsed.filters
	}
	const year = filters('')
	const scenarios: Array<{ name: string; run: () => Promise<unknown> }> = [
		{ name: 'bookings and revenue by month', run: () => bookingMonths(db, year) },
		{ name: 'payments received by month', run: () => receiptMonths(db, year) },
		{ name: 'margin by package', run: () => packageMargins(db, year) },
		{ name: 'leads by source (funnel)', run: () => leadSourceFunnel(db, year) },
		{ name: 'lead to quote to booking', run: () => leadTimings(db, year) },
		{ name: 'cancellations and refunds', run: () => cancellationMonths(db, year) },
		{ name: 'agent commission', run: () => agentCommissions(db, year) },
		{ name: 'arrivals by week', run: () => arrivalWeeks(db, year, today) },
		{ name: 'whole page, owner, 12 months', run: () => loadReports(db, year, { money: true, today }) },
		{ name: 'whole page, owner, 36 months', run: () => loadReports(db, filters('from=2023-12-01&to=2026-11-22'), { money: true, today }) },
		{ name: 'whole page, island Havelock', run: () => loadReports(db, filters('island=havelock'), { money: true, today }) },
		{ name: 'whole page, source quote form', run: () => loadReports(db, filters('source=quote_form'), { money: true, today }) },
		{ name: 'whole page, one agent', run: () => loadReports(db, filters(`agent=${agentId}`), { money: true, today }) },
		{ name: 'dashboard charts', run: () => dashboardCharts(db, { money: true, today }) },
	]
	const results = []
	for (const scenario of scenarios) {
		for (let i = 0; i < 3; i++) await scenario.run()
		const times: number[] = []
		for (let i = 0; i < iterations; i++) {
			const started = performance.now()
			await scenario.run()
			times.push(performance.now() - started)
		}
		times.sort((a, b) => a - b)
		const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!
		results.push({ database: kind, scenario: scenario.name, p50: at(50), p95: at(95) })
	}
	return results
}

async function run(kind: 'sqlite' | 'postgres') {
	let url: string
	let cleanup: () => Promise<void>
	if (kind === 'sqlite') {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'andaman-bench-reports-'))
		url = `file:${path.join(dir, 'bench.db')}`
		cleanup = async () => fs.rmSync(dir, { recursive: true, force: true })
	} else {
		const name = `bench_reports_${newId(8).toLowerCase()}`
		const admin = new pg.Client({ connectionString: pgAdminUrl })
		await admin.connect()
		await admin.query(`create database ${name}`)
		await admin.end()
		url = pgAdminUrl.replace(/\/[^/]*$/, `/${name}`)
		cleanup = async () => {
			const client = new pg.Client({ connectionString: pgAdminUrl })
			await client.connect()
			await client.query(`drop database if exists ${name} with (force)`)
			await client.end()
		}
	}
	const db = openDatabase(url)
	try {
		await migrateToLatest(db)
		const started = performance.now()
		const { agentIds } = await generate(db)
		const loadSeconds = (performance.now() - started) / 1000
		// What autovacuum (PostgreSQL) or a periodic ANALYZE (SQLite) does after a bulk load: fresh statistics.
		await sql.raw(kind === 'sqlite' ? 'analyze' : 'vacuum analyze').execute(db)
		return { loadSeconds, results: await measure(db, kind, agentIds[0]!) }
	} finally {
		await db.destroy()
		await cleanup()
	}
}

test('reports over generated bookings and leads', { timeout: 1_800_000 }, async () => {
	const out: Record<string, unknown> = { total, iterations }
	out.sqlite = await run('sqlite')
	try {
		out.postgres = process.env.BENCH_SKIP_POSTGRES ? { error: 'skipped (BENCH_SKIP_POSTGRES)' } : await run('postgres')
	} catch (error) {
		out.postgres = { error: String(error) }
	}
	if (process.env.BENCH_REPORTS_OUT) fs.writeFileSync(process.env.BENCH_REPORTS_OUT, JSON.stringify(out, null, 2))
	else console.log(JSON.stringify(out, null, 2))
})
