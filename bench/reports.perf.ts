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
import { parseReportFilters, type ReportFilters } from '~/features/reports/domain/reports.ts'
import { newId, newTripToken } from '~/lib/ids.ts'
import { type DB, migrateToLatest, openDatabase } from '~/server/db/client.server.ts'
import type { Database, NewBookingRow, NewLeadRow } from '~/server/db/schema.ts'
import { agentCommissions, arrivalWeeks, bookingMonths, cancellationMonths, dashboardCharts, leadSourceFunnel, leadTimings, loadReports, packageMargins, receiptMonths } from '~/features/reports/server/reports.server.ts'
import { refreshAllLeadProgress } from '~/features/reports/server/lead-progress.server.ts'

const total = Number(process.env.BENCH_BOOKINGS ?? 100_000)
const iterations = Number(process.env.BENCH_ITERATIONS ?? 30)
const pgAdminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const today = '2026-11-22'

const sources = ['quote_form', 'quote_form', 'contact_form', 'builder', 'package_page', 'phone', 'whatsapp', 'agent', 'walk_in', 'book_now']
const islandsVisited = ['port-blair', 'havelock', 'havelock', 'neil', 'baratang']
const statuses = ['confirmed', 'confirmed', 'confirmed', 'completed', 'completed', 'pending_payment', 'cancelled']

/** A deterministic random sequence, so every run measures the same data. */
function random(seed: number) {
	let state = seed
	return () => {
		state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
		return state / 2_147_483_648
	}
}

/** Inserts in batches sized under SQLite's 32,766 and PostgreSQL's 65,535 bind parameters. */
async function insertAll(db: DB, table: keyof Database, rows: readonly object[], columns: number) {
	const size = Math.max(1, Math.floor(30_000 / columns))
	for (let i = 0; i < rows.length; i += size) await db.insertInto(table as 'leads').values(rows.slice(i, i + size) as NewLeadRow[]).execute()
}

async function generate(db: DB) {
	const rand = random(7)
	const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!
	const start = Date.parse('2024-11-22T00:00:00Z')
	const span = Date.parse('2026-11-22T00:00:00Z') - start
	const at = new Date(start).toISOString()
	const agentIds = Array.from({ length: 50 }, () => newId())
	await insertAll(db, 'agents', agentIds.map((id, i) => ({ id, company: `Agency ${i}`, contact_person: 'Agent', phone: '+919800000000', email: null, city: null, pan: null, gstin: null, commission_bp: 500 + (i % 10) * 100, status: 'approved', notes: null, search_text: `agency ${i}`, created_at: at, updated_at: at })), 14)
	const packageIds = Array.from({ length: 20 }, () => newId())
	await insertAll(
		db,
		'packages',
		packageIds.map((id, i) => ({ id, slug: `package-${i}`, title: `Package ${i}`, category: 'family', status: 'published', featured: 0, summary: 'A trip.', total_nights: 4, islands: ',havelock,', stays_json: '[]', days_json: '[]', highlights_json: '[]', inclusions_json: '[]', exclusions_json: '[]', images_json: '[]', faqs_json: '[]', seo_title: null, seo_description: null, price_standard: 30_000_00, price_deluxe: null, price_premium: null, price_luxury: null, prices_as_of: null, created_by: null, created_at: at, updated_at: at })),
		30,
	)
	const leads: NewLeadRow[] = []
	const itineraries: object[] = []
	const quotes: object[] = []
	const bookings: NewBookingRow[] = []
	const components: object[] = []
	const payments: object[] = []
	for (let i = 0; i < total; i++) {
		const created = start + Math.floor((span * i) / total) + Math.floor(rand() * 60_000)
		const leadId = newId()
		const island = pick(islandsVisited)
		const agent = rand() < 0.15 ? pick(agentIds) : null
		leads.push({ id: leadId, reference: `LD-${i}`, submission_key: null, source: agent ? 'agent' : pick(sources), name: `Guest ${i}`, phone: null, email: null, travel_start: null, travel_end: null, travel_month: null, nights: 4, adults: 2, infants: null, budget: null, tier: null, islands_json: JSON.stringify([island]), message: null, package_id: null, builder_json: null, agent_id: agent, assignee_id: null, next_follow_up: null, lost_reason: null, merged_into_id: null, created_at: new Date(created).toISOString(), updated_at: new Date(created).toISOString() })
		// One lead in four is sent a quote a few days later; every lead here becomes a booking (100,000 of each).
		let quoteId: string | null = null
		let sentAt = created
		if (i % 4 === 0) {
			const itineraryId = newId()
			quoteId = newId()
			sentAt = created + Math.floor(rand() * 6 * 86_400_000)
			itineraries.push({ id: itineraryId, reference: `IT-${i}`, lead_id: leadId, title: 'Trip', origin: 'blank', origin_id: null, start_date: '2026-01-01', nights: 4, plan_json: '{}', price_json: null, total: null, archived_at: null, created_by: null, created_at: new Date(created).toISOString(), updated_at: new Date(created).toISOString() })
			quotes.push({ id: quoteId, itinerary_id: itineraryId, lead_id: leadId, version: 1, status: 'accepted', snapshot_json: '{}', total: 0, per_person: 0, valid_until: '2027-12-31', sent_at: new Date(sentAt).toISOString(), viewed_at: null, accepted_at: null, declined_at: null, superseded_by_id: null, created_by: null, created_at: new Date(sentAt).toISOString(), updated_at: new Date(sentAt).toISOString() })
		}
		const booked = new Date(sentAt + Math.floor(rand() * 4 * 86_400_000)).toISOString()
		const status = pick(statuses)
		const bookingId = newId()
		const totalPaise = (20_000 + Math.floor(rand() * 80_000)) * 100
		const startDate = new Date(Date.parse(booked) + (10 + Math.floor(rand() * 80)) * 86_400_000).toISOString().slice(0, 10)
		bookings.push({ id: bookingId, reference: `BK-${i}`, trip_token: newTripToken(), submission_key: null, quote_id: quoteId, package_id: quoteId ? null : pick(packageIds), lead_id: leadId, status, tier: 'standard', start_date: startDate, nights: 4, adults: 2, child_ages_json: '[]', infants: 0, rooms: 1, title: 'Trip', price_json: '{}', total: totalPaise, advance_due: 0, contact_name: 'Guest', contact_phone: '+919800000001', contact_email: null, special_requests: null, cancel_reason: null, cancellation_fee: status === 'cancelled' ? Math.round(totalPaise / 4) : null, refund_due: status === 'cancelled' ? Math.round(totalPaise / 2) : null, confirmed_at: null, cancelled_at: status === 'cancelled' ? new Date(Date.parse(booked) + 3 * 86_400_000).toISOString() : null, agent_id: agent, completed_at: null, cost: quoteId ? Math.round(totalPaise * 0.7) : null, created_at: booked, updated_at: booked })
		components.push({ id: newId(), booking_id: bookingId, position: 1, kind: 'hotel', description: 'Hotel', island, start_date: startDate, end_date: null, time: null, supplier: null, supplier_status: 'pending', confirmation_number: null, notes: null, created_at: booked, updated_at: booked })
		if (status !== 'pending_payment') payments.push({ id: newId(), booking_id: bookingId, amount: Math.round(totalPaise * 0.3), method: 'upi', reference: `UPI${i}`, paid_on: booked.slice(0, 10), verified: 1, recorded_by: null, created_at: booked })
	}
	await insertAll(db, 'leads', leads, 28)
	await insertAll(db, 'itineraries', itineraries, 15)
	await insertAll(db, 'quotes', quotes, 17)
	await insertAll(db, 'bookings', bookings, 33)
	await insertAll(db, 'booking_components', components, 15)
	await insertAll(db, 'payments', payments, 9)
	// The lead's first quote sent and furthest booking, as the migration back-fills them.
	await refreshAllLeadProgress(db)
	return { agentIds }
}

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
