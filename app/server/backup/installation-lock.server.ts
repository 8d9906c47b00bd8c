/**
 * "Is the server running on this installation?" for `npm run restore`, which
 * must never replace a database under a live server. SQLite: the server keeps
 * `<database file>.pid` while it runs. PostgreSQL: other sessions connected
 * to the database.
 */
import fs from 'node:fs'
import pg from 'pg'
import { databaseKind } from '../db/client.server.ts'
import { sqliteFile } from './backup.server.ts'

function alive(pid: number): boolean {
	try {
		process.kill(pid, 0)
		return true
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM'
	}
}

/** Called once by the server at start-up: writes the pid file and removes it when the process exits. */
export function holdInstallationLock(databaseUrl: string): void {
	if (databaseKind(databaseUrl) !== 'sqlite' || /^file::memory:$/.test(databaseUrl)) return
	const file = `${sqliteFile(databaseUrl)}.pid`
	fs.writeFileSync(file, `${process.pid}\n`)
	process.once('exit', () => {
		try {
			if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.rmSync(file)
		} catch {
			// already gone
		}
	})
}

/** Why the installation looks in use, or null when it is stopped. */
export async function installationInUse(databaseUrl: string): Promise<string | null> {
	if (databaseKind(databaseUrl) === 'sqlite') {
		const file = `${sqliteFile(databaseUrl)}.pid`
		if (!fs.existsSync(file)) return null
		const pid = Number(fs.readFileSync(file, 'utf8').trim())
		return Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid) ? `the server (process ${pid}) is running on ${sqliteFile(databaseUrl)}` : null
	}
	const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 })
	try {
		await client.connect()
	} catch (error) {
		if ((error as { code?: string }).code === '3D000') return null // the database does not exist yet: restore creates nothing, but nothing runs on it either
		throw new Error(`Cannot reach the database in DATABASE_URL: ${(error as Error).message}`)
	}
	try {
		const { rows } = await client.query<{ n: number }>(
			'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
		)
		const others = rows[0]!.n
		return others > 0 ? `${others} other connection${others === 1 ? ' is' : 's are'} open to the database (is the server still running?)` : null
	} finally {
		await client.end()
	}
}
