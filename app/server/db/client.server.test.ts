import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase, sqliteStatementCacheSize } from './client.server.ts'

/** The SQLite statement cache (ADR 139): the same answers as preparing every time, through schema changes and errors. */
describe('SQLite prepared statements kept per SQL text', () => {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'statement-cache-'))
	const opened: Array<ReturnType<typeof openDatabase>> = []
	const open = () => {
		const db = openDatabase(`file:${path.join(dir, `${opened.length}.db`)}`)
		opened.push(db)
		return db
	}
	afterEach(async () => {
		while (opened.length) await opened.pop()!.destroy()
	})

	it('answers a repeated query with fresh rows and parameters each time', async () => {
		const db = open()
		await sql`create table notes (id integer primary key, body text)`.execute(db)
		const read = (id: number) => sql<{ body: string }>`select body from notes where id = ${id}`.execute(db)
		await sql`insert into notes (id, body) values (${1}, ${'first'})`.execute(db)
		expect((await read(1)).rows).toEqual([{ body: 'first' }])
		await sql`insert into notes (id, body) values (${2}, ${'second'})`.execute(db)
		expect((await read(2)).rows).toEqual([{ body: 'second' }])
		expect((await read(1)).rows).toEqual([{ body: 'first' }])
	})

	it('sees a column added after the statement was first prepared, and recovers after a failing run', async () => {
		const db = open()
		await sql`create table trips (id integer primary key)`.execute(db)
		await sql`insert into trips (id) values (1)`.execute(db)
		expect((await sql`select * from trips`.execute(db)).rows).toEqual([{ id: 1 }])
		await sql`alter table trips add column nights integer default 3`.execute(db)
		expect((await sql`select * from trips`.execute(db)).rows).toEqual([{ id: 1, nights: 3 }])
		const insert = (id: number) => sql`insert into trips (id) values (${id})`.execute(db)
		await expect(insert(1)).rejects.toThrow(/UNIQUE/)
		await insert(2)
		expect((await sql`select count(*) as n from trips`.execute(db)).rows).toEqual([{ n: 2 }])
	})

	it('keeps at most the bound, dropping the oldest', async () => {
		const db = open()
		for (let i = 0; i < sqliteStatementCacheSize + 20; i++) await sql.raw(`select ${i} as n`).execute(db)
		expect((await sql.raw('select 0 as n').execute(db)).rows).toEqual([{ n: 0 }])
	})
})
