/**
 * Reports (/admin/reports, docs/decisions/118-reports-and-charts.md): the
 * filters, the month and week buckets, and the arithmetic the queries leave
 * to us. No database, no HTTP.
 */
import { addDays, isIsoDate } from '~/lib/dates.ts'
import { isId } from '~/lib/ids.ts'
import { type IslandSlug, islandSlugs } from '~/lib/islands.ts'
import { z } from '~/lib/zod.ts'
import { type LeadSource, leadSources } from '~/features/leads/domain/lead.ts'

/** The longest range one report covers: three years of months (bounded SQL and charts). */
export const maxReportMonths = 36
/** Upcoming arrivals are counted for this many weeks from today. */
export const arrivalWeeks = 12

const isoDate = z.string().trim().refine(isIsoDate, 'Enter dates as YYYY-MM-DD, like 2026-04-01.')
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)

/** The GET form's query string: every field optional, blank means "all". */
export const reportFiltersSchema = z.object({
	from: z.preprocess(blankToUndefined, isoDate.optional()),
	to: z.preprocess(blankToUndefined, isoDate.optional()),
	island: z.preprocess(blankToUndefined, z.enum(islandSlugs as [IslandSlug, ...IslandSlug[]], 'Choose an island from the list.').optional()),
	agent: z.preprocess(blankToUndefined, z.string().refine(isId, 'Choose an agent from the list.').optional()),
	source: z.preprocess(blankToUndefined, z.enum(leadSources, 'Choose a lead source from the list.').optional()),
})

export type ReportFilters = {
	/** India dates, inclusive: when the booking or lead was made (cancellations: when cancelled). */
	from: string
	to: string
	island: IslandSlug | null
	agent: string | null
	source: LeadSource | null
}

/** The first day of the month `months` months before the month of `date`. */
export function monthStartBefore(date: string, months: number): string {
	const [y, m] = date.split('-').map(Number) as [number, number]
	const d = new Date(Date.UTC(y, m - 1 - months, 1))
	return d.toISOString().slice(0, 10)
}

/** Default range: the last twelve months, this one included. */
export function defaultReportRange(today: string): { from: string; to: string } {
	return { from: monthStartBefore(today, 11), to: today }
}

/** Every month (YYYY-MM) from the month of `from` to the month of `to`. */
export function monthsBetween(from: string, to: string): string[] {
	const months: string[] = []
	let month = from.slice(0, 7)
	const last = to.slice(0, 7)
	while (month <= last) {
		months.push(month)
		month = monthStartBefore(`${month}-01`, -1).slice(0, 7)
	}
	return months
}

/**
 * A young business's dashboard chart starts at its first month with any booking made, not with a
 * year of empty months; with no data at all it keeps the last month only.
 */
export function fromFirstMonthWithData<Row extends { made: number }>(months: readonly Row[]): Row[] {
	const first = months.findIndex((row) => row.made > 0)
	return first === -1 ? months.slice(-1) : months.slice(first)
}

/** Filters from the query string, or the message to show for the first bad field. */
export function parseReportFilters(search: URLSearchParams, today: string): { ok: true; filters: ReportFilters } | { ok: false; message: string } {
	const parsed = reportFiltersSchema.safeParse(
		Object.fromEntries(['from', 'to', 'island', 'agent', 'source'].map((name) => [name, search.get(name) ?? undefined])),
	)
	if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'Those filters could not be read.' }
	const range = defaultReportRange(parsed.data.to ?? today)
	const to = parsed.data.to ?? range.to
	const from = parsed.data.from ?? (parsed.data.to ? range.from : defaultReportRange(today).from)
	if (from > to) return { ok: false, message: 'The start date is after the end date: swap them and try again.' }
	if (monthsBetween(from, to).length > maxReportMonths)
		return { ok: false, message: `A report covers at most ${maxReportMonths} months: choose a shorter range.` }
	return { ok: true, filters: { from, to, island: parsed.data.island ?? null, agent: parsed.data.agent ?? null, source: parsed.data.source ?? null } }
}

/** The filters as a query string (for CSV links and the dashboard's links). */
export function reportQuery(filters: ReportFilters): string {
	const params = new URLSearchParams({ from: filters.from, to: filters.to })
	if (filters.island) params.set('island', filters.island)
	if (filters.agent) params.set('agent', filters.agent)
	if (filters.source) params.set('source', filters.source)
	return params.toString()
}

/** Weeks starting today: [start, end] India dates, inclusive. */
export function upcomingWeeks(today: string, count = arrivalWeeks): Array<{ start: string; end: string }> {
	return Array.from({ length: count }, (_, i) => ({ start: addDays(today, 7 * i), end: addDays(today, 7 * i + 6) }))
}

/** The value without GST, for a GST-inclusive price (the rate in basis points). */
export function netOfGst(inclusive: number, gstBp: number): number {
	return Math.round((inclusive * 10_000) / (10_000 + gstBp))
}

/** A share as a whole-number percentage, or null when there is nothing to divide by. */
export function percent(part: number, whole: number): number | null {
	return whole > 0 ? Math.round((part * 1000) / whole) / 10 : null
}

/** The median and mean of whole-day durations given as a histogram ({days, count}). */
export function durationSummary(histogram: ReadonlyArray<{ days: number; count: number }>): {
	count: number
	medianDays: number | null
	meanDays: number | null
} {
	const sorted = [...histogram].filter((bucket) => bucket.count > 0).sort((a, b) => a.days - b.days)
	const count = sorted.reduce((sum, bucket) => sum + bucket.count, 0)
	if (count === 0) return { count: 0, medianDays: null, meanDays: null }
	const valueAt = (rank: number) => {
		let seen = 0
		for (const bucket of sorted) {
			seen += bucket.count
			if (seen > rank) return bucket.days
		}
		return sorted[sorted.length - 1]!.days
	}
	const median = count % 2 === 1 ? valueAt((count - 1) / 2) : (valueAt(count / 2 - 1) + valueAt(count / 2)) / 2
	const mean = sorted.reduce((sum, bucket) => sum + bucket.days * bucket.count, 0) / count
	return { count, medianDays: median, meanDays: Math.round(mean * 10) / 10 }
}

const monthFormat = new Intl.DateTimeFormat('en-IN', { month: 'short', year: 'numeric', timeZone: 'UTC' })
const dayFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' })

/** "Apr 2026" for 2026-04. */
export function monthLabel(month: string): string {
	return monthFormat.format(new Date(`${month}-01T00:00:00Z`))
}

/** "24 Nov" for a week's first day. */
export function weekLabel(start: string): string {
	return dayFormat.format(new Date(`${start}T00:00:00Z`))
}

/** The tables on /admin/reports, each downloadable as /admin/reports/{id}.csv. */
export const reportIds = [
	'bookings-by-month',
	'margin-by-month',
	'margin-by-package',
	'leads-by-source',
	'lead-timing',
	'cancellations',
	'agent-commission',
	'arrivals-by-week',
] as const
export type ReportId = (typeof reportIds)[number]

/** How a column's numbers read: money is integer paise, percent one decimal, days one decimal. */
export type ColumnKind = 'text' | 'count' | 'money' | 'percent' | 'days'
export type ReportCell = string | number | null
export type ReportTable = {
	id: ReportId
	title: string
	/** One sentence: what is counted and how. */
	description: string
	columns: ReadonlyArray<{ label: string; kind: ColumnKind }>
	rows: ReportCell[][]
	/** A last row adding the columns up, when that means something. */
	totals?: ReportCell[]
	/** Every figure is about money (margins): owners only, even the percentages. */
	ownerOnly?: boolean
}

/** The table without its money columns (what staff who are not owners see); null when nothing but money is left. */
export function withoutMoney(table: ReportTable): ReportTable | null {
	if (table.ownerOnly) return null
	const keep = table.columns.map((column, i) => (column.kind === 'money' ? -1 : i)).filter((i) => i >= 0)
	if (!keep.some((i) => table.columns[i]!.kind !== 'text')) return null
	const pick = (row: ReportCell[]) => keep.map((i) => row[i] ?? null)
	return { ...table, columns: keep.map((i) => table.columns[i]!), rows: table.rows.map(pick), ...(table.totals ? { totals: pick(table.totals) } : {}) }
}

/** A cell for a spreadsheet: money in rupees with paise, blanks for unknown values. */
export function csvValue(kind: ColumnKind, value: ReportCell): string | number | null {
	if (value === null) return null
	if (kind === 'money' && typeof value === 'number') return (value / 100).toFixed(2)
	return value
}

/** The table as rows for `toCsv`: a header (money columns say INR), the rows, the totals. */
export function reportTableRows(table: ReportTable): Array<Array<string | number | null>> {
	const header = table.columns.map((column) =>
		column.kind === 'money' ? `${column.label} (INR)` : column.kind === 'percent' ? `${column.label} (%)` : column.label,
	)
	const cells = (row: ReportCell[]) => table.columns.map((column, i) => csvValue(column.kind, row[i] ?? null))
	return [header, ...table.rows.map(cells), ...(table.totals ? [cells(table.totals)] : [])]
}
