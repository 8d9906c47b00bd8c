/**
 * The leads list over 100,000 generated leads, on SQLite and on PostgreSQL
 * (a throwaway database). Run by `npm run bench` (bench/leads.mjs) through
 * Vitest, which compiles the app's TypeScript; writes its figures to
 * $BENCH_LEADS_OUT as JSON.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import pg from 'pg'
import { test } from 'vitest'
import { leadSearchText } from '~/domain/leads/lead.ts'
import { parseLeadFilters } from '~/domain/leads/list-filters.ts'
import { newId } from '~/lib/ids.ts'
import { type DB, migrateToLatest, openDatabase } from '~/server/db/client.server.ts'
import type { NewLeadRow } from '~/server/db/schema.ts'
import { listLeads } from '~/server/leads/desk.server.ts'

const total = Number(process.env.BENCH_LEADS ?? 100_000)
const iterations = Number(process.env.BENCH_ITERATIONS ?? 60)
const pgAdminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

const firstNames = ['Aarav', 'Meera', 'Arjun', 'Priya', 'Rohan', 'Ananya', 'Vikram', 'Kavya', 'Rahul', 'Sneha', 'Aditya', 'Isha', 'Karan', 'Divya', 'Sanjay', 'Pooja', 'Nikhil', 'Neha', 'Amit', 'Riya', 'Lena', 'Tom', 'Sarah', 'David', 'Yuki']
const lastNames = ['Sharma', 'Iyer', 'Rao', 'Nair', 'Gupta', 'Menon', 'Reddy', 'Das', 'Banerjee', 'Kulkarni', 'Singh', 'Patel', 'Joshi', 'Mehta', 'Chopra', 'Fischer', 'Smith', 'Tanaka', 'Bose', 'Pillai']
const statuses = ['new', 'new', 'contacted', 'contacted', 'contacted', 'quoted', 'quoted', 'on_hold', 'won', 'lost', 'lost', 'lost']
const sources = ['quote_form', 'quote_form', 'contact_form', 'builder', 'package_page', 'phone', 'whatsapp', 'agent', 'walk_in', 'book_now']

/** A deterministic random sequence, so every run measures the same data. */
function random(seed: number) {
	let state = seed
	return () => {
		state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
		return state / 2_147_483_648
	}
}

async function generate(db: DB, staffIds: string[]) {
	const rand = random(42)
	const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!
	const start = Date.parse('2024-11-22T00:00:00Z')
	const span = Date.parse('2026-11-22T00:00:00Z') - start
	const batch: NewLeadRow[] = []
	for (let i = 1; i <= total; i++) {
		const name = `${pick(firstNames)} ${pick(lastNames)}`
		const phone = `+91${9_000_000_000 + Math.floor(rand() * 999_999_999)}`
		const email = rand() < 0.6 ? `${name.toLowerCase().replace(' ', '.')}${i}@example.com` : null
		const reference = `LD-${2024 + Math.floor(i / 50_000)}-${String(i).padStart(5, '0')}`
		const created = new Date(start + Math.floor((span * i) / total) + Math.floor(rand() * 60_000)).toISOString()
		const followUp = rand() < 0.25 ? new Date(start + span - 30 * 86_400_000 + Math.floor(rand() * 60) * 86_400_000).toISOString().slice(0, 10) : null
		batch.push({
			id: newId(),
			reference,
			submission_key: null,
			source: pick(sources),
			status: pick(statuses),
			name,
			phone,
			email,
			travel_start: null,
			travel_end: null,
			travel_month: '2027-01',
			nights: 3 + Math.floor(rand() * 8),
			adults: 1 + Math.floor(rand() * 4),
			infants: null,
			budget: null,
			tier: null,
			message: null,
			package_id: null,
			builder_json: null,
			agent_id: rand() < 0.1 ? `AGENT${Math.floor(rand() * 50)}` : null,
			assignee_id: rand() < 0.8 ? pick(staffIds) : null,
			next_follow_up: followUp,
			lost_reason: null,
			search_text: leadSearchText({ name, phone, email, reference }),
			merged_into_id: null,
			created_at: created,
			updated_at: created,
		})
		if (batch.length === 500 || i === total) {
			await db.insertInto('leads').values(batch).execute()
			batch.length = 0
		}
	}
}

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
		for (let i = 0; i < 5; i++) await listLeads(db, filters, staffId, '2026-11-22')
		const times: number[] = []
		let matched = 0
		for (let i = 0; i < iterations; i++) {
			const started = performance.now()
			const result = await listLeads(db, filters, staffId, '2026-11-22')
			times.push(performance.now() - started)
			matched = result.total
		}
		times.sort((a, b) => a - b)
		const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!
		results.push({ database: kind, scenario: scenario.name, matched, p50: at(50), p95: at(95) })
	}
	return results
}

async function run(kind: 'sqlite' | 'postgres') {
	let url: string
	let cleanup: () => Promise<void>
	if (kind === 'sqlite') {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'andaman-bench-leads-'))
		url = `file:${path.join(dir, 'bench.db')}`
		cleanup = async () => {
			if (process.env.BENCH_KEEP_SQLITE) console.log(`kept ${url}`)
			else fs.rmSync(dir, { recursive: true, force: true })
		}
	} else {
		const name = `bench_leads_${newId(8).toLowerCase()}`
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
		const now = new Date().toISOString()
		const staffIds = Array.from({ length: 6 }, () => newId())
		await db
			.insertInto('users')
			.values(staffIds.map((id, i) => ({ id, email: `staff${i}@example.com`, email_lower: `staff${i}@example.com`, email_verified: 0, display_name: `Staff ${i}`, photo_url: null, phone_number: null, role: 'staff', disabled: 0, password_hash: null, password_updated_at: null, token_version: 0, created_at: now, updated_at: now, last_sign_in_at: null, approved_at: now, approved_by: null })))
			.execute()
		const started = performance.now()
		await generate(db, staffIds)
		const loadSeconds = (performance.now() - started) / 1000
		// What autovacuum (PostgreSQL) or a periodic ANALYZE (SQLite) does after a bulk load: fresh statistics.
		await sql.raw(kind === 'sqlite' ? 'analyze' : 'vacuum analyze leads').execute(db)
		return { loadSeconds, results: await measure(db, kind, staffIds[0]!) }
	} finally {
		await db.destroy()
		await cleanup()
	}
}

test('leads list over generated leads', { timeout: 900_000 }, async () => {
	const out: Record<string, unknown> = { total, iterations }
	out.sqlite = await run('sqlite')
	try {
		out.postgres = process.env.BENCH_SKIP_POSTGRES ? { error: 'skipped (BENCH_SKIP_POSTGRES)' } : await run('postgres')
	} catch (error) {
		out.postgres = { error: String(error) }
	}
	if (process.env.BENCH_LEADS_OUT) fs.writeFileSync(process.env.BENCH_LEADS_OUT, JSON.stringify(out, null, 2))
	else console.log(JSON.stringify(out, null, 2))
})
