import { type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely'
import { commissionableBookingStatuses } from '~/features/agents/domain/agent.ts'
import { type LeadSource, sourceLabels } from '~/features/leads/domain/lead.ts'
import {
	defaultReportRange,
	durationSummary,
	fromFirstMonthWithData,
	monthLabel,
	monthsBetween,
	netOfGst,
	percent,
	type ReportFilters,
	type ReportId,
	type ReportTable,
	upcomingWeeks,
	weekLabel,
	withoutMoney,
} from '~/features/reports/domain/reports.ts'
import { addDays, formatTravelDate, indiaDayStartUtc, todayInIndia } from '~/lib/dates.ts'
import type { Database } from '~/server/db/schema.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'
import { bookingStages } from './lead-progress.server.ts'

/**
 * The report queries (docs/decisions/118-reports-and-charts.md, 135-reports-page-in-one-scan.md).
 * The page is two grouped scans and a few small ones: the bookings made in the range, grouped by
 * month, status, package and days from the quote in the covering index's order (bookings by month,
 * margin by month and by package, quote to booking); the leads made in the range, grouped by source
 * and days to the first quote (the funnel, lead to quote); then commission, payments by the day paid,
 * cancellations and arrivals on their own indexes. Rows are never loaded one by one. The month a
 * booking was made, its lead's source, the days from its quote and its islands are kept on its row
 * (report-columns.server.ts), so no filter reads another table.
 */
type DB = Kysely<Database>
export type ReportOptions = { today?: string; money: boolean }

const earning = [...commissionableBookingStatuses] as string[]
const isEarning = (status: string) => earning.includes(status)

/** `[start, end)` of India days `from`..`to` as UTC timestamps, for created_at-like columns. */
function instantRange(filters: Pick<ReportFilters, 'from' | 'to'>) {
	return { start: indiaDayStartUtc(filters.from), end: indiaDayStartUtc(addDays(filters.to, 1)) }
}

/**
 * The India month (YYYY-MM) of a UTC timestamp column, for the months of the range: a CASE over the
 * months' first instants, nested as a binary search (36 months: 6 comparisons a row, not up to 35).
 */
function indiaMonthOf(column: string, months: readonly string[]): RawBuilder<string> {
	if (months.length === 1) return sql<string>`${sql.lit(months[0]!)}`
	const middle = Math.floor(months.length / 2)
	return sql<string>`case when ${sql.ref(column)} < ${sql.lit(indiaDayStartUtc(`${months[middle]!}-01`))} then ${indiaMonthOf(column, months.slice(0, middle))} else ${indiaMonthOf(column, months.slice(middle))} end`
}

/** One row per month of the range, in order, from grouped rows keyed by month (months without any get `empty`). */
function perMonth<Row extends { month: string }>(months: readonly string[], rows: Iterable<Row>, empty: (month: string) => Row): Row[] {
	const byMonth = new Map<string, Row>()
	for (const row of rows) byMonth.set(row.month, row)
	return months.map((month) => byMonth.get(month) ?? empty(month))
}

/** Island, agent and source filters on `bookings`, from columns kept on the row (report-columns.server.ts). */
function bookingFilters(filters: Pick<ReportFilters, 'island' | 'agent' | 'source'>) {
	return (eb: ExpressionBuilder<Database, 'bookings'>) => {
		const conditions: Expression<SqlBool>[] = []
		if (filters.agent) conditions.push(eb('bookings.agent_id', '=', filters.agent))
		if (filters.source) conditions.push(eb('bookings.lead_source', '=', filters.source))
		// Island slugs are letters and hyphens (the filter's enum): nothing in them is a LIKE wildcard.
		if (filters.island) conditions.push(eb('bookings.islands', 'like', `%,${filters.island},%`))
		return eb.and(conditions)
	}
}

/** Bookings made in the range (India days) that pass the island, agent and source filters: a range of the month index. */
function bookingsMadeIn(filters: ReportFilters) {
	const { start, end } = instantRange(filters)
	const months = monthsBetween(filters.from, filters.to)
	return (eb: ExpressionBuilder<Database, 'bookings'>) =>
		eb.and([
			eb('bookings.created_month', '>=', months[0]!),
			eb('bookings.created_month', '<=', months[months.length - 1]!),
			eb('bookings.created_at', '>=', start),
			eb('bookings.created_at', '<', end),
			bookingFilters(filters)(eb),
		])
}

/** Leads made in the range that pass the filters. */
function leadsMadeIn(filters: ReportFilters) {
	const { start, end } = instantRange(filters)
	return (eb: ExpressionBuilder<Database, 'leads'>) => eb.and([eb('leads.created_at', '>=', start), eb('leads.created_at', '<', end), leadFilters(filters)(eb)])
}

/** The same filters on `leads`: islands the traveller asked about (a JSON list of slugs). */
function leadFilters(filters: Pick<ReportFilters, 'island' | 'agent' | 'source'>) {
	return (eb: ExpressionBuilder<Database, 'leads'>) => {
		const conditions: Expression<SqlBool>[] = [eb('leads.merged_into_id', 'is', null)]
		if (filters.agent) conditions.push(eb('leads.agent_id', '=', filters.agent))
		if (filters.source) conditions.push(eb('leads.source', '=', filters.source))
		if (filters.island) conditions.push(eb('leads.islands_json', 'like', `%"${filters.island}"%`))
		return eb.and(conditions)
	}
}

const num = (value: unknown) => Number(value ?? 0)

type MonthTotals = { month: string; made: number; confirmed: number; cancelled: number; value: number; costed: number; costedValue: number; cost: number }
type PackageTotals = { packageId: string | null; title: string; bookings: number; value: number; costed: number; costedValue: number; cost: number }

/**
 * One scan of the bookings made in the range, grouped by month, status, package and days from the
 * quote (the covering index's order: no sort), for four tables: bookings by month (with margin where
 * the cost is known), of the confirmed and completed ones margin by package (tailor-made quotes
 * together), and the quote-to-booking time.
 */
export async function bookingTotals(
	db: DB,
	filters: ReportFilters,
): Promise<{ months: MonthTotals[]; packages: PackageTotals[]; quoteToBooking: ReturnType<typeof durationSummary> }> {
	const months = monthsBetween(filters.from, filters.to)
	const rows = await db
		.selectFrom('bookings')
		.select([
			'bookings.created_month as month',
			'bookings.status',
			'bookings.package_id as packageId',
			'bookings.quote_days as quoteDays',
			(eb) => eb.fn.countAll<number>().as('bookings'),
			(eb) => eb.fn.sum<number>('bookings.total').as('value'),
			sql<number>`sum(case when ${sql.ref('bookings.cost')} is null then 0 else 1 end)`.as('costed'),
			sql<number>`sum(case when ${sql.ref('bookings.cost')} is null then 0 else ${sql.ref('bookings.total')} end)`.as('costed_value'),
			(eb) => eb.fn.sum<number>('bookings.cost').as('cost'),
		])
		.where(bookingsMadeIn(filters))
		.groupBy(['bookings.created_month', 'bookings.status', 'bookings.package_id', 'bookings.quote_days'])
		.execute()

	const byMonth = new Map<string, MonthTotals>()
	const byPackage = new Map<string | null, Omit<PackageTotals, 'title'>>()
	const toBooking = new Map<number, number>()
	for (const row of rows) {
		const count = num(row.bookings)
		if (row.quoteDays !== null) {
			const days = Math.max(0, num(row.quoteDays))
			toBooking.set(days, (toBooking.get(days) ?? 0) + count)
		}
		const totals = byMonth.get(row.month) ?? { month: row.month, made: 0, confirmed: 0, cancelled: 0, value: 0, costed: 0, costedValue: 0, cost: 0 }
		byMonth.set(row.month, totals)
		totals.made += count
		if (row.status === 'cancelled') totals.cancelled += count
		if (!isEarning(row.status)) continue
		totals.confirmed += count
		totals.value += num(row.value)
		totals.costed += num(row.costed)
		totals.costedValue += num(row.costed_value)
		totals.cost += num(row.cost)
		const pkg = byPackage.get(row.packageId) ?? { packageId: row.packageId, bookings: 0, value: 0, costed: 0, costedValue: 0, cost: 0 }
		byPackage.set(row.packageId, pkg)
		pkg.bookings += count
		pkg.value += num(row.value)
		pkg.costed += num(row.costed)
		pkg.costedValue += num(row.costed_value)
		pkg.cost += num(row.cost)
	}
	const packageIds = [...byPackage.keys()].filter((id): id is string => id !== null)
	const titles = new Map(
		packageIds.length
			? (await db.selectFrom('packages').select(['id', 'title']).where('id', 'in', packageIds).execute()).map((row) => [row.id, row.title])
			: [],
	)
	return {
		months: perMonth(months, byMonth.values(), (month) => ({ month, made: 0, confirmed: 0, cancelled: 0, value: 0, costed: 0, costedValue: 0, cost: 0 })),
		packages: [...byPackage.values()]
			.map((p) => ({ ...p, title: p.packageId ? (titles.get(p.packageId) ?? 'A package no longer listed') : 'Tailor-made trips (from quotes)' }))
			.sort((a, b) => b.value - a.value || a.title.localeCompare(b.title)),
		quoteToBooking: durationSummary([...toBooking].map(([days, count]) => ({ days, count }))),
	}
}

/** Verified payments received per month (by the day paid) on the filtered bookings. */
export async function receiptMonths(db: DB, filters: ReportFilters) {
	// Grouped by the day paid, the index's order (no sort); the days are added up into months here.
	const received = ['payments.paid_on as day', sql<number>`sum(${sql.ref('payments.amount')})`.as('received')] as const
	const verifiedIn = (eb: ExpressionBuilder<Database, 'payments'>) =>
		eb.and([eb('payments.verified', '=', 1), eb('payments.paid_on', '>=', filters.from), eb('payments.paid_on', '<=', filters.to)])
	// Without island, agent or source filters the booking is not read: every payment belongs to one (a foreign key).
	// With them, the matching bookings come first (a narrow covering index) and their payments are looked up by booking.
	const filtered = filters.island || filters.agent || filters.source
	const rows = await db
		.selectFrom('payments')
		.select(received)
		.where(verifiedIn)
		.$if(Boolean(filtered), (query) =>
			query.where('payments.booking_id', 'in', (eb) => eb.selectFrom('bookings').select('bookings.id').where(bookingFilters(filters))),
		)
		.groupBy('payments.paid_on')
		.execute()
	const byMonth = new Map<string, number>()
	for (const row of rows) byMonth.set(row.day.slice(0, 7), (byMonth.get(row.day.slice(0, 7)) ?? 0) + num(row.received))
	return byMonth
}

/**
 * One scan of the leads made in the range (the covering index), grouped by source and whole days to
 * the first quote sent, both kept on the lead (lead-progress.server.ts): the funnel per source, and
 * the lead-to-quote histogram.
 */
export async function leadTotals(db: DB, filters: ReportFilters) {
	const rows = await db
		.selectFrom('leads')
		.select([
			'leads.source',
			'leads.first_quote_days as days',
			(eb) => eb.fn.countAll<number>().as('leads'),
			sql<number>`sum(case when ${sql.ref('leads.first_quote_sent_at')} is null then 0 else 1 end)`.as('quoted'),
			sql<number>`sum(case when ${sql.ref('leads.booking_stage')} >= ${sql.lit(bookingStages.booked)} then 1 else 0 end)`.as('booked'),
			sql<number>`sum(case when ${sql.ref('leads.booking_stage')} = ${sql.lit(bookingStages.confirmed)} then 1 else 0 end)`.as('confirmed'),
		])
		.where(leadsMadeIn(filters))
		.groupBy(['leads.source', 'leads.first_quote_days'])
		.execute()
	const bySource = new Map<string, { source: string; leads: number; quoted: number; booked: number; confirmed: number }>()
	const toQuote = new Map<number, number>()
	for (const row of rows) {
		const totals = bySource.get(row.source) ?? { source: row.source, leads: 0, quoted: 0, booked: 0, confirmed: 0 }
		bySource.set(row.source, totals)
		totals.leads += num(row.leads)
		totals.quoted += num(row.quoted)
		totals.booked += num(row.booked)
		totals.confirmed += num(row.confirmed)
		if (row.days !== null && num(row.quoted)) {
			const days = Math.max(0, num(row.days))
			toQuote.set(days, (toQuote.get(days) ?? 0) + num(row.quoted))
		}
	}
	return {
		sources: [...bySource.values()].sort((a, b) => b.leads - a.leads || a.source.localeCompare(b.source)),
		leadToQuote: durationSummary([...toQuote].map(([days, count]) => ({ days, count }))),
	}
}

/** Bookings cancelled in the range, per month of cancelling: fees kept and refunds owed. */
export async function cancellationMonths(db: DB, filters: ReportFilters) {
	const months = monthsBetween(filters.from, filters.to)
	const { start, end } = instantRange(filters)
	const month = indiaMonthOf('bookings.cancelled_at', months)
	const rows = await db
		.selectFrom('bookings')
		.select([
			month.as('report_month'),
			(eb) => eb.fn.countAll<number>().as('cancelled'),
			(eb) => eb.fn.sum<number>('bookings.total').as('value'),
			(eb) => eb.fn.sum<number>('bookings.cancellation_fee').as('fees'),
			(eb) => eb.fn.sum<number>('bookings.refund_due').as('refunds'),
		])
		.where('bookings.status', '=', 'cancelled')
		.where('bookings.cancelled_at', '>=', start)
		.where('bookings.cancelled_at', '<', end)
		.where(bookingFilters(filters))
		// By the output name: a one-month range makes the expression a constant, which PostgreSQL cannot group by.
		.groupBy(sql.ref('report_month'))
		.execute()
	const totals = rows.map((row) => ({
		month: row.report_month,
		cancelled: num(row.cancelled),
		value: num(row.value),
		fees: num(row.fees),
		refunds: num(row.refunds),
	}))
	return perMonth(months, totals, (month) => ({ month, cancelled: 0, value: 0, fees: 0, refunds: 0 }))
}

/** Commission per agent on confirmed and completed bookings made in the range (rounded per booking, as the agent's page does). */
export async function agentCommissions(db: DB, filters: ReportFilters) {
	const commission = sql<number>`round(${sql.ref('bookings.total')} * ${sql.ref('agents.commission_bp')} / 10000.0)`
	const rows = await db
		.selectFrom('bookings')
		.innerJoin('agents', 'agents.id', 'bookings.agent_id')
		.select([
			'agents.id as agentId',
			'agents.company as company',
			'agents.commission_bp as commissionBp',
			(eb) => eb.fn.countAll<number>().as('bookings'),
			sql<number>`sum(case when ${sql.ref('bookings.status')} = 'completed' then 1 else 0 end)`.as('completed'),
			(eb) => eb.fn.sum<number>('bookings.total').as('value'),
			sql<number>`sum(${commission})`.as('earned'),
			sql<number>`sum(case when ${sql.ref('bookings.status')} = 'completed' then ${commission} else 0 end)`.as('due'),
		])
		.where('bookings.status', 'in', earning)
		.where(bookingsMadeIn(filters))
		.groupBy(['agents.id', 'agents.company', 'agents.commission_bp'])
		.execute()
	return rows
		.map((row) => ({
			agentId: row.agentId,
			company: row.company,
			commissionBp: num(row.commissionBp),
			bookings: num(row.bookings),
			completed: num(row.completed),
			value: num(row.value),
			earned: num(row.earned),
			due: num(row.due),
		}))
		.sort((a, b) => b.earned - a.earned || a.company.localeCompare(b.company))
}

/** Bookings arriving in each of the coming weeks (from today): confirmed and still awaiting payment. The date range does not apply. */
export async function arrivalWeeks(db: DB, filters: Pick<ReportFilters, 'island' | 'agent' | 'source'>, today: string) {
	const weeks = upcomingWeeks(today)
	const rows = await db
		.selectFrom('bookings')
		.select([
			'bookings.start_date as day',
			'bookings.status',
			(eb) => eb.fn.countAll<number>().as('count'),
			(eb) => eb.fn.sum<number>('bookings.adults').as('adults'),
		])
		.where('bookings.start_date', '>=', weeks[0]!.start)
		.where('bookings.start_date', '<=', weeks[weeks.length - 1]!.end)
		.where('bookings.status', 'in', ['confirmed', 'pending_payment'])
		.where(bookingFilters(filters))
		.groupBy(['bookings.start_date', 'bookings.status'])
		.execute()
	return weeks.map((week) => {
		const inWeek = rows.filter((row) => row.day >= week.start && row.day <= week.end)
		const count = (status: string) => inWeek.filter((row) => row.status === status).reduce((sum, row) => sum + num(row.count), 0)
		return {
			...week,
			confirmed: count('confirmed'),
			awaitingPayment: count('pending_payment'),
			adults: inWeek.filter((row) => row.status === 'confirmed').reduce((sum, row) => sum + num(row.adults), 0),
		}
	})
}

const sum = <T>(rows: readonly T[], pick: (row: T) => number) => rows.reduce((total, row) => total + pick(row), 0)

/** Everything /admin/reports shows, as tables (money columns dropped unless `money`) and chart series. */
export async function loadReports(db: DB, filters: ReportFilters, options: ReportOptions) {
	const today = options.today ?? todayInIndia()
	// Independent queries: on PostgreSQL each runs on its own pooled connection, at the same time.
	const [{ months, packages, quoteToBooking }, receipts, leads, cancellations, agents, arrivals, settings] = await Promise.all([
		bookingTotals(db, filters),
		options.money ? receiptMonths(db, filters) : Promise.resolve(new Map<string, number>()),
		leadTotals(db, filters),
		cancellationMonths(db, filters),
		agentCommissions(db, filters),
		arrivalWeeks(db, filters, today),
		getSettings(db),
	])
	const sources = leads.sources
	const timings = { leadToQuote: leads.leadToQuote, quoteToBooking }
	const gstBp = Math.round(settings.gstPercent * 100)
	const margin = (row: { costedValue: number; cost: number }) => netOfGst(row.costedValue, gstBp) - row.cost
	const funnel = funnelOf(sources)

	const tables: ReportTable[] = [
		{
			id: 'bookings-by-month',
			title: 'Bookings and revenue by month',
			description:
				'Bookings by the month they were made (India time). Booked value is the total of confirmed and completed bookings, GST included; received is verified payments by the day they were paid.',
			columns: [
				{ label: 'Month', kind: 'text' },
				{ label: 'Bookings made', kind: 'count' },
				{ label: 'Confirmed or completed', kind: 'count' },
				{ label: 'Cancelled', kind: 'count' },
				{ label: 'Booked value', kind: 'money' },
				{ label: 'Payments received', kind: 'money' },
			],
			rows: months.map((m) => [monthLabel(m.month), m.made, m.confirmed, m.cancelled, m.value, receipts.get(m.month) ?? 0]),
			totals: [
				'Total',
				sum(months, (m) => m.made),
				sum(months, (m) => m.confirmed),
				sum(months, (m) => m.cancelled),
				sum(months, (m) => m.value),
				sum([...receipts.values()], (v) => v),
			],
		},
		{
			id: 'margin-by-month',
			title: 'Margin by month',
			ownerOnly: true,
			description: `Confirmed and completed bookings whose supplier cost is recorded (trips booked from a quote). Sell is the price without GST (${settings.gstPercent}%); margin is sell minus cost.`,
			columns: [
				{ label: 'Month', kind: 'text' },
				{ label: 'Bookings with a cost', kind: 'count' },
				{ label: 'Sell without GST', kind: 'money' },
				{ label: 'Supplier cost', kind: 'money' },
				{ label: 'Margin', kind: 'money' },
				{ label: 'Margin', kind: 'percent' },
			],
			rows: months.map((m) => [
				monthLabel(m.month),
				m.costed,
				netOfGst(m.costedValue, gstBp),
				m.cost,
				margin(m),
				percent(margin(m), netOfGst(m.costedValue, gstBp)),
			]),
			totals: (() => {
				const all = { costedValue: sum(months, (m) => m.costedValue), cost: sum(months, (m) => m.cost) }
				return [
					'Total',
					sum(months, (m) => m.costed),
					netOfGst(all.costedValue, gstBp),
					all.cost,
					margin(all),
					percent(margin(all), netOfGst(all.costedValue, gstBp)),
				]
			})(),
		},
		{
			id: 'margin-by-package',
			title: 'Margin by package',
			ownerOnly: true,
			description: 'Confirmed and completed bookings made in the range, by package. Margin is shown where the supplier cost is recorded.',
			columns: [
				{ label: 'Package', kind: 'text' },
				{ label: 'Bookings', kind: 'count' },
				{ label: 'Booked value', kind: 'money' },
				{ label: 'Bookings with a cost', kind: 'count' },
				{ label: 'Supplier cost', kind: 'money' },
				{ label: 'Margin', kind: 'money' },
				{ label: 'Margin', kind: 'percent' },
			],
			rows: packages.map((p) => [
				p.title,
				p.bookings,
				p.value,
				p.costed,
				p.costed ? p.cost : null,
				p.costed ? margin(p) : null,
				p.costed ? percent(margin(p), netOfGst(p.costedValue, gstBp)) : null,
			]),
		},
		{
			id: 'leads-by-source',
			title: 'Leads by source',
			description: 'Leads made in the range (merged duplicates left out): how many were sent a quote, booked (not cancelled) and confirmed.',
			columns: [
				{ label: 'Source', kind: 'text' },
				{ label: 'Leads', kind: 'count' },
				{ label: 'Sent a quote', kind: 'count' },
				{ label: 'Booked', kind: 'count' },
				{ label: 'Confirmed', kind: 'count' },
				{ label: 'Lead to booking', kind: 'percent' },
			],
			rows: sources.map((s) => [sourceLabels[s.source as LeadSource] ?? s.source, s.leads, s.quoted, s.booked, s.confirmed, percent(s.booked, s.leads)]),
			totals: ['Total', funnel.leads, funnel.quoted, funnel.booked, funnel.confirmed, percent(funnel.booked, funnel.leads)],
		},
		{
			id: 'lead-timing',
			title: 'Time from lead to quote to booking',
			description:
				'Whole days from a lead arriving to its first quote being sent (leads made in the range), and from a quote being sent to its booking (bookings made in the range).',
			columns: [
				{ label: 'Step', kind: 'text' },
				{ label: 'Counted', kind: 'count' },
				{ label: 'Median days', kind: 'days' },
				{ label: 'Average days', kind: 'days' },
			],
			rows: [
				['Lead to first quote sent', timings.leadToQuote.count, timings.leadToQuote.medianDays, timings.leadToQuote.meanDays],
				['Quote sent to booking', timings.quoteToBooking.count, timings.quoteToBooking.medianDays, timings.quoteToBooking.meanDays],
			],
		},
		{
			id: 'cancellations',
			title: 'Cancellations and refunds',
			description: 'Bookings cancelled in the range, by the month they were cancelled: the cancellation fees kept and the refunds owed to travellers.',
			columns: [
				{ label: 'Month', kind: 'text' },
				{ label: 'Cancelled', kind: 'count' },
				{ label: 'Value cancelled', kind: 'money' },
				{ label: 'Cancellation fees', kind: 'money' },
				{ label: 'Refunds due', kind: 'money' },
			],
			rows: cancellations.map((c) => [monthLabel(c.month), c.cancelled, c.value, c.fees, c.refunds]),
			totals: [
				'Total',
				sum(cancellations, (c) => c.cancelled),
				sum(cancellations, (c) => c.value),
				sum(cancellations, (c) => c.fees),
				sum(cancellations, (c) => c.refunds),
			],
		},
		{
			id: 'agent-commission',
			title: 'Agent commission',
			description:
				'Confirmed and completed bookings made in the range through partner agents. Commission is earned on confirmed bookings and due once the trip is completed.',
			columns: [
				{ label: 'Agent', kind: 'text' },
				{ label: 'Commission rate', kind: 'percent' },
				{ label: 'Bookings', kind: 'count' },
				{ label: 'Completed trips', kind: 'count' },
				{ label: 'Booked value', kind: 'money' },
				{ label: 'Commission earned', kind: 'money' },
				{ label: 'Commission due', kind: 'money' },
			],
			rows: agents.map((a) => [a.company, a.commissionBp / 100, a.bookings, a.completed, a.value, a.earned, a.due]),
			totals: [
				'Total',
				null,
				sum(agents, (a) => a.bookings),
				sum(agents, (a) => a.completed),
				sum(agents, (a) => a.value),
				sum(agents, (a) => a.earned),
				sum(agents, (a) => a.due),
			],
		},
		{
			id: 'arrivals-by-week',
			title: 'Upcoming arrivals by week',
			description: `Bookings arriving in each of the next ${arrivals.length} weeks from today (the date range does not apply): confirmed, with their adults, and those still awaiting payment.`,
			columns: [
				{ label: 'Week starting', kind: 'text' },
				{ label: 'Confirmed arrivals', kind: 'count' },
				{ label: 'Adults (confirmed)', kind: 'count' },
				{ label: 'Awaiting payment', kind: 'count' },
			],
			rows: arrivals.map((w) => [formatTravelDate(w.start), w.confirmed, w.adults, w.awaitingPayment]),
			totals: ['Total', sum(arrivals, (w) => w.confirmed), sum(arrivals, (w) => w.adults), sum(arrivals, (w) => w.awaitingPayment)],
		},
	]
	const visible = options.money ? tables : tables.map(withoutMoney).filter((table): table is ReportTable => table !== null)

	return { tables: visible, charts: chartSeries({ months, funnel, arrivals, money: options.money, margin }) }
}

/** The three charts' series; money (booked value, margin) only when asked for. */
function chartSeries({
	months,
	funnel,
	arrivals,
	money,
	margin,
}: {
	months: MonthTotals[]
	funnel: ReturnType<typeof funnelOf>
	arrivals: Awaited<ReturnType<typeof arrivalWeeks>>
	money: boolean
	margin: (row: { costedValue: number; cost: number }) => number
}) {
	return {
		months: months.map((m) => ({ label: monthLabel(m.month), confirmed: m.confirmed, ...(money ? { value: m.value, margin: m.costed ? margin(m) : 0 } : {}) })),
		funnel,
		arrivals: arrivals.map((w) => ({ label: weekLabel(w.start), confirmed: w.confirmed, awaitingPayment: w.awaitingPayment })),
	}
}

function funnelOf(sources: Awaited<ReturnType<typeof leadTotals>>['sources']) {
	return {
		leads: sum(sources, (r) => r.leads),
		quoted: sum(sources, (r) => r.quoted),
		booked: sum(sources, (r) => r.booked),
		confirmed: sum(sources, (r) => r.confirmed),
	}
}

/** The dashboard's three charts: the last twelve months (from the first with a booking) and the coming weeks, unfiltered. */
export async function dashboardCharts(db: DB, options: ReportOptions) {
	const today = options.today ?? todayInIndia()
	const filters: ReportFilters = { ...defaultReportRange(today), island: null, agent: null, source: null }
	const [{ months }, { sources }, arrivals, settings] = await Promise.all([
		bookingTotals(db, filters),
		leadTotals(db, filters),
		arrivalWeeks(db, filters, today),
		getSettings(db),
	])
	const gstBp = Math.round(settings.gstPercent * 100)
	return {
		filters,
		charts: chartSeries({
			months: fromFirstMonthWithData(months),
			funnel: funnelOf(sources),
			arrivals,
			money: options.money,
			margin: (row) => netOfGst(row.costedValue, gstBp) - row.cost,
		}),
	}
}

export type Reports = Awaited<ReturnType<typeof loadReports>>

/** One table for its CSV download; null when it is not shown to this user (money for owners only). */
export async function reportTable(db: DB, id: ReportId, filters: ReportFilters, options: ReportOptions): Promise<ReportTable | null> {
	return (await loadReports(db, filters, options)).tables.find((table) => table.id === id) ?? null
}
