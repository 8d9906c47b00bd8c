import { addDays, toDayNumber } from '~/lib/dates.ts'
import { createSeasonCalendar } from '~/features/rates/domain/pricing/seasons.ts'
import { type PricingSettings, type Problem, type RateBook, type TripRequest } from '~/features/rates/domain/pricing/types.ts'
import { priceTrip } from '~/features/rates/domain/pricing/engine.ts'
import { describeProblem } from '~/features/rates/domain/builder.ts'

/** One month of a price calendar: its cheapest bookable start and the per-person price then, or why nothing in it can be sold. */
export type CalendarMonth = { month: string; startDate: string; perPerson: number } | { month: string; startDate: null; perPerson: null; problem: string }

/** How many months a calendar shows, from the month of its first bookable date. */
export const calendarMonths = 12

/**
 * The per-person price of a trip for each of the next `months` months (docs/decisions/216-price-calendar.md):
 * every start date from `firstDate` to the end of the last month is priced by the engine with the trip as
 * given (its stays, tier, party, activities by day), and each month keeps its cheapest start (the earliest
 * of equal ones). A start whose nights and days fall in the same seasons as one already priced costs the
 * same (rates, activity prices and markup are per season; ferries, transfers and the party are not dated),
 * so each season pattern is priced once: a year is a few dozen engine calls, not 365.
 */
export function priceCalendar(
	book: RateBook,
	settings: PricingSettings,
	trip: Omit<TripRequest, 'startDate'>,
	firstDate: string,
	today: string,
	months = calendarMonths,
): CalendarMonth[] {
	const seasons = createSeasonCalendar(settings.seasons)
	const days = trip.stays.reduce((sum, stay) => sum + stay.nights, 0) + 1
	const byPattern = new Map<string, { perPerson: number } | { problem: Problem | null }>()
	const result: CalendarMonth[] = []
	const [year, month] = firstDate.split('-').map(Number) as [number, number]
	for (let index = 0; index < months; index++) {
		const first = new Date(Date.UTC(year, month - 1 + index, 1)).toISOString().slice(0, 10)
		const next = new Date(Date.UTC(year, month + index, 1)).toISOString().slice(0, 10)
		let best: { startDate: string; perPerson: number } | null = null
		let problem: Problem | null = null
		for (let date = first < firstDate ? firstDate : first; date < next; date = addDays(date, 1)) {
			const start = toDayNumber(date)!
			const pattern = Array.from({ length: days }, (_, day) => seasons.seasonOfDay(start + day) ?? '-').join('|')
			let priced = byPattern.get(pattern)
			if (!priced) {
				const quote = priceTrip(book, settings, { ...trip, startDate: date }, today)
				priced = quote.ok ? { perPerson: quote.perPerson } : { problem: quote.problems.find((one) => one.severity === 'error') ?? null }
				byPattern.set(pattern, priced)
			}
			if ('perPerson' in priced) {
				if (!best || priced.perPerson < best.perPerson) best = { startDate: date, perPerson: priced.perPerson }
			} else problem ??= priced.problem
		}
		const label = first.slice(0, 7)
		result.push(best ? { month: label, ...best } : { month: label, startDate: null, perPerson: null, problem: calendarProblem(problem) })
	}
	return result
}

/** Why a month is not on sale, short enough for a calendar cell. */
function calendarProblem(problem: Problem | null): string {
	if (!problem || problem.code === 'NO_SEASON_FOR_DATE') return 'No prices yet for this month.'
	if (problem.code === 'NO_HOTEL_FOR_TIER' || problem.code === 'NO_RATE_FOR_NIGHT') return 'No hotel of this category has rates for these nights.'
	return describeProblem(problem)
}

/** The cheapest month that can be sold, or null. */
export function cheapestMonth(calendar: readonly CalendarMonth[]): string | null {
	let best: { month: string; perPerson: number } | null = null
	for (const entry of calendar) if (entry.perPerson !== null && (!best || entry.perPerson < best.perPerson)) best = entry
	return best?.month ?? null
}
