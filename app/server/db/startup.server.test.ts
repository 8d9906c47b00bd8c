import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { migrateToLatest, openDatabase } from './client.server.ts'
import { describeStartupDatabaseFailure, redactDatabaseUrl } from './startup.server.ts'

async function startupError(url: string): Promise<string> {
	try {
		const db = openDatabase(url)
		try {
			await migrateToLatest(db)
		} finally {
			await db.destroy()
		}
	} catch (error) {
		return describeStartupDatabaseFailure(url, error)
	}
	throw new Error('expected the database to fail')
}

test('a data folder that cannot be created or written names DATABASE_URL and the folder', async () => {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'andaman-startup-'))
	// A file where the folder should be: fails for root too (unlike a chmod-ed folder).
	const blocker = path.join(dir, 'data')
	fs.writeFileSync(blocker, '')
	try {
		const message = await startupError(`file:${path.join(blocker, 'app.db')}`)
		expect(message).toMatch(/^DATABASE_URL: cannot create or write the SQLite file .*: its folder .* is missing or read-only/)
		expect(message).toContain(blocker)
	} finally {
		fs.rmSync(dir, { recursive: true, force: true })
	}
})

test('a damaged SQLite file names DATABASE_URL and the file', async () => {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'andaman-startup-'))
	const file = path.join(dir, 'app.db')
	fs.writeFileSync(file, Buffer.alloc(8192, 'garbage '))
	try {
		const message = await startupError(`file:${file}`)
		expect(message).toContain(`DATABASE_URL: cannot use the SQLite file ${file}`)
		expect(message).toMatch(/damaged or is not a database/)
	} finally {
		fs.rmSync(dir, { recursive: true, force: true })
	}
})

test('an unreachable PostgreSQL server names DATABASE_URL, without the password', async () => {
	const url = 'postgres://app:s3cret@127.0.0.1:1/andaman'
	const message = await startupError(url)
	expect(message).toMatch(/^DATABASE_URL: cannot use PostgreSQL at postgres:\/\/app:\*\*\*@127\.0\.0\.1:1\/andaman: the database is unreachable/)
	expect(message).not.toContain('s3cret')
	expect(redactDatabaseUrl('file:./data/app.db')).toBe('file:./data/app.db')
})
