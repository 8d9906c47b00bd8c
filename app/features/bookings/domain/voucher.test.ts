import { describe, expect, test } from 'vitest'
import {
	canTransitionVoucher,
	changeProblem,
	confirmationGap,
	hotelDetails,
	hotelLineParts,
	issueProblem,
	unconfirmedParts,
	voucherServiceSections,
	type VoucherSnapshot,
	voucherStatuses,
	whatsappShareLink,
	withSection,
} from './voucher.ts'

const confirmed = [{ kind: 'hotel', description: 'Havelock hotel', confirmed: true, confirmationNumber: 'HTL-1' }]
describe('voucher states', () => {
	test('every allowed and forbidden transition', () => {
		const allowed = new Set(['issued>reissued', 'issued>revoked'])
		for (const from of voucherStatuses) {
			for (const to of voucherStatuses) expect(canTransitionVoucher(from, to), `${from} → ${to}`).toBe(allowed.has(`${from}>${to}`))
		}
	})
	test('issued only for a confirmed booking without a valid voucher, with the reason', () => {
		expect(issueProblem({ status: 'pending_payment' }, null, confirmed, null)).toMatch(/awaiting payment: confirm it first/)
		expect(issueProblem({ status: 'cancelled' }, null, confirmed, null)).toMatch(/it is cancelled/)
		expect(issueProblem({ status: 'confirmed' }, { status: 'issued' }, confirmed, null)).toMatch(/already has a valid voucher/)
		expect(issueProblem({ status: 'confirmed' }, { status: 'revoked' }, confirmed, null)).toBeNull()
		expect(issueProblem({ status: 'confirmed' }, null, confirmed, null)).toBeNull()
	})
	test('only the current voucher is reissued or revoked', () => {
		expect(changeProblem({ status: 'issued' }, 'reissued', { status: 'confirmed' })).toBeNull()
		expect(changeProblem({ status: 'issued' }, 'reissued', { status: 'cancelled' })).toMatch(/revoke this one/)
		expect(changeProblem({ status: 'reissued' }, 'revoked', { status: 'confirmed' })).toMatch(/already replaced/)
		expect(changeProblem({ status: 'revoked' }, 'reissued', { status: 'confirmed' })).toMatch(/already revoked/)
	})
	test('extra sections are added by one call; empty ones are left out', () => {
		const snapshot = { sections: [] } as unknown as VoucherSnapshot
		const ferry = { title: 'Ferry tickets', items: [{ heading: 'Makruzz PB → HL', lines: ['PNR MKZ123'] }] }
		expect(withSection(snapshot, ferry).sections).toEqual([ferry])
		expect(withSection(snapshot, { title: 'Offline tickets', items: [] }).sections).toEqual([])
	})
	test('WhatsApp share carries the link', () => {
		expect(whatsappShareLink('https://x.test/voucher/abc', 'BK-2026-00001')).toBe(
			'https://wa.me/?text=Our%20Andaman%20trip%20voucher%20BK-2026-00001%3A%20https%3A%2F%2Fx.test%2Fvoucher%2Fabc',
		)
	})
})

describe('a voucher needs every part of the trip confirmed', () => {
	const hotel = { kind: 'hotel', description: 'Havelock hotel', confirmed: true, confirmationNumber: 'HTL-1' }
	const ferry = { kind: 'ferry', description: 'Port Blair → Havelock', confirmed: false, confirmationNumber: null }
	const noNumber = { kind: 'transfer', description: 'Airport pickup', confirmed: true, confirmationNumber: ' ' }
	test('unconfirmed parts: not confirmed, or confirmed without a number', () => {
		expect(unconfirmedParts([hotel, ferry, noNumber]).map((part) => part.description)).toEqual(['Port Blair → Havelock', 'Airport pickup'])
	})
	test('staff are refused with the list; nothing planned is refused too', () => {
		expect(confirmationGap([hotel, ferry], null)).toBe(
			'One part of the trip is not confirmed with a confirmation number or PNR yet: Port Blair → Havelock. Confirm it on the booking page, or ask an owner to issue with an override.',
		)
		expect(confirmationGap([hotel, ferry, noNumber], null)).toMatch(/^2 parts of the trip are not confirmed/)
		expect(confirmationGap([], null)).toMatch(/Nothing is booked with suppliers yet/)
		expect(confirmationGap([hotel, ferry], { byOwner: false, reason: 'Traveller flies tomorrow' })).toMatch(/Only an owner/)
	})
	test('an owner overrides with a reason', () => {
		expect(confirmationGap([hotel, ferry], { byOwner: true, reason: 'no' })).toMatch(/Say why/)
		expect(confirmationGap([hotel, ferry], { byOwner: true, reason: 'Ferry PNR comes at the counter' })).toBeNull()
		expect(issueProblem({ status: 'confirmed' }, null, [hotel, ferry], { byOwner: true, reason: 'Ferry PNR comes at the counter' })).toBeNull()
	})
	test('everything confirmed: no override needed', () => {
		expect(confirmationGap([hotel], null)).toBeNull()
	})
})

describe('what the traveller shows at a hotel desk and a jetty', () => {
	const radhanagar = {
		name: 'Radhanagar Palm Resort',
		island: 'havelock',
		address: 'Radhanagar Road, Swaraj Dweep 744211',
		phone: '+919476000002',
		checkIn: '12:00',
		checkOut: '10:00',
	}
	test('a priced hotel line gives the hotel, room, meal plan and rooms; our hotel gives address, phone and times', () => {
		const description = 'Radhanagar Palm Resort, Havelock: Deluxe Room, CP, 1 room × 2 nights (peak); 1 child without bed'
		expect(hotelLineParts(description)).toEqual({ name: 'Radhanagar Palm Resort', room: 'Deluxe Room', mealPlan: 'CP', rooms: 1 })
		expect(hotelLineParts('Hotel in Havelock, 2 nights')).toBeNull()
		expect(hotelDetails({ description, supplier: null, island: 'havelock' }, [radhanagar])).toEqual({
			name: 'Radhanagar Palm Resort',
			address: radhanagar.address,
			phone: radhanagar.phone,
			checkInTime: '12:00',
			checkOutTime: '10:00',
			room: 'Deluxe Room',
			rooms: 1,
			mealPlan: 'Breakfast (CP)',
		})
		// Staff name the hotel as supplier on a package's "Hotel in Havelock" line.
		expect(hotelDetails({ description: 'Hotel in Havelock, 2 nights', supplier: 'radhanagar palm resort', island: 'havelock' }, [radhanagar])).toMatchObject({
			name: 'Radhanagar Palm Resort',
			phone: radhanagar.phone,
			mealPlan: null,
		})
		expect(hotelDetails({ description: 'Hotel in Havelock, 2 nights', supplier: 'Someone else', island: 'havelock' }, [radhanagar])).toBeNull()
	})
	test('hotel, ferry and activity lines: nights, times, reporting time and jetty, references; no price-sheet wording', () => {
		const snapshot = {
			hotels: [
				{
					name: 'Radhanagar Palm Resort',
					island: 'Havelock',
					checkIn: '2027-12-28',
					checkOut: '2027-12-30',
					confirmation: 'RPR-1',
					status: 'Confirmed by supplier',
					address: radhanagar.address,
					phone: radhanagar.phone,
					checkInTime: '12:00',
					checkOutTime: '10:00',
					room: 'Deluxe Room',
					rooms: 1,
					mealPlan: 'Breakfast (CP)',
				},
			],
			ferries: [
				{
					description: 'Ferry Port Blair → Havelock, Makruzz Premium: 2 adults',
					date: '2027-12-28',
					time: '07:00',
					operator: null,
					pnr: 'MKZ-1',
					status: 'Confirmed by supplier',
					port: 'port-blair',
				},
				{ description: 'Ferry Havelock → Port Blair', date: null, time: null, operator: null, pnr: null, status: 'Pending confirmation' },
			],
			activities: [
				{
					description: 'Scuba diving, Havelock: 2 adults',
					date: '2027-12-29',
					time: '09:30',
					pickup: 'Hotel gate',
					confirmation: 'DIVE-9',
					status: 'Confirmed by supplier',
				},
			],
			transfers: [
				{
					description: 'Arrival pickup',
					date: '2027-12-27',
					time: '10:15',
					notes: 'Airport arrivals gate, name board',
					confirmation: 'CAB-1',
					status: 'Confirmed by supplier',
				},
			],
			sections: [],
		} as unknown as VoucherSnapshot
		const sections = voucherServiceSections(snapshot, { reportingMinutes: 60 })
		expect(sections.map((section) => section.title)).toEqual(['Hotels', 'Ferries', 'Activities and pickups'])
		expect(sections[0]!.items[0]).toEqual({
			heading: 'Radhanagar Palm Resort, Havelock',
			lines: [
				'Check-in 28 Dec 2027 from 12:00 · check-out 30 Dec 2027 by 10:00 · 2 nights',
				'Deluxe Room · 1 room · Meal plan: Breakfast (CP)',
				'Radhanagar Road, Swaraj Dweep 744211 · Phone +91 94760 00002',
			],
			reference: { label: 'Confirmation', value: 'RPR-1' },
			status: null,
		})
		expect(sections[1]!.items).toEqual([
			{
				heading: 'Ferry Port Blair → Havelock',
				lines: ['28 Dec 2027 · departs 07:00 · Operator: Makruzz Premium', 'Report by 06:00 at Haddo Wharf, Port Blair, with photo ID'],
				reference: { label: 'PNR', value: 'MKZ-1' },
				status: null,
			},
			{
				heading: 'Ferry Havelock → Port Blair',
				lines: ['Date to be confirmed · departure time to be confirmed', 'Report 60 minutes before departure at the jetty, with photo ID'],
				reference: null,
				status: 'Pending confirmation',
			},
		])
		expect(sections[2]!.items.map((item) => item.lines[0])).toEqual([
			'29 Dec 2027 · at 09:30 · Pickup: Hotel gate',
			'27 Dec 2027 · at 10:15 · Where: Airport arrivals gate, name board',
		])
	})
})
