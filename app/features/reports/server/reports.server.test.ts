import { readFileSync } from 'node:fs'
import { beforeAll, expect, test } from 'vitest'
import type { ReportFilters, ReportTable } from '~/features/reports/domain/reports.ts'
import { reportTableRows } from '~/features/reports/domain/reports.ts'
import { toCsv } from '~/lib/csv.ts'
import { createBooking } from '~/features/bookings/server/bookings.server.ts'
import type { DB } from '~/server/db/client.server.ts'
import type { NewBookingRow } from '~/server/db/schema.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { refreshAllLeadProgress } from './lead-progress.server.ts'
import { refreshAllBookingReportColumns } from './report-columns.server.ts'
import { dashboardCharts, loadReports, reportTable } from './reports.server.ts'
import { newTripToken } from '~/lib/ids.ts'
import { indiaMonthOf } from '~/lib/dates.ts'

/*
 * A small business whose figures are worked out by hand (GST 5 %, the default):
 * - B1 from quote Q1 (lead L1, quote form, Havelock), made 10 Jan, confirmed, ₹1,05,000, cost ₹80,000, agent A (10 %).
 * - B2 from quote Q2 (lead L2, phone, made 31 Jan 20:00 UTC = 1 Feb in India), made 6 Feb, completed, ₹52,500, cost ₹45,000, agent A.
 * - B3 package, lead L3 (quote form), made 11 Feb, awaiting payment, ₹30,000, arriving 28 Mar, Havelock.
 * - B4 package, lead L4 (phone), made 3 Mar, cancelled 5 Mar: ₹40,000, fee ₹10,000, refund ₹5,000, Havelock.
 * - B6 package, lead L6 (quote form), made 10 Mar, confirmed, ₹60,000, no cost, arriving 22 Mar with 2 adults, Port Blair.
 * - Outside the range: lead L5 and booking B5 (Dec 2025); L7 merged into L2.
 */
const range: ReportFilters = { from: '2026-01-01', to: '2026-03-31', island: null, agent: null, source: null }
const today = '2026-03-20'
const agentA = 'AgentAAAAAAAAAAAAAAA'

async function seed(db: DB) {
	const at = '2026-01-01T00:00:00.000Z'
	await db
		.insertInto('packages')
		.values({
			id: 'PackageAAAAAAAAAAAAA',
			slug: 'havelock-escape',
			title: 'Havelock Escape',
			category: 'honeymoon',
			status: 'published',
			featured: 0,
			summary: 'Three nights.',
			total_nights: 3,
			islands: ',havelock,',
			stays_json: '[]',
			days_json: '[]',
			highlights_json: '[]',
			inclusions_json: '[]',
			exclusions_json: '[]',
			images_json: '[]',
			faqs_json: '[]',
			seo_title: null,
			seo_description: null,
			price_standard: 30_000_00,
			price_deluxe: null,
			price_premium: null,
			price_luxury: null,
			prices_as_of: null,
			created_by: null,
			created_at: at,
			updated_at: at,
		})
		.execute()
	await db
		.insertInto('agents')
		.values({
			id: agentA,
			company: 'Island Hoppers',
			contact_person: 'Ravi',
			phone: '+919800000000',
			email: null,
			city: null,
			pan: null,
			gstin: null,
			commission_bp: 1000,
			status: 'approved',
			notes: null,
			search_text: 'island hoppers',
			created_at: at,
			updated_at: at,
		})
		.execute()
	const lead = (id: string, source: string, created: string, islands: string[] = [], merged: string | null = null) => ({
		id,
		reference: `LD-${id}`,
		submission_key: null,
		source,
		name: `Guest ${id}`,
		phone: null,
		email: null,
		travel_start: null,
		travel_end: null,
		travel_month: null,
		nights: null,
		adults: 2,
		infants: null,
		budget: null,
		tier: null,
		islands_json: JSON.stringify(islands),
		message: null,
		package_id: null,
		builder_json: null,
		agent_id: null,
		assignee_id: null,
		next_follow_up: null,
		lost_reason: null,
		merged_into_id: merged,
		created_at: created,
		updated_at: created,
	})
	await db
		.insertInto('leads')
		.values([
			lead('L1', 'quote_form', '2026-01-05T10:00:00.000Z', ['havelock']),
			lead('L2', 'phone', '2026-01-31T20:00:00.000Z'),
			lead('L3', 'quote_form', '2026-02-10T05:00:00.000Z'),
			lead('L4', 'phone', '2026-03-02T05:00:00.000Z'),
			lead('L5', 'whatsapp', '2025-12-30T05:00:00.000Z'),
			lead('L6', 'quote_form', '2026-03-09T05:00:00.000Z'),
		])
		.execute()
	await db
		.insertInto('leads')
		.values(lead('L7', 'phone', '2026-02-01T05:00:00.000Z', [], 'L2'))
		.execute()
	const itinerary = (id: string, leadId: string, cost: number) => ({
		id,
		reference: `IT-${id}`,
		lead_id: leadId,
		title: 'Trip',
		origin: 'blank',
		origin_id: null,
		start_date: '2026-02-20',
		nights: 4,
		plan_json: '{}',
		price_json: JSON.stringify({ ok: true, totalCost: cost }),
		total: null,
		archived_at: null,
		created_by: null,
		created_at: at,
		updated_at: at,
	})
	await db
		.insertInto('itineraries')
		.values([itinerary('I1', 'L1', 80_000_00), itinerary('I2', 'L2', 45_000_00)])
		.execute()
	const quote = (id: string, itineraryId: string, leadId: string, sent: string) => ({
		id,
		itinerary_id: itineraryId,
		lead_id: leadId,
		version: 1,
		status: 'accepted',
		snapshot_json: '{}',
		total: 0,
		per_person: 0,
		valid_until: '2026-12-31',
		sent_at: sent,
		viewed_at: null,
		accepted_at: null,
		declined_at: null,
		superseded_by_id: null,
		created_by: null,
		created_at: sent,
		updated_at: sent,
	})
	await db
		.insertInto('quotes')
		.values([quote('Q1', 'I1', 'L1', '2026-01-07T10:00:00.000Z'), quote('Q2', 'I2', 'L2', '2026-02-05T20:00:00.000Z')])
		.execute()
	const booking = (id: string, values: Partial<NewBookingRow> & Pick<NewBookingRow, 'lead_id' | 'status' | 'total' | 'created_at'>): NewBookingRow => ({
		id,
		reference: `BK-${id}`,
		trip_token: newTripToken(),
		submission_key: null,
		quote_id: null,
		package_id: null,
		tier: null,
		start_date: '2026-02-20',
		nights: 4,
		adults: 2,
		child_ages_json: '[]',
		infants: 0,
		rooms: 1,
		title: 'Trip',
		price_json: '{}',
		advance_due: 0,
		contact_name: 'Guest',
		contact_phone: '+919800000001',
		contact_email: null,
		special_requests: null,
		cancel_reason: null,
		cancellation_fee: null,
		refund_due: null,
		confirmed_at: null,
		cancelled_at: null,
		completed_at: null,
		updated_at: values.created_at,
		created_month: indiaMonthOf(values.created_at),
		...values,
	})
	await db
		.insertInto('bookings')
		.values([
			booking('B1', {
				lead_id: 'L1',
				quote_id: 'Q1',
				status: 'confirmed',
				total: 105_000_00,
				cost: 80_000_00,
				agent_id: agentA,
				start_date: '2026-01-20',
				created_at: '2026-01-10T10:00:00.000Z',
			}),
			booking('B2', {
				lead_id: 'L2',
				quote_id: 'Q2',
				status: 'completed',
				total: 52_500_00,
				cost: 45_000_00,
				agent_id: agentA,
				start_date: '2026-02-20',
				created_at: '2026-02-06T08:00:00.000Z',
			}),
			booking('B3', {
				lead_id: 'L3',
				package_id: 'PackageAAAAAAAAAAAAA',
				status: 'pending_payment',
				total: 30_000_00,
				start_date: '2026-03-28',
				created_at: '2026-02-11T05:00:00.000Z',
			}),
			booking('B4', {
				lead_id: 'L4',
				package_id: 'PackageAAAAAAAAAAAAA',
				status: 'cancelled',
				total: 40_000_00,
				cancellation_fee: 10_000_00,
				refund_due: 5_000_00,
				cancelled_at: '2026-03-05T05:00:00.000Z',
				start_date: '2026-04-10',
				created_at: '2026-03-03T05:00:00.000Z',
			}),
			booking('B5', { lead_id: 'L5', status: 'confirmed', total: 99_00, created_at: '2025-12-31T05:00:00.000Z' }),
			booking('B6', {
				lead_id: 'L6',
				package_id: 'PackageAAAAAAAAAAAAA',
				status: 'confirmed',
				total: 60_000_00,
				start_date: '2026-03-22',
				adults: 2,
				created_at: '2026-03-10T05:00:00.000Z',
			}),
		])
		.execute()
	const component = (bookingId: string, island: string) => ({
		id: `C${bookingId}`.padEnd(20, 'x'),
		booking_id: bookingId,
		position: 1,
		kind: 'hotel',
		description: 'Hotel',
		island,
		start_date: null,
		end_date: null,
		time: null,
		supplier: null,
		supplier_status: 'pending',
		confirmation_number: null,
		notes: null,
		created_at: at,
		updated_at: at,
	})
	await db
		.insertInto('booking_components')
		.values([component('B1', 'havelock'), component('B2', 'neil'), component('B3', 'havelock'), component('B4', 'havelock'), component('B6', 'port-blair')])
		.execute()
	const payment = (id: string, bookingId: string, amount: number, paidOn: string, verified: number) => ({
		id,
		booking_id: bookingId,
		amount,
		method: 'upi',
		reference: id,
		paid_on: paidOn,
		verified,
		recorded_by: null,
		created_at: at,
	})
	await db
		.insertInto('payments')
		.values([
			payment('P1', 'B1', 31_500_00, '2026-01-10', 1),
			payment('P2', 'B1', 73_500_00, '2026-02-15', 1),
			payment('P3', 'B2', 10_00, '2026-02-06', 0),
			payment('P4', 'B2', 52_500_00, '2026-02-06', 1),
		])
		.execute()
	// Inserted directly, so the leads' progress is worked out as the migration back-fills it.
	await refreshAllLeadProgress(db)
	await refreshAllBookingReportColumns(db)
}

const byId = (tables: ReportTable[], id: string) => tables.find((table) => table.id === id)
const rowsOf = (tables: ReportTable[], id: string) => byId(tables, id)?.rows

describeEachDatabase('reports', (get) => {
	beforeAll(async () => {
		await seed(get().db)
	})

	test('an owner sees every figure, worked out by hand', async () => {
		const { tables, charts } = await loadReports(get().db, range, { money: true, today })
		expect(rowsOf(tables, 'bookings-by-month')).toEqual([
			['Jan 2026', 1, 1, 0, 105_000_00, 31_500_00],
			['Feb 2026', 2, 1, 0, 52_500_00, 126_000_00],
			['Mar 2026', 2, 1, 1, 60_000_00, 0],
		])
		expect(byId(tables, 'bookings-by-month')?.totals).toEqual(['Total', 5, 3, 1, 217_500_00, 157_500_00])
		// Sell without 5 % GST: 1,05,000 → 1,00,000 and 52,500 → 50,000.
		expect(rowsOf(tables, 'margin-by-month')).toEqual([
			['Jan 2026', 1, 100_000_00, 80_000_00, 20_000_00, 20],
			['Feb 2026', 1, 50_000_00, 45_000_00, 5_000_00, 10],
			['Mar 2026', 0, 0, 0, 0, null],
		])
		expect(byId(tables, 'margin-by-month')?.totals).toEqual(['Total', 2, 150_000_00, 125_000_00, 25_000_00, 16.7])
		expect(rowsOf(tables, 'margin-by-package')).toEqual([
			['Tailor-made trips (from quotes)', 2, 157_500_00, 2, 125_000_00, 25_000_00, 16.7],
			['Havelock Escape', 1, 60_000_00, 0, null, null, null],
		])
		expect(rowsOf(tables, 'leads-by-source')).toEqual([
			['Quote form', 3, 1, 3, 2, 100],
			['Phone call', 2, 1, 1, 1, 50],
		])
		expect(byId(tables, 'leads-by-source')?.totals).toEqual(['Total', 5, 2, 4, 3, 80])
		// Lead to quote: 2 and 5 days; quote to booking: 3 days and half a day (0 whole days).
		expect(rowsOf(tables, 'lead-timing')).toEqual([
			['Lead to first quote sent', 2, 3.5, 3.5],
			['Quote sent to booking', 2, 1.5, 1.5],
		])
		expect(rowsOf(tables, 'cancellations')).toEqual([
			['Jan 2026', 0, 0, 0, 0],
			['Feb 2026', 0, 0, 0, 0],
			['Mar 2026', 1, 40_000_00, 10_000_00, 5_000_00],
		])
		expect(rowsOf(tables, 'agent-commission')).toEqual([['Island Hoppers', 10, 2, 1, 157_500_00, 15_750_00, 5_250_00]])
		const arrivals = rowsOf(tables, 'arrivals-by-week')!
		expect(arrivals).toHaveLength(12)
		expect(arrivals.slice(0, 2)).toEqual([
			['20 Mar 2026', 1, 2, 0],
			['27 Mar 2026', 0, 0, 1],
		])
		expect(charts.funnel).toEqual({ leads: 5, quoted: 2, booked: 4, confirmed: 3 })
		expect(charts.months).toEqual([
			{ label: 'Jan 2026', confirmed: 1, value: 105_000_00, margin: 20_000_00 },
			{ label: 'Feb 2026', confirmed: 1, value: 52_500_00, margin: 5_000_00 },
			{ label: 'Mar 2026', confirmed: 1, value: 60_000_00, margin: 0 },
		])
	})

	test('staff get the counts and never a money figure, in the tables or the charts', async () => {
		const { tables, charts } = await loadReports(get().db, range, { money: false, today })
		expect(tables.map((table) => table.id)).toEqual([
			'bookings-by-month',
			'leads-by-source',
			'lead-timing',
			'cancellations',
			'agent-commission',
			'arrivals-by-week',
		])
		expect(tables.flatMap((table) => table.columns.map((column) => column.kind))).not.toContain('money')
		expect(rowsOf(tables, 'bookings-by-month')![0]).toEqual(['Jan 2026', 1, 1, 0])
		expect(rowsOf(tables, 'agent-commission')).toEqual([['Island Hoppers', 10, 2, 1]])
		expect(charts.months[0]).toEqual({ label: 'Jan 2026', confirmed: 1 })
		expect(await reportTable(get().db, 'margin-by-month', range, { money: false, today })).toBeNull()
	})

	test('island, agent and source filters narrow every table', async () => {
		const havelock = await loadReports(get().db, { ...range, island: 'havelock' }, { money: true, today })
		expect(rowsOf(havelock.tables, 'bookings-by-month')!.map((row) => row.slice(0, 4))).toEqual([
			['Jan 2026', 1, 1, 0],
			['Feb 2026', 1, 0, 0],
			['Mar 2026', 1, 0, 1],
		])
		expect(rowsOf(havelock.tables, 'leads-by-source')).toEqual([['Quote form', 1, 1, 1, 1, 100]])
		expect(havelock.charts.arrivals.slice(0, 2).map((week) => [week.confirmed, week.awaitingPayment])).toEqual([
			[0, 0],
			[0, 1],
		])

		const agent = await loadReports(get().db, { ...range, agent: agentA }, { money: true, today })
		expect(byId(agent.tables, 'bookings-by-month')?.totals).toEqual(['Total', 2, 2, 0, 157_500_00, 157_500_00])

		const phone = await loadReports(get().db, { ...range, source: 'phone' }, { money: true, today })
		expect(byId(phone.tables, 'bookings-by-month')?.totals).toEqual(['Total', 2, 1, 1, 52_500_00, 52_500_00])
		expect(rowsOf(phone.tables, 'lead-timing')).toEqual([
			['Lead to first quote sent', 1, 5, 5],
			['Quote sent to booking', 1, 0, 0],
		])

		const january = await loadReports(get().db, { ...range, to: '2026-01-31' }, { money: true, today })
		expect(rowsOf(january.tables, 'bookings-by-month')).toEqual([['Jan 2026', 1, 1, 0, 105_000_00, 31_500_00]])
		// L2 arrived on 1 Feb in India (31 Jan in UTC): not a January lead.
		expect(byId(january.tables, 'leads-by-source')?.totals).toEqual(['Total', 1, 1, 1, 1, 100])
	})

	test("the dashboard's charts: the last twelve months from the first with a booking, and the coming weeks", async () => {
		const owner = await dashboardCharts(get().db, { money: true, today })
		expect(owner.filters).toEqual({ from: '2025-04-01', to: '2026-03-20', island: null, agent: null, source: null })
		// The first booking was made in Dec 2025: no rows of ₹0 for the eight months before it.
		expect(owner.charts.months.map((m) => m.label)).toEqual(['Dec 2025', 'Jan 2026', 'Feb 2026', 'Mar 2026'])
		expect(owner.charts.months[0]).toEqual({ label: 'Dec 2025', confirmed: 1, value: 99_00, margin: 0 })
		expect(owner.charts.funnel).toEqual({ leads: 6, quoted: 2, booked: 5, confirmed: 4 })
		expect(owner.charts.arrivals[0]).toEqual({ label: '20 Mar', confirmed: 1, awaitingPayment: 0 })
		const staff = await dashboardCharts(get().db, { money: false, today })
		expect(staff.charts.months[0]).toEqual({ label: 'Dec 2025', confirmed: 1 })
	})

	test('a table downloads as CSV with rupees, INR headers and neutralised formulas', async () => {
		const table = await reportTable(get().db, 'agent-commission', range, { money: true, today })
		const csv = toCsv(reportTableRows({ ...table!, rows: [['=HYPERLINK("x")', 10, 1, 0, 100, 10, 0], ...table!.rows] }))
		const lines = csv.split('\r\n')
		expect(lines[0]).toBe('Agent,Commission rate (%),Bookings,Completed trips,Booked value (INR),Commission earned (INR),Commission due (INR)')
		expect(lines[1]).toBe(`"'=HYPERLINK(""x"")",10,1,0,1.00,0.10,0.00`)
		expect(lines[2]).toBe('Island Hoppers,10,2,1,157500.00,15750.00,5250.00')
		expect(lines[3]).toBe('Total,,2,1,157500.00,15750.00,5250.00')
	})

	test('a booking made from a quote records the cost of the quoted itinerary', async () => {
		const { db } = get()
		const at = '2026-03-01T00:00:00.000Z'
		await db
			.insertInto('itineraries')
			.values({
				id: 'I9',
				reference: 'IT-I9',
				lead_id: 'L6',
				title: 'Trip',
				origin: 'blank',
				origin_id: null,
				start_date: '2027-02-20',
				nights: 4,
				plan_json: '{}',
				price_json: JSON.stringify({ ok: true, totalCost: 12_345_00 }),
				total: null,
				archived_at: null,
				created_by: null,
				created_at: at,
				updated_at: at,
			})
			.execute()
		await db
			.insertInto('quotes')
			.values({
				id: 'Q9',
				itinerary_id: 'I9',
				lead_id: 'L6',
				version: 1,
				status: 'sent',
				snapshot_json: '{}',
				total: 20_000_00,
				per_person: 10_000_00,
				valid_until: '2099-12-31',
				sent_at: at,
				viewed_at: null,
				accepted_at: null,
				declined_at: null,
				superseded_by_id: null,
				created_by: null,
				created_at: at,
				updated_at: at,
			})
			.execute()
		const booked = await createBooking(
			db,
			{
				packageId: null,
				tier: 'standard',
				title: 'Quoted trip',
				startDate: '2027-02-20',
				nights: 4,
				adults: 2,
				childAges: [],
				infants: 0,
				price: { lines: [], total: 20_000_00, perPerson: 10_000_00, payingTravellers: 2 },
				advanceDue: 0,
				contactName: 'Guest',
				contactPhone: '+919800000001',
				contactEmail: null,
				specialRequests: null,
				travellers: [],
				quoteId: 'Q9',
				leadId: 'L6',
			},
			{ submissionKey: 'report-quote-cost' },
		)
		const row = await db.selectFrom('bookings').select('cost').where('id', '=', booked.id).executeTakeFirstOrThrow()
		expect(Number(row.cost)).toBe(12_345_00)
	})
})

/*
 * Every figure of every report pinned under each filter, on a second copy of the business with
 * three more bookings that test the edges the queries must keep:
 * - B7 (lead L8, agent source, agent A): made 28 Feb 19:00 UTC = 1 Mar in India, completed, ₹21,000,
 *   three components (Havelock twice, Neil): counted once under either island.
 * - B8 (lead L9, WhatsApp, islands asked: Neil): made 31 Mar 19:00 UTC = 1 Apr in India (outside
 *   the range), confirmed, on Neil; paid 31 Mar (inside the range).
 * - B9 (lead L10, phone): made 15 Mar from quote Q3 (sent 14 Mar), cancelled 1 Apr (outside the
 *   range), on Baratang, arriving 21 Mar with 3 adults; no cost.
 * The figures were taken from the reports as ADR 118 first built them (one query per table), so a
 * rewrite of the queries must give every one of them unchanged, on both databases.
 */
async function seedEdges(db: DB) {
	const at = '2026-01-01T00:00:00.000Z'
	const lead = (id: string, source: string, created: string, islands: string[], agent: string | null = null) => ({
		id,
		reference: `LD-${id}`,
		submission_key: null,
		source,
		name: `Guest ${id}`,
		phone: null,
		email: null,
		travel_start: null,
		travel_end: null,
		travel_month: null,
		nights: null,
		adults: 2,
		infants: null,
		budget: null,
		tier: null,
		islands_json: JSON.stringify(islands),
		message: null,
		package_id: null,
		builder_json: null,
		agent_id: agent,
		assignee_id: null,
		next_follow_up: null,
		lost_reason: null,
		merged_into_id: null,
		created_at: created,
		updated_at: created,
	})
	await db
		.insertInto('leads')
		.values([
			lead('L8', 'agent', '2026-02-27T05:00:00.000Z', ['havelock', 'neil'], agentA),
			lead('L9', 'whatsapp', '2026-03-30T05:00:00.000Z', ['neil']),
			lead('L10', 'phone', '2026-03-12T05:00:00.000Z', ['baratang']),
		])
		.execute()
	await db
		.insertInto('itineraries')
		.values({
			id: 'I3',
			reference: 'IT-I3',
			lead_id: 'L10',
			title: 'Trip',
			origin: 'blank',
			origin_id: null,
			start_date: '2026-03-21',
			nights: 4,
			plan_json: '{}',
			price_json: '{}',
			total: null,
			archived_at: null,
			created_by: null,
			created_at: at,
			updated_at: at,
		})
		.execute()
	await db
		.insertInto('quotes')
		.values({
			id: 'Q3',
			itinerary_id: 'I3',
			lead_id: 'L10',
			version: 1,
			status: 'accepted',
			snapshot_json: '{}',
			total: 0,
			per_person: 0,
			valid_until: '2026-12-31',
			sent_at: '2026-03-14T05:00:00.000Z',
			viewed_at: null,
			accepted_at: null,
			declined_at: null,
			superseded_by_id: null,
			created_by: null,
			created_at: at,
			updated_at: at,
		})
		.execute()
	const booking = (id: string, values: Partial<NewBookingRow> & Pick<NewBookingRow, 'lead_id' | 'status' | 'total' | 'created_at'>): NewBookingRow => ({
		id,
		reference: `BK-${id}`,
		trip_token: newTripToken(),
		submission_key: null,
		quote_id: null,
		package_id: null,
		tier: null,
		start_date: '2026-02-20',
		nights: 4,
		adults: 2,
		child_ages_json: '[]',
		infants: 0,
		rooms: 1,
		title: 'Trip',
		price_json: '{}',
		advance_due: 0,
		contact_name: 'Guest',
		contact_phone: '+919800000001',
		contact_email: null,
		special_requests: null,
		cancel_reason: null,
		cancellation_fee: null,
		refund_due: null,
		confirmed_at: null,
		cancelled_at: null,
		completed_at: null,
		updated_at: values.created_at,
		created_month: indiaMonthOf(values.created_at),
		...values,
	})
	await db
		.insertInto('bookings')
		.values([
			booking('B7', {
				lead_id: 'L8',
				package_id: 'PackageAAAAAAAAAAAAA',
				status: 'completed',
				total: 21_000_00,
				agent_id: agentA,
				start_date: '2026-03-05',
				created_at: '2026-02-28T19:00:00.000Z',
			}),
			booking('B8', {
				lead_id: 'L9',
				package_id: 'PackageAAAAAAAAAAAAA',
				status: 'confirmed',
				total: 33_000_00,
				start_date: '2026-04-02',
				created_at: '2026-03-31T19:00:00.000Z',
			}),
			booking('B9', {
				lead_id: 'L10',
				quote_id: 'Q3',
				status: 'cancelled',
				total: 44_000_00,
				cancellation_fee: 4_000_00,
				refund_due: 40_000_00,
				cancelled_at: '2026-04-01T05:00:00.000Z',
				start_date: '2026-03-21',
				adults: 3,
				created_at: '2026-03-15T05:00:00.000Z',
			}),
		])
		.execute()
	const component = (id: string, bookingId: string, island: string) => ({
		id: id.padEnd(20, 'x'),
		booking_id: bookingId,
		position: 1,
		kind: 'hotel',
		description: 'Hotel',
		island,
		start_date: null,
		end_date: null,
		time: null,
		supplier: null,
		supplier_status: 'pending',
		confirmation_number: null,
		notes: null,
		created_at: at,
		updated_at: at,
	})
	await db
		.insertInto('booking_components')
		.values([
			component('C7a', 'B7', 'havelock'),
			component('C7b', 'B7', 'havelock'),
			component('C7c', 'B7', 'neil'),
			component('C8', 'B8', 'neil'),
			component('C9', 'B9', 'baratang'),
		])
		.execute()
	await db
		.insertInto('payments')
		.values({
			id: 'P8',
			booking_id: 'B8',
			amount: 33_000_00,
			method: 'upi',
			reference: 'P8',
			paid_on: '2026-03-31',
			verified: 1,
			recorded_by: null,
			created_at: at,
		})
		.execute()
	await refreshAllLeadProgress(db)
	await refreshAllBookingReportColumns(db)
}

/** Every table's rows and totals, and the charts, as one line each: a compact picture of the whole page. */
async function pagePicture(db: DB, filters: ReportFilters, money = true) {
	const { tables, charts } = await loadReports(db, filters, { money, today })
	const line = (cells: ReadonlyArray<unknown>) => cells.map((cell) => (cell === null ? '—' : String(cell))).join(' | ')
	return [
		...tables.flatMap((table) => [`# ${table.id}`, ...table.rows.map(line), ...(table.totals ? [`= ${line(table.totals)}`] : [])]),
		`# charts.months ${JSON.stringify(charts.months)}`,
		`# charts.funnel ${JSON.stringify(charts.funnel)}`,
		`# charts.arrivals ${JSON.stringify(charts.arrivals.slice(0, 3))}`,
	].join('\n')
}

/**
 * The whole page each filter must give, every figure pinned, in reports.server.test.pages.txt: one
 * `=== name` line, then the page as pagePicture draws it. Kept as text beside the test (a golden
 * file, compared exactly; nothing rewrites it): twelve pages of rows alike in shape are data, not code.
 */
const expectedPages = new Map(
	readFileSync(new URL('./reports.server.test.pages.txt', import.meta.url), 'utf8')
		.split(/^=== /m)
		.slice(1)
		.map((section) => {
			const [name = '', ...lines] = section.trimEnd().split('\n')
			return [name, lines.join('\n')] as const
		}),
)

/** Each filter (two of them as staff see the page) and the page it gives; `page` names another filter's page when they are the same. */
const everyFilter: Array<{ name: string; filters: ReportFilters; money?: false; page?: string }> = [
	{ name: 'no filters', filters: range },
	{ name: 'island Havelock', filters: { ...range, island: 'havelock' } },
	{ name: 'island Neil', filters: { ...range, island: 'neil' } },
	{ name: 'island Baratang', filters: { ...range, island: 'baratang' } },
	{ name: 'one agent', filters: { ...range, agent: agentA } },
	{ name: 'source phone', filters: { ...range, source: 'phone' } },
	{ name: 'source agent', filters: { ...range, source: 'agent' } },
	// The one agent-sourced booking (B7) is agent A's, on Havelock: adding those filters changes nothing.
	{ name: 'every filter at once', filters: { ...range, island: 'havelock', agent: agentA, source: 'agent' }, page: 'source agent' },
	{ name: 'one month starting mid-month', filters: { ...range, from: '2026-02-15', to: '2026-03-14' } },
	{ name: 'one day', filters: { ...range, from: '2026-03-01', to: '2026-03-01' } },
	{ name: 'staff, island Neil and source WhatsApp', filters: { ...range, island: 'neil', source: 'whatsapp' }, money: false },
	{ name: 'staff, from December 2025', filters: { ...range, from: '2025-12-01' }, money: false },
]

describeEachDatabase('reports: every figure under every filter', (get) => {
	beforeAll(async () => {
		await seed(get().db)
		await seedEdges(get().db)
	})

	test('every page in the text file is a filter below, and every filter has its page', () => {
		expect([...expectedPages.keys()].sort()).toEqual(
			everyFilter
				.filter((filter) => !filter.page)
				.map((filter) => filter.name)
				.sort(),
		)
	})

	test.each(everyFilter)('$name', async ({ name, filters, money, page = name }) => {
		expect(expectedPages.has(page)).toBe(true)
		expect(await pagePicture(get().db, filters, money)).toBe(expectedPages.get(page))
	})
})
