/**
 * The installation lock against the production build (ADR 173): a second
 * start on the same SQLite database is refused and leaves the running
 * server's lock alone, a restore is refused while the server runs, writes
 * keep landing in the database, and a database file replaced under the server
 * anyway makes it refuse writes (503) and fail /healthz instead of losing them.
 * Its server runs on INSTALLATION_LOCK_PORT (default 3365).
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import Database from 'better-sqlite3'
import { startExtraServer } from './extra-server.ts'
import { uniqueEmail } from './helpers.ts'

const port = Number(process.env.INSTALLATION_LOCK_PORT ?? 3365)
const dir = path.resolve('data/e2e-installation-lock')
const database = path.join(dir, 'app.db')
const env = {
	NODE_ENV: 'production',
	PORT: String(port),
	SITE_URL: `http://localhost:${port}`,
	DATABASE_URL: `file:${database}`,
	IMAGE_CACHE_DIR: path.join(dir, 'image-cache'),
	STORAGE_DIR: path.join(dir, 'storage'),
	BACKUP_DIR: path.join(dir, 'backups'),
	SESSION_SECRET: 'e2e-lock-session-secret-long-enough-0123456789',
	IDENTITY_API_KEY: 'e2e-lock-identity-api-key-0123456789',
	SEED_DEMO_DATA: 'true',
	LOG_LEVEL: 'silent',
}

/** One run of `node server/start.js …` with the running server's environment. */
function run(args: string[]) {
	return spawnSync(process.execPath, ['server/start.js', ...args], { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 60_000 })
}

/** A staff sign-up: a form post that writes a row and answers 302. */
function signUp(email: string) {
	return fetch(`http://127.0.0.1:${port}/admin/signup`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: `http://localhost:${port}`, Host: `localhost:${port}` },
		body: new URLSearchParams({ displayName: 'Lock Test', email, password: 'Coral#Reef2026' }),
	})
}

function accountsIn(file: string, email: string): number {
	const sqlite = new Database(file, { readonly: true, fileMustExist: true })
	try {
		return (sqlite.prepare('select count(*) as n from users where email = ?').get(email) as { n: number }).n
	} finally {
		sqlite.close()
	}
}

test.describe.configure({ timeout: 180_000 })

test('a second start on the same database is refused and the running server keeps its lock; restore is refused; a replaced file refuses writes', async () => {
	const server = await startExtraServer('installation-lock', port, env)
	try {
		const lockFile = `${database}.pid`
		const held = fs.readFileSync(lockFile, 'utf8')

		const backup = run(['--backup'])
		expect(backup.status, backup.stderr).toBe(0)
		const archive = /Backup written: (\S+)/.exec(backup.stdout)![1]!

		// The second start (same DATABASE_URL, and the port taken) stops, and the lock is still the running server's.
		const second = run([])
		expect(fs.existsSync(lockFile) && fs.readFileSync(lockFile, 'utf8')).toBe(held)
		expect(second.status).not.toBe(0)
		expect(second.stderr).toMatch(/Not starting: the server \(process \d+\) is running on .*app\.db/)

		const restore = run(['--restore', archive, '--force'])
		expect(restore.status).toBe(1)
		expect(restore.stderr).toMatch(/Refusing to restore while the server \(process \d+\) is running/)

		// Writes after all that are in the database.
		const email = uniqueEmail('lock')
		const answer = await signUp(email)
		expect(answer.status).toBe(302)
		expect(accountsIn(database, email)).toBe(1)
		expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200)

		// Replaced by hand under the live server anyway: writes are refused, not lost, and /healthz says why.
		fs.copyFileSync(database, `${database}.copy`)
		fs.renameSync(`${database}.copy`, database)
		const refused = await signUp(uniqueEmail('lost'))
		expect(refused.status).toBe(503)
		// /healthz serves a check at most a second old (ADR 171): the next one says why.
		await expect.poll(async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).status, { timeout: 5_000 }).toBe(503)
		const health = await fetch(`http://127.0.0.1:${port}/healthz`)
		expect((await health.json()).database).toMatch(/was replaced while the server was running/)
	} finally {
		await server.stop()
	}
	// Released by its holder when it stopped.
	expect(fs.existsSync(`${database}.pid`)).toBe(false)
})
