/** `npm run create-owner` against the production build, with the password piped in (never from the web). */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import Database from 'better-sqlite3'

function createOwner(dataDir: string, args: string[], input: string) {
	return spawnSync(process.execPath, ['server/start.js', '--create-owner', ...args], {
		input,
		encoding: 'utf8',
		env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: `file:${path.join(dataDir, 'app.db')}`, LOG_LEVEL: 'silent' },
		timeout: 60_000,
	})
}

test('create-owner creates the first owner from piped input, then promotes an existing account', async () => {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'create-owner-'))
	try {
		const first = createOwner(dir, ['--email', 'Founder@Example.com', '--name', 'Founder'], 'Founder#2026\n')
		expect(first.stderr).toBe('')
		expect(first.status).toBe(0)
		expect(first.stdout).toContain('Created owner Founder@Example.com')

		const again = createOwner(dir, ['--email', 'founder@example.com'], 'Another#2026\n')
		expect(again.status).toBe(0)
		expect(again.stdout).toContain('is now an owner with the new password')

		const db = new Database(path.join(dir, 'app.db'), { readonly: true })
		const rows = db.prepare('select email, role, disabled, display_name, password_hash from users').all() as Array<Record<string, unknown>>
		db.close()
		expect(rows).toHaveLength(1)
		expect(rows[0]).toMatchObject({ email: 'Founder@Example.com', role: 'owner', disabled: 0, display_name: 'Founder' })
		expect(String(rows[0]!.password_hash)).toMatch(/^\$argon2id\$/)

		const weak = createOwner(dir, ['--email', 'weak@example.com'], '123\n')
		expect(weak.status).toBe(1)
		expect(weak.stderr).toContain('at least 6 characters')
		const missing = createOwner(dir, [], 'Founder#2026\n')
		expect(missing.status).toBe(1)
		expect(missing.stderr).toContain('Usage: npm run create-owner -- --email')
		const empty = createOwner(dir, ['--email', 'x@example.com'], '')
		expect(empty.status).toBe(1)
		expect(empty.stderr).toContain('No password on standard input')
	} finally {
		fs.rmSync(dir, { recursive: true, force: true })
	}
})
