/**
 * `npm run restore -- <archive> [--force]`: checks the archive (its .sha256,
 * the gzip stream, every file against the manifest), takes the installation
 * lock (refused while a server runs), refuses a non-empty installation unless
 * forced (and then backs the current one up first), and restores all or
 * nothing (ADR 174): the database goes to a side location (a file beside the
 * SQLite file, a temporary PostgreSQL schema) and the files to a folder beside
 * STORAGE_DIR, the copy is checked table by table against the manifest, and
 * only then is the installation switched over; any failure leaves it as it was.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import pg from 'pg'
import * as tar from 'tar'
import { databaseKind } from '../db/client.server.ts'
import { createBackup, type Installation, type Manifest, manifestFormat, manifestName, postgresTool, sha256File, sqliteFile } from './backup.server.ts'
import { type DatabaseFingerprint, fingerprintDifferences, postgresFingerprint, sqliteFingerprint } from './fingerprint.server.ts'
import { InstallationBusy, takeInstallationLock } from './installation-lock.server.ts'

export class RestoreRefused extends Error {}

export type RestoreResult = { manifest: Manifest; tables: number; rows: number; files: number; safetyBackup: string | null }

/**
 * Called just before the restore commits (the files already switched, the
 * database switched but not committed): what it throws undoes the restore.
 * Tests inject a failure at the last moment through it.
 */
export type BeforeCommit = () => void | Promise<void>

/** Checks the archive and unpacks it into a fresh directory; returns the manifest. Throws RestoreRefused with the reason. */
export async function unpackAndVerify(archive: string, into: string): Promise<Manifest> {
	if (!fs.existsSync(archive)) throw new RestoreRefused(`No backup file at ${archive}.`)
	const sidecar = `${archive}.sha256`
	if (fs.existsSync(sidecar)) {
		const expected = fs.readFileSync(sidecar, 'utf8').trim().split(/\s+/)[0]
		if (expected !== (await sha256File(archive)))
			throw new RestoreRefused(`${path.basename(archive)} does not match its checksum in ${path.basename(sidecar)}: the file is damaged or incomplete.`)
	}
	try {
		await tar.extract({ file: archive, cwd: into, strict: true })
	} catch (error) {
		throw new RestoreRefused(`${path.basename(archive)} cannot be read as a backup archive (${(error as Error).message}).`)
	}
	const manifestFile = path.join(into, manifestName)
	let manifest: Manifest
	try {
		manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest
	} catch {
		throw new RestoreRefused(`${path.basename(archive)} has no readable ${manifestName}: it is not one of our backups.`)
	}
	if (manifest.format !== manifestFormat || manifest.version !== 1)
		throw new RestoreRefused(`${path.basename(archive)} is not a backup this version can restore.`)
	const databaseFile = path.join(into, path.basename(manifest.database.file))
	if (!fs.existsSync(databaseFile) || (await sha256File(databaseFile)) !== manifest.database.sha256) {
		throw new RestoreRefused(`The database copy in ${path.basename(archive)} is missing or damaged.`)
	}
	for (const file of manifest.storage.files) {
		const full = path.join(into, 'storage', file.path)
		if (!full.startsWith(path.join(into, 'storage') + path.sep) || !fs.existsSync(full) || (await sha256File(full)) !== file.sha256) {
			throw new RestoreRefused(`The stored file ${file.path} in ${path.basename(archive)} is missing or damaged.`)
		}
	}
	return manifest
}

async function postgresHasTables(databaseUrl: string): Promise<boolean> {
	const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 })
	try {
		await client.connect()
	} catch (error) {
		if ((error as { code?: string }).code === '3D000') {
			throw new RestoreRefused(`The database in DATABASE_URL does not exist: create it empty first (createdb ${new URL(databaseUrl).pathname.slice(1)}).`)
		}
		throw error
	}
	try {
		const { rows } = await client.query<{ n: number }>("select count(*)::int as n from information_schema.tables where table_schema = 'public'")
		return rows[0]!.n > 0
	} finally {
		await client.end()
	}
}

function sqliteHasTables(file: string): boolean {
	if (!fs.existsSync(file) || fs.statSync(file).size === 0) return false
	const database = new SQLite(file, { readonly: true, fileMustExist: true })
	try {
		return (database.prepare("select count(*) as n from sqlite_master where type = 'table'").get() as { n: number }).n > 0
	} finally {
		database.close()
	}
}

function directoryHasFiles(dir: string): boolean {
	return fs.existsSync(dir) && fs.readdirSync(dir).length > 0
}

/** Moves `from` to `to`, copying when they are on different file systems. */
function move(from: string, to: string) {
	try {
		fs.renameSync(from, to)
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error
		fs.cpSync(from, to, { recursive: true })
		fs.rmSync(from, { recursive: true, force: true })
	}
}

function mismatch(expected: Manifest, actual: DatabaseFingerprint): void {
	const differences = fingerprintDifferences(expected.database.tables, actual)
	if (differences.length) throw new RestoreRefused(`The restored copy does not match the backup, so it was not switched in: ${differences.join('; ')}`)
}

/** What is staged beside the installation: switched in (reversibly), then committed, or dropped. */
type Staged = { switchIn: () => Promise<void>; commit: () => Promise<void>; undo: () => Promise<void> }

/**
 * SQLite: the copy is written beside the database file, checked (integrity
 * and every table against the manifest) and then renamed over it. The old
 * file and its WAL are kept aside until the commit, so the switch can be undone.
 */
async function stageSqlite(file: string, copy: string, manifest: Manifest, suffix: string): Promise<Staged> {
	fs.mkdirSync(path.dirname(file), { recursive: true })
	const incoming = `${file}.restoring-${suffix}`
	const previous = `${file}.before-restore-${suffix}`
	const journals = ['', '-wal', '-shm', '-journal']
	const removeWithJournals = (base: string) => {
		for (const journal of journals) fs.rmSync(`${base}${journal}`, { force: true })
	}
	const moveWithJournals = (from: string, to: string) => {
		for (const journal of journals) if (fs.existsSync(`${from}${journal}`)) fs.renameSync(`${from}${journal}`, `${to}${journal}`)
	}
	fs.copyFileSync(copy, incoming)
	fs.chmodSync(incoming, fs.existsSync(file) ? fs.statSync(file).mode & 0o777 : 0o600)
	try {
		const database = new SQLite(incoming, { fileMustExist: true })
		try {
			const check = database.pragma('integrity_check', { simple: true })
			if (check !== 'ok') throw new RestoreRefused(`The database copy in the backup failed its integrity check: ${String(check)}`)
			database.pragma('journal_mode = WAL')
			mismatch(manifest, sqliteFingerprint(database))
		} finally {
			database.close()
		}
	} catch (error) {
		removeWithJournals(incoming)
		if (error instanceof RestoreRefused) throw error
		throw new RestoreRefused(`The database copy in the backup cannot be opened: ${(error as Error).message}`)
	}
	let movedAside = false
	let copiedIn = false
	return {
		// The old file goes aside with its WAL as it is (nothing has it open: we hold the lock), the copy takes its name.
		switchIn: async () => {
			movedAside = true
			moveWithJournals(file, previous)
			fs.renameSync(incoming, file)
			copiedIn = true
		},
		commit: async () => removeWithJournals(previous),
		undo: async () => {
			if (copiedIn) removeWithJournals(file)
			if (movedAside) moveWithJournals(previous, file)
			removeWithJournals(incoming)
		},
	}
}

/** SQL that moves every extension from one schema to another (pg_trgm lives in public and moves with our tables). */
function moveExtensions(from: string, to: string): string {
	return `do $$ declare e record; begin for e in select extname from pg_extension where extnamespace = (select oid from pg_namespace where nspname = '${from}') loop execute format('alter extension %I set schema ${to}', e.extname); end loop; end $$;`
}

/**
 * PostgreSQL: the dump is restored, in one transaction, into public with the
 * live public schema renamed aside meanwhile, then the two swap back, so the
 * copy ends up committed in a schema of its own and public never changed.
 * It is checked there; the switch renames the schemas and drops the old one
 * in one transaction.
 */
async function stagePostgres(databaseUrl: string, dump: string, work: string, manifest: Manifest, suffix: string): Promise<Staged> {
	const live = `andaman_live_${suffix}`
	const side = `andaman_restoring_${suffix}`
	const before = `andaman_before_restore_${suffix}`
	const client = new pg.Client({ connectionString: databaseUrl })
	client.on('error', () => {}) // a failure reaches the query that meets it
	await client.connect()
	const dropSide = () => client.query(`drop schema if exists ${side} cascade`)
	try {
		// Left by a restore that was killed half-way: never part of the installation.
		const { rows: leftovers } = await client.query<{ name: string }>("select nspname as name from pg_namespace where nspname like 'andaman\\_restoring\\_%'")
		for (const { name } of leftovers) await client.query(`drop schema ${name} cascade`)

		const script = path.join(work, 'restore.sql')
		const prologue = path.join(work, 'prologue.sql')
		fs.writeFileSync(
			prologue,
			`create schema if not exists public;\nalter schema public rename to ${live};\ncreate schema public;\n${moveExtensions(live, 'public')}\n`,
		)
		const epilogue = path.join(work, 'epilogue.sql')
		fs.writeFileSync(epilogue, `alter schema public rename to ${side};\nalter schema ${live} rename to public;\n${moveExtensions(side, 'public')}\n`)
		try {
			await postgresTool('pg_restore', ['--no-owner', '--no-acl', `--file=${script}`, dump])
			await postgresTool('psql', [
				'--no-psqlrc',
				'--quiet',
				'--set=ON_ERROR_STOP=1',
				'--single-transaction',
				`--dbname=${databaseUrl}`,
				`--file=${prologue}`,
				`--file=${script}`,
				`--file=${epilogue}`,
			])
		} catch (error) {
			throw new RestoreRefused(`The database copy in the backup could not be restored: ${(error as Error).message}`)
		}
		try {
			mismatch(manifest, await postgresFingerprint(client, side))
		} catch (error) {
			await dropSide()
			throw error
		}
	} catch (error) {
		await client.end().catch(() => {})
		throw error
	}
	let open = false
	return {
		switchIn: async () => {
			open = true
			await client.query('begin')
			await client.query(`alter schema public rename to ${before}`)
			await client.query(`alter schema ${side} rename to public`)
			await client.query(moveExtensions(before, 'public'))
			await client.query(`drop schema ${before} cascade`)
		},
		commit: async () => {
			await client.query('commit')
			open = false
			await client.end()
		},
		undo: async () => {
			try {
				if (open) await client.query('rollback')
				await dropSide()
			} finally {
				await client.end().catch(() => {})
			}
		},
	}
}

export async function restoreBackup(
	archive: string,
	target: Installation,
	options: { force?: boolean; backupDir: string; beforeCommit?: BeforeCommit },
): Promise<RestoreResult> {
	const work = fs.mkdtempSync(path.join(os.tmpdir(), 'andaman-restore-'))
	let lock: Awaited<ReturnType<typeof takeInstallationLock>> | undefined
	try {
		const manifest = await unpackAndVerify(path.resolve(archive), work)
		const kind = databaseKind(target.databaseUrl)
		if (manifest.database.kind !== kind) {
			throw new RestoreRefused(
				`The backup holds a ${manifest.database.kind} database but DATABASE_URL points at ${kind}: restore it into a ${manifest.database.kind} database.`,
			)
		}
		// Held to the end: no server starts on the installation while it is being replaced.
		try {
			lock = await takeInstallationLock(target.databaseUrl, 'restore')
		} catch (error) {
			if (error instanceof InstallationBusy) throw new RestoreRefused(`Refusing to restore while ${error.message}. Stop the server first.`)
			throw error
		}

		const storageDir = path.resolve(target.storageDir)
		const databaseHasData = kind === 'sqlite' ? sqliteHasTables(sqliteFile(target.databaseUrl)) : await postgresHasTables(target.databaseUrl)
		const storageHasFiles = directoryHasFiles(storageDir)
		let safetyBackup: string | null = null
		if (databaseHasData || storageHasFiles) {
			const what = [databaseHasData && 'the database has tables', storageHasFiles && `${storageDir} has files`].filter(Boolean).join(' and ')
			if (!options.force)
				throw new RestoreRefused(`Refusing to restore over an installation that is not empty (${what}). Add --force to replace it; it is backed up first.`)
			// Nothing is lost: what is there now goes into a backup of its own before it is replaced.
			safetyBackup = databaseHasData ? (await createBackup(target, { backupDir: options.backupDir, keep: Number.MAX_SAFE_INTEGER })).file : null
		}

		// Everything is built and checked beside the installation before any of it is touched.
		const suffix = crypto.randomBytes(6).toString('hex')
		const databaseCopy = path.join(work, path.basename(manifest.database.file))
		const database =
			kind === 'sqlite'
				? await stageSqlite(sqliteFile(target.databaseUrl), databaseCopy, manifest, suffix)
				: await stagePostgres(target.databaseUrl, databaseCopy, work, manifest, suffix)
		const incomingFiles = `${storageDir}.restoring-${suffix}`
		// Without a safety backup holding them, the files that were there are kept beside it.
		const previousFiles = storageHasFiles && !safetyBackup ? `${storageDir}.before-restore-${Date.now()}` : `${storageDir}.replaced-${suffix}`
		let filesSwitched = false
		try {
			fs.mkdirSync(path.dirname(storageDir), { recursive: true })
			if (fs.existsSync(path.join(work, 'storage'))) move(path.join(work, 'storage'), incomingFiles)
			else fs.mkdirSync(incomingFiles)
			if (fs.existsSync(storageDir)) fs.renameSync(storageDir, previousFiles)
			filesSwitched = true
			fs.renameSync(incomingFiles, storageDir)
			await database.switchIn()
			await options.beforeCommit?.()
			await database.commit()
		} catch (error) {
			await database.undo()
			if (filesSwitched) {
				fs.rmSync(storageDir, { recursive: true, force: true })
				if (fs.existsSync(previousFiles)) fs.renameSync(previousFiles, storageDir)
			}
			fs.rmSync(incomingFiles, { recursive: true, force: true })
			throw new Error(`The restore failed and was undone; the installation is as it was (${(error as Error).message})`, { cause: error })
		}
		if (!previousFiles.includes('.before-restore-')) fs.rmSync(previousFiles, { recursive: true, force: true })

		const restoredTables = manifest.database.tables
		return {
			manifest,
			tables: Object.keys(restoredTables).length,
			rows: Object.values(restoredTables).reduce((sum, table) => sum + table.rows, 0),
			files: manifest.storage.files.length,
			safetyBackup,
		}
	} finally {
		await lock?.release()
		fs.rmSync(work, { recursive: true, force: true })
	}
}
