/**
 * What the database benchmarks share: a throwaway SQLite file or PostgreSQL database,
 * deterministic generated leads (100,000 by default), and percentiles.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import pg from 'pg'
import { leadSearchText } from '~/features/leads/domain/lead.ts'
import { newId } from '~/lib/ids.ts'
import { type DB, migrateToLatest, openDatabase } from '~/server/db/client.server.ts'
import type { Database, NewLeadRow } from '~/server/db/schema.ts'

export const benchLeads = Number(process.env.BENCH_LEADS ?? 100_000)
export const benchIterations = Number(process.env.BENCH_ITERATIONS ?? 60)
const pgAdminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

export const firstNames = [
	'Aarav',
	'Meera',
	'Arjun',
	'Priya',
	'Rohan',
	'Ananya',
	'Vikram',
	'Kavya',
	'Rahul',
	'Sneha',
	'Aditya',
	'Isha',
	'Karan',
	'Divya',
	'Sanjay',
	'Pooja',
	'Nikhil',
	'Neha',
	'Amit',
	'Riya',
	'Lena',
	'Tom',
	'Sarah',
	'David',
	'Yuki',
]
export const lastNames = [
	'Sharma',
	'Iyer',
	'Rao',
	'Nair',
	'Gupta',
	'Menon',
	'Reddy',
	'Das',
	'Banerjee',
	'Kulkarni',
	'Singh',
	'Patel',
	'Joshi',
	'Mehta',
	'Chopra',
	'Fischer',
	'Smith',
	'Tanaka',
	'Bose',
	'Pillai',
]
const statuses = ['new', 'new', 'contacted', 'contacted', 'contacted', 'quoted', 'quoted', 'on_hold', 'won', 'lost', 'lost', 'lost']
const sources = ['quote_form', 'quote_form', 'contact_form', 'builder', 'package_page', 'phone', 'whatsapp', 'agent', 'walk_in', 'book_now']

/** A deterministic random sequence, so every run measures the same data. */
export function random(seed: number) {
	let state = seed
	return () => {
		state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
		return state / 2_147_483_648
	}
}

/** Inserts rows in batches of 500 inside one transaction: one commit instead of hundreds. */
export async function insertInBatches<T extends keyof Database & string>(db: DB, table: T, rows: Iterable<Record<string, unknown>>) {
	await db.transaction().execute(async (trx) => {
		let batch: Record<string, unknown>[] = []
		for (const row of rows) {
			batch.push(row)
			if (batch.length === 500) {
				await trx
					.insertInto(table)
					.values(batch as never)
					.execute()
				batch = []
			}
		}
		if (batch.length)
			await trx
				.insertInto(table)
				.values(batch as never)
				.execute()
	})
}

/** `total` leads over two years: Indian and foreign names, Indian mobiles, emails for 60%. Returns their ids and created times, oldest first. */
export async function generateLeads(db: DB, staffIds: string[], total = benchLeads) {
	const rand = random(42)
	const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!
	const start = Date.parse('2024-11-22T00:00:00Z')
	const span = Date.parse('2026-11-22T00:00:00Z') - start
	const made: Array<{ id: string; name: string; phone: string; email: string | null; reference: string; created: string }> = []
	function* rows(): Generator<NewLeadRow> {
		for (let i = 1; i <= total; i++) {
			const name = `${pick(firstNames)} ${pick(lastNames)}`
			const phone = `+91${9_000_000_000 + Math.floor(rand() * 999_999_999)}`
			const email = rand() < 0.6 ? `${name.toLowerCase().replace(' ', '.')}${i}@example.com` : null
			const reference = `LD-${2024 + Math.floor(i / 50_000)}-${String(i).padStart(5, '0')}`
			const created = new Date(start + Math.floor((span * i) / total) + Math.floor(rand() * 60_000)).toISOString()
			const followUp = rand() < 0.25 ? new Date(start + span - 30 * 86_400_000 + Math.floor(rand() * 60) * 86_400_000).toISOString().slice(0, 10) : null
			const id = newId()
			made.push({ id, name, phone, email, reference, created })
			yield {
				id,
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
			}
		}
	}
	await insertInBatches(db, 'leads', rows())
	return made
}

/** A migrated throwaway database with six staff accounts; `cleanup` removes it. */
export async function benchDatabase(kind: 'sqlite' | 'postgres', label: string) {
	let url: string
	let cleanup: () => Promise<void>
	if (kind === 'sqlite') {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), `andaman-bench-${label}-`))
		url = `file:${path.join(dir, 'bench.db')}`
		cleanup = async () => {
			if (process.env.BENCH_KEEP_SQLITE) console.log(`kept ${url}`)
			else fs.rmSync(dir, { recursive: true, force: true })
		}
	} else {
		const name = `bench_${label}_${newId(8).toLowerCase()}`
		const admin = new pg.Client({ connectionString: pgAdminUrl })
		await admin.connect()
		await admin.query(`create database ${name}`)
		await admin.end()
		url = pgAdminUrl.replace(/\/[^/]*$/, `/${name}`)
		cleanup = async () => {
			if (process.env.BENCH_KEEP_POSTGRES) return console.log(`kept ${url}`)
			const client = new pg.Client({ connectionString: pgAdminUrl })
			await client.connect()
			await client.query(`drop database if exists ${name} with (force)`)
			await client.end()
		}
	}
	const db = openDatabase(url)
	await migrateToLatest(db)
	const now = new Date().toISOString()
	const staffIds = Array.from({ length: 6 }, () => newId())
	await db
		.insertInto('users')
		.values(
			staffIds.map((id, i) => ({
				id,
				email: `staff${i}@example.com`,
				email_lower: `staff${i}@example.com`,
				email_verified: 0,
				display_name: `Staff ${i}`,
				photo_url: null,
				phone_number: null,
				role: 'staff',
				disabled: 0,
				password_hash: null,
				password_updated_at: null,
				token_version: 0,
				created_at: now,
				updated_at: now,
				last_sign_in_at: null,
				approved_at: now,
				approved_by: null,
			})),
		)
		.execute()
	return {
		kind,
		db,
		staffIds,
		/**
		 * CPU time (ms) the PostgreSQL server processes of this database have used so far, from /proc
		 * (the server runs on this machine); null on SQLite, whose work is this process's own.
		 */
		serverCpuMs: async (): Promise<number | null> => {
			if (kind === 'sqlite') return null
			const backends = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database()`.execute(db)
			let ticks = 0
			for (const { pid } of backends.rows) {
				try {
					const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
					ticks += Number(fields[11]) + Number(fields[12])
				} catch {
					return null // another machine's server, or the backend is gone
				}
			}
			return ticks * 10
		},
		/** What autovacuum (PostgreSQL) or a periodic ANALYZE (SQLite) does after a bulk load: fresh statistics. */
		analyze: () => sql.raw(kind === 'sqlite' ? 'analyze' : 'vacuum analyze').execute(db),
		close: async () => {
			await db.destroy()
			await cleanup()
		},
	}
}

/**
 * Runs `work` 5 times to warm up, then `benchIterations` times: p50 and p95 wall time in ms, p95 of
 * this process's CPU time (user + system) per run and, given `serverCpuMs` (PostgreSQL), the
 * server's mean CPU time per run (/proc counts in 10 ms ticks, so only the mean is exact enough).
 * On SQLite (in-process) the CPU time is the query's own cost, steady when other work shares the
 * machine; on PostgreSQL it is the client's share, and the server's is the rest.
 */
export async function timed<T>(
	work: () => Promise<T>,
	serverCpuMs?: () => Promise<number | null>,
): Promise<{ p50: number; p95: number; cpuP95: number; serverCpuMean: number | null; last: T }> {
	for (let i = 0; i < 5; i++) await work()
	const times: number[] = []
	const cpu: number[] = []
	const serverBefore = (await serverCpuMs?.()) ?? null
	let last!: T
	for (let i = 0; i < benchIterations; i++) {
		const started = performance.now()
		const cpuBefore = process.cpuUsage()
		last = await work()
		const used = process.cpuUsage(cpuBefore)
		times.push(performance.now() - started)
		cpu.push((used.user + used.system) / 1000)
	}
	const serverAfter = serverBefore === null ? null : await serverCpuMs!()
	const serverCpuMean = serverBefore === null || serverAfter === null ? null : (serverAfter - serverBefore) / benchIterations
	const at = (list: number[], p: number) => list.sort((a, b) => a - b)[Math.min(list.length - 1, Math.ceil((p / 100) * list.length) - 1)]!
	return { p50: at(times, 50), p95: at(times, 95), cpuP95: at(cpu, 95), serverCpuMean, last }
}

export type BenchDatabase = Awaited<ReturnType<typeof benchDatabase>>

/**
 * The frame every database bench shares: on a throwaway SQLite file, then on a throwaway PostgreSQL
 * database (unless BENCH_SKIP_POSTGRES), `load` fills it (timed), statistics are refreshed and
 * `measure` takes its figures. Writes `{ total, iterations, sqlite, postgres }` as JSON to
 * $`outVariable` (printed when unset); each database's part is `{ loadSeconds, ...loaded, results }`,
 * or `{ error }` when PostgreSQL could not be measured.
 */
export async function measureOnEachDatabase<Loaded extends Record<string, unknown>>(
	label: string,
	outVariable: string,
	load: (bench: BenchDatabase) => Promise<Loaded>,
	measure: (bench: BenchDatabase, loaded: Loaded) => Promise<unknown[]>,
) {
	const run = async (kind: 'sqlite' | 'postgres') => {
		const bench = await benchDatabase(kind, label)
		try {
			const started = performance.now()
			const loaded = await load(bench)
			const loadSeconds = (performance.now() - started) / 1000
			await bench.analyze()
			return { loadSeconds, ...loaded, results: await measure(bench, loaded) }
		} finally {
			await bench.close()
		}
	}
	const out: Record<string, unknown> = { total: benchLeads, iterations: benchIterations }
	out.sqlite = await run('sqlite')
	try {
		out.postgres = process.env.BENCH_SKIP_POSTGRES ? { error: 'skipped (BENCH_SKIP_POSTGRES)' } : await run('postgres')
	} catch (error) {
		out.postgres = { error: String(error) }
	}
	if (process.env[outVariable]) fs.writeFileSync(process.env[outVariable], JSON.stringify(out, null, 2))
	else console.log(JSON.stringify(out, null, 2))
}
