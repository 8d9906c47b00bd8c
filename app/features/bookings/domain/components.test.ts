import { describe, expect, test } from 'vitest'
import {
	canChangeSupplierStatus,
	componentFormSchema,
	confirmComponentsSchema,
	plannedComponents,
	supplierStatuses,
	supplierStatusProblem,
} from './components.ts'

describe('supplier status', () => {
	test('every allowed and forbidden change', () => {
		const allowed = new Set([
			'pending>requested',
			'pending>confirmed',
			'requested>confirmed',
			'requested>rejected',
			'confirmed>requested',
			'rejected>requested',
			'rejected>confirmed',
		])
		for (const from of supplierStatuses) {
			for (const to of supplierStatuses) expect(canChangeSupplierStatus(from, to), `${from} → ${to}`).toBe(from === to || allowed.has(`${from}>${to}`))
		}
	})
	test('confirming needs a confirmation number; with it, a component goes straight to confirmed', () => {
		expect(supplierStatusProblem('requested', 'confirmed', null)).toMatch(/confirmation number/)
		expect(supplierStatusProblem('requested', 'confirmed', 'SSH-2231')).toBeNull()
		expect(supplierStatusProblem('pending', 'confirmed', 'SSH-2231')).toBeNull()
		expect(supplierStatusProblem('pending', 'confirmed', null)).toMatch(/confirmation number/)
		expect(supplierStatusProblem('rejected', 'confirmed', 'SSH-2231')).toBeNull()
		expect(supplierStatusProblem('confirmed', 'pending', null)).toMatch(/cannot become/)
	})
})

describe('planned components', () => {
	test('a package: arrival transfer, a hotel per island with dates, ferries between islands and back, departure transfer', () => {
		const planned = plannedComponents({
			startDate: '2027-01-10',
			nights: 5,
			stays: [
				{ island: 'port-blair', nights: 2 },
				{ island: 'havelock', nights: 2 },
				{ island: 'neil', nights: 1 },
			],
			lines: [],
		})
		expect(planned.map((c) => [c.kind, c.description, c.startDate, c.endDate])).toEqual([
			['transfer', 'Arrival pickup: Veer Savarkar airport to the Port Blair hotel', '2027-01-10', null],
			['hotel', 'Hotel in Port Blair, 2 nights', '2027-01-10', '2027-01-12'],
			['ferry', 'Ferry Port Blair → Havelock', '2027-01-12', null],
			['hotel', 'Hotel in Havelock, 2 nights', '2027-01-12', '2027-01-14'],
			['ferry', 'Ferry Havelock → Neil', '2027-01-14', null],
			['hotel', 'Hotel in Neil, 1 night', '2027-01-14', '2027-01-15'],
			['ferry', 'Ferry Neil → Port Blair', '2027-01-15', null],
			['transfer', 'Departure drop: hotel to Veer Savarkar airport', '2027-01-15', null],
		])
	})
	test('a booked quote: its lines dated from its day plan (hotels by their nights, ferries by sailing day, activities by the day naming them)', () => {
		const days = [
			{ date: '2027-01-10', stay: { island: 'port-blair' }, ferry: null, activities: ['Cellular Jail'] },
			{ date: '2027-01-11', stay: { island: 'havelock' }, ferry: { from: 'port-blair', to: 'havelock' }, activities: ['Scuba try-dive'] },
			{ date: '2027-01-12', stay: { island: 'havelock' }, ferry: null, activities: [] },
			{ date: '2027-01-13', stay: null, ferry: { from: 'havelock', to: 'port-blair' }, activities: [] },
		]
		const planned = plannedComponents({
			startDate: '2027-01-10',
			nights: 3,
			stays: null,
			days,
			lines: [
				{ label: 'Airport & jetty transfers, Port Blair: arrival pickup' },
				{ label: 'Departure drop, Port Blair: hotel to airport transfer' },
				{ label: 'Sea Breeze, Port Blair: Deluxe, CP, 1 room × 1 night (high)' },
				{ label: 'Barefoot, Havelock: Cottage, CP, 1 room × 2 nights (high)' },
				{ label: 'Ferry Port Blair → Havelock, Makruzz Premium: 2 adults' },
				{ label: 'Ferry Havelock → Port Blair, Makruzz Premium: 2 adults' },
				{ label: 'Scuba try-dive, Havelock: 2 adults' },
				{ label: 'Glass-bottom boat, Neil: 2 adults' },
			],
		})
		expect(planned.map((c) => [c.kind, c.startDate, c.endDate])).toEqual([
			['transfer', '2027-01-10', null],
			['transfer', '2027-01-13', null],
			['hotel', '2027-01-10', '2027-01-11'],
			['hotel', '2027-01-11', '2027-01-13'],
			['ferry', '2027-01-11', null],
			['ferry', '2027-01-13', null],
			['activity', '2027-01-11', null],
			// Not in the day plan: left for staff to date.
			['activity', null, null],
		])
	})
	test('a quote that returns to Port Blair: each hotel and each island’s transfers take their own visit; the scuba day is found by what it says', () => {
		const stay = (island: string) => ({ island })
		const days = [
			{ date: '2027-01-13', island: 'port-blair', title: 'Arrival in Port Blair', stay: stay('port-blair'), ferry: null, activities: [] },
			{ date: '2027-01-14', island: 'port-blair', title: 'Ross Island and North Bay', stay: stay('port-blair'), ferry: null, activities: [] },
			{
				date: '2027-01-15',
				island: 'havelock',
				title: 'Ferry to Havelock',
				stay: stay('havelock'),
				ferry: { from: 'port-blair', to: 'havelock' },
				activities: [],
			},
			{ date: '2027-01-16', island: 'havelock', title: 'Scuba diving introductory dive at Havelock', stay: stay('havelock'), ferry: null, activities: [] },
			{ date: '2027-01-17', island: 'neil', title: 'Ferry to Neil', stay: stay('neil'), ferry: { from: 'havelock', to: 'neil' }, activities: [] },
			{
				date: '2027-01-18',
				island: 'port-blair',
				title: 'Ferry Neil to Port Blair',
				stay: stay('port-blair'),
				ferry: { from: 'neil', to: 'port-blair' },
				activities: [],
			},
			{ date: '2027-01-19', island: 'port-blair', title: 'Departure', stay: null, ferry: null, activities: [] },
		]
		const planned = plannedComponents({
			startDate: '2027-01-13',
			nights: 6,
			stays: null,
			days,
			lines: [
				{ label: 'Airport & jetty transfers, Port Blair: 2 transfers × 1 sedan' },
				{ label: "Corbyn's Cove Sea View, Port Blair: Deluxe Room, CP, 1 room × 2 nights (high)" },
				{ label: 'Airport & jetty transfers, Havelock: 2 transfers × 1 sedan' },
				{ label: 'Scuba diving at Havelock, Havelock: 2 adults' },
				{ label: 'Airport & jetty transfers, Port Blair: 2 transfers × 1 sedan' },
				{ label: "Corbyn's Cove Sea View, Port Blair: Deluxe Room, CP, 1 room × 1 night (high)" },
			],
		})
		expect(planned.map((c) => [c.kind, c.startDate, c.endDate])).toEqual([
			['transfer', '2027-01-13', null],
			['hotel', '2027-01-13', '2027-01-15'],
			['transfer', '2027-01-15', null],
			['activity', '2027-01-16', null],
			['transfer', '2027-01-18', null],
			['hotel', '2027-01-18', '2027-01-19'],
		])
	})
	test('priced lines carry their own dates: one line per stay with its real nights, each hotel on one island its own, an activity its day', () => {
		const planned = plannedComponents({
			startDate: '2027-12-27',
			nights: 4,
			stays: null,
			// The day plan would give both Havelock hotels the whole visit (28 → 31): the lines' dates win.
			days: [
				{ date: '2027-12-27', stay: { island: 'port-blair' }, ferry: null, activities: [] },
				{ date: '2027-12-28', stay: { island: 'havelock' }, ferry: { from: 'port-blair', to: 'havelock' }, activities: [] },
				{ date: '2027-12-29', title: 'Free day', stay: { island: 'havelock' }, ferry: null, activities: [] },
				{ date: '2027-12-30', stay: { island: 'havelock' }, ferry: null, activities: [] },
				{ date: '2027-12-31', stay: null, ferry: { from: 'havelock', to: 'port-blair' }, activities: [] },
			],
			lines: [
				{ label: "Corbyn's Cove Sea View, Port Blair: Deluxe Room, CP, 1 room × 1 night (peak)", dates: ['2027-12-27'] },
				{ label: 'Radhanagar Palm Resort, Havelock: Deluxe Room, CP, 1 room × 2 nights (peak)', dates: ['2027-12-28', '2027-12-29'] },
				{ label: 'Kalapathar Coral Villas, Havelock: Premium Cottage, CP, 1 room × 1 night (peak)', dates: ['2027-12-30'] },
				{ label: 'Ferry Port Blair → Havelock, Makruzz Premium: 2 adults', dates: ['2027-12-28'] },
				{ label: 'Scuba diving, Havelock: 2 adults', dates: ['2027-12-29'] },
			],
		})
		expect(planned.map((c) => [c.kind, c.startDate, c.endDate])).toEqual([
			['hotel', '2027-12-27', '2027-12-28'],
			['hotel', '2027-12-28', '2027-12-30'],
			['hotel', '2027-12-30', '2027-12-31'],
			['ferry', '2027-12-28', null],
			['activity', '2027-12-29', null],
		])
	})
	test('a builder trip: its priced lines, without GST', () => {
		const planned = plannedComponents({
			startDate: '2027-01-10',
			nights: 4,
			stays: null,
			lines: [
				{ label: 'Airport & jetty transfers, Port Blair: 2 transfers × 1 sedan (2 passengers)' },
				{ label: 'Sea Breeze Port Blair, Port Blair: Deluxe Sea View, CP, 1 room × 2 nights (high)' },
				{ label: 'Ferry Port Blair → Havelock, Green Ocean Economy: 2 adults' },
				{ label: 'Scuba try-dive, Havelock: 2 adults' },
				{ label: 'GST (5%)' },
			],
		})
		expect(planned.map((c) => [c.kind, c.island])).toEqual([
			['transfer', 'port-blair'],
			['hotel', 'port-blair'],
			['ferry', 'port-blair'],
			['activity', 'havelock'],
		])
	})
})

describe('the component form', () => {
	const valid = {
		kind: 'hotel',
		description: 'Sea Shell Havelock, 2 nights',
		startDate: '2027-01-12',
		endDate: '2027-01-14',
		time: '',
		supplier: 'Sea Shell',
		supplierStatus: 'requested',
		confirmationNumber: '',
		notes: '',
	}
	test('accepts a good form and empties blanks', () => {
		expect(componentFormSchema.parse(valid)).toMatchObject({ kind: 'hotel', time: null, confirmationNumber: null })
	})
	test('says what to fix', () => {
		const issues = (values: object) => componentFormSchema.safeParse({ ...valid, ...values }).error?.issues.map((issue) => issue.message) ?? []
		expect(issues({ kind: 'boat' })).toEqual(['Choose what this is: hotel stay, activity, ferry or transfer.'])
		expect(issues({ endDate: '2027-01-11' })).toEqual(['The end (check-out) date cannot be before the start date.'])
		expect(issues({ time: '25:00' })).toEqual(['Give the time as HH:MM (24-hour), or leave it empty.'])
		expect(issues({ supplierStatus: 'confirmed' })).toEqual(['Give the supplier’s confirmation number (or PNR) to mark it confirmed.'])
		expect(issues({ startDate: '2027-02-30', endDate: '' })).toEqual(['Give the date as a calendar date, or leave it empty.'])
	})
})

describe('confirming several components at once', () => {
	const a = 'AAAAAAAAAAAAAAAAAAAA'
	const b = 'BBBBBBBBBBBBBBBBBBBB'
	test('those with a number are confirmed; empty ones stay as they are', () => {
		expect(confirmComponentsSchema.parse({ intent: 'confirm-components', componentId: [a, b], confirmationNumber: [' SSH-1 ', ''] }).confirmations).toEqual([
			{ componentId: a, confirmationNumber: 'SSH-1' },
		])
		expect(confirmComponentsSchema.parse({ intent: 'confirm-components', componentId: a, confirmationNumber: 'PNR-9' }).confirmations).toEqual([
			{ componentId: a, confirmationNumber: 'PNR-9' },
		])
	})
	test('no number at all, a mismatched or forged form, or a number too long is refused with what to do', () => {
		const message = (input: unknown) => confirmComponentsSchema.safeParse(input).error?.issues[0]?.message
		expect(message({ intent: 'confirm-components', componentId: [a, b], confirmationNumber: ['', ' '] })).toMatch(/Type the supplier’s confirmation number/)
		expect(message({ intent: 'confirm-components', componentId: [a, b], confirmationNumber: ['X'] })).toMatch(/out of date/)
		expect(message({ intent: 'confirm-components', componentId: ['../x'], confirmationNumber: ['X'] })).toMatch(/out of date/)
		expect(message({ intent: 'confirm-components', componentId: [a], confirmationNumber: ['X'.repeat(81)] })).toMatch(/at most 80/)
	})
})
