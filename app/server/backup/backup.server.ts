/**
 * Backups: one compressed archive per run (`andaman-backup-<UTC time>.tar.gz`)
 * holding a manifest, a consistent copy of the database taken while the site
 * serves traffic, and every uploaded file, plus a `.sha256` file beside it.
 * Decisions: docs/decisions/096-backups-and-restore.md.
 */
import { execFile } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import SQLite from 'better-sqlite3'
import pg from 'pg'
import * as tar from 'tar'
import { databaseKind, type DatabaseKind } from '../db/client.server.ts'
import { type DatabaseFingerprint, postgresFingerprint, sqliteFingerprint } from './fingerprint.server.ts'

const run = promisify(execFile)

export const archivePrefix = 'andaman-backup-'
export const archiveSuffix = '.tar.gz'
export const manifestName = 'manifest.json'
export const manifestFormat = 'andaman-isles-travel-backup'

export type StoredFile = { path: string; size: number; sha256: string }
export type Manifest = {
	format: typeof manifestFormat
	version: 1
	createdAt: string
	database: { kind: DatabaseKind; file: string; sha256: string; tables: DatabaseFingerprint }
	storage: { files: StoredFile[] }
}

export type Installation = {
	/** `file:` or `postgres://` */
	databaseUrl: string
	/** Uploaded files (STORAGE_DIR). */
	storageDir: string
}

export type BackupResult = { file: string; bytes: number; manifest: Manifest; deleted: string[] }

export function sqliteFile(databaseUrl: string): string {
	const file = databaseUrl.replace(/^file:/, '')
	if (file === ':memory:' || file === '') throw new Error('An in-memory database cannot be backed up or restored: set DATABASE_URL to a file: path.')
	return path.resolve(file)
}

export function sha256File(file: string): Promise<string> {
	return new Promise((resolve, reject) => {
		const hash = crypto.createHash('sha256')
		fs.createReadStream(file)
			.on('data', (chunk) => hash.update(chunk))
			.on('error', reject)
			.on('end', () => resolve(hash.digest('hex')))
	})
}

/** Every regular file under `dir` with its size and checksum, paths relative and with forward slashes, sorted. */
export async function listStoredFiles(dir: string): Promise<StoredFile[]> {
	if (!fs.existsSync(dir)) return []
	const files: StoredFile[] = []
	for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
		// An upload still being written (`.part`, renamed when complete) is not part of the installation yet.
		if (!entry.isFile() || entry.name.endsWith('.part')) continue
		const full = path.join(entry.parentPath, entry.name)
		files.push({ path: path.relative(dir, full).split(path.sep).join('/'), size: fs.statSync(full).size, sha256: await sha256File(full) })
	}
	return files.sort((a, b) => a.path.localeCompare(b.path))
}

/** pg_dump / pg_restore / psql with a message that says what to install when they are missing. */
export async function postgresTool(tool: 'pg_dump' | 'pg_restore' | 'psql', args: string[]): Promise<void> {
	try {
		await run(tool, args, { maxBuffer: 16 * 1024 * 1024, env: { ...process.env, PGCONNECT_TIMEOUT: '10' } })
	} catch (error) {
		const { code, stderr } = error as NodeJS.ErrnoException & { stderr?: string }
		if (code === 'ENOENT') throw new Error(`${tool} was not found: install the PostgreSQL client tools (apt-get install postgresql-client).`)
		throw new Error(`${tool} failed: ${String(stderr || (error as Error).message).trim()}`)
	}
}

/** SQLite's online backup API: a consistent copy while other connections read and write. */
async function copySqlite(databaseUrl: string, target: string): Promise<DatabaseFingerprint> {
	const source = sqliteFile(databaseUrl)
	if (!fs.existsSync(source)) throw new Error(`No database at ${source} (DATABASE_URL): nothing to back up.`)
	const live = new SQLite(source, { readonly: true, fileMustExist: true })
	try {
		// Copied in small steps, a backup restarts whenever the site writes in between, and under steady
		// writes never ends. After the first step, everything left goes in one step (one read snapshot;
		// in WAL mode writers carry on meanwhile).
		await live.backup(target, { progress: ({ totalPages }) => totalPages + 1000 })
	} finally {
		live.close()
	}
	const copy = new SQLite(target)
	try {
		const check = copy.pragma('integrity_check', { simple: true })
		if (check !== 'ok') throw new Error(`The copy of the database failed its integrity check: ${String(check)}`)
		// One self-contained file in the archive.
		copy.pragma('journal_mode = DELETE')
		return sqliteFingerprint(copy)
	} finally {
		copy.close()
	}
}

/**
 * pg_dump inside an exported snapshot, and the table checksums in that same
 * snapshot: the manifest describes exactly what the dump holds, even while
 * the site keeps writing.
 */
async function dumpPostgres(databaseUrl: string, target: string): Promise<DatabaseFingerprint> {
	const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 })
	await client.connect()
	try {
		await client.query('begin isolation level repeatable read read only')
		const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot')
		const tables = await postgresFingerprint(client)
		await postgresTool('pg_dump', [
			'--format=custom',
			'--no-owner',
			'--no-acl',
			`--snapshot=${rows[0]!.snapshot}`,
			`--file=${target}`,
			`--dbname=${databaseUrl}`,
		])
		await client.query('commit')
		return tables
	} finally {
		await client.end()
	}
}

/** `20261124T063000123Z`: UTC with milliseconds, so names sort by time. */
function timestamp(date: Date): string {
	return date.toISOString().replace(/[-:.]/g, '')
}

/** Backup archives in `dir`, oldest first (their names sort by time). */
export function listBackups(dir: string): string[] {
	if (!fs.existsSync(dir)) return []
	return fs
		.readdirSync(dir)
		.filter((name) => name.startsWith(archivePrefix) && name.endsWith(archiveSuffix))
		.sort()
		.map((name) => path.join(dir, name))
}

/** Age in seconds of the newest archive in `dir`, or null when there is none. */
export function newestBackupAgeSeconds(dir: string, now = Date.now()): number | null {
	const newest = listBackups(dir).at(-1)
	if (!newest) return null
	try {
		return Math.max(0, (now - fs.statSync(newest).mtimeMs) / 1000)
	} catch {
		return null
	}
}

/** Deletes the oldest archives (and their .sha256 files) beyond `keep`. */
export function applyRetention(dir: string, keep: number): string[] {
	const archives = listBackups(dir)
	const doomed = archives.slice(0, Math.max(0, archives.length - keep))
	for (const file of doomed) {
		fs.rmSync(file, { force: true })
		fs.rmSync(`${file}.sha256`, { force: true })
	}
	return doomed
}

/**
 * Takes one backup of the installation into `backupDir` and keeps the newest
 * `keep` archives. The archive appears under its final name only when it is
 * complete (written beside it, then renamed).
 */
export async function createBackup(installation: Installation, options: { backupDir: string; keep: number; now?: Date }): Promise<BackupResult> {
	const backupDir = path.resolve(options.backupDir)
	// Archives hold passport and ID numbers: readable by the installation's user only, whoever runs this and whatever its umask.
	fs.mkdirSync(backupDir, { recursive: true, mode: 0o700 })
	const work = fs.mkdtempSync(path.join(backupDir, '.in-progress-'))
	try {
		const kind = databaseKind(installation.databaseUrl)
		const databaseFile = kind === 'sqlite' ? 'database.sqlite' : 'database.pgdump'
		const tables =
			kind === 'sqlite'
				? await copySqlite(installation.databaseUrl, path.join(work, databaseFile))
				: await dumpPostgres(installation.databaseUrl, path.join(work, databaseFile))
		const storageDir = path.resolve(installation.storageDir)
		const files = await listStoredFiles(storageDir)
		const manifest: Manifest = {
			format: manifestFormat,
			version: 1,
			createdAt: (options.now ?? new Date()).toISOString(),
			database: { kind, file: databaseFile, sha256: await sha256File(path.join(work, databaseFile)), tables },
			storage: { files },
		}
		fs.writeFileSync(path.join(work, manifestName), `${JSON.stringify(manifest, null, '\t')}\n`)
		// The uploaded files go in under storage/ through a link, not a copy.
		const entries = [manifestName, databaseFile]
		if (files.length) {
			fs.symlinkSync(storageDir, path.join(work, 'storage'), 'dir')
			entries.push(...files.map((file) => `storage/${file.path}`))
		}
		const partial = path.join(work, 'archive.tar.gz')
		await tar.create({ gzip: { level: 6 }, file: partial, cwd: work, portable: true, follow: true }, entries)
		fs.chmodSync(partial, 0o600)

		// Two backups in the same millisecond: the later one takes the next free millisecond, keeping name order = time order.
		const taken = (options.now ?? new Date()).getTime()
		let file = ''
		for (let ms = taken; !file || fs.existsSync(file); ms++) file = path.join(backupDir, `${archivePrefix}${timestamp(new Date(ms))}${archiveSuffix}`)
		const checksum = await sha256File(partial)
		fs.renameSync(partial, file)
		fs.writeFileSync(`${file}.sha256`, `${checksum}  ${path.basename(file)}\n`)
		const deleted = applyRetention(backupDir, options.keep)
		return { file, bytes: fs.statSync(file).size, manifest, deleted }
	} finally {
		fs.rmSync(work, { recursive: true, force: true })
	}
}
