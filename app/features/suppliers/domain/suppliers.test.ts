import { describe, expect, test } from 'vitest'
import {
	bookingMargin,
	componentSuppliersSchema,
	describeTerms,
	dueInstalments,
	type LinkedRate,
	plannedCosts,
	supplierFormSchema,
	supplierFromHotel,
	supplierFromRates,
} from './suppliers.ts'
import { amendmentMessage, changeText, chaseDue, chaseMessage, componentChanges, groupForRequests, linkState, requestMessage } from './supplier-requests.ts'

// Dates here are arguments, never compared with today by the code.
const booked = '2030-01-10'

describe('terms → due dates', () => {
	test('advance: the advance on the booking day, the balance N days before the service; paise add up', () => {
		expect(dueInstalments(1_000_001, { terms: 'advance', advancePercent: 30, days: 7 }, { bookedOn: booked, serviceStart: '2030-02-20' })).toEqual([
			{ dueOn: booked, amount: 300_000, what: 'advance' },
			{ dueOn: '2030-02-13', amount: 700_001, what: 'balance' },
		])
	})
	test('a balance that would fall before the booking day is due on the booking day', () => {
		expect(dueInstalments(500_000, { terms: 'before', advancePercent: 0, days: 14 }, { bookedOn: booked, serviceStart: '2030-01-15' })).toEqual([
			{ dueOn: booked, amount: 500_000, what: 'full' },
		])
	})
	test('credit counts from the end of the service; 100% advance has no balance; nothing owed, nothing due', () => {
		expect(
			dueInstalments(90_000, { terms: 'credit', advancePercent: 0, days: 30 }, { bookedOn: booked, serviceStart: '2030-02-01', serviceEnd: '2030-02-04' }),
		).toEqual([{ dueOn: '2030-03-06', amount: 90_000, what: 'full' }])
		expect(dueInstalments(90_000, { terms: 'advance', advancePercent: 100, days: 3 }, { bookedOn: booked, serviceStart: '2030-02-01' })).toEqual([
			{ dueOn: booked, amount: 90_000, what: 'advance' },
		])
		expect(dueInstalments(0, { terms: 'credit', advancePercent: 0, days: 30 }, { bookedOn: booked, serviceStart: '2030-02-01' })).toEqual([])
	})
	test('terms in words', () => {
		expect(describeTerms({ terms: 'before', advancePercent: 0, days: 1 })).toBe('Full payment 1 day before service')
		expect(describeTerms({ terms: 'credit', advancePercent: 0, days: 0 })).toBe('Payment on the day of service')
	})
})

describe('the supplier form', () => {
	const valid = { name: 'Sea Shell Havelock', kind: 'hotel', terms: 'advance', advancePercent: '30', termsDays: '7' }
	test('reads PAN, GSTIN, IFSC in capitals without spaces, a WhatsApp number in E.164', () => {
		const parsed = supplierFormSchema.parse({
			...valid,
			pan: 'abcde1234f',
			gstin: '35ABCDE1234F1Z5',
			bankIfsc: 'sbin0001234',
			bankAccountNumber: '1234 5678 9012',
			whatsapp: '98765 43210',
			upiId: 'seashell@okhdfc',
		})
		expect(parsed).toMatchObject({
			pan: 'ABCDE1234F',
			gstin: '35ABCDE1234F1Z5',
			bankIfsc: 'SBIN0001234',
			bankAccountNumber: '123456789012',
			whatsapp: '+919876543210',
			advancePercent: 30,
			termsDays: 7,
			email: null,
		})
	})
	test('bad numbers say what to type', () => {
		const result = supplierFormSchema.safeParse({
			...valid,
			kind: 'spaceship',
			advancePercent: '130',
			termsDays: '-1',
			bankIfsc: 'SBIN1',
			upiId: 'no-at-sign',
			gstin: '35ZZZZZ1234F1Z5',
			pan: 'ABCDE1234F',
		})
		expect(result.success).toBe(false)
		const paths = result.error!.issues.map((issue) => issue.path.join('.'))
		expect(paths).toEqual(expect.arrayContaining(['kind', 'advancePercent', 'termsDays', 'bankIfsc', 'upiId']))
		expect(supplierFormSchema.safeParse({ ...valid, advancePercent: '0' }).error!.issues[0]!.path).toEqual(['advancePercent'])
	})
})

describe('suppliers and costs of a booking', () => {
	const id = (n: number) => `c${String(n).padStart(19, '0')}`
	test('parallel lists: empty supplier is none, empty cost unknown, costs in paise', () => {
		expect(
			componentSuppliersSchema.parse({ intent: 'component-suppliers', componentId: [id(1), id(2)], supplierId: [id(9), ''], plannedCost: ['4,500.50', ''] }),
		).toEqual([
			{ componentId: id(1), supplierId: id(9), plannedCost: 450_050 },
			{ componentId: id(2), supplierId: null, plannedCost: null },
		])
	})
	test('a cost that is not an amount, or lists out of step, are refused', () => {
		expect(componentSuppliersSchema.safeParse({ intent: 'component-suppliers', componentId: [id(1)], supplierId: [''], plannedCost: ['lots'] }).success).toBe(
			false,
		)
		expect(
			componentSuppliersSchema.safeParse({ intent: 'component-suppliers', componentId: [id(1), id(2)], supplierId: [''], plannedCost: [''] }).success,
		).toBe(false)
	})
})

describe('confirmation requests', () => {
	const component = (id: string, supplierId: string | null, supplierStatus: string, startDate: string | null, endDate: string | null = null) => ({
		id,
		supplierId,
		supplierStatus,
		startDate,
		endDate,
	})
	test('grouped per supplier, skipping those confirmed, unassigned or already waiting; a request lasts until its last service date', () => {
		const groups = groupForRequests(
			[
				component('h1', 'hotel', 'pending', '2030-02-01', '2030-02-03'),
				component('t1', 'cabs', 'pending', '2030-02-01'),
				component('h2', 'hotel', 'rejected', '2030-02-03', '2030-02-05'),
				component('t2', 'cabs', 'confirmed', '2030-02-05'),
				component('x', null, 'pending', '2030-02-02'),
				component('t3', 'cabs', 'requested', '2030-02-04'),
			],
			new Set(['t3']),
			'2030-02-01',
		)
		expect(groups.map((group) => [group.supplierId, group.components.map((c) => c.id), group.expiresOn])).toEqual([
			['hotel', ['h1', 'h2'], '2030-02-05'],
			['cabs', ['t1'], '2030-02-01'],
		])
	})
	test('what a link can still do', () => {
		expect(linkState({ status: 'waiting', expiresOn: '2030-02-05' }, 'confirmed', '2030-02-05')).toEqual({ open: true })
		expect(linkState({ status: 'waiting', expiresOn: '2030-02-05' }, 'confirmed', '2030-02-06')).toMatchObject({ open: false, why: 'expired' })
		expect(linkState({ status: 'confirmed', expiresOn: '2030-02-05' }, 'cancelled', '2030-02-01')).toMatchObject({ open: false, why: 'answered' })
		expect(linkState({ status: 'revoked', expiresOn: '2030-02-05' }, 'confirmed', '2030-02-01')).toMatchObject({ open: false, why: 'revoked' })
		expect(linkState({ status: 'waiting', expiresOn: '2030-02-05' }, 'cancelled', '2030-02-01')).toMatchObject({ open: false, why: 'cancelled' })
	})
	test('the message names the guests, each line with its dates, and the link on a line of its own', () => {
		const message = requestMessage({
			supplierName: 'Sea Shell',
			reference: 'BK-2030-00001',
			leadName: 'Asha\nRao',
			guests: '2 adults, 1 room',
			lines: [{ kind: 'hotel', description: 'Deluxe room, 2 nights', startDate: '2030-02-01', endDate: '2030-02-03', time: null, notes: null }],
			url: 'https://x.example/supplier/abc',
			companyName: 'Andaman Isles Travel',
			expiresOn: '2030-02-03',
		})
		expect(message.subject).toBe('Please confirm: BK-2030-00001 (Asha Rao)')
		expect(message.text).toContain('- Deluxe room, 2 nights, 1 Feb 2030 to 3 Feb 2030')
		expect(message.text).toContain('\nhttps://x.example/supplier/abc\n')
	})
})

describe('margin', () => {
	test('on the components’ costs once every one has a cost, else on the booking’s cost, else unknown', () => {
		expect(bookingMargin({ total: 1_050_000, gstPercent: 5, bookingCost: 700_000, componentCosts: [400_000, 350_000] })).toMatchObject({
			sellNet: 1_000_000,
			componentCost: 750_000,
			margin: 250_000,
			basis: 'components',
		})
		expect(bookingMargin({ total: 1_050_000, gstPercent: 5, bookingCost: 700_000, componentCosts: [400_000, null] })).toMatchObject({
			componentCost: null,
			costedComponents: 1,
			margin: 300_000,
			basis: 'booking',
		})
		expect(bookingMargin({ total: 1_050_000, gstPercent: 5, bookingCost: null, componentCosts: [] })).toMatchObject({ margin: null, basis: null })
	})
})

describe('amendments: what changed, in words', () => {
	const before = { description: 'Sea Shell Havelock, Deluxe room, 2 nights', startDate: '2027-01-12', endDate: '2027-01-14', time: null, notes: null }
	test('dates, time, what is booked and notes; nothing else', () => {
		expect(componentChanges('c1', before, { ...before })).toEqual([])
		const changes = componentChanges('c1', before, {
			...before,
			startDate: '2027-01-13',
			endDate: '2027-01-15',
			description: 'Sea Shell Havelock, Suite, 2 nights',
			notes: 'Honeymoon',
		})
		expect(changes.map((change) => change.field)).toEqual(['dates', 'details', 'notes'])
		expect(changeText(changes[0]!)).toBe('Dates: 12 Jan 2027 to 14 Jan 2027 → 13 Jan 2027 to 15 Jan 2027')
		const message = amendmentMessage({ subject: 'Please confirm: AIT-1 (Latha Menon)', text: 'Dear Sea Shell,' }, changes)
		expect(message.subject).toBe('Amendment, please re-confirm: AIT-1 (Latha Menon)')
		expect(message.text).toContain(
			'- What is booked (room type, meal plan, service): Sea Shell Havelock, Deluxe room, 2 nights → Sea Shell Havelock, Suite, 2 nights\n- Sea Shell Havelock, Suite, 2 nights: Notes: none → Honeymoon',
		)
	})
})

describe('chasing', () => {
	const sentAt = '2030-01-10T04:00:00.000Z'
	test('due once the hours have passed, only while waiting and never chased', () => {
		expect(chaseDue({ status: 'waiting', sentAt, chasedAt: null }, new Date('2030-01-11T03:59:59Z'), 24)).toBe(false)
		expect(chaseDue({ status: 'waiting', sentAt, chasedAt: null }, new Date('2030-01-11T04:00:00Z'), 24)).toBe(true)
		expect(chaseDue({ status: 'waiting', sentAt, chasedAt: '2030-01-11T04:00:00Z' }, new Date('2030-01-12T04:00:00Z'), 24)).toBe(false)
		expect(chaseDue({ status: 'confirmed', sentAt, chasedAt: null }, new Date('2030-01-12T04:00:00Z'), 24)).toBe(false)
		expect(chaseMessage({ subject: 'Please confirm: AIT-1', text: 'Dear X' }, 24)).toEqual({
			subject: 'Reminder: Please confirm: AIT-1',
			text: 'We have not had your answer in 24 hours: please confirm or decline below.\n\nDear X',
		})
	})
})

describe('a hotel component gets the supplier of the hotel it names', () => {
	const hotels = [
		{ name: 'Sea Shell', supplierId: 's1', supplierName: 'Sea Shell Hotels' },
		{ name: 'Sea Shell Havelock', supplierId: 's2', supplierName: 'Sea Shell Havelock Pvt Ltd' },
	]
	test('the longest hotel name opening the description, followed by a comma or colon; hotels only', () => {
		expect(supplierFromHotel({ kind: 'hotel', description: 'Sea Shell Havelock, Havelock: Deluxe, MAP, 1 room × 2 nights (peak)' }, hotels)).toEqual({
			supplierId: 's2',
			supplierName: 'Sea Shell Havelock Pvt Ltd',
		})
		expect(supplierFromHotel({ kind: 'hotel', description: 'sea shell: Deluxe' }, hotels)).toEqual({ supplierId: 's1', supplierName: 'Sea Shell Hotels' })
		expect(supplierFromHotel({ kind: 'hotel', description: 'Sea Shells Beach Resort, Neil' }, hotels)).toBeNull()
		expect(supplierFromHotel({ kind: 'hotel', description: 'Hotel in Neil, 1 night' }, hotels)).toBeNull()
		expect(supplierFromHotel({ kind: 'activity', description: 'Sea Shell, snorkelling' }, hotels)).toBeNull()
	})
})

describe('an activity, ferry or transfer component gets the supplier of the rate rows it was priced from', () => {
	const rates: LinkedRate[] = [
		{ kind: 'activity', opening: 'Scuba diving at Havelock,', supplierId: 'divers', supplierName: 'Reef Divers' },
		{ kind: 'ferry', opening: 'Ferry Port Blair → Havelock, Makruzz Premium:', supplierId: 'makruzz', supplierName: 'Makruzz desk' },
		{ kind: 'transfer', opening: 'Airport & jetty transfers, Havelock:', vehicle: 'sedan', supplierId: 'cabs', supplierName: 'Harbour Cabs' },
		{ kind: 'transfer', opening: 'Airport & jetty transfers, Havelock:', vehicle: 'SUV', supplierId: 'cabs', supplierName: 'Harbour Cabs' },
		{ kind: 'transfer', opening: 'Cab at disposal, Neil:', vehicle: 'sedan', supplierId: 'cabs', supplierName: 'Harbour Cabs' },
		{ kind: 'transfer', opening: 'Cab at disposal, Neil:', vehicle: 'tempo traveller', supplierId: 'vans', supplierName: 'Neil Vans' },
	]
	test('the rows its description opens with (and, for cars, the vehicles it names) agree on one supplier', () => {
		expect(supplierFromRates({ kind: 'activity', description: 'Scuba diving at Havelock, Havelock: 2 adults' }, rates)).toEqual({
			supplierId: 'divers',
			supplierName: 'Reef Divers',
		})
		expect(supplierFromRates({ kind: 'ferry', description: 'Ferry Port Blair → Havelock, Makruzz Premium: 2 adults' }, rates)).toEqual({
			supplierId: 'makruzz',
			supplierName: 'Makruzz desk',
		})
		expect(
			supplierFromRates({ kind: 'transfer', description: 'Airport & jetty transfers, Havelock: 2 transfers × 1 sedan + 1 SUV (5 passengers)' }, rates),
		).toEqual({ supplierId: 'cabs', supplierName: 'Harbour Cabs' })
		expect(supplierFromRates({ kind: 'transfer', description: 'Cab at disposal, Neil: 2 days × 2 sedans (5 passengers)' }, rates)).toEqual({
			supplierId: 'cabs',
			supplierName: 'Harbour Cabs',
		})
	})
	test('nothing when no linked row matches, when the rows name two suppliers, or for another kind', () => {
		expect(supplierFromRates({ kind: 'transfer', description: 'Cab at disposal, Neil: 2 days × 1 sedan + 1 tempo traveller (9 passengers)' }, rates)).toBeNull()
		expect(supplierFromRates({ kind: 'transfer', description: 'Cab at disposal, Neil: 2 days × 1 SUV (4 passengers)' }, rates)).toBeNull()
		expect(supplierFromRates({ kind: 'ferry', description: 'Ferry Port Blair → Havelock, Makruzz Deluxe: 2 adults' }, rates)).toBeNull()
		expect(supplierFromRates({ kind: 'ferry', description: 'Ferry Port Blair → Havelock' }, rates)).toBeNull()
		expect(supplierFromRates({ kind: 'activity', description: 'Scuba diving at Havelockish, Havelock: 2 adults' }, rates)).toBeNull()
		expect(supplierFromRates({ kind: 'hotel', description: 'Scuba diving at Havelock, Havelock: 2 adults' }, rates)).toBeNull()
	})
	test('planned costs: each component takes the first priced line with its description, once', () => {
		const priced = [
			{ description: 'Ferry Port Blair → Havelock, Makruzz Premium: 2 adults', cost: 300_000 },
			{ description: 'Ferry Port Blair → Havelock, Makruzz Premium: 2 adults', cost: 310_000 },
			{ description: 'Scuba diving at Havelock, Havelock: 2 adults', cost: 700_000 },
		]
		expect(
			plannedCosts(
				[
					{ description: 'Ferry Port Blair → Havelock, Makruzz Premium: 2 adults' },
					{ description: 'Hotel in Neil, 1 night' },
					{ description: 'Ferry Port Blair → Havelock, Makruzz Premium: 2 adults' },
					{ description: 'Scuba diving at Havelock, Havelock: 2 adults' },
				],
				priced,
			),
		).toEqual([300_000, null, 310_000, 700_000])
		expect(plannedCosts([{ description: 'Anything' }], [])).toEqual([null])
	})
})
