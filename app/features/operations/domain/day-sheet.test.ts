import { describe, expect, test } from 'vitest'
import {
	buildDaySheet,
	compareLines,
	filterSheet,
	islandOf,
	flightsFormSchema,
	sheetQuerySchema,
	transferKind,
	tripTomorrowText,
	type SheetBooking,
	type SheetComponent,
} from './day-sheet.ts'

const date = '2030-01-10'
const booking = (id: string, flights: SheetBooking['flights'] = null): SheetBooking => ({
	id,
	reference: `AB-${id}`,
	contactName: `Traveller ${id}`,
	contactPhone: '+919800000000',
	travellers: 2,
	flights,
})
const noFlights = { arrivalFlight: null, arrivalDate: null, arrivalTime: null, departureFlight: null, departureDate: null, departureTime: null }
let next = 0
const component = (bookingId: string, over: Partial<SheetComponent>): SheetComponent => ({
	id: `c${++next}`,
	bookingId,
	kind: 'transfer',
	description: 'Transfer',
	island: 'port-blair',
	startDate: date,
	endDate: null,
	time: null,
	supplier: null,
	supplierStatus: 'confirmed',
	confirmationNumber: 'X-1',
	notes: null,
	...over,
})

describe('the day sheet', () => {
	test('every movement of the day in time order, grouped by island; ferries sorted by their reporting time; untimed lines last', () => {
		const arriving = booking('A', { ...noFlights, arrivalFlight: '6E 231', arrivalDate: date, arrivalTime: '10:05' })
		const hopping = booking('B')
		const diving = booking('C')
		const sheet = buildDaySheet({
			date,
			ferrySettings: { ferryReportingMinutes: 60 },
			bookings: [arriving, hopping, diving],
			components: [
				component('A', { description: 'Arrival pickup: Veer Savarkar airport to the Port Blair hotel', time: '10:15', notes: 'Arrival gate' }),
				component('A', { kind: 'hotel', description: 'Sea Princess, Port Blair', endDate: '2030-01-12' }),
				component('B', { kind: 'ferry', description: 'Ferry Port Blair → Havelock', time: '08:00', supplier: 'Makruzz', confirmationNumber: 'PNR77' }),
				component('B', { kind: 'hotel', island: 'havelock', description: 'Sea Shell Havelock', startDate: date, endDate: '2030-01-12', time: '12:00' }),
				component('B', { kind: 'hotel', description: 'Peerless, Port Blair', startDate: '2030-01-08', endDate: date }),
				component('C', { kind: 'activity', island: 'havelock', description: 'Scuba diving at Havelock', time: '09:00', notes: 'Hotel lobby' }),
				component('C', { kind: 'activity', island: 'havelock', description: 'Sea walk', time: null, supplierStatus: 'requested', confirmationNumber: null }),
				component('C', { kind: 'activity', island: 'havelock', description: 'Kayaking', startDate: '2030-01-11', time: '06:00' }),
			],
		})
		expect(sheet.groups.map((group) => group.label)).toEqual(['Port Blair (Sri Vijaya Puram)', 'Havelock (Swaraj Dweep)'])
		expect(sheet.groups[0]!.lines.map((line) => [line.kind, line.at, line.reference])).toEqual([
			['ferry', '07:00', 'AB-B'],
			['arrival', '10:15', 'AB-A'],
			['check-out', null, 'AB-B'],
			['check-in', null, 'AB-A'],
		])
		expect(sheet.groups[1]!.lines.map((line) => [line.kind, line.description])).toEqual([
			['activity', 'Scuba diving at Havelock'],
			['check-in', 'Sea Shell Havelock'],
			['activity', 'Sea walk'],
		])
		const ferry = sheet.groups[0]!.lines[0]!
		expect(ferry.ferry).toEqual({ departure: '08:00', reporting: '07:00', jetty: 'Haddo Wharf, Port Blair' })
		expect(ferry.missing).toEqual([])
		expect(sheet.groups[1]!.lines[2]!.missing).toEqual(['Not confirmed by the supplier', 'No start time'])
		expect(sheet.lineCount).toBe(7)
	})

	test("each operator's own reporting time (a government ship 2 hours, from Phoenix Bay); the setting only for an operator that publishes none", () => {
		const sheet = buildDaySheet({
			date,
			ferrySettings: { ferryReportingMinutes: 90 },
			bookings: [booking('A')],
			components: [
				component('A', { kind: 'ferry', description: 'Ferry Port Blair → Havelock', time: '06:20', supplier: 'Government (DSS)' }),
				component('A', { kind: 'ferry', description: 'Ferry Port Blair → Havelock', time: '09:00', supplier: 'Nautika' }),
				component('A', { kind: 'ferry', description: 'Ferry Port Blair → Havelock', time: '11:00', supplier: 'Makruzz' }),
			],
		})
		expect(sheet.groups[0]!.lines.map((line) => line.ferry)).toEqual([
			{ departure: '06:20', reporting: '04:20', jetty: 'Phoenix Bay jetty, Port Blair' },
			{ departure: '09:00', reporting: '08:15', jetty: 'Haddo Wharf, Port Blair' },
			{ departure: '11:00', reporting: '09:30', jetty: 'Haddo Wharf, Port Blair' },
		])
	})

	test('what is missing is said: no flight number, no landing time, no PNR, no sailing time', () => {
		const sheet = buildDaySheet({
			date,
			ferrySettings: { ferryReportingMinutes: 60 },
			bookings: [booking('A')],
			components: [
				component('A', { description: 'Arrival pickup: Veer Savarkar airport', time: '10:00' }),
				component('A', { kind: 'ferry', description: 'Ferry Port Blair → Neil', time: null, confirmationNumber: null, supplierStatus: 'pending' }),
			],
		})
		const [arrival, ferry] = [sheet.groups[0]!.lines.find((l) => l.kind === 'arrival')!, sheet.groups[0]!.lines.find((l) => l.kind === 'ferry')!]
		expect(arrival.missing).toEqual(['No arrival flight number', 'No landing time'])
		expect(ferry.missing).toEqual(['Not confirmed by the supplier', 'No sailing time', 'No PNR'])
		expect(ferry.at).toBeNull()
		expect(sheet.problemCount).toBe(2)
	})

	test('impossible times are flagged, not hidden: pickup before landing, landing after the ferry reports, jetty pickup too late, drop too late for the flight', () => {
		const flights = { arrivalFlight: 'AI 503', arrivalDate: date, arrivalTime: '10:05', departureFlight: '6E 232', departureDate: date, departureTime: '13:00' }
		const sheet = buildDaySheet({
			date,
			ferrySettings: { ferryReportingMinutes: 60 },
			bookings: [booking('A', flights), booking('B')],
			components: [
				component('A', { description: 'Arrival pickup: Veer Savarkar airport', time: '09:30' }),
				component('A', { kind: 'ferry', description: 'Ferry Port Blair → Havelock', time: '11:00' }),
				component('A', { description: 'Departure drop: hotel to Veer Savarkar airport', time: '12:00' }),
				component('B', { kind: 'ferry', description: 'Ferry Port Blair → Neil', time: '08:00' }),
				component('B', { description: 'Hotel to Haddo jetty', time: '07:30' }),
			],
		})
		const lines = sheet.groups[0]!.lines
		const arrival = lines.find((line) => line.kind === 'arrival')!
		expect(arrival.impossible).toEqual([
			'Pickup at 09:30 is before the flight lands at 10:05',
			"The flight lands at 10:05, after the 11:00 ferry's reporting time 10:00",
		])
		expect(lines.find((line) => line.kind === 'departure')!.impossible).toEqual([
			'Drop leaves at 12:00, but the flight at 13:00 needs the travellers at the airport 90 minutes before',
		])
		expect(lines.find((line) => line.kind === 'transfer')!.impossible).toEqual(["Pickup at 07:30 is after the 08:00 ferry's reporting time 07:00"])
		// Booking B's jetty pickup is not checked against booking A's ferry.
		expect(lines.filter((line) => line.impossible.length)).toHaveLength(3)
	})

	test('a flight on another day than the pickup is flagged', () => {
		const sheet = buildDaySheet({
			date,
			ferrySettings: { ferryReportingMinutes: 60 },
			bookings: [booking('A', { ...noFlights, arrivalFlight: '6E 1', arrivalDate: '2030-01-11', arrivalTime: '09:00' })],
			components: [component('A', { description: 'Arrival pickup', time: '09:30' })],
		})
		expect(sheet.groups[0]!.lines[0]!.impossible).toEqual(['The arrival flight lands on 2030-01-11, not on this day'])
		expect(sheet.groups[0]!.lines[0]!.flight).toEqual({ number: '6E 1', time: null })
	})

	test('filters by island and by kind', () => {
		const sheet = buildDaySheet({
			date,
			ferrySettings: { ferryReportingMinutes: 60 },
			bookings: [booking('A')],
			components: [
				component('A', { kind: 'ferry', description: 'Ferry', time: '08:00' }),
				component('A', { kind: 'activity', island: 'havelock', description: 'Dive', time: '09:00' }),
			],
		})
		expect(filterSheet(sheet, { island: 'havelock', kind: null }).groups.map((group) => group.island)).toEqual(['havelock'])
		expect(filterSheet(sheet, { island: null, kind: 'ferries' }).lineCount).toBe(1)
		expect(filterSheet(sheet, { island: 'havelock', kind: 'ferries' }).groups).toEqual([])
	})

	test('a component added by hand without an island goes under the island its description names', () => {
		expect(islandOf({ island: null, description: 'Scuba diving at Havelock' })).toBe('havelock')
		expect(islandOf({ island: null, description: 'Ferry Neil → Port Blair' })).toBe('neil')
		expect(islandOf({ island: 'neil', description: 'Ferry Port Blair → Havelock' })).toBe('neil')
		expect(islandOf({ island: null, description: 'Hotel to the jetty' })).toBeNull()
	})

	test('transfers are told apart by their description', () => {
		expect(transferKind('Arrival pickup: Veer Savarkar airport to the Port Blair hotel')).toBe('arrival')
		expect(transferKind('Departure drop: hotel to Veer Savarkar airport')).toBe('departure')
		expect(transferKind('Hotel to Haddo jetty')).toBe('transfer')
	})

	test('lines with the same time sort by kind then reference', () => {
		const sheet = buildDaySheet({
			date,
			ferrySettings: { ferryReportingMinutes: 60 },
			bookings: [booking('B'), booking('A')],
			components: [component('B', { kind: 'activity', time: '09:00' }), component('A', { kind: 'activity', time: '09:00' }), component('A', { time: '09:00' })],
		})
		expect(sheet.groups[0]!.lines.map((line) => `${line.kind}:${line.reference}`)).toEqual(['transfer:AB-A', 'activity:AB-A', 'activity:AB-B'])
		expect(compareLines(sheet.groups[0]!.lines[0]!, sheet.groups[0]!.lines[0]!)).toBe(0)
	})
})

describe('the traveller’s “your trip tomorrow” message', () => {
	test('carries the pickup, the ferry reporting time and jetty, and the activity start, in order', () => {
		const flights = { ...noFlights, arrivalFlight: '6E 231', arrivalDate: date, arrivalTime: '10:05' }
		const sheet = buildDaySheet({
			date,
			ferrySettings: { ferryReportingMinutes: 60 },
			bookings: [booking('A', flights)],
			components: [
				component('A', { kind: 'activity', description: 'Sunset at Chidiya Tapu', time: '16:00', notes: 'Hotel lobby' }),
				component('A', { kind: 'ferry', description: 'Ferry Port Blair → Havelock', time: '14:00', confirmationNumber: 'PNR9' }),
				component('A', { description: 'Arrival pickup: Veer Savarkar airport', time: '10:15' }),
			],
		})
		const text = tripTomorrowText(
			{ contactName: 'Asha Rao', reference: 'AB-A' },
			date,
			sheet.groups.flatMap((group) => group.lines),
		)
		expect(text.split('\n')).toEqual([
			'Hello Asha, your Andaman trip on 2030-01-10 (AB-A), times in India time:',
			'• Airport pickup for flight 6E 231 landing 10:05: our driver meets you at the arrival gate.',
			'• Ferry Port Blair → Havelock at 14:00: be at Haddo Wharf, Port Blair by 13:00 with your photo ID (PNR PNR9).',
			'• Sunset at Chidiya Tapu: starts 16:00, pickup Hotel lobby.',
			'Questions? Reply to this message.',
		])
	})
})

describe('the forms', () => {
	test('flight numbers are read as on the ticket; times are HH:MM', () => {
		expect(flightsFormSchema.parse({ arrivalFlight: ' 6e 231 ', arrivalDate: '2030-01-10', arrivalTime: '10:05', revision: '0' })).toMatchObject({
			arrivalFlight: '6E 231',
			departureFlight: null,
			revision: 0,
		})
		expect(flightsFormSchema.safeParse({ arrivalFlight: 'hello world', revision: '0' }).success).toBe(false)
		expect(flightsFormSchema.safeParse({ arrivalTime: '25:00', revision: '0' }).success).toBe(false)
		expect(flightsFormSchema.safeParse({ departureDate: '10/01/2030', revision: '0' }).success).toBe(false)
	})

	test('the page query defaults to tomorrow and refuses unknown islands and kinds', () => {
		expect(sheetQuerySchema('2030-01-09').parse({})).toEqual({ date: '2030-01-10', island: null, kind: null })
		expect(sheetQuerySchema('2030-01-09').safeParse({ island: 'mars' }).success).toBe(false)
		expect(sheetQuerySchema('2030-01-09').safeParse({ kind: 'boats' }).success).toBe(false)
		expect(sheetQuerySchema('2030-01-09').safeParse({ date: 'tomorrow' }).success).toBe(false)
	})
})
