/** Travel dates are `YYYY-MM-DD` strings; timestamps are ISO-8601 UTC shown in Asia/Kolkata (docs/conventions.md). */

const MS_PER_DAY = 86_400_000
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/*
 * Date arithmetic goes through a day number (days since 1970-01-01, from Date.UTC), so no local time
 * zone or daylight-saving rule can shift a date.
 */

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
export function isIsoDate(date: unknown): date is string {
	return toDayNumber(date) !== null
}

/**
 * The 'YYYY-MM-DD' date of a day number: the inverse of Date.UTC for whole days, in
 * pure integer arithmetic (H. Hinnant's civil-from-days), so no time zone is involved.
 */
export function fromDayNumber(day: number): string {
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
export function addDays(date: string, days: number): string {
	const n = toDayNumber(date)
	if (n === null) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`)
	return fromDayNumber(n + days)
}

/** Nights between check-in and check-out (negative if check-out is earlier). Both must be valid. */
export function nightsBetween(checkIn: string, checkOut: string): number {
	const a = toDayNumber(checkIn)
	const b = toDayNumber(checkOut)
	if (a === null || b === null) throw new RangeError(`Not a YYYY-MM-DD date: ${a === null ? checkIn : checkOut}`)
	return b - a
}

/** The dates of `nights` consecutive nights starting on `checkIn`. */
export function nightDates(checkIn: string, nights: number): string[] {
	const start = toDayNumber(checkIn)
	if (start === null) throw new RangeError(`Not a YYYY-MM-DD date: ${checkIn}`)
	const out: string[] = []
	for (let i = 0; i < nights; i++) out.push(fromDayNumber(start + i))
	return out
}

/** Compares two valid dates: negative, 0 or positive (plain string order works for valid dates). */
export function compareDates(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0
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
	let text = travelDates.get(date)
	if (text === undefined) {
		text = dateFormat.format(new Date(`${date}T00:00:00Z`))
		// Pages format the same few hundred dates over and over (the builder some forty per render): kept, within bounds.
		if (travelDates.size >= 2000) travelDates.clear()
		travelDates.set(date, text)
	}
	return text
}

const travelDates = new Map<string, string>()

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
