import { addDays, formatTravelDate } from '~/lib/dates.ts'

/**
 * Whether a hotel can sell a stay (docs/inventory.md). Pure: the caller reads the hotel's terms,
 * its room type's nights and its stop-sales, and hands over today's date in India.
 */

/** 'allotment': rooms held for us until the release period; 'free_sale': sell until told to stop; 'on_request': ask every time. */
export const saleModes = ['allotment', 'free_sale', 'on_request'] as const
export type SaleMode = (typeof saleModes)[number]
export const saleModeLabels: Record<SaleMode, string> = { allotment: 'Allotment (rooms held for us)', free_sale: 'Free sale', on_request: 'On request' }

/** A night of one room type, as contracted (`night` is the date the night starts). */
export type NightInventory = {
	night: string
	allotment: number
	sold: number
	/** Rooms held by sent quotes (none yet: holds are not taken). */
	held?: number
	/** Null: the hotel's release days. */
	releaseDays: number | null
	minStay: number
	closedToArrival: boolean
}

/** A stop-sale for the whole hotel (roomTypeId null) or one room type. */
export type StopSale = { firstNight: string; lastNight: string; reason: string; roomTypeId: string | null }

export type HotelTerms = { mode: SaleMode; releaseDays: number }

/** A hotel without terms behaves as "on request", never as "available". */
export const noTerms: HotelTerms = { mode: 'on_request', releaseDays: 0 }

/** At or under this many rooms left, a night is "low" and the traveller is told how many remain. */
export const lowRooms = 2

export type NightStatus = 'free' | 'low' | 'full' | 'stop-sale' | 'on-request'
export type NightVerdict = { night: string; status: NightStatus; left: number | null; reason?: string }

export type StayAvailability =
	| { status: 'available'; left: number | null; nights: NightVerdict[] }
	| { status: 'on-request'; reason: string; nights: NightVerdict[] }
	| { status: 'unavailable'; reason: string; nights: NightVerdict[] }

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysFrom(from: string, to: string): number {
	return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
}

/** The nights of a stay: arrival and the following nights, check-out day excluded. */
export function stayNights(arrival: string, nights: number): string[] {
	return Array.from({ length: nights }, (_, index) => addDays(arrival, index))
}

/**
 * A night's unsold rooms go back to the hotel `releaseDays` before it: a night 7 days away with a
 * 7-day release is still ours; 6 days away it is on request.
 */
export function isReleased(night: string, releaseDays: number, today: string): boolean {
	return daysFrom(today, night) < releaseDays
}

function stopSaleOn(night: string, roomTypeId: string, stopSales: readonly StopSale[]): StopSale | undefined {
	return stopSales.find((stop) => (stop.roomTypeId === null || stop.roomTypeId === roomTypeId) && stop.firstNight <= night && night <= stop.lastNight)
}

function rangeText(stop: StopSale): string {
	return stop.firstNight === stop.lastNight ? formatTravelDate(stop.firstNight) : `${formatTravelDate(stop.firstNight)} to ${formatTravelDate(stop.lastNight)}`
}

/** One night of one room type at a glance (the staff calendar's cell). */
export function nightStatus(
	terms: HotelTerms,
	roomTypeId: string,
	night: string,
	row: NightInventory | undefined,
	stopSales: readonly StopSale[],
	today: string,
): NightVerdict {
	const stop = stopSaleOn(night, roomTypeId, stopSales)
	if (stop) return { night, status: 'stop-sale', left: 0, reason: `stop-sale ${rangeText(stop)}: ${stop.reason}` }
	if (terms.mode === 'on_request') return { night, status: 'on-request', left: null }
	if (terms.mode === 'free_sale') return { night, status: 'free', left: null }
	if (!row) return { night, status: 'on-request', left: null, reason: 'no rooms contracted' }
	if (isReleased(night, row.releaseDays ?? terms.releaseDays, today)) return { night, status: 'on-request', left: null, reason: 'inside the release period' }
	const left = Math.max(0, row.allotment - row.sold - (row.held ?? 0))
	return { night, status: left === 0 ? 'full' : left <= lowRooms ? 'low' : 'free', left }
}

/**
 * Availability of `rooms` rooms of one room type for a stay. Every night must be sellable: a
 * stop-sale, a full night, arrival on a closed-to-arrival night or fewer nights than the arrival
 * night's minimum stay make it unavailable (with the reason); a night on request makes the stay on
 * request; otherwise it is available, with the fewest rooms left on any night (null: free sale).
 */
export function stayAvailability(input: {
	terms: HotelTerms
	roomTypeId: string
	arrival: string
	nights: number
	rooms: number
	rows: readonly NightInventory[]
	stopSales: readonly StopSale[]
	today: string
}): StayAvailability {
	const byNight = new Map(input.rows.map((row) => [row.night, row]))
	const verdicts = stayNights(input.arrival, input.nights).map((night) =>
		nightStatus(input.terms, input.roomTypeId, night, byNight.get(night), input.stopSales, input.today),
	)
	const stopped = verdicts.find((verdict) => verdict.status === 'stop-sale')
	if (stopped) return { status: 'unavailable', reason: `Not sold on ${formatTravelDate(stopped.night)} (${stopped.reason}).`, nights: verdicts }
	const arrivalRow = byNight.get(input.arrival)
	if (arrivalRow?.closedToArrival)
		return {
			status: 'unavailable',
			reason: `The hotel takes no arrivals on ${formatTravelDate(input.arrival)}: arrive a day earlier or later.`,
			nights: verdicts,
		}
	if (arrivalRow && arrivalRow.minStay > input.nights)
		return {
			status: 'unavailable',
			reason: `Arriving on ${formatTravelDate(input.arrival)} the hotel needs a stay of at least ${arrivalRow.minStay} nights.`,
			nights: verdicts,
		}
	const short = verdicts.find((verdict) => verdict.left !== null && verdict.status !== 'on-request' && verdict.left < input.rooms)
	if (short) {
		const reason =
			short.left === 0
				? `No rooms left on ${formatTravelDate(short.night)}.`
				: `Only ${roomsText(short.left!)} left on ${formatTravelDate(short.night)}; you asked for ${input.rooms}.`
		return { status: 'unavailable', reason, nights: verdicts }
	}
	if (verdicts.some((verdict) => verdict.status === 'on-request')) return { status: 'on-request', reason: onRequestMessage, nights: verdicts }
	const counted = verdicts.map((verdict) => verdict.left).filter((left): left is number => left !== null)
	return { status: 'available', left: counted.length ? Math.min(...counted) : null, nights: verdicts }
}

export const onRequestMessage = 'On request: we confirm with the hotel within a day.'

function roomsText(count: number): string {
	return `${count} room${count === 1 ? '' : 's'}`
}

/** What a traveller is told about a stay: "Only 2 rooms left", "On request: …", the reason, or nothing when plenty. */
export function availabilityNote(availability: StayAvailability): string | null {
	if (availability.status === 'available')
		return availability.left !== null && availability.left <= lowRooms ? `Only ${roomsText(availability.left)} left.` : null
	return availability.reason
}

/** Refusal for an allotment lowered below what is sold, with the numbers. */
export function allotmentProblem(night: string, allotment: number, sold: number): string | null {
	if (!Number.isInteger(allotment) || allotment < 0) return `The allotment on ${formatTravelDate(night)} must be a whole number of rooms, 0 or more.`
	return allotment < sold
		? `${formatTravelDate(night)}: ${roomsText(sold)} already sold, so the allotment cannot go below ${sold} (you asked for ${allotment}).`
		: null
}

/**
 * Adds a stop-sale to those of the same scope (hotel, or one room type): ranges that overlap or
 * touch the new one merge into one, their reasons kept once each. Returns the ranges after the merge
 * and the ones it replaced.
 */
export function mergeStopSale<T extends StopSale>(existing: readonly T[], added: StopSale): { merged: StopSale; replaced: T[] } {
	let merged = { ...added }
	const replaced: T[] = []
	// Sorting by start and sweeping once catches ranges that only touch the range grown so far.
	for (const stop of [...existing].filter((stop) => stop.roomTypeId === added.roomTypeId).sort((a, b) => a.firstNight.localeCompare(b.firstNight))) {
		if (stop.firstNight > addDays(merged.lastNight, 1) || addDays(stop.lastNight, 1) < merged.firstNight) continue
		replaced.push(stop)
		merged = {
			...merged,
			firstNight: stop.firstNight < merged.firstNight ? stop.firstNight : merged.firstNight,
			lastNight: stop.lastNight > merged.lastNight ? stop.lastNight : merged.lastNight,
		}
	}
	// Reasons in date order, each once.
	const reasons = [added, ...replaced].sort((a, b) => a.firstNight.localeCompare(b.firstNight)).flatMap((stop) => stop.reason.split('; '))
	return { merged: { ...merged, reason: [...new Set(reasons)].join('; ') }, replaced }
}

/** The nights from `first` to `last` (both included) that fall on the chosen weekdays (0 Sunday … 6 Saturday; empty: every day). */
export function rangeNights(first: string, last: string, weekdays: readonly number[] = []): string[] {
	const nights: string[] = []
	for (let night = first; night <= last; night = addDays(night, 1)) {
		if (!weekdays.length || weekdays.includes(new Date(`${night}T00:00:00Z`).getUTCDay())) nights.push(night)
	}
	return nights
}

/** The longest range one bulk edit or stop-sale may cover: a contract year. */
export const maxRangeNights = 400
