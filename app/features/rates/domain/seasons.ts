import { addDays, fromDayNumber, toDayNumber } from '~/lib/dates.ts'
import type { DateRange, Season } from '~/features/rates/domain/pricing/types.ts'
import { formatTravelDate } from '~/lib/dates.ts'

/**
 * The season plan edited on /admin/settings: named date ranges that must not
 * overlap and must leave no gap between the first and the last date
 * (docs/decisions/021-seasons-in-settings.md). Each night then has exactly one season.
 */
export type SeasonRange = DateRange & { season: string }

export const seasonNamePattern = /^[a-z][a-z0-9-]{0,30}$/

/** Demo and default seasons: every date from 1 Jan 2026 to 31 Dec 2027. Peak = festive weeks, low = monsoon. */
export const defaultSeasonRanges: SeasonRange[] = [
	{ season: 'peak', from: '2026-01-01', to: '2026-01-05' },
	{ season: 'high', from: '2026-01-06', to: '2026-04-30' },
	{ season: 'low', from: '2026-05-01', to: '2026-09-30' },
	{ season: 'high', from: '2026-10-01', to: '2026-10-15' },
	{ season: 'peak', from: '2026-10-16', to: '2026-10-25' },
	{ season: 'high', from: '2026-10-26', to: '2026-11-05' },
	{ season: 'peak', from: '2026-11-06', to: '2026-11-15' },
	{ season: 'high', from: '2026-11-16', to: '2026-12-19' },
	{ season: 'peak', from: '2026-12-20', to: '2027-01-05' },
	{ season: 'high', from: '2027-01-06', to: '2027-04-30' },
	{ season: 'low', from: '2027-05-01', to: '2027-09-30' },
	{ season: 'high', from: '2027-10-01', to: '2027-10-07' },
	{ season: 'peak', from: '2027-10-08', to: '2027-10-17' },
	{ season: 'high', from: '2027-10-18', to: '2027-10-27' },
	{ season: 'peak', from: '2027-10-28', to: '2027-11-05' },
	{ season: 'high', from: '2027-11-06', to: '2027-12-19' },
	{ season: 'peak', from: '2027-12-20', to: '2027-12-31' },
]

export type SeasonPlanProblem = { index: number | null; message: string }

function span(from: string, to: string): string {
	return from === to ? formatTravelDate(from) : `${formatTravelDate(from)} – ${formatTravelDate(to)}`
}

/** Every problem with a season plan, in plain words: bad names or dates, overlaps, and gaps. */
export function checkSeasonPlan(ranges: readonly SeasonRange[]): SeasonPlanProblem[] {
	const problems: SeasonPlanProblem[] = []
	if (ranges.length === 0) return [{ index: null, message: 'Add at least one season date range.' }]
	const valid: Array<{ index: number; season: string; from: number; to: number }> = []
	ranges.forEach((range, index) => {
		const from = toDayNumber(range.from)
		const to = toDayNumber(range.to)
		if (!seasonNamePattern.test(range.season))
			problems.push({ index, message: `Row ${index + 1}: name the season in lower case letters, e.g. peak, high or low.` })
		if (from === null || to === null) problems.push({ index, message: `Row ${index + 1}: enter both dates as real dates.` })
		else if (to < from)
			problems.push({ index, message: `Row ${index + 1}: the range ends (${formatTravelDate(range.to)}) before it starts (${formatTravelDate(range.from)}).` })
		else valid.push({ index, season: range.season, from, to })
	})
	valid.sort((a, b) => a.from - b.from || a.to - b.to)
	let reach: (typeof valid)[number] | null = null
	for (const range of valid) {
		if (reach) {
			if (range.from <= reach.to) {
				const end = Math.min(range.to, reach.to)
				problems.push({
					index: range.index,
					message: `${span(fromDayNumber(range.from), fromDayNumber(end))} is in two seasons (${reach.season}, row ${reach.index + 1}, and ${range.season}, row ${range.index + 1}). Each date can have one season only.`,
				})
			} else if (range.from > reach.to + 1) {
				problems.push({
					index: range.index,
					message: `No season covers ${span(fromDayNumber(reach.to + 1), fromDayNumber(range.from - 1))}: trips on those dates cannot be priced. Add a range for them.`,
				})
			}
		}
		if (!reach || range.to > reach.to) reach = range
	}
	return problems
}

/** The first and last date the plan covers, or null when empty. */
export function seasonPlanSpan(ranges: readonly SeasonRange[]): { from: string; to: string } | null {
	const days = ranges.flatMap((range) => [toDayNumber(range.from), toDayNumber(range.to)]).filter((day): day is number => day !== null)
	if (days.length === 0) return null
	return { from: fromDayNumber(Math.min(...days)), to: fromDayNumber(Math.max(...days)) }
}

/** `date` (YYYY-MM-DD) on the same day of `year`; 29 February becomes the 28th as an end, 1 March as a start. */
function sameDayIn(year: number, date: string, end: boolean): string {
	const moved = `${year}${date.slice(4)}`
	if (toDayNumber(moved) !== null) return moved
	return end ? `${year}-02-28` : `${year}-03-01`
}

/**
 * The plan carried on until `through`: the ranges of its last calendar year repeated on the same days
 * of every following year. Festival weeks move from year to year, so this is for the demo data (which
 * must price trips whatever the date it is loaded on), not a plan to keep: staff add real years.
 * A plan that does not cover its last year from 1 January to 31 December is returned as it is.
 */
export function repeatSeasonPlan(ranges: readonly SeasonRange[], through: string): SeasonRange[] {
	const span = seasonPlanSpan(ranges)
	if (!span || span.to >= through) return [...ranges]
	const lastYear = Number(span.to.slice(0, 4))
	const yearStart = `${lastYear}-01-01`
	if (span.from > yearStart || span.to !== `${lastYear}-12-31`) return [...ranges]
	const pattern = ranges.filter((range) => range.to >= yearStart).map((range) => ({ ...range, from: range.from < yearStart ? yearStart : range.from }))
	const repeated = [...ranges]
	for (let year = lastYear + 1; `${year}-01-01` <= through; year++) {
		for (const range of pattern) repeated.push({ season: range.season, from: sameDayIn(year, range.from, false), to: sameDayIn(year, range.to, true) })
	}
	return repeated
}

/** A warning (not an error) when the plan stops less than a year after `today`. */
export function seasonPlanEndsSoon(ranges: readonly SeasonRange[], today: string): string | null {
	const covered = seasonPlanSpan(ranges)
	if (!covered) return null
	const horizon = addDays(today, 365)
	return covered.to < horizon ? `Seasons end on ${formatTravelDate(covered.to)}: trips after that date cannot be priced. Add next year's seasons.` : null
}

/** The engine's seasons (named, with ranges), in first-seen order. */
export function toEngineSeasons(ranges: readonly SeasonRange[]): Season[] {
	const byName = new Map<string, DateRange[]>()
	for (const range of ranges) {
		const list = byName.get(range.season) ?? []
		list.push({ from: range.from, to: range.to })
		byName.set(range.season, list)
	}
	return [...byName].map(([name, list]) => ({ name, ranges: list }))
}

/** Season names used by the plan, sorted peak, high, low first. */
export function seasonNames(ranges: readonly SeasonRange[]): string[] {
	const order = ['peak', 'high', 'low']
	return [...new Set(ranges.map((range) => range.season))].sort((a, b) => {
		const ia = order.indexOf(a)
		const ib = order.indexOf(b)
		return (ia === -1 ? 99 : ia) - (ib === -1 ? 99 : ib) || a.localeCompare(b)
	})
}
