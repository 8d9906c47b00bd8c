/**
 * The installation lock (ADR 173): a server and a restore never work on the
 * same database at once, and a second server never starts on an SQLite file
 * another one serves.
 *
 * SQLite: `<database file>.pid`, created atomically (a hard link of a complete
 * file, which fails when the name exists: never overwritten), naming the
 * holder's process, a random token and its role. Only the holder removes it,
 * and only while it still holds its token. A lock whose process is gone (a
 * crash, `kill -9`) is taken over.
 *
 * PostgreSQL: an advisory lock on the database. Every server holds it shared
 * (several instances share a database) on a connection of its own for as long
 * as it runs; a restore takes it exclusively, so it is refused while any
 * server runs and no server starts while it restores.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { databaseKind, databaseTimeouts } from '../db/client.server.ts'
import { logger } from '../logger.server.ts'
import { sqliteFile } from './backup.server.ts'

export type LockRole = 'server' | 'restore'
export type InstallationLock = { release: () => Promise<void> }

/** The lock is held by someone else; the message says who and what to do. */
export class InstallationBusy extends Error {}

/** The PostgreSQL advisory lock key of the installation (any fixed number of ours; the demo seed uses 7_270_001). */
export const installationLockKey = 7_270_002

const noLock: InstallationLock = { release: async () => {} }

function alive(pid: number): boolean {
	try {
		process.kill(pid, 0)
		return true
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM'
	}
}

type Holder = { pid: number; token: string; role: string }

function readHolder(file: string): Holder | null {
	let text: string
	try {
		text = fs.readFileSync(file, 'utf8')
	} catch {
		return null
	}
	const [pid, token = '', role = 'server'] = text.split('\n').map((line) => line.trim())
	return { pid: Number(pid), token, role }
}

/** A holder that still runs (not this process: a pid equal to ours is a leftover of an earlier container or boot). */
function liveHolder(holder: Holder): boolean {
	return Number.isInteger(holder.pid) && holder.pid > 0 && holder.pid !== process.pid && alive(holder.pid)
}

function describeHolder(holder: Holder, database: string): string {
	return holder.role === 'restore'
		? `a restore (process ${holder.pid}) is running on ${database}`
		: `the server (process ${holder.pid}) is running on ${database}`
}

/** Creates `file` with `content` in one step, or fails with EEXIST: the content is complete the moment the name exists. */
function createExclusive(file: string, content: string): void {
	const staging = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`
	fs.writeFileSync(staging, content, { mode: 0o644 })
	try {
		fs.linkSync(staging, file)
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code
		if (code === 'EEXIST') throw error
		// A file system without hard links: an exclusive create.
		fs.writeFileSync(file, content, { flag: 'wx', mode: 0o644 })
	} finally {
		fs.rmSync(staging, { force: true })
	}
}

function lockSqlite(databaseUrl: string, role: LockRole): InstallationLock {
	const database = sqliteFile(databaseUrl)
	const file = `${database}.pid`
	fs.mkdirSync(path.dirname(file), { recursive: true })
	const token = crypto.randomBytes(12).toString('hex')
	for (let attempt = 0; ; attempt++) {
		try {
			createExclusive(file, `${process.pid}\n${token}\n${role}\n`)
			break
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
		}
		const holder = readHolder(file)
		if (!holder) continue // released meanwhile
		if (liveHolder(holder)) throw new InstallationBusy(describeHolder(holder, database))
		if (attempt >= 5) throw new InstallationBusy(`the lock ${file} on ${database} keeps changing hands; if no server or restore runs, delete that file`)
		// Stale: its process is gone. Move it aside, and delete it only if it is still the stale one (another
		// starter may have replaced it meanwhile; then it goes back and the next round reads the new holder).
		const aside = `${file}.stale-${process.pid}-${token}`
		try {
			fs.renameSync(file, aside)
		} catch {
			continue
		}
		if (readHolder(aside)?.token === holder.token) fs.rmSync(aside, { force: true })
		else {
			try {
				fs.linkSync(aside, file)
			} catch {
				// someone holds it again: the next round says who
			}
			fs.rmSync(aside, { force: true })
		}
	}
	const releaseNow = () => {
		if (readHolder(file)?.token === token) fs.rmSync(file, { force: true })
	}
	// However the process ends (a clean stop, an error at start-up such as a busy port), the holder removes its lock.
	process.once('exit', releaseNow)
	return {
		release: async () => {
			process.off('exit', releaseNow)
			releaseNow()
		},
	}
}

async function connect(databaseUrl: string): Promise<pg.Client> {
	const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: databaseTimeouts.connectMs })
	// A connection that fails (the database restarted) must never end the process.
	client.on('error', (error) => logger.warn({ msg: 'installation lock connection failed', error }))
	await client.connect()
	return client
}

/** The server's shared hold on a PostgreSQL database, kept for as long as it runs and taken again if its connection drops. */
async function lockPostgresShared(databaseUrl: string): Promise<InstallationLock> {
	const take = async () => {
		const client = await connect(databaseUrl)
		const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock_shared($1) as locked', [installationLockKey])
		if (!rows[0]!.locked) {
			await client.end().catch(() => {})
			throw new InstallationBusy('a restore is running on this database')
		}
		return client
	}
	let current: pg.Client | null = await take()
	let stopped = false
	let retry: ReturnType<typeof setTimeout> | undefined
	const watch = (client: pg.Client) => {
		client.once('end', () => {
			if (stopped || current !== client) return
			current = null
			logger.error({ msg: 'the installation lock connection closed: taking the lock again (a restore could otherwise run under this server)' })
			const again = () => {
				retry = setTimeout(async () => {
					if (stopped) return
					try {
						current = await take()
						watch(current)
						logger.info({ msg: 'installation lock held again' })
					} catch (error) {
						logger.error({ msg: 'cannot take the installation lock again; retrying in 5 s', error })
						again()
					}
				}, 5_000)
				retry.unref()
			}
			again()
		})
	}
	watch(current)
	return {
		release: async () => {
			stopped = true
			clearTimeout(retry)
			await current?.end().catch(() => {})
			current = null
		},
	}
}

/**
 * A restore's exclusive hold on a PostgreSQL database, with the check that no
 * other session is connected (an older server, a psql session). Null lock when
 * the database does not exist (restore then says to create it).
 */
async function lockPostgresExclusive(databaseUrl: string): Promise<InstallationLock> {
	let client: pg.Client
	try {
		client = await connect(databaseUrl)
	} catch (error) {
		if ((error as { code?: string }).code === '3D000') return noLock
		throw new Error(`Cannot reach the database in DATABASE_URL: ${(error as Error).message}`, { cause: error })
	}
	try {
		const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [installationLockKey])
		if (!rows[0]!.locked) throw new InstallationBusy('the server (or another restore) is running on this database: it holds the installation lock')
		const others = (
			await client.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')
		).rows[0]!.n
		if (others > 0)
			throw new InstallationBusy(`${others} other connection${others === 1 ? ' is' : 's are'} open to the database (is the server still running?)`)
	} catch (error) {
		await client.end().catch(() => {})
		throw error
	}
	return { release: () => client.end().catch(() => {}) }
}

/**
 * Takes the installation lock of the database at `databaseUrl` for `role`,
 * or throws InstallationBusy saying who holds it. In-memory SQLite has none.
 */
export async function takeInstallationLock(databaseUrl: string, role: LockRole): Promise<InstallationLock> {
	if (databaseKind(databaseUrl) === 'sqlite') return /^file::memory:$/.test(databaseUrl) ? noLock : lockSqlite(databaseUrl, role)
	return role === 'server' ? lockPostgresShared(databaseUrl) : lockPostgresExclusive(databaseUrl)
}
