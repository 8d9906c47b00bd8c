/**
 * Test-only: real databases for data-layer tests. Every suite runs on a fresh
 * SQLite file and, when PostgreSQL is reachable (always in CI, where it must
 * be), on a fresh PostgreSQL database too. No mocks.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, inject } from 'vitest'
import { newId } from '~/lib/ids.ts'
import { type DB, type DatabaseKind, migrateToLatest, openDatabase } from '~/server/db/client.server.ts'

export type TestDatabase = { kind: DatabaseKind; url: string; db: DB }

async function createSqlite(): Promise<TestDatabase & { drop: () => Promise<void> }> {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'andaman-test-'))
	const url = `file:${path.join(dir, 'test.db')}`
	const db = openDatabase(url)
	await migrateToLatest(db)
	return {
		kind: 'sqlite',
		url,
		db,
		drop: async () => {
			await db.destroy()
			fs.rmSync(dir, { recursive: true, force: true })
		},
	}
}

async function createPostgres(adminUrl: string): Promise<TestDatabase & { drop: () => Promise<void> }> {
	const name = `t_${newId(12).toLowerCase()}`
	const admin = new pg.Client({ connectionString: adminUrl })
	await admin.connect()
	await admin.query(`create database ${name}`)
	await admin.end()
	const url = adminUrl.replace(/\/[^/]*$/, `/${name}`)
	const db = openDatabase(url)
	await migrateToLatest(db)
	return {
		kind: 'postgres',
		url,
		db,
		drop: async () => {
			await db.destroy()
			const cleanup = new pg.Client({ connectionString: adminUrl })
			await cleanup.connect()
			// Wait for the pool's connections to finish closing: terminating them mid-close
			// surfaces as an unhandled 'terminating connection' error in the test run.
			for (let i = 0; i < 40; i++) {
				const { rows } = await cleanup.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name])
				if (rows[0].n === 0) break
				await new Promise((resolve) => setTimeout(resolve, 50))
			}
			await cleanup.query(`drop database if exists ${name} with (force)`)
			await cleanup.end()
		},
	}
}

/**
 * Declares the suite once per database. `get()` returns that database inside
 * tests; it is created before the suite and dropped after it.
 */
export function describeEachDatabase(name: string, suite: (get: () => TestDatabase) => void): void {
	const postgresUrl = inject('postgresUrl')
	for (const kind of ['sqlite', 'postgres'] as const) {
		describe.skipIf(kind === 'postgres' && !postgresUrl)(`${name} [${kind}]`, () => {
			let current: (TestDatabase & { drop: () => Promise<void> }) | undefined
			beforeAll(async () => {
				current = kind === 'sqlite' ? await createSqlite() : await createPostgres(postgresUrl!)
			})
			afterAll(async () => {
				await current?.drop()
			})
			suite(() => {
				if (!current) throw new Error('database not ready')
				return current
			})
		})
	}
}
