import { csvCellText } from '~/lib/csv.ts'
import { addDays, formatTravelDate, isIsoDate } from '~/lib/dates.ts'
import { type HotelTerms, maxRangeNights, rangeNights, type SaleMode, saleModes, type StopSale } from './availability.ts'

/**
 * A hotel's contract as CSV (docs/inventory.md): one `terms` row (how it sells, its release days),
 * `nights` rows (a room type's nights from first to last with the same allotment, release days,
 * minimum stay and closed to arrival) and `stop_sale` rows. Pure: the server reads and writes.
 */
export const contractCsvHeader = [
	'kind',
	'room_type',
	'first_night',
	'last_night',
	'allotment',
	'release_days',
	'min_stay',
	'closed_to_arrival',
	'mode',
	'reason',
] as const

type Cell = string | number | null
export type ContractNight = { roomTypeId: string; night: string; allotment: number; releaseDays: number | null; minStay: number; closedToArrival: boolean }
type RoomType = { id: string; name: string }

/** The rows of the export: consecutive nights of a room type with the same values become one `nights` row. */
export function contractRows(input: {
	terms: HotelTerms
	roomTypes: readonly RoomType[]
	nights: readonly ContractNight[]
	stopSales: readonly StopSale[]
}): Cell[][] {
	const names = new Map(input.roomTypes.map((roomType) => [roomType.id, roomType.name]))
	const rows: Cell[][] = [[...contractCsvHeader], ['terms', '', '', '', '', input.terms.releaseDays, '', '', input.terms.mode, '']]
	const sorted = [...input.nights].sort(
		(a, b) =>
			(names.get(a.roomTypeId) ?? '').localeCompare(names.get(b.roomTypeId) ?? '') ||
			a.roomTypeId.localeCompare(b.roomTypeId) ||
			a.night.localeCompare(b.night),
	)
	const same = (a: ContractNight, b: ContractNight) =>
		a.roomTypeId === b.roomTypeId &&
		a.allotment === b.allotment &&
		a.releaseDays === b.releaseDays &&
		a.minStay === b.minStay &&
		a.closedToArrival === b.closedToArrival
	let run: { from: ContractNight; last: ContractNight } | null = null
	const flush = () => {
		if (!run) return
		const { from, last } = run
		rows.push([
			'nights',
			names.get(from.roomTypeId) ?? '',
			from.night,
			last.night,
			from.allotment,
			from.releaseDays,
			from.minStay,
			from.closedToArrival ? 'yes' : 'no',
			'',
			'',
		])
	}
	for (const night of sorted) {
		if (run && same(run.last, night) && addDays(run.last.night, 1) === night.night) run.last = night
		else {
			flush()
			run = { from: night, last: night }
		}
	}
	flush()
	for (const stop of input.stopSales)
		rows.push(['stop_sale', stop.roomTypeId ? (names.get(stop.roomTypeId) ?? '') : '', stop.firstNight, stop.lastNight, '', '', '', '', '', stop.reason])
	return rows
}

export type ContractRange = {
	line: number
	roomTypeId: string
	first: string
	last: string
	allotment: number
	releaseDays: number | null
	minStay: number
	closedToArrival: boolean
}
export type ContractImport = { terms: HotelTerms | null; ranges: ContractRange[]; stopSales: Array<StopSale & { line: number }> }
export type LineProblem = { line: number; message: string }

/** Why nights from `first` to `last` cannot be contracted: outside the season plan (no price there), or null. */
export function seasonProblem(first: string, last: string, plan: { from: string; to: string } | null): string | null {
	if (!plan) return 'No season is set: add the season plan in Settings before contracting rooms.'
	if (first < plan.from || last > plan.to) {
		const outside = first < plan.from ? first : last
		return `${formatTravelDate(outside)} is outside the seasons (${formatTravelDate(plan.from)} to ${formatTravelDate(plan.to)}), so a stay then cannot be priced: extend the season plan in Settings first.`
	}
	return null
}

function whole(text: string, min: number, max: number): number | null {
	if (!/^\d+$/.test(text)) return null
	const value = Number(text)
	return value >= min && value <= max ? value : null
}

/**
 * Reads a contract CSV (its rows as parsed, with line numbers): every problem is reported with its
 * line, and a contract is returned only when there is none.
 */
export function readContractCsv(
	rows: ReadonlyArray<{ line: number; cells: string[] }>,
	roomTypes: readonly RoomType[],
	seasons: { from: string; to: string } | null,
): { ok: true; contract: ContractImport } | { ok: false; problems: LineProblem[] } {
	const [header, ...body] = rows
	if (!header || header.cells.map((cell) => cell.trim().toLowerCase()).join(',') !== contractCsvHeader.join(','))
		return { ok: false, problems: [{ line: 1, message: `The first line must be the header: ${contractCsvHeader.join(',')}` }] }
	if (!body.length) return { ok: false, problems: [{ line: 2, message: 'The file has no contract rows.' }] }
	if (body.length > 5000) return { ok: false, problems: [{ line: 1, message: 'Import up to 5,000 rows at a time.' }] }
	const byName = new Map(roomTypes.map((roomType) => [roomType.name.trim().toLowerCase(), roomType.id]))
	const problems: LineProblem[] = []
	const contract: ContractImport = { terms: null, ranges: [], stopSales: [] }
	for (const { line, cells } of body) {
		const say = (message: string) => problems.push({ line, message: `Line ${line}: ${message}` })
		if (cells.length !== contractCsvHeader.length) {
			say(`expected ${contractCsvHeader.length} cells, found ${cells.length}.`)
			continue
		}
		const [kind, roomType, first, last, allotment, releaseDays, minStay, closedToArrival, mode, reason] = cells.map((cell) => csvCellText(cell.trim())) as [
			string,
			string,
			string,
			string,
			string,
			string,
			string,
			string,
			string,
			string,
		]
		if (kind === 'terms') {
			if (!(saleModes as readonly string[]).includes(mode)) say(`the mode must be one of ${saleModes.join(', ')}.`)
			const release = whole(releaseDays, 0, 90)
			if (release === null) say('give the release days, 0 to 90.')
			if (contract.terms) say('only one terms row.')
			if ((saleModes as readonly string[]).includes(mode) && release !== null) contract.terms = { mode: mode as SaleMode, releaseDays: release }
			continue
		}
		if (kind !== 'nights' && kind !== 'stop_sale') {
			say('the kind must be terms, nights or stop_sale.')
			continue
		}
		const roomTypeId = roomType ? byName.get(roomType.toLowerCase()) : null
		if (roomType && !roomTypeId) say(`the hotel has no room type “${roomType}”. Add it on the hotel's page first.`)
		if (!isIsoDate(first) || !isIsoDate(last)) {
			say('give the first and last nights as dates like 2027-01-31.')
			continue
		}
		if (last < first) say('the last night is before the first.')
		else if (rangeNights(first, last).length > maxRangeNights) say(`a row covers at most ${maxRangeNights} nights.`)
		if (kind === 'stop_sale') {
			if (reason.length < 2 || reason.length > 200) say('say why the hotel is not sold (2 to 200 characters).')
			if (roomType && !roomTypeId) continue
			contract.stopSales.push({ line, firstNight: first, lastNight: last, reason, roomTypeId: roomTypeId ?? null })
			continue
		}
		if (!roomType) say('name the room type.')
		const rooms = whole(allotment, 0, 999)
		if (rooms === null) say('give the allotment as a whole number of rooms, 0 to 999.')
		const release = releaseDays === '' ? null : whole(releaseDays, 0, 90)
		if (releaseDays !== '' && release === null) say("give the release days, 0 to 90, or leave it empty for the hotel's.")
		const stay = minStay === '' ? 1 : whole(minStay, 1, 30)
		if (stay === null) say('give the minimum stay, 1 to 30 nights.')
		const closed = closedToArrival === '' || closedToArrival === 'no' ? false : closedToArrival === 'yes' ? true : null
		if (closed === null) say('closed_to_arrival is yes or no.')
		const outside = last >= first ? seasonProblem(first, last, seasons) : null
		if (outside) say(outside)
		if (roomTypeId && rooms !== null && stay !== null && closed !== null && (releaseDays === '' || release !== null))
			contract.ranges.push({ line, roomTypeId, first, last, allotment: rooms, releaseDays: release, minStay: stay, closedToArrival: closed })
	}
	return problems.length ? { ok: false, problems } : { ok: true, contract }
}
