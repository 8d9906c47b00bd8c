import { Migrator } from 'kysely'
import { expect, test } from 'vitest'
import { migrations } from '../../../../db/migrations/index.ts'
import { migrateToLatest } from '~/server/db/client.server.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'

describeEachDatabase('payments migration', (get) => {
	test('bookings made before it get their own unguessable trip token', async () => {
		const { db } = get()
		const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true })
		const { error } = await migrator.migrateTo('20261124_0800_second_factor')
		expect(error).toBeUndefined()
		const now = new Date().toISOString()
		const row = (id: string) => ({ id, reference: `BK-2026-9${id.slice(-4)}`, status: 'pending_payment', start_date: '2027-01-20', nights: 3, adults: 2, child_ages_json: '[]', infants: 0, rooms: 1, title: 'Old booking', price_json: '{}', total: 100, advance_due: 30, contact_name: 'A', contact_phone: '+919876543210', created_at: now, updated_at: now })
		await db.insertInto('bookings' as never).values([row('old-booking-0001'), row('old-booking-0002')] as never).execute()
		await migrateToLatest(db)
		const tokens = await db.selectFrom('bookings').select(['id', 'trip_token']).where('id', 'in', ['old-booking-0001', 'old-booking-0002']).execute()
		expect(tokens).toHaveLength(2)
		for (const { trip_token } of tokens) expect(trip_token).toMatch(/^[A-Za-z0-9_-]{24}$/)
		expect(tokens[0]!.trip_token).not.toBe(tokens[1]!.trip_token)
	})
})
