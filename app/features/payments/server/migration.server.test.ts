import { Migrator } from 'kysely'
import { expect, test } from 'vitest'
import { migrations } from '../../../../db/migrations/index.ts'
import * as reminderMigration from '../../../../db/migrations/20261126_01_0100_payment_reminders.ts'
import { migrateToLatest } from '~/server/db/client.server.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { twoAdultBooking } from '#tests/support/booking-fixtures.ts'
import { createBooking } from '~/features/bookings/server/bookings.server.ts'
import { maxMoney } from '~/lib/money.ts'

describeEachDatabase('payments migration', (get) => {
	test('bookings made before it get their own unguessable trip token', async () => {
		const { db } = get()
		const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true })
		const { error } = await migrator.migrateTo('20261124_0800_second_factor')
		expect(error).toBeUndefined()
		const now = new Date().toISOString()
		const row = (id: string) => ({
			id,
			reference: `BK-2026-9${id.slice(-4)}`,
			status: 'pending_payment',
			start_date: '2027-01-20',
			nights: 3,
			adults: 2,
			child_ages_json: '[]',
			infants: 0,
			rooms: 1,
			title: 'Old booking',
			price_json: '{}',
			total: 100,
			advance_due: 30,
			contact_name: 'A',
			contact_phone: '+919876543210',
			created_at: now,
			updated_at: now,
		})
		await db
			.insertInto('bookings' as never)
			.values([row('old-booking-0001'), row('old-booking-0002')] as never)
			.execute()
		await migrateToLatest(db)
		const tokens = await db.selectFrom('bookings').select(['id', 'trip_token']).where('id', 'in', ['old-booking-0001', 'old-booking-0002']).execute()
		expect(tokens).toHaveLength(2)
		for (const { trip_token } of tokens) expect(trip_token).toMatch(/^[A-Za-z0-9_-]{24}$/)
		expect(tokens[0]!.trip_token).not.toBe(tokens[1]!.trip_token)
	})
})

describeEachDatabase('payment reminders migration', (get) => {
	test('down drops the reminders table and the new columns; up puts them back', async () => {
		const { db } = get()
		const columns = async (table: string) =>
			(await db.introspection.getTables()).find((found) => found.name === table)?.columns.map((column) => column.name) ?? null
		expect(await columns('payment_reminders')).toContain('step_key')
		expect(await columns('payments')).toContain('rejected_at')
		expect(await columns('payment_requests')).toContain('payment_id')
		await reminderMigration.down(db as never)
		expect(await columns('payment_reminders')).toBeNull()
		expect(await columns('payments')).not.toContain('rejected_at')
		expect(await columns('payment_requests')).not.toContain('payment_id')
		await reminderMigration.up(db as never)
		expect(await columns('payment_reminders')).toEqual(expect.arrayContaining(['booking_id', 'step', 'step_key', 'due_date', 'balance', 'emailed', 'sent_at']))
		expect(await columns('payments')).toEqual(expect.arrayContaining(['rejected_at', 'rejected_reason', 'rejected_by']))
	})
})

describeEachDatabase('invoice amounts migration', (get) => {
	test('an invoice’s amounts hold the money maximum (₹10 crore), past a 32-bit integer', async () => {
		const { db } = get()
		const booking = await createBooking(db, await twoAdultBooking(db, 'invoice-amounts-package'), { submissionKey: 'invoice-amounts-booking' })
		const gst = maxMoney / 20
		await db
			.insertInto('tax_documents')
			.values({
				id: 'large-invoice-000001',
				kind: 'invoice',
				number: 'INV-LARGE-1',
				financial_year: 2026,
				sequence: 999_001,
				booking_id: booking.id,
				invoice_id: null,
				source_key: null,
				issue_date: '2026-11-27',
				buyer_name: 'A large group',
				buyer_gstin: null,
				place_of_supply: '35',
				tax_kind: 'intra',
				rate_basis_points: 500,
				taxable: maxMoney - gst,
				cgst: gst / 2,
				sgst: 0,
				utgst: gst / 2,
				igst: 0,
				total: maxMoney,
				snapshot_json: '{}',
				issued_by: null,
				issued_at: new Date().toISOString(),
			})
			.execute()
		expect(await db.selectFrom('tax_documents').select(['total', 'taxable']).where('id', '=', 'large-invoice-000001').executeTakeFirst()).toEqual({
			total: maxMoney,
			taxable: maxMoney - gst,
		})
	})
})
