import { describe, expect, test } from 'vitest'
import {
	durationSummary,
	fromFirstMonthWithData,
	monthsBetween,
	netOfGst,
	parseReportFilters,
	percent,
	type ReportTable,
	reportTableRows,
	upcomingWeeks,
	withoutMoney,
} from './reports.ts'

const parse = (query: string) => parseReportFilters(new URLSearchParams(query), '2026-11-24')

describe('report filters', () => {
	test('no filters: the last twelve months, this one included', () => {
		expect(parse('')).toEqual({ ok: true, filters: { from: '2025-12-01', to: '2026-11-24', island: null, agent: null, source: null } })
	})
	test('blank fields mean all; a given end date moves the default start with it', () => {
		expect(parse('from=&to=2026-03-31&island=&agent=&source=')).toEqual({
			ok: true,
			filters: { from: '2025-04-01', to: '2026-03-31', island: null, agent: null, source: null },
		})
		expect(parse('from=2026-01-01&to=2026-01-31&island=havelock&agent=AgentAAAAAAAAAAAAAAA&source=phone')).toEqual({
			ok: true,
			filters: { from: '2026-01-01', to: '2026-01-31', island: 'havelock', agent: 'AgentAAAAAAAAAAAAAAA', source: 'phone' },
		})
	})
	test('bad input gets a message naming the fix', () => {
		expect(parse('from=2026-02-30')).toEqual({ ok: false, message: 'Enter dates as YYYY-MM-DD, like 2026-04-01.' })
		expect(parse('island=atlantis')).toEqual({ ok: false, message: 'Choose an island from the list.' })
		expect(parse('agent=<script>')).toEqual({ ok: false, message: 'Choose an agent from the list.' })
		expect(parse('source=radio')).toEqual({ ok: false, message: 'Choose a lead source from the list.' })
		expect(parse('from=2026-05-01&to=2026-04-01')).toEqual({ ok: false, message: 'The start date is after the end date: swap them and try again.' })
		expect(parse('from=2023-01-01&to=2026-01-31')).toEqual({ ok: false, message: 'A report covers at most 36 months: choose a shorter range.' })
		expect(parse('from=2023-02-01&to=2026-01-31').ok).toBe(true)
	})
})

describe('buckets and arithmetic', () => {
	test('months across a year end, and weeks from today', () => {
		expect(monthsBetween('2025-11-15', '2026-02-01')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02'])
		expect(monthsBetween('2026-02-01', '2026-02-28')).toEqual(['2026-02'])
		expect(upcomingWeeks('2026-12-28', 2)).toEqual([
			{ start: '2026-12-28', end: '2027-01-03' },
			{ start: '2027-01-04', end: '2027-01-10' },
		])
	})
	test('GST-inclusive to net, percentages and durations', () => {
		expect(netOfGst(105_000_00, 500)).toBe(100_000_00)
		expect(netOfGst(1_00, 1800)).toBe(85)
		expect(percent(1, 3)).toBe(33.3)
		expect(percent(5, 0)).toBeNull()
		expect(durationSummary([])).toEqual({ count: 0, medianDays: null, meanDays: null })
		expect(
			durationSummary([
				{ days: 5, count: 1 },
				{ days: 0, count: 2 },
				{ days: 10, count: 0 },
			]),
		).toEqual({ count: 3, medianDays: 0, meanDays: 1.7 })
		expect(
			durationSummary([
				{ days: 2, count: 1 },
				{ days: 5, count: 1 },
			]),
		).toEqual({ count: 2, medianDays: 3.5, meanDays: 3.5 })
	})
})

describe('tables', () => {
	const table: ReportTable = {
		id: 'bookings-by-month',
		title: 'T',
		description: 'D',
		columns: [
			{ label: 'Month', kind: 'text' },
			{ label: 'Bookings', kind: 'count' },
			{ label: 'Value', kind: 'money' },
			{ label: 'Share', kind: 'percent' },
		],
		rows: [['Jan 2026', 2, 12_345_67, 12.5]],
		totals: ['Total', 2, 12_345_67, null],
	}
	test('staff lose the money columns; a table of margins disappears', () => {
		expect(withoutMoney(table)).toEqual({
			...table,
			columns: [table.columns[0], table.columns[1], table.columns[3]],
			rows: [['Jan 2026', 2, 12.5]],
			totals: ['Total', 2, null],
		})
		expect(withoutMoney({ ...table, ownerOnly: true })).toBeNull()
		expect(withoutMoney({ ...table, columns: [table.columns[0]!, table.columns[2]!], rows: [['x', 1]] })).toBeNull()
	})
	test('CSV rows: money in rupees with paise, headers say INR and %', () => {
		expect(reportTableRows(table)).toEqual([
			['Month', 'Bookings', 'Value (INR)', 'Share (%)'],
			['Jan 2026', 2, '12345.67', 12.5],
			['Total', 2, '12345.67', null],
		])
	})
})

describe('the dashboard chart', () => {
	test('starts at the first month with a booking made; with none, keeps the last month', () => {
		const month = (label: string, made: number) => ({ label, made })
		expect(fromFirstMonthWithData([month('Jan', 0), month('Feb', 0), month('Mar', 2), month('Apr', 0), month('May', 1)]).map((m) => m.label)).toEqual([
			'Mar',
			'Apr',
			'May',
		])
		expect(fromFirstMonthWithData([month('Jan', 0), month('Feb', 0)]).map((m) => m.label)).toEqual(['Feb'])
	})
})
