/**
 * `npm run restore -- <archive> [--force]`: checks the archive (its .sha256,
 * the gzip stream, every file against the manifest), refuses a running or a
 * non-empty installation unless forced (and then backs the current one up
 * first), restores, and checks the restored tables against the manifest.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import pg from 'pg'
import * as tar from 'tar'
import { databaseKind } from '../db/client.server.ts'
import {
	createBackup,
	type Installation,
	type Manifest,
	manifestFormat,
	manifestName,
	postgresTool,
	sha256File,
	sqliteFile,
} from './backup.server.ts'
import { fingerprintDifferences, postgresFingerprint, sqliteFingerprint } from './fingerprint.server.ts'
import { installationInUse } from './installation-lock.server.ts'

export class RestoreRefused extends Error {}

export type RestoreResult = { manifest: Manifest; tables: number; rows: number; files: number; safetyBackup: string | null }

/** Checks the archive and unpacks it into a fresh directory; returns the manifest. Throws RestoreRefused with the reason. */
export async function unpackAndVerify(archive: string, into: string): Promise<Manifest> {
	if (!fs.existsSync(archive)) throw new RestoreRefused(`No backup file at ${archive}.`)
	const sidecar = `${archive}.sha256`
	if (fs.existsSync(sidecar)) {
		const expected = fs.readFileSync(sidecar, 'utf8').trim().split(/\s+/)[0]
		if (expected !== (await sha256File(archive))) throw new RestoreRefused(`${path.basename(archive)} does not match its checksum in ${path.basename(sidecar)}: the file is damaged or incomplete.`)
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
	if (manifest.format !== manifestFormat || manifest.version !== 1) throw new RestoreRefused(`${path.basename(archive)} is not a backup this version can restore.`)
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

export async function restoreBackup(
	archive: string,
	target: Installation,
	options: { force?: boolean; backupDir: string },
): Promise<RestoreResult> {
	const work = fs.mkdtempSync(path.join(os.tmpdir(), 'andaman-restore-'))
	try {
		const manifest = await unpackAndVerify(path.resolve(archive), work)
		const kind = databaseKind(target.databaseUrl)
		if (manifest.database.kind !== kind) {
			throw new RestoreRefused(`The backup holds a ${manifest.database.kind} database but DATABASE_URL points at ${kind}: restore it into a ${manifest.database.kind} database.`)
		}
		const inUse = await installationInUse(target.databaseUrl)
		if (inUse) throw new RestoreRefused(`Refusing to restore while ${inUse}. Stop the server first.`)

		const storageDir = path.resolve(target.storageDir)
		const databaseHasData = kind === 'sqlite' ? sqliteHasTables(sqliteFile(target.databaseUrl)) : await postgresHasTables(target.databaseUrl)
		const storageHasFiles = directoryHasFiles(storageDir)
		let safetyBackup: string | null = null
		if (databaseHasData || storageHasFiles) {
			const what = [databaseHasData && 'the database has tables', storageHasFiles && `${storageDir} has files`].filter(Boolean).join(' and ')
			if (!options.force) throw new RestoreRefused(`Refusing to restore over an installation that is not empty (${what}). Add --force to replace it; it is backed up first.`)
			// Nothing is lost: what is there now goes into a backup of its own before it is replaced.
			safetyBackup = databaseHasData
				? (await createBackup(target, { backupDir: options.backupDir, keep: Number.MAX_SAFE_INTEGER })).file
				: null
			if (storageHasFiles && !safetyBackup) move(storageDir, `${storageDir}.before-restore-${Date.now()}`)
		}

		const databaseFile = path.join(work, path.basename(manifest.database.file))
		let restoredTables
		if (kind === 'sqlite') {
			const file = sqliteFile(target.databaseUrl)
			fs.mkdirSync(path.dirname(file), { recursive: true })
			const incoming = `${file}.restoring`
			fs.copyFileSync(databaseFile, incoming)
			for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(`${file}${suffix}`, { force: true })
			fs.renameSync(incoming, file)
			const database = new SQLite(file)
			try {
				database.pragma('journal_mode = WAL')
				restoredTables = sqliteFingerprint(database)
			} finally {
				database.close()
			}
		} else {
			if (databaseHasData) {
				const client = new pg.Client({ connectionString: target.databaseUrl })
				await client.connect()
				try {
					await client.query('drop schema public cascade; create schema public')
				} finally {
					await client.end()
				}
			}
			await postgresTool('pg_restore', ['--no-owner', '--no-acl', '--exit-on-error', '--single-transaction', `--dbname=${target.databaseUrl}`, databaseFile])
			const client = new pg.Client({ connectionString: target.databaseUrl })
			await client.connect()
			try {
				restoredTables = await postgresFingerprint(client)
			} finally {
				await client.end()
			}
		}
		const differences = fingerprintDifferences(manifest.database.tables, restoredTables)
		if (differences.length) throw new Error(`The restored database does not match the backup: ${differences.join('; ')}`)

		fs.rmSync(storageDir, { recursive: true, force: true })
		fs.mkdirSync(path.dirname(storageDir), { recursive: true })
		if (fs.existsSync(path.join(work, 'storage'))) move(path.join(work, 'storage'), storageDir)
		else fs.mkdirSync(storageDir, { recursive: true })

		return {
			manifest,
			tables: Object.keys(restoredTables).length,
			rows: Object.values(restoredTables).reduce((sum, table) => sum + table.rows, 0),
			files: manifest.storage.files.length,
			safetyBackup,
		}
	} finally {
		fs.rmSync(work, { recursive: true, force: true })
	}
}
