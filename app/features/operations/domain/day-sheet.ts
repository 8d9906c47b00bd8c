/**
 * The operations day sheet (docs/decisions/192-the-day-sheet-from-booking-components-and-flights.md):
 * every movement of every traveller on one India date — airport pickups and drops, other transfers,
 * ferry legs with their jetty reporting times, hotel check-ins and check-outs, activities — in time
 * order, grouped by island, each line saying what is missing and which of its times cannot work.
 * Built from the booking components staff already keep and the booking's flights. Pure functions.
 */
import { departureJetty, type FactSettings, reportingMinutesFor, reportingTime } from '~/features/travel-facts/domain/facts.ts'
import { addDays, isIsoDate } from '~/lib/dates.ts'
import { islandSlugs, islands, type IslandSlug } from '~/lib/islands.ts'
import { plural } from '~/lib/words.ts'
import { z } from '~/lib/zod.ts'

export const lineKinds = ['arrival', 'departure', 'transfer', 'ferry', 'check-in', 'check-out', 'activity'] as const
export type LineKind = (typeof lineKinds)[number]
export const lineKindLabels: Record<LineKind, string> = {
	arrival: 'Airport pickup',
	departure: 'Airport drop',
	transfer: 'Transfer',
	ferry: 'Ferry',
	'check-in': 'Check-in',
	'check-out': 'Check-out',
	activity: 'Activity',
}

/** The filter's kinds: what a desk person looks for, each covering one or more line kinds. */
export const kindFilters = {
	pickups: ['arrival', 'departure', 'transfer'],
	ferries: ['ferry'],
	hotels: ['check-in', 'check-out'],
	activities: ['activity'],
} as const satisfies Record<string, readonly LineKind[]>
export type KindFilter = keyof typeof kindFilters
export const kindFilterLabels: Record<KindFilter, string> = {
	pickups: 'Pickups and drops',
	ferries: 'Ferries',
	hotels: 'Check-ins and check-outs',
	activities: 'Activities',
}

/** Minutes a traveller should be at Veer Savarkar airport before a domestic flight leaves. */
export const airportReportingMinutes = 90

export type Flights = {
	arrivalFlight: string | null
	arrivalDate: string | null
	arrivalTime: string | null
	departureFlight: string | null
	departureDate: string | null
	departureTime: string | null
}

export type SheetBooking = {
	id: string
	reference: string
	contactName: string
	contactPhone: string
	travellers: number
	flights: Flights | null
}

export type SheetComponent = {
	id: string
	bookingId: string
	kind: string
	description: string
	island: string | null
	startDate: string | null
	endDate: string | null
	time: string | null
	supplier: string | null
	supplierStatus: string
	confirmationNumber: string | null
	/** What staff wrote on it; for transfers and activities this is the pickup place (the voucher prints it so). */
	notes: string | null
}

export type SheetLine = {
	key: string
	componentId: string
	bookingId: string
	reference: string
	kind: LineKind
	island: string | null
	/** The clock time the line is sorted by (a ferry's reporting time), HH:MM India time, or null when not known. */
	at: string | null
	/** The component's own time: pickup, sailing, start. */
	time: string | null
	description: string
	place: string | null
	travellers: number
	contactName: string
	contactPhone: string
	supplier: string | null
	confirmationNumber: string | null
	flight: { number: string | null; time: string | null } | null
	ferry: { departure: string | null; reporting: string | null; jetty: string | null } | null
	/** What the desk still has to find out. */
	missing: string[]
	/** Times that cannot work together: shown, never hidden. */
	impossible: string[]
}

export type IslandGroup = { island: string | null; label: string; lines: SheetLine[] }
export type DaySheet = { date: string; groups: IslandGroup[]; lineCount: number; problemCount: number }

const hhmm = /^([01]\d|2[0-3]):[0-5]\d$/
const minutesOf = (time: string | null): number | null => (time && hhmm.test(time) ? Number(time.slice(0, 2)) * 60 + Number(time.slice(3)) : null)

/** A transfer's role from its description, as the planned components write it ("Arrival pickup: Veer Savarkar airport…", "Departure drop: hotel to…airport"). */
export function transferKind(description: string): 'arrival' | 'departure' | 'transfer' {
	if (/departure|drop.*airport/i.test(description)) return 'departure'
	if (/arrival|airport/i.test(description)) return 'arrival'
	return 'transfer'
}

const kindOrder: Record<LineKind, number> = { arrival: 0, 'check-out': 1, departure: 2, transfer: 3, ferry: 4, activity: 5, 'check-in': 6 }

/** Lines in time order; lines whose time is not known yet come last (they are the ones to chase), then by kind and reference. */
export function compareLines(a: SheetLine, b: SheetLine): number {
	const at = minutesOf(a.at)
	const bt = minutesOf(b.at)
	if (at !== bt) return at === null ? 1 : bt === null ? -1 : at - bt
	return kindOrder[a.kind] - kindOrder[b.kind] || a.reference.localeCompare(b.reference) || a.key.localeCompare(b.key)
}

/** The island a component named by hand is on: its own, else the first island its description names ("Scuba diving at Havelock"). */
export function islandOf(component: Pick<SheetComponent, 'island' | 'description'>): string | null {
	if (component.island) return component.island
	const named = islandSlugs.map((slug) => [slug, component.description.indexOf(islands[slug].name)] as const).filter(([, at]) => at >= 0)
	return named.sort((a, b) => a[1] - b[1])[0]?.[0] ?? null
}

/** The lines one component makes on this date (a hotel both checks in and out only on different days). */
function linesOf(component: SheetComponent, booking: SheetBooking, date: string, ferrySettings: FactSettings): SheetLine[] {
	const base = {
		componentId: component.id,
		bookingId: booking.id,
		reference: booking.reference,
		island: islandOf(component),
		time: component.time,
		description: component.description,
		place: component.kind === 'transfer' || component.kind === 'activity' ? component.notes : null,
		travellers: booking.travellers,
		contactName: booking.contactName,
		contactPhone: booking.contactPhone,
		supplier: component.supplier,
		confirmationNumber: component.confirmationNumber,
		flight: null,
		ferry: null,
		impossible: [] as string[],
	}
	const unconfirmed = component.supplierStatus !== 'confirmed' ? ['Not confirmed by the supplier'] : []
	const lines: SheetLine[] = []
	if (component.kind === 'hotel') {
		if (component.startDate === date) lines.push({ ...base, key: `${component.id}:in`, kind: 'check-in', at: component.time, missing: [...unconfirmed] })
		if (component.endDate === date) lines.push({ ...base, key: `${component.id}:out`, kind: 'check-out', at: null, time: null, missing: [] })
		return lines
	}
	if (component.startDate !== date) return lines
	if (component.kind === 'ferry') {
		// Each operator's own reporting time, as the voucher prints it; the site setting only when it publishes none.
		const reporting = reportingTime(component.time, reportingMinutesFor(component.supplier, ferrySettings))
		const missing = [...unconfirmed]
		if (!component.time) missing.push('No sailing time')
		if (!component.confirmationNumber?.trim()) missing.push('No PNR')
		lines.push({
			...base,
			key: component.id,
			kind: 'ferry',
			at: reporting ?? component.time,
			ferry: { departure: component.time, reporting, jetty: departureJetty(base.island, component.supplier) },
			missing,
		})
		return lines
	}
	if (component.kind === 'activity') {
		const missing = [...unconfirmed]
		if (!component.time) missing.push('No start time')
		lines.push({ ...base, key: component.id, kind: 'activity', at: component.time, missing })
		return lines
	}
	const kind = transferKind(component.description)
	const missing = [...unconfirmed]
	const flights = booking.flights
	if (kind === 'arrival') {
		const number = flights?.arrivalFlight ?? null
		const lands = flights?.arrivalDate === date || !flights?.arrivalDate ? (flights?.arrivalTime ?? null) : null
		if (!number) missing.push('No arrival flight number')
		if (!flights?.arrivalTime) missing.push('No landing time')
		if (flights?.arrivalDate && flights.arrivalDate !== date) base.impossible.push(`The arrival flight lands on ${flights.arrivalDate}, not on this day`)
		const pickup = minutesOf(component.time)
		const landing = minutesOf(lands)
		if (pickup !== null && landing !== null && pickup < landing) base.impossible.push(`Pickup at ${component.time} is before the flight lands at ${lands}`)
		lines.push({ ...base, key: component.id, kind, at: component.time ?? lands, flight: { number, time: lands }, missing })
		return lines
	}
	if (kind === 'departure') {
		const number = flights?.departureFlight ?? null
		const leaves = flights?.departureDate === date || !flights?.departureDate ? (flights?.departureTime ?? null) : null
		if (!number) missing.push('No departure flight number')
		if (!flights?.departureTime) missing.push('No flight time')
		if (flights?.departureDate && flights.departureDate !== date)
			base.impossible.push(`The departure flight leaves on ${flights.departureDate}, not on this day`)
		const pickup = minutesOf(component.time)
		const flight = minutesOf(leaves)
		if (pickup !== null && flight !== null && pickup > flight - airportReportingMinutes)
			base.impossible.push(
				`Drop leaves at ${component.time}, but the flight at ${leaves} needs the travellers at the airport ${airportReportingMinutes} minutes before`,
			)
		if (!component.time) missing.push('No pickup time')
		lines.push({ ...base, key: component.id, kind, at: component.time, flight: { number, time: leaves }, missing })
		return lines
	}
	if (!component.time) missing.push('No pickup time')
	lines.push({ ...base, key: component.id, kind, at: component.time, missing })
	return lines
}

/**
 * Checks across one booking's lines of the day: a pickup (the airport one included) that is later
 * than the reporting time of the ferry it must reach on the same island, or a flight that lands
 * after it.
 */
function crossCheck(lines: SheetLine[]): void {
	const byBooking = new Map<string, SheetLine[]>()
	for (const line of lines) {
		const own = byBooking.get(line.bookingId)
		if (own) own.push(line)
		else byBooking.set(line.bookingId, [line])
	}
	for (const own of byBooking.values()) {
		const ferries = own.filter((line) => line.kind === 'ferry' && line.ferry?.reporting)
		for (const ferry of ferries) {
			const reporting = minutesOf(ferry.ferry!.reporting)!
			for (const line of own) {
				if (line.island !== ferry.island) continue
				if (line.kind === 'arrival' && line.flight?.time && minutesOf(line.flight.time)! > reporting)
					line.impossible.push(`The flight lands at ${line.flight.time}, after the ${ferry.ferry!.departure} ferry's reporting time ${ferry.ferry!.reporting}`)
				else if (
					line.kind === 'transfer' &&
					/jetty|wharf|ferry/i.test(`${line.description} ${line.place ?? ''}`) &&
					line.time &&
					minutesOf(line.time)! > reporting
				)
					line.impossible.push(`Pickup at ${line.time} is after the ${ferry.ferry!.departure} ferry's reporting time ${ferry.ferry!.reporting}`)
			}
		}
	}
}

export const islandGroupLabel = (island: string | null) => (island ? (islands[island as IslandSlug]?.label ?? island) : 'Island not set')

/** The sheet for one date: each island's lines in order (islands in their usual order, lines without an island last). */
export function buildDaySheet(input: {
	date: string
	bookings: readonly SheetBooking[]
	components: readonly SheetComponent[]
	ferrySettings: FactSettings
}): DaySheet {
	const bookings = new Map(input.bookings.map((booking) => [booking.id, booking]))
	const lines = input.components.flatMap((component) => {
		const booking = bookings.get(component.bookingId)
		return booking ? linesOf(component, booking, input.date, input.ferrySettings) : []
	})
	crossCheck(lines)
	const groups = new Map<string | null, SheetLine[]>()
	for (const line of lines) {
		const group = groups.get(line.island)
		if (group) group.push(line)
		else groups.set(line.island, [line])
	}
	const rank = (island: string | null) => (island === null ? 1000 : islandSlugs.indexOf(island as IslandSlug) + 1 || 999)
	return {
		date: input.date,
		groups: [...groups.entries()]
			.sort(([a], [b]) => rank(a) - rank(b) || String(a).localeCompare(String(b)))
			.map(([island, own]) => ({ island, label: islandGroupLabel(island), lines: own.sort(compareLines) })),
		lineCount: lines.length,
		problemCount: lines.filter((line) => line.missing.length || line.impossible.length).length,
	}
}

/** The sheet narrowed to one island and/or one kind of line; empty groups go. */
export function filterSheet(sheet: DaySheet, filter: { island: string | null; kind: KindFilter | null }): DaySheet {
	const kinds: readonly LineKind[] | null = filter.kind ? kindFilters[filter.kind] : null
	const groups = sheet.groups
		.filter((group) => !filter.island || group.island === filter.island)
		.map((group) => ({ ...group, lines: group.lines.filter((line) => !kinds || kinds.includes(line.kind)) }))
		.filter((group) => group.lines.length)
	const lines = groups.flatMap((group) => group.lines)
	return { date: sheet.date, groups, lineCount: lines.length, problemCount: lines.filter((line) => line.missing.length || line.impossible.length).length }
}

/** The page's query: `?date=&island=&kind=`; a bad value is a 400, a missing date is tomorrow. */
export function sheetQuerySchema(today: string) {
	return z.object({
		date: z
			.string()
			.optional()
			.transform((value) => value || addDays(today, 1))
			.refine(isIsoDate, 'Give the date as a calendar date (YYYY-MM-DD).'),
		island: z
			.string()
			.optional()
			.transform((value) => value || null)
			.refine((value) => value === null || value === 'none' || islandSlugs.includes(value as IslandSlug), 'Choose an island from the list.'),
		kind: z
			.string()
			.optional()
			.transform((value) => (value || null) as KindFilter | null)
			.refine((value) => value === null || value in kindFilters, 'Choose a kind from the list.'),
	})
}

/**
 * The "your trip tomorrow" message for one booking's lines of the day, in the order they happen:
 * pickup times and places, ferry reporting times and jetties, activity start times. Plain text for
 * WhatsApp or SMS.
 */
export function tripTomorrowText(booking: { contactName: string; reference: string }, date: string, lines: readonly SheetLine[]): string {
	const first = booking.contactName.trim().split(/\s+/)[0] ?? booking.contactName
	const said = [...lines].sort(compareLines).flatMap((line): string[] => {
		const time = (value: string | null) => value ?? 'time to be confirmed'
		switch (line.kind) {
			case 'arrival':
				return [
					`• Airport pickup${line.flight?.number ? ` for flight ${line.flight.number}` : ''}${line.flight?.time ? ` landing ${line.flight.time}` : ''}: our driver meets you at the arrival gate${line.place ? `, ${line.place}` : ''}.`,
				]
			case 'departure':
				return [
					`• Airport drop: pickup at ${time(line.time)}${line.place ? ` from ${line.place}` : ''}${line.flight?.number ? ` for flight ${line.flight.number}` : ''}${line.flight?.time ? ` at ${line.flight.time}` : ''}.`,
				]
			case 'transfer':
				return [`• ${line.description}: pickup at ${time(line.time)}${line.place ? ` from ${line.place}` : ''}.`]
			case 'ferry':
				return [
					`• Ferry ${line.description.replace(/^Ferry\s+/, '')}${line.ferry?.departure ? ` at ${line.ferry.departure}` : ''}: be at ${line.ferry?.jetty ?? 'the jetty'} by ${time(line.ferry?.reporting ?? null)} with your photo ID${line.confirmationNumber ? ` (PNR ${line.confirmationNumber})` : ''}.`,
				]
			case 'activity':
				return [`• ${line.description}: starts ${time(line.time)}${line.place ? `, pickup ${line.place}` : ''}.`]
			case 'check-in':
				return [`• Check-in: ${line.description}.`]
			case 'check-out':
				return [`• Check-out: ${line.description}.`]
		}
	})
	return [`Hello ${first}, your Andaman trip on ${date} (${booking.reference}), times in India time:`, ...said, 'Questions? Reply to this message.'].join('\n')
}

/** One line as the printed sheet and the phone list write who travels: "Asha Rao, 2 travellers, +91 98…". */
export function partyLine(line: Pick<SheetLine, 'contactName' | 'travellers'>): string {
	return `${line.contactName}, ${plural(line.travellers, 'traveller')}`
}

/** The flights form (staff on the sheet, the traveller on the trip page): every field optional, times HH:MM India time. */
const flightNumber = z
	.string()
	.trim()
	.toUpperCase()
	.max(12, 'A flight number has at most 12 characters, e.g. 6E 231.')
	.refine((value) => value === '' || /^[A-Z0-9]{2}\s?-?\d{1,5}[A-Z]?$/.test(value), 'Write the flight number as on the ticket, e.g. 6E 231 or AI-503.')
	.optional()
	.transform((value) => value || null)
const flightDate = z
	.string()
	.optional()
	.transform((value) => value || null)
	.refine((value) => value === null || isIsoDate(value), 'Give the date as a calendar date, or leave it empty.')
const flightTime = z
	.string()
	.optional()
	.transform((value) => value || null)
	.refine((value) => value === null || hhmm.test(value), 'Give the time as HH:MM (24-hour, India time), or leave it empty.')

export const flightsFormSchema = z.object({
	arrivalFlight: flightNumber,
	arrivalDate: flightDate,
	arrivalTime: flightTime,
	departureFlight: flightNumber,
	departureDate: flightDate,
	departureTime: flightTime,
	revision: z.coerce.number().int().min(0, 'That form is out of date: reload the page and try again.').max(1_000_000),
})
export type FlightsForm = z.infer<typeof flightsFormSchema>
