import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import pg from 'pg'
import * as tar from 'tar'
import { afterAll, beforeAll, expect, inject, it } from 'vitest'
import { newId } from '~/lib/ids.ts'
import { describeEachDatabase, type TestDatabase } from '#tests/support/test-databases.ts'
import { seedDemoData } from '../seed/index.server.ts'
import { applyRetention, createBackup, listBackups, listStoredFiles, sha256File } from './backup.server.ts'
import { fingerprintDatabase } from './fingerprint.server.ts'
import { RestoreRefused, restoreBackup } from './restore.server.ts'

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'andaman-backup-test-'))
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }))

/** A fresh, empty installation to restore into: a new SQLite path or a new PostgreSQL database. */
async function freshTarget(kind: 'sqlite' | 'postgres', cleanups: Array<() => Promise<void>>) {
	const dir = fs.mkdtempSync(path.join(scratch, 'target-'))
	const storageDir = path.join(dir, 'storage')
	if (kind === 'sqlite') return { databaseUrl: `file:${path.join(dir, 'app.db')}`, storageDir }
	const adminUrl = inject('postgresUrl')!
	const name = `r_${newId(12).toLowerCase()}`
	const admin = new pg.Client({ connectionString: adminUrl })
	await admin.connect()
	await admin.query(`create database ${name}`)
	await admin.end()
	cleanups.push(async () => {
		const cleanup = new pg.Client({ connectionString: adminUrl })
		await cleanup.connect()
		await cleanup.query(`drop database if exists ${name} with (force)`)
		await cleanup.end()
	})
	return { databaseUrl: adminUrl.replace(/\/[^/]*$/, `/${name}`), storageDir }
}

function writeUploads(dir: string, count: number) {
	for (let i = 0; i < count; i++) {
		const file = path.join(dir, 'tickets', String(i % 3), `ticket-${i}.pdf`)
		fs.mkdirSync(path.dirname(file), { recursive: true })
		fs.writeFileSync(file, crypto.randomBytes(1000 + i * 137))
	}
}

/** Writes pairs of audit rows, each pair in one transaction, until stopped: a torn copy would hold an odd count. */
function startLoad(database: TestDatabase) {
	let running = true
	let pairs = 0
	const writer = async () => {
		while (running) {
			const entity = newId(10)
			await database.db.transaction().execute(async (trx) => {
				for (const action of ['load-a', 'load-b']) {
					await trx
						.insertInto('audit_log')
						.values({ at: new Date().toISOString(), actor_label: 'load test', action, entity: 'load', entity_id: entity, before_json: null, after_json: null })
						.execute()
				}
			})
			pairs++
			// SQLite answers synchronously: let timers and the backup's own steps run between writes, as a server would.
			await new Promise((resolve) => setImmediate(resolve))
		}
	}
	const writers = [writer(), writer(), writer()]
	return {
		pairs: () => pairs,
		stop: async () => {
			running = false
			await Promise.all(writers)
			return pairs
		},
	}
}

/** A copy of `archive` with its manifest or database copy changed, packed again with fresh checksums (so it passes the archive checks). */
async function repack(archive: string, into: string, change: (dir: string, manifest: Record<string, any>) => void | Promise<void>): Promise<string> {
	const dir = fs.mkdtempSync(path.join(scratch, 'repack-'))
	await tar.extract({ file: archive, cwd: dir })
	const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'))
	await change(dir, manifest)
	manifest.database.sha256 = await sha256File(path.join(dir, manifest.database.file))
	fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest))
	await tar.create({ gzip: true, file: into, cwd: dir, portable: true }, fs.readdirSync(dir))
	fs.writeFileSync(`${into}.sha256`, `${await sha256File(into)}  ${path.basename(into)}\n`)
	return into
}

/** Everything a failed restore must leave as it was: every table, every stored file, and no side copies left behind. */
async function installationState(target: { databaseUrl: string; storageDir: string }) {
	const leftovers = [path.dirname(target.storageDir), ...(target.databaseUrl.startsWith('file:') ? [path.dirname(target.databaseUrl.slice(5))] : [])].flatMap(
		(dir) => fs.readdirSync(dir).filter((name) => /restoring|before-restore|replaced-|\.pid$/.test(name)),
	)
	let schemas: string[] = []
	if (!target.databaseUrl.startsWith('file:')) {
		const client = new pg.Client({ connectionString: target.databaseUrl })
		await client.connect()
		schemas = (await client.query<{ name: string }>("select nspname as name from pg_namespace where nspname like 'andaman%' order by 1")).rows.map(
			(row) => row.name,
		)
		await client.end()
	}
	return { tables: await fingerprintDatabase(target.databaseUrl), files: await listStoredFiles(target.storageDir), leftovers, schemas }
}

async function loadRows(url: string): Promise<number> {
	const fingerprint = await fingerprintDatabase(url)
	return fingerprint.audit_log!.rows
}

describeEachDatabase('backup and restore', (get) => {
	const cleanups: Array<() => Promise<void>> = []
	let storageDir: string
	let backupDir: string
	beforeAll(async () => {
		const { db } = get()
		await seedDemoData(db)
		storageDir = fs.mkdtempSync(path.join(scratch, 'storage-'))
		backupDir = fs.mkdtempSync(path.join(scratch, 'backups-'))
		writeUploads(storageDir, 7)
	}, 120_000)
	afterAll(async () => {
		for (const cleanup of cleanups) await cleanup()
	})

	it('backs up while the site writes, and the restore is exactly that moment', async () => {
		const source = get()
		const seeded = await loadRows(source.url)
		const load = startLoad(source)
		while (load.pairs() < 20) await new Promise((resolve) => setTimeout(resolve, 5))
		const before = await loadRows(source.url)
		const backup = await createBackup({ databaseUrl: source.url, storageDir }, { backupDir, keep: 10 })
		const after = await loadRows(source.url)
		await load.stop()

		expect(path.basename(backup.file)).toMatch(/^andaman-backup-\d{8}T\d{9}Z\.tar\.gz$/)
		expect(fs.readFileSync(`${backup.file}.sha256`, 'utf8')).toContain(path.basename(backup.file))
		// Writers kept going during the backup, so the copy sits strictly between two live counts.
		expect(after).toBeGreaterThan(before)
		const inBackup = backup.manifest.database.tables.audit_log!.rows
		expect(inBackup).toBeGreaterThanOrEqual(before)
		expect(inBackup).toBeLessThanOrEqual(after)
		expect((inBackup - seeded) % 2).toBe(0)

		const target = await freshTarget(source.kind, cleanups)
		const restored = await restoreBackup(backup.file, target, { backupDir })
		expect(restored.files).toBe(7)
		expect(await fingerprintDatabase(target.databaseUrl)).toEqual(backup.manifest.database.tables)
		expect(await listStoredFiles(target.storageDir)).toEqual(await listStoredFiles(storageDir))
		expect(Object.keys(backup.manifest.database.tables).length).toBeGreaterThan(20)
	})

	it('a backup of a quiet site restores to the same rows and files, table by table', async () => {
		const source = get()
		await sql`update settings set updated_at = ${new Date().toISOString()}`.execute(source.db)
		const backup = await createBackup({ databaseUrl: source.url, storageDir }, { backupDir, keep: 10 })
		const target = await freshTarget(source.kind, cleanups)
		await restoreBackup(backup.file, target, { backupDir })
		const live = await fingerprintDatabase(source.url)
		const copy = await fingerprintDatabase(target.databaseUrl)
		expect(Object.keys(copy).sort()).toEqual(Object.keys(live).sort())
		for (const table of Object.keys(live)) expect(copy[table], table).toEqual(live[table])
		expect(await listStoredFiles(target.storageDir)).toEqual(await listStoredFiles(storageDir))

		// Not over a non-empty installation unless told; told, the current one is backed up first.
		await expect(restoreBackup(backup.file, target, { backupDir })).rejects.toThrow(/not empty.*--force/)
		const forced = await restoreBackup(backup.file, target, { backupDir, force: true })
		expect(forced.safetyBackup && fs.existsSync(forced.safetyBackup)).toBe(true)
		expect(await fingerprintDatabase(target.databaseUrl)).toEqual(live)
	})

	it('refuses a damaged archive, a checksum mismatch and a running installation', async () => {
		const source = get()
		const backup = await createBackup({ databaseUrl: source.url, storageDir }, { backupDir, keep: 10 })
		const target = await freshTarget(source.kind, cleanups)

		const truncated = path.join(scratch, `truncated-${source.kind}.tar.gz`)
		fs.writeFileSync(truncated, fs.readFileSync(backup.file).subarray(0, 2000))
		await expect(restoreBackup(truncated, target, { backupDir })).rejects.toThrow(RestoreRefused)

		const tampered = path.join(scratch, `tampered-${source.kind}.tar.gz`)
		const bytes = fs.readFileSync(backup.file)
		bytes[Math.floor(bytes.length / 2)]! ^= 0xff
		fs.writeFileSync(tampered, bytes)
		fs.copyFileSync(`${backup.file}.sha256`, `${tampered}.sha256`)
		await expect(restoreBackup(tampered, target, { backupDir })).rejects.toThrow(/does not match its checksum/)

		if (source.kind === 'sqlite') {
			fs.mkdirSync(path.dirname(target.databaseUrl.slice(5)), { recursive: true })
			fs.writeFileSync(`${target.databaseUrl.slice(5)}.pid`, String(process.ppid))
			await expect(restoreBackup(backup.file, target, { backupDir })).rejects.toThrow(/server \(process \d+\) is running/)
		} else {
			const connected = new pg.Client({ connectionString: target.databaseUrl })
			await connected.connect()
			try {
				await expect(restoreBackup(backup.file, target, { backupDir })).rejects.toThrow(/other connection.*Stop the server first/)
			} finally {
				await connected.end()
			}
			const missing = { ...target, databaseUrl: target.databaseUrl.replace(/\/[^/]*$/, '/no_such_database_here') }
			await expect(restoreBackup(backup.file, missing, { backupDir })).rejects.toThrow(/does not exist: create it empty first/)
		}
		// Nothing was written by the refusals.
		expect(fs.existsSync(target.storageDir)).toBe(false)
	})

	it('a restore that fails at any point leaves the installation as it was: damaged archive, bad database copy, checksum mismatch, failure at the last step', async () => {
		const source = get()
		const backup = await createBackup({ databaseUrl: source.url, storageDir }, { backupDir, keep: 10 })
		// A working installation with data and files of its own, different from the backup's.
		const target = await freshTarget(source.kind, cleanups)
		await restoreBackup(backup.file, target, { backupDir })
		const local = new pg.Client({ connectionString: source.kind === 'postgres' ? target.databaseUrl : undefined })
		if (source.kind === 'postgres') {
			await local.connect()
			await local.query("update settings set updated_at = '2000-01-01T00:00:00.000Z'")
			await local.end()
		} else {
			const { default: SQLite } = await import('better-sqlite3')
			const database = new SQLite(target.databaseUrl.slice(5))
			database.prepare("update settings set updated_at = '2000-01-01T00:00:00.000Z'").run()
			database.close()
		}
		fs.writeFileSync(path.join(target.storageDir, 'only-here.txt'), 'kept')
		const before = await installationState(target)
		expect(before.leftovers).toEqual([])
		expect(before.files.map((file) => file.path)).toContain('only-here.txt')

		/** The old installation is checked first, then the reason given. */
		const failsAndKeeps = async (archive: string, reason: RegExp, beforeCommit?: () => void) => {
			const error = await restoreBackup(archive, target, { backupDir, force: true, beforeCommit }).then(
				() => new Error('the restore succeeded'),
				(failure: Error) => failure,
			)
			expect(await installationState(target)).toEqual(before)
			expect(error.message).toMatch(reason)
		}

		const truncated = path.join(scratch, `cut-${source.kind}.tar.gz`)
		fs.writeFileSync(truncated, fs.readFileSync(backup.file).subarray(0, 5000))
		await failsAndKeeps(truncated, /cannot be read as a backup archive/)

		// The database copy is damaged but the archive's own checksums were made to match: only restoring it shows the fault.
		const badCopy = await repack(backup.file, path.join(scratch, `bad-copy-${source.kind}.tar.gz`), (dir, manifest) => {
			const file = path.join(dir, manifest.database.file)
			fs.writeFileSync(file, fs.readFileSync(file).subarray(0, Math.floor(fs.statSync(file).size * 0.6)))
		})
		await failsAndKeeps(badCopy, /database copy/)

		const mismatched = await repack(backup.file, path.join(scratch, `mismatch-${source.kind}.tar.gz`), (_dir, manifest) => {
			manifest.database.tables.settings.checksum = '0'.repeat(32)
		})
		await failsAndKeeps(mismatched, /does not match the backup.*settings: contents differ/)

		let reached = false
		await failsAndKeeps(backup.file, /undone.*injected failure at the last step/, () => {
			reached = true
			throw new Error('injected failure at the last step')
		})
		expect(reached).toBe(true)

		// And the same archive, left alone, does replace it.
		await restoreBackup(backup.file, target, { backupDir, force: true })
		const after = await installationState(target)
		expect(after.tables).toEqual(backup.manifest.database.tables)
		expect(after.files.map((file) => file.path)).not.toContain('only-here.txt')
		expect(after.leftovers).toEqual([])
		expect(after.schemas).toEqual([])
	}, 120_000)

	it('writes archives readable by their owner only (0600), whatever the umask', async () => {
		const source = get()
		const dir = path.join(fs.mkdtempSync(path.join(scratch, 'private-')), 'new')
		const umask = process.umask(0o022)
		try {
			const backup = await createBackup({ databaseUrl: source.url, storageDir }, { backupDir: dir, keep: 10 })
			expect(fs.statSync(backup.file).mode & 0o777).toBe(0o600)
			expect(fs.statSync(dir).mode & 0o777).toBe(0o700)
		} finally {
			process.umask(umask)
		}
	})

	it('keeps the newest archives only', async () => {
		const source = get()
		const dir = fs.mkdtempSync(path.join(scratch, 'retention-'))
		for (let i = 0; i < 3; i++) await createBackup({ databaseUrl: source.url, storageDir }, { backupDir: dir, keep: 2 })
		const kept = listBackups(dir)
		expect(kept).toHaveLength(2)
		expect(fs.readdirSync(dir).filter((name) => name.endsWith('.sha256'))).toHaveLength(2)
		expect(applyRetention(dir, 1)).toEqual([kept[0]])
	})
})
