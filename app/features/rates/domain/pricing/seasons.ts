/**
 * Date arithmetic on 'YYYY-MM-DD' strings and season lookup.
 *
 * Dates are converted to a day number (days since 1970-01-01) with Date.UTC, so no
 * local time zone or daylight-saving rule can shift a date. Nothing here reads the clock.
 */
import type { IsoDate, Problem, Season } from './types'

const MS_PER_DAY = 86_400_000
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/**
 * Day number (days since 1970-01-01) of a valid 'YYYY-MM-DD' date, or null when the
 * string is not a real calendar date (e.g. '2027-02-30', '2027-2-3', years before 1000).
 */
export function toDayNumber(date: unknown): number | null {
	if (typeof date !== 'string' || date.length !== 10) return null
	const m = ISO_DATE.exec(date)
	if (!m) return null
	const y = Number(m[1])
	const mo = Number(m[2])
	const d = Number(m[3])
	if (y < 1000 || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return null
	return Date.UTC(y, mo - 1, d) / MS_PER_DAY
}

function daysInMonth(year: number, month: number): number {
	if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28
	return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31
}

/** True for a real calendar date written as 'YYYY-MM-DD'. */
export function isIsoDate(date: unknown): date is IsoDate {
	return toDayNumber(date) !== null
}

/**
 * The 'YYYY-MM-DD' date of a day number: the inverse of Date.UTC for whole days, in
 * pure integer arithmetic (H. Hinnant's civil-from-days), so no time zone is involved.
 */
export function fromDayNumber(day: number): IsoDate {
	const z = day + 719_468
	const era = Math.floor(z / 146_097)
	const doe = z - era * 146_097
	const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365)
	const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100))
	const mp = Math.floor((5 * doy + 2) / 153)
	const d = doy - Math.floor((153 * mp + 2) / 5) + 1
	const m = mp < 10 ? mp + 3 : mp - 9
	const y = yoe + era * 400 + (m <= 2 ? 1 : 0)
	return `${y}-${m < 10 ? '0' : ''}${m}-${d < 10 ? '0' : ''}${d}`
}

/** `date` plus `days` (may be negative). `date` must be valid. */
export function addDays(date: IsoDate, days: number): IsoDate {
	const n = toDayNumber(date)
	if (n === null) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`)
	return fromDayNumber(n + days)
}

/** Nights between check-in and check-out (negative if check-out is earlier). Both must be valid. */
export function nightsBetween(checkIn: IsoDate, checkOut: IsoDate): number {
	const a = toDayNumber(checkIn)
	const b = toDayNumber(checkOut)
	if (a === null || b === null) throw new RangeError(`Not a YYYY-MM-DD date: ${a === null ? checkIn : checkOut}`)
	return b - a
}

/** The dates of `nights` consecutive nights starting on `checkIn`. */
export function nightDates(checkIn: IsoDate, nights: number): IsoDate[] {
	const start = toDayNumber(checkIn)
	if (start === null) throw new RangeError(`Not a YYYY-MM-DD date: ${checkIn}`)
	const out: IsoDate[] = []
	for (let i = 0; i < nights; i++) out.push(fromDayNumber(start + i))
	return out
}

/** Compares two valid dates: negative, 0 or positive (plain string order works for valid dates). */
export function compareDates(a: IsoDate, b: IsoDate): number {
	return a < b ? -1 : a > b ? 1 : 0
}

interface Segment {
	/** First day number (inclusive). */
	start: number
	/** Last day number (inclusive). */
	end: number
	name: string
}

/** Resolves a night to its season. Built once per list of seasons. */
export interface SeasonCalendar {
	/** The season of the night starting on `date`, or null when no season covers it. */
	seasonOf(date: IsoDate): string | null
	/** The same for a day number (see toDayNumber). */
	seasonOfDay(day: number): string | null
	/** Non-overlapping segments after priority resolution, in date order. */
	readonly segments: readonly Segment[]
}

/** Checks a list of seasons; returns INVALID_SETTINGS problems (empty when valid). */
export function validateSeasons(seasons: unknown): Problem[] {
	const problems: Problem[] = []
	const bad = (field: string, message: string) => {
		problems.push({ code: 'INVALID_SETTINGS', severity: 'error', field, message })
	}
	if (!Array.isArray(seasons) || seasons.length === 0) {
		bad('seasons', 'At least one season is needed.')
		return problems
	}
	const names = new Set<string>()
	seasons.forEach((s: unknown, i) => {
		const season = s as Partial<Season> | null
		if (!season || typeof season !== 'object') {
			bad(`seasons[${i}]`, 'A season must be an object with a name and ranges.')
			return
		}
		if (typeof season.name !== 'string' || season.name.trim() === '') {
			bad(`seasons[${i}].name`, 'A season needs a name.')
		} else if (names.has(season.name)) {
			bad(`seasons[${i}].name`, `Season name "${season.name}" is used twice.`)
		} else {
			names.add(season.name)
		}
		if (!Array.isArray(season.ranges) || season.ranges.length === 0) {
			bad(`seasons[${i}].ranges`, 'A season needs at least one date range.')
			return
		}
		season.ranges.forEach((r: unknown, j) => {
			const range = r as { from?: unknown; to?: unknown } | null
			const from = toDayNumber(range?.from)
			const to = toDayNumber(range?.to)
			if (from === null || to === null) {
				bad(`seasons[${i}].ranges[${j}]`, 'Range dates must be YYYY-MM-DD.')
			} else if (from > to) {
				bad(`seasons[${i}].ranges[${j}]`, `Range starts (${String(range?.from)}) after it ends (${String(range?.to)}).`)
			}
		})
	})
	return problems
}

/**
 * Builds a calendar from seasons listed in priority order: where ranges overlap, the
 * season listed first wins. Ranges are inclusive at both ends. Lookups are a binary
 * search over non-overlapping segments. The seasons must be valid (see validateSeasons).
 */
export function createSeasonCalendar(seasons: readonly Season[]): SeasonCalendar {
	const ranges: { start: number; end: number; priority: number; name: string }[] = []
	seasons.forEach((season, priority) => {
		for (const r of season.ranges) {
			const start = toDayNumber(r.from)
			const end = toDayNumber(r.to)
			if (start === null || end === null || start > end) continue
			ranges.push({ start, end, priority, name: season.name })
		}
	})
	const cuts = new Set<number>()
	for (const r of ranges) {
		cuts.add(r.start)
		cuts.add(r.end + 1)
	}
	const points = [...cuts].sort((a, b) => a - b)
	const segments: Segment[] = []
	for (let i = 0; i + 1 < points.length; i++) {
		const start = points[i] as number
		const end = (points[i + 1] as number) - 1
		let winner: { priority: number; name: string } | null = null
		for (const r of ranges) {
			if (r.start <= start && r.end >= end && (winner === null || r.priority < winner.priority)) winner = r
		}
		if (winner === null) continue
		const last = segments[segments.length - 1]
		if (last && last.name === winner.name && last.end + 1 === start) last.end = end
		else segments.push({ start, end, name: winner.name })
	}

	const seasonOfDay = (day: number): string | null => {
		let lo = 0
		let hi = segments.length - 1
		while (lo <= hi) {
			const mid = (lo + hi) >> 1
			const seg = segments[mid] as Segment
			if (day < seg.start) hi = mid - 1
			else if (day > seg.end) lo = mid + 1
			else return seg.name
		}
		return null
	}

	return {
		segments,
		seasonOfDay,
		seasonOf(date) {
			const day = toDayNumber(date)
			return day === null ? null : seasonOfDay(day)
		},
	}
}
