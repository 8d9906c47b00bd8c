import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import pg from 'pg'
import { expect, inject, test } from 'vitest'
import { databaseTimeouts, isDatabaseUnavailable, isUniqueViolation, migrateToLatest, openDatabase } from './client.server.ts'
import { backgroundIntegrity, checkDatabaseHealth, createHealthMonitor, type DatabaseHealth, integrityOffThread, withDatabaseLock } from './health.server.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'

describeEachDatabase('database health', (get) => {
	test('a migrated database that answers is healthy', async () => {
		const health = await checkDatabaseHealth(get().db)
		expect(health).toMatchObject({ ok: true })
	})

	test('a migration that has not run is named', async () => {
		const { db } = get()
		const [row] = (await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration order by name desc limit 1`.execute(db)).rows
		await sql`delete from kysely_migration where name = ${row!.name}`.execute(db)
		try {
			const health = await checkDatabaseHealth(db)
			expect(health.ok).toBe(false)
			expect(health.ok ? '' : health.problem).toContain(row!.name)
		} finally {
			await sql`insert into kysely_migration (name, timestamp) values (${row!.name}, ${row!.timestamp})`.execute(db)
		}
	})

	test('errors that mean "the database cannot serve now" are told apart from bad requests', async () => {
		const { db } = get()
		const duplicate = await sql`insert into kysely_migration (name, timestamp) select name, timestamp from kysely_migration limit 1`
			.execute(db)
			.catch((error: unknown) => error)
		expect(isUniqueViolation(duplicate)).toBe(true)
		expect(isDatabaseUnavailable(duplicate)).toBe(false)
		const syntax = await sql`selec nothing`.execute(db).catch((error: unknown) => error)
		expect(isDatabaseUnavailable(syntax)).toBe(false)
	})
})

test('an empty SQLite file (recreated, never migrated) and a damaged one are reported, not called healthy', async () => {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'andaman-health-'))
	const empty = openDatabase(`file:${path.join(dir, 'empty.db')}`)
	try {
		const health = await checkDatabaseHealth(empty)
		expect(health.ok ? '' : health.problem).toMatch(/no schema/)
	} finally {
		await empty.destroy()
	}
	const damagedFile = path.join(dir, 'damaged.db')
	fs.writeFileSync(damagedFile, Buffer.alloc(8192, 'not a database at all '))
	let damagedError: unknown
	try {
		const damaged = openDatabase(`file:${damagedFile}`)
		const health = await checkDatabaseHealth(damaged)
		expect(health.ok ? '' : health.problem).toMatch(/damaged|not a database/)
		await damaged.destroy()
	} catch (error) {
		// Opening already fails (WAL pragma reads the header): that error is a database fault too.
		damagedError = error
	}
	if (damagedError) expect(isDatabaseUnavailable(damagedError)).toBe(true)
	fs.rmSync(dir, { recursive: true, force: true })
})

test('an SQLite file replaced or removed under the open database: writes are refused as a database fault, not lost, and health says why', async () => {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'andaman-replaced-'))
	const file = path.join(dir, 'app.db')
	const db = openDatabase(`file:${file}`)
	try {
		await migrateToLatest(db)
		const write = (key: string) => sql`insert into settings (key, value_json, updated_at) values (${key}, '1', ${new Date().toISOString()})`.execute(db)
		await write('before')
		// What a restore under a live server did: another file renamed over the path (the open connection keeps the old one).
		const other = openDatabase(`file:${path.join(dir, 'other.db')}`)
		await migrateToLatest(other)
		await other.destroy()
		fs.renameSync(path.join(dir, 'other.db'), file)
		for (const journal of ['-wal', '-shm']) fs.rmSync(`${file}${journal}`, { force: true })

		const refused = await write('after').catch((error: unknown) => error)
		expect(refused).toBeInstanceOf(Error)
		expect((refused as Error).message).toMatch(/database file .*app\.db was replaced while the server was running/)
		expect(isDatabaseUnavailable(refused)).toBe(true)
		const transaction = await db
			.transaction()
			.execute(async (trx) => {
				await sql`insert into settings (key, value_json, updated_at) values ('in-a-transaction', '1', '')`.execute(trx)
			})
			.catch((error: unknown) => error)
		expect(isDatabaseUnavailable(transaction)).toBe(true)
		// Reads still answer (from the old file); health is not ok and says what happened.
		expect((await sql<{ key: string }>`select key from settings where key = 'before'`.execute(db)).rows).toHaveLength(1)
		const health = await checkDatabaseHealth(db)
		expect(health.ok ? '' : health.problem).toMatch(/was replaced while the server was running.*restart the server/)

		fs.rmSync(file)
		expect(((await write('gone').catch((error: unknown) => error)) as Error).message).toMatch(/was removed while the server was running/)
	} finally {
		await db.destroy()
		fs.rmSync(dir, { recursive: true, force: true })
	}
})

test('the integrity check runs on another thread: ok for a sound file, the problem for a damaged one', async () => {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'andaman-integrity-'))
	try {
		const sound = openDatabase(`file:${path.join(dir, 'sound.db')}`)
		await sql`create table t (id integer primary key, v text)`.execute(sound)
		await sql`insert into t (v) values ('a'), ('b')`.execute(sound)
		await sound.destroy()
		expect(await integrityOffThread(path.join(dir, 'sound.db'))).toBe('ok')
		fs.writeFileSync(path.join(dir, 'damaged.db'), Buffer.alloc(8192, 'not a database at all '))
		expect(await integrityOffThread(path.join(dir, 'damaged.db'))).not.toBe('ok')
	} finally {
		fs.rmSync(dir, { recursive: true, force: true })
	}
})

test('/healthz asked 50 times at once and again within the interval runs the check once; after the interval, once more', async () => {
	let checks = 0
	let release: (health: DatabaseHealth) => void = () => {}
	const monitor = createHealthMonitor({
		intervalMs: 200,
		check: () => {
			checks++
			return new Promise((resolve) => (release = resolve))
		},
	})
	const db = {} as Parameters<typeof monitor>[0]
	const answers = Array.from({ length: 50 }, () => monitor(db))
	release({ ok: true, ms: 1 })
	expect(await Promise.all(answers)).toHaveLength(50)
	await monitor(db)
	expect(checks).toBe(1)
	await new Promise((resolve) => setTimeout(resolve, 250))
	const later = monitor(db)
	release({ ok: false, ms: 1, problem: 'x' })
	expect(await later).toMatchObject({ ok: false })
	expect(checks).toBe(2)
})

test('the integrity verdict is refreshed in the background at most once per interval, and the last one is served', async () => {
	let runs = 0
	const integrity = backgroundIntegrity(200, async () => {
		runs++
		return runs === 1 ? 'ok' : 'page 7 is broken'
	})
	const db = {} as Parameters<typeof integrity>[0]
	expect(await integrity(db, '/data/app.db')).toBeNull()
	await new Promise((resolve) => setTimeout(resolve, 10))
	for (let i = 0; i < 20; i++) expect(await integrity(db, '/data/app.db')).toBe('ok')
	expect(runs).toBe(1)
	await new Promise((resolve) => setTimeout(resolve, 250))
	await integrity(db, '/data/app.db')
	await new Promise((resolve) => setTimeout(resolve, 10))
	expect(await integrity(db, '/data/app.db')).toBe('page 7 is broken')
	expect(runs).toBe(2)
})

const postgresUrl = inject('postgresUrl')

test.skipIf(!postgresUrl)('PostgreSQL: a terminated backend and a statement timeout count as database faults, and the process survives both', async () => {
	const name = `t_health_${Date.now().toString(36)}`
	const admin = new pg.Client({ connectionString: postgresUrl! })
	await admin.connect()
	await admin.query(`create database ${name}`)
	const db = openDatabase(postgresUrl!.replace(/\/[^/]*$/, `/${name}`))
	try {
		// Terminated mid-query (57P01): the checked-out client emits 'error'; without a handler the process would die.
		const sleeping = sql`select pg_sleep(5)`.execute(db).catch((error: unknown) => error)
		for (let i = 0; i < 50; i++) {
			const { rowCount } = await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query like 'select pg_sleep%'`, [
				name,
			])
			if (rowCount) break
			await new Promise((resolve) => setTimeout(resolve, 50))
		}
		const terminated = await sleeping
		expect(terminated).toBeInstanceOf(Error)
		expect(isDatabaseUnavailable(terminated)).toBe(true)
		// The pool drops the dead connection (a query racing its close may fail once more, as a fault too): it recovers by itself.
		let one: unknown
		for (let attempt = 0; attempt < 3 && one === undefined; attempt++) {
			one = await sql<{ one: number }>`select 1 as one`
				.execute(db)
				.then((result) => result.rows[0]?.one)
				.catch((error: unknown) => {
					expect(isDatabaseUnavailable(error)).toBe(true)
					return undefined
				})
		}
		expect(one).toBe(1)

		const timedOut = await db
			.transaction()
			.execute(async (trx) => {
				await sql`set local statement_timeout = 50`.execute(trx)
				await sql`select pg_sleep(2)`.execute(trx)
			})
			.catch((error: unknown) => error)
		expect((timedOut as { code?: string }).code).toBe('57014')
		expect(isDatabaseUnavailable(timedOut)).toBe(true)

		// A recreated, empty database: not healthy, and says so.
		const health = await checkDatabaseHealth(db)
		expect(health.ok ? '' : health.problem).toMatch(/no schema/)
	} finally {
		await db.destroy()
		await admin.query(`drop database if exists ${name} with (force)`)
		await admin.end()
	}
})

test.skipIf(!postgresUrl)(
	'PostgreSQL: two instances taking the same lock run one after the other (the demo seed on an empty database), however far past the per-request deadline the first holds it',
	async () => {
		const first = openDatabase(postgresUrl!)
		const second = openDatabase(postgresUrl!)
		try {
			const spans: Array<[number, number]> = []
			const work = async () => {
				const start = performance.now()
				// Longer than one query may take (client.server.ts): the second must not wait in one statement.
				await new Promise((resolve) => setTimeout(resolve, databaseTimeouts.queryMs + 500))
				spans.push([start, performance.now()])
			}
			await Promise.all([withDatabaseLock(first, 727_001, work), withDatabaseLock(second, 727_001, work)])
			spans.sort((a, b) => a[0] - b[0])
			expect(spans[1]![0]).toBeGreaterThanOrEqual(spans[0]![1])
		} finally {
			await first.destroy()
			await second.destroy()
		}
	},
)
