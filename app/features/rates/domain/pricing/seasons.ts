/** Season lookup and validation, on day numbers (app/lib/dates.ts). Nothing here reads the clock. */
import { toDayNumber } from '~/lib/dates.ts'
import type { IsoDate, Problem, Season } from './types'

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
