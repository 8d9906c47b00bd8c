import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, inject, test } from 'vitest'
import { openDatabase } from '~/server/db/client.server.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { currentFactValues } from './travel-facts.server.ts'

describeEachDatabase('travel facts from settings', (get) => {
	test('the stored jetty time is used; without one, the default', async () => {
		const { db } = get()
		expect((await currentFactValues(db))['ferry.reporting.fallback']).toBe('60 minutes')
		await db.insertInto('settings').values({ key: 'ferryReportingMinutes', value_json: '90', updated_at: new Date().toISOString() }).execute()
		const values = await currentFactValues(db)
		expect(values['ferry.reporting.fallback']).toBe('90 minutes')
		expect(values['ferry.private.portBlairNeil']).toBe('about 1.5 to 2 hours')
	})
})

test('a guide still gets its facts when the database cannot be read (SQLite without tables, PostgreSQL database missing)', async () => {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'facts-'))
	const sqlite = openDatabase(`file:${path.join(dir, 'empty.db')}`)
	try {
		expect((await currentFactValues(sqlite))['ferry.reporting.fallback']).toBe('60 minutes')
	} finally {
		await sqlite.destroy()
		fs.rmSync(dir, { recursive: true, force: true })
	}
	const postgresUrl = inject('postgresUrl')
	if (!postgresUrl) return
	const missing = openDatabase(postgresUrl.replace(/\/[^/]*$/, '/no_such_database_for_facts'))
	try {
		expect((await currentFactValues(missing))['ferry.reporting.fallback']).toBe('60 minutes')
	} finally {
		await missing.destroy()
	}
})
