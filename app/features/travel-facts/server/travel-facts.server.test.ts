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

	test('a page shows our live price for what we sell, from the active per-person rates; without rates it says to ask', async () => {
		const { db } = get()
		expect((await currentFactValues(db))['ourPrice.seaWalking']).toMatch(/^our current price/)
		const row = (season: string, adultSell: number, active = 1) => ({
			activity: 'sea-walking',
			location: 'north-bay',
			provider: 'Test walks',
			season,
			unit: 'per_person',
			group_size: null,
			adult_sell: adultSell,
			adult_cost: adultSell - 40_000,
			child_sell: adultSell,
			child_cost: adultSell - 40_000,
			duration: null,
			notes: null,
			active,
			updated_at: new Date().toISOString(),
		})
		await db
			.insertInto('activity_prices')
			.values([row('high', 390_000), row('low', 350_000), row('peak', 430_000), row('old', 100_000, 0)])
			.execute()
		const values = await currentFactValues(db)
		expect(values['ourPrice.seaWalking']).toBe('₹3,500 to ₹4,300 per person (our price today, by season)')
		expect(values['ourPrice.scubaDiving']).toMatch(/^our current price/)
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
