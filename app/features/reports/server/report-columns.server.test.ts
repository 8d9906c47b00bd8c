import { Migrator } from 'kysely'
import { expect, test } from 'vitest'
import { migrations } from '../../../../db/migrations/index.ts'
import { twoAdultBooking } from '#tests/support/booking-fixtures.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { indiaMonthOf } from '~/lib/dates.ts'
import { confirmBooking, createBooking } from '~/features/bookings/server/bookings.server.ts'
import { migrateToLatest } from '~/server/db/client.server.ts'
import { refreshAllLeadProgress } from './lead-progress.server.ts'
import { refreshAllBookingReportColumns } from './report-columns.server.ts'

const owner = { id: 'owner-1', label: 'Owner', isOwner: true }
const before = '20261125_0600_media'
const kept = ['id', 'created_month', 'lead_source', 'quote_days', 'islands'] as const

test('the India month of a timestamp', () => {
	expect(indiaMonthOf('2026-01-31T18:29:59.999Z')).toBe('2026-01')
	expect(indiaMonthOf('2026-01-31T18:30:00.000Z')).toBe('2026-02')
	expect(indiaMonthOf('2026-12-31T20:00:00.000Z')).toBe('2027-01')
})

describeEachDatabase('report columns', (get) => {
	test('the migration back-fills them as the app keeps them, and goes down and up again', async () => {
		const { db } = get()
		const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true })
		expect((await migrator.migrateTo(before)).error).toBeUndefined()
		const at = '2026-01-01T00:00:00.000Z'
		const lead = (id: string, source: string, created: string) => ({
			id,
			reference: `LD-${id}`,
			source,
			name: 'Guest',
			adults: 2,
			islands_json: '[]',
			created_at: created,
			updated_at: created,
		})
		await db
			.insertInto('leads' as never)
			.values([lead('M1', 'phone', '2026-01-31T20:00:00.000Z'), lead('M2', 'quote_form', '2026-02-01T05:00:00.000Z')] as never)
			.execute()
		await db
			.insertInto('itineraries' as never)
			.values({
				id: 'MI1',
				reference: 'IT-MI1',
				lead_id: 'M2',
				title: 'Trip',
				origin: 'blank',
				start_date: '2026-03-01',
				nights: 4,
				plan_json: '{}',
				created_at: at,
				updated_at: at,
			} as never)
			.execute()
		await db
			.insertInto('quotes' as never)
			.values({
				id: 'MQ1',
				itinerary_id: 'MI1',
				lead_id: 'M2',
				version: 1,
				status: 'accepted',
				snapshot_json: '{}',
				total: 0,
				per_person: 0,
				valid_until: '2026-12-31',
				sent_at: '2026-02-03T05:00:00.000Z',
				created_at: at,
				updated_at: at,
			} as never)
			.execute()
		const booking = (id: string, leadId: string | null, quoteId: string | null, created: string) => ({
			id,
			reference: `BK-${id}`,
			trip_token: `token-${id}`.padEnd(24, 'x'),
			lead_id: leadId,
			quote_id: quoteId,
			status: 'confirmed',
			start_date: '2026-03-01',
			nights: 4,
			adults: 2,
			child_ages_json: '[]',
			infants: 0,
			rooms: 1,
			title: 'Trip',
			price_json: '{}',
			total: 100,
			advance_due: 0,
			contact_name: 'Guest',
			contact_phone: '+919800000001',
			created_at: created,
			updated_at: created,
		})
		await db
			.insertInto('bookings' as never)
			.values([
				booking('MB1', 'M1', null, '2026-01-31T19:00:00.000Z'),
				booking('MB2', 'M2', 'MQ1', '2026-02-06T04:00:00.000Z'),
				booking('MB3', null, null, '2026-03-10T05:00:00.000Z'),
			] as never)
			.execute()
		const component = (id: string, bookingId: string, island: string | null) => ({
			id,
			booking_id: bookingId,
			position: 1,
			kind: 'hotel',
			description: 'Hotel',
			island,
			supplier_status: 'pending',
			created_at: at,
			updated_at: at,
		})
		await db
			.insertInto('booking_components' as never)
			.values([
				component('MC1', 'MB1', 'neil'),
				component('MC2', 'MB1', 'havelock'),
				component('MC3', 'MB1', 'neil'),
				component('MC4', 'MB1', null),
				component('MC5', 'MB2', null),
			] as never)
			.execute()
		// The lead's first quote sent, as the 20261125_0300 migration back-filled it.
		await db.updateTable('leads').set({ first_quote_sent_at: '2026-02-03T05:00:00.000Z' }).where('id', '=', 'M2').execute()

		await migrateToLatest(db)
		const read = async () => ({
			bookings: await db.selectFrom('bookings').select(kept).where('id', 'in', ['MB1', 'MB2', 'MB3']).orderBy('id').execute(),
			leads: await db.selectFrom('leads').select(['id', 'first_quote_days']).where('id', 'in', ['M1', 'M2']).orderBy('id').execute(),
		})
		const migrated = await read()
		expect(migrated.bookings.map((row) => ({ ...row, quote_days: row.quote_days === null ? null : Number(row.quote_days) }))).toEqual([
			{ id: 'MB1', created_month: '2026-02', lead_source: 'phone', quote_days: null, islands: ',havelock,neil,' },
			{ id: 'MB2', created_month: '2026-02', lead_source: 'quote_form', quote_days: 2, islands: '' },
			{ id: 'MB3', created_month: '2026-03', lead_source: null, quote_days: null, islands: '' },
		])
		expect(migrated.leads.map((row) => [row.id, row.first_quote_days === null ? null : Number(row.first_quote_days)])).toEqual([
			['M1', null],
			['M2', 2],
		])
		// The app's expressions give the same values as the migration's.
		await refreshAllBookingReportColumns(db)
		await refreshAllLeadProgress(db)
		expect(JSON.stringify(await read())).toBe(JSON.stringify(migrated))

		expect((await migrator.migrateTo(before)).error).toBeUndefined()
		await migrateToLatest(db)
		expect(JSON.stringify(await read())).toBe(JSON.stringify(migrated))
	})

	test('a booking gets its month and lead source when it is made, and its islands when its components are planned', async () => {
		const { db } = get()
		const form = await twoAdultBooking(db, 'report-columns-package')
		const made = await createBooking(db, form, { submissionKey: 'report-columns-1' })
		const row = await db
			.selectFrom('bookings')
			.select(['created_at', 'created_month', 'lead_source', 'quote_days', 'islands'])
			.where('id', '=', made.id)
			.executeTakeFirstOrThrow()
		expect(row.created_month).toBe(indiaMonthOf(row.created_at))
		expect(row.lead_source).toBe('book_now')
		expect(row.quote_days).toBeNull()
		expect(row.islands).toBe('')

		await confirmBooking(db, made.id, 30, owner, 'Paid in cash at the office')
		const islands = await db
			.selectFrom('booking_components')
			.select('island')
			.distinct()
			.where('booking_id', '=', made.id)
			.where('island', 'is not', null)
			.orderBy('island')
			.execute()
		expect(islands.length).toBeGreaterThan(0)
		const planned = await db.selectFrom('bookings').select('islands').where('id', '=', made.id).executeTakeFirstOrThrow()
		expect(planned.islands).toBe(`,${islands.map((row) => row.island).join(',')},`)
	})
})
