/** Travel dates are `YYYY-MM-DD` strings; timestamps are ISO-8601 UTC shown in Asia/Kolkata (docs/conventions.md). */

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/

export function isIsoDate(value: string): boolean {
	const match = isoDate.exec(value)
	if (!match) return false
	const [, y, m, d] = match.map(Number) as [number, number, number, number]
	const date = new Date(Date.UTC(y, m - 1, d))
	return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
}

export function addDays(date: string, days: number): string {
	const [y, m, d] = date.split('-').map(Number) as [number, number, number]
	return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10)
}

/** India's offset from UTC: +05:30 all year (India keeps no daylight saving time). */
const indiaOffsetMs = 330 * 60_000

/**
 * Today's date in India, where the business and its trips are. Plain arithmetic on the fixed
 * offset: formatting with a time zone cost about 4 µs a call, and a staff page asks three times.
 */
export function todayInIndia(now: Date = new Date()): string {
	return new Date(now.getTime() + indiaOffsetMs).toISOString().slice(0, 10)
}

export function nowIso(): string {
	return new Date().toISOString()
}

const dateFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
const timestampFormat = new Intl.DateTimeFormat('en-IN', {
	day: 'numeric',
	month: 'short',
	year: 'numeric',
	hour: 'numeric',
	minute: '2-digit',
	timeZone: 'Asia/Kolkata',
})

/** "5 Jan 2027" for a travel date. */
export function formatTravelDate(date: string): string {
	return dateFormat.format(new Date(`${date}T00:00:00Z`))
}

const monthFormat = new Intl.DateTimeFormat('en-IN', { month: 'short', year: 'numeric', timeZone: 'UTC' })

/** "Dec 2026" for a travel month (`YYYY-MM`). */
export function formatTravelMonth(month: string): string {
	return monthFormat.format(new Date(`${month}-01T00:00:00Z`))
}

const longMonthFormat = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' })

/** "December 2026" for a month (`YYYY-MM`). */
export function formatLongMonth(month: string): string {
	return longMonthFormat.format(new Date(`${month}-01T00:00:00Z`))
}

/**
 * `count` months as choices, from the month of `today` (YYYY-MM-DD): value `YYYY-MM`, label
 * "January 2027". One formatter made once: `toLocaleDateString` with options builds a new one on
 * every call, which was 40% of the instant-price page's render.
 */
export function monthChoices(today: string, count: number): Array<{ value: string; label: string }> {
	const [year, month] = today.split('-').map(Number) as [number, number]
	return Array.from({ length: count }, (_, index) => {
		const date = new Date(Date.UTC(year, month - 1 + index, 1))
		return { value: date.toISOString().slice(0, 7), label: longMonthFormat.format(date) }
	})
}

/** "5 Jan 2027, 3:04 pm" in India time for a stored UTC timestamp. */
export function formatTimestamp(iso: string): string {
	return timestampFormat.format(new Date(iso))
}

/** Start of a day in India as a UTC timestamp, for ranges over stored created_at values. */
export function indiaDayStartUtc(date: string): string {
	return new Date(`${date}T00:00:00+05:30`).toISOString()
}

/** The India month (YYYY-MM) of a stored UTC timestamp: India is UTC+05:30 all year. */
export function indiaMonthOf(iso: string): string {
	return new Date(Date.parse(iso) + indiaOffsetMs).toISOString().slice(0, 7)
}
