import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { maxUploadBytes } from '~/lib/uploads.ts'
import { createBooking, type NewBooking } from '~/features/bookings/server/bookings.server.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { getLeadByReference } from '~/features/leads/server/leads.server.ts'
import {
	attachFerryTicket,
	changeFerryBookingStatus,
	changeFerryLeadStatus,
	convertFerryLead,
	createFerryEnquiry,
	ferryManifest,
	ferryTicketFile,
	getFerryBookingPage,
	getFerryLeadPage,
	listFerryBookings,
	listFerryLeads,
	quoteFerryLead,
	saveFerryPassengers,
	updateFerryBooking,
	voucherExtrasForBooking,
} from './ferries.server.ts'
import {
	attachOfflineTicketFile,
	changeOfflineTicketStatus,
	createOfflineTicket,
	getOfflineTicketPage,
	listOfflineTickets,
	saveTicketPassengers,
	updateOfflineTicket,
} from './offline-tickets.server.ts'
import type { FerryEnquiry } from '~/features/ferries/domain/enquiry.ts'
import type { OfflineTicketForm } from '~/features/ferries/domain/offline-ticket.ts'

const staff = { id: 'staff-1', label: 'Asha (staff)' }
const pdf = (text = 'ticket') => new File([`%PDF-1.4\n${text}\n%%EOF`], 'makruzz.pdf', { type: 'application/pdf' })
const passengers = [
	{
		name: 'Anita Rao',
		age: 34,
		gender: 'female' as const,
		nationality: 'indian' as const,
		idType: 'aadhaar' as const,
		idNumber: '123456789012',
		passportExpiry: null,
	},
	{
		name: 'Tom Berg',
		age: 40,
		gender: 'male' as const,
		nationality: 'foreign' as const,
		idType: 'passport' as const,
		idNumber: 'N1234567',
		passportExpiry: '2030-01-01',
	},
	{
		name: 'Baby Rao',
		age: 1,
		gender: 'female' as const,
		nationality: 'indian' as const,
		idType: 'birth_certificate' as const,
		idNumber: 'BC-2025-11',
		passportExpiry: null,
	},
]

function enquiry(key: string, change: Partial<FerryEnquiry> = {}): FerryEnquiry {
	return {
		tripType: 'return',
		legs: [
			{ from: 'port-blair', to: 'havelock', date: '2027-01-10', time: 'morning', operator: 'makruzz', class: 'premium' },
			{ from: 'havelock', to: 'port-blair', date: '2027-01-13', time: 'any', operator: 'any', class: 'any' },
		],
		adults: 2,
		infants: 1,
		indians: 2,
		foreigners: 1,
		name: 'Anita Rao',
		phone: '+919876543210',
		email: 'anita@example.com',
		message: 'Window seats please',
		submissionKey: key,
		...change,
	}
}

describeEachDatabase('ferries', (get) => {
	let storage: string
	beforeAll(async () => {
		storage = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-storage-'))
		const now = new Date().toISOString()
		await get()
			.db.insertInto('ferry_fares')
			.values([
				{
					operator: 'makruzz',
					from_island: 'port-blair',
					to_island: 'havelock',
					class: 'premium',
					adult_sell: 170_000,
					adult_cost: 150_000,
					child_sell: null,
					child_cost: null,
					infant_sell: 40_000,
					infant_cost: 35_000,
					departures_json: '["07:00","13:30"]',
					updated_at: now,
				},
				{
					operator: 'green-ocean',
					from_island: 'havelock',
					to_island: 'port-blair',
					class: 'economy',
					adult_sell: 135_000,
					adult_cost: 120_000,
					child_sell: null,
					child_cost: null,
					infant_sell: 30_000,
					infant_cost: 25_000,
					departures_json: '["09:00"]',
					updated_at: now,
				},
			])
			.execute()
	})
	afterAll(() => fs.rmSync(storage, { recursive: true, force: true }))
	const filesIn = (folder: string) => (fs.existsSync(path.join(storage, folder)) ? fs.readdirSync(path.join(storage, folder)) : [])

	test('an enquiry makes one ferry lead and one sales lead (source ferry_form), even when submitted ten times at once', async () => {
		const { db } = get()
		const results = await Promise.all(Array.from({ length: 10 }, () => createFerryEnquiry(db, enquiry('same-ferry-form'))))
		expect(new Set(results.map((r) => r.id)).size).toBe(1)
		expect(results.filter((r) => r.created)).toHaveLength(1)
		expect(results[0]!.reference).toMatch(/^FL-\d{4}-\d{5}$/)
		const page = await getFerryLeadPage(db, results[0]!.id)
		expect(page.lead).toMatchObject({ status: 'new', adults: 2, infants: 1, foreigners: 1, tripType: 'return' })
		const sales = await db.selectFrom('leads').selectAll().where('id', '=', page.lead.leadId!).executeTakeFirstOrThrow()
		expect(sales).toMatchObject({ source: 'ferry_form', travel_start: '2027-01-10', travel_end: '2027-01-13' })
		expect(sales.message).toMatch(/Port Blair → Havelock on 2027-01-10 \(Makruzz, premium\)/)
		expect(await getLeadByReference(db, sales.reference)).toBeTruthy()
		// Fares for the requested legs come from the fare table, priced for 2 adults and 1 infant.
		expect(page.legs[0]!.fares).toEqual([expect.objectContaining({ operator: 'makruzz', class: 'premium', total: 2 * 170_000 + 40_000, requested: true })])
		expect(page.legs[1]!.fares[0]).toMatchObject({ operator: 'green-ocean', total: 2 * 135_000 + 30_000 })
	})

	test('the list searches, filters by status, date and route, and pages', async () => {
		const { db } = get()
		await createFerryEnquiry(
			db,
			enquiry('list-2', {
				name: 'Zubin Mehta',
				phone: '+919811111111',
				tripType: 'one_way',
				legs: [{ from: 'havelock', to: 'neil', date: '2027-02-01', time: 'any', operator: 'any', class: 'any' }],
			}),
		)
		const base = { q: '', status: null, from: null, to: null, route: null, page: 1 }
		expect((await listFerryLeads(db, { ...base, q: 'zubin' })).leads.map((l) => l.name)).toEqual(['Zubin Mehta'])
		expect((await listFerryLeads(db, { ...base, q: '98111 11111' })).total).toBe(1)
		expect((await listFerryLeads(db, { ...base, route: 'havelock>neil' })).leads.map((l) => l.name)).toEqual(['Zubin Mehta'])
		expect((await listFerryLeads(db, { ...base, route: 'port-blair>havelock' })).leads.map((l) => l.name)).toEqual(['Anita Rao'])
		expect((await listFerryLeads(db, { ...base, from: '2027-01-15' })).total).toBe(1)
		expect((await listFerryLeads(db, { ...base, status: 'booked' })).total).toBe(0)
		expect((await listFerryLeads(db, { ...base, page: 99 })).page).toBe(1)
	})

	test('quote, move along, convert once; bookings carry the lead over', async () => {
		const { db } = get()
		const { id } = await createFerryEnquiry(db, enquiry('convert-me'))
		await expect(changeFerryLeadStatus(db, staff, id, 'booked')).rejects.toThrow(/cannot become booked/)
		expect(await quoteFerryLead(db, staff, id, 680_000, 'Makruzz both ways')).toBe('fare_quoted')
		expect(await changeFerryLeadStatus(db, staff, id, 'payment_pending')).toBe('payment_pending')
		const [first, second] = await Promise.all([convertFerryLead(db, staff, id), convertFerryLead(db, staff, id)])
		expect(first!.map((b) => b.id).sort()).toEqual(second!.map((b) => b.id).sort())
		expect(first).toHaveLength(2)
		const rows = await db.selectFrom('ferry_bookings').selectAll().where('ferry_lead_id', '=', id).orderBy('leg_index').execute()
		expect(rows).toHaveLength(2)
		expect(rows[0]).toMatchObject({
			operator: 'makruzz',
			class: 'premium',
			from_island: 'port-blair',
			to_island: 'havelock',
			travel_date: '2027-01-10',
			departure_time: '07:00',
			contact_name: 'Anita Rao',
			status: 'requested',
		})
		expect(rows[1]).toMatchObject({ operator: 'green-ocean', class: 'economy', departure_time: '09:00' })
		expect(JSON.parse(rows[0]!.fare_json)).toEqual({ adults: 2, adultFare: 170_000, infants: 1, infantFare: 40_000, fees: 0, total: 380_000 })
		expect((await getFerryLeadPage(db, id)).bookings).toHaveLength(2)
	})

	test('a booking needs passengers and a PNR to confirm; confirming every leg books the lead; the voucher and manifest show it', async () => {
		const { db } = get()
		const { id: leadId } = await createFerryEnquiry(db, enquiry('voucher-flow'))
		await quoteFerryLead(db, staff, leadId, 680_000, null)
		await changeFerryLeadStatus(db, staff, leadId, 'payment_pending')
		const made = await convertFerryLead(db, staff, leadId)
		const tripBooking: NewBooking = {
			packageId: null,
			title: 'Havelock getaway',
			tier: 'standard',
			startDate: '2027-01-10',
			nights: 3,
			adults: 2,
			childAges: [],
			infants: 1,
			price: { lines: [], total: 5_000_000, perPerson: 2_500_000, payingTravellers: 2 },
			advanceDue: 1_500_000,
			contactName: 'Anita Rao',
			contactPhone: '+919876543210',
			contactEmail: null,
			specialRequests: null,
			travellers: [],
		}
		const trip = await createBooking(db, tripBooking, { submissionKey: 'trip-for-ferry' })
		const bookingId = made[0]!.id
		await expect(changeFerryBookingStatus(db, staff, bookingId, 'confirmed')).rejects.toThrow(/PNR/)
		await expect(
			updateFerryBooking(db, staff, bookingId, {
				operator: 'makruzz',
				vessel: 'Makruzz Gold',
				departureTime: '07:00',
				class: 'premium',
				pnr: 'MKZ12345',
				adultFare: 170_000,
				infantFare: 40_000,
				fees: 5_000,
				tripReference: 'BK-1999-00001',
			}),
		).rejects.toThrow(/No trip booking/)
		await updateFerryBooking(db, staff, bookingId, {
			operator: 'makruzz',
			vessel: 'Makruzz Gold',
			departureTime: '07:00',
			class: 'premium',
			pnr: 'MKZ12345',
			adultFare: 170_000,
			infantFare: 40_000,
			fees: 5_000,
			tripReference: trip.reference,
		})
		await expect(changeFerryBookingStatus(db, staff, bookingId, 'confirmed')).rejects.toThrow(/passengers/)
		await saveFerryPassengers(db, staff, bookingId, passengers)
		const page = await getFerryBookingPage(db, bookingId)
		expect(page.booking.fare).toEqual({ adults: 2, adultFare: 170_000, infants: 1, infantFare: 40_000, fees: 5_000, total: 385_000 })
		expect(page.passengers.map((p) => p.name)).toEqual(['Anita Rao', 'Tom Berg', 'Baby Rao'])
		expect(page.trip?.reference).toBe(trip.reference)
		expect(await changeFerryBookingStatus(db, staff, bookingId, 'confirmed')).toBe('confirmed')
		expect((await getFerryLeadPage(db, leadId)).lead.status).toBe('payment_pending')
		await updateFerryBooking(db, staff, made[1]!.id, {
			operator: 'green-ocean',
			vessel: null,
			departureTime: '09:00',
			class: 'economy',
			pnr: 'GO-777',
			adultFare: 135_000,
			infantFare: 30_000,
			fees: 0,
			tripReference: null,
		})
		await saveFerryPassengers(db, staff, made[1]!.id, passengers)
		await changeFerryBookingStatus(db, staff, made[1]!.id, 'confirmed')
		expect((await getFerryLeadPage(db, leadId)).lead.status).toBe('booked')

		const extras = await voucherExtrasForBooking(db, trip.id)
		expect(extras.ferries).toEqual([
			expect.objectContaining({
				operator: 'Makruzz',
				vessel: 'Makruzz Gold',
				route: 'Port Blair (Sri Vijaya Puram) → Havelock (Swaraj Dweep)',
				date: '2027-01-10',
				departure: '07:00',
				class: 'premium',
				pnr: 'MKZ12345',
				passengers: expect.arrayContaining([expect.objectContaining({ name: 'Tom Berg', idType: 'passport' })]),
			}),
		])
		const manifest = await ferryManifest(db, '2027-01-10')
		const sailing = manifest.find((s) => s.operator === 'makruzz' && s.departureTime === '07:00')
		expect(sailing?.passengers.map((p) => p.name)).toEqual(['Anita Rao', 'Tom Berg', 'Baby Rao'])
		expect((await listFerryBookings(db, { q: 'mkz12345', status: null, date: null, page: 1 })).total).toBe(1)
		expect((await listFerryBookings(db, { q: '', status: 'confirmed', date: '2027-01-13', page: 1 })).total).toBe(1)
	})

	test('ticket uploads: empty, oversized and wrong type are refused and nothing is stored; a PDF is stored and served back', async () => {
		const { db } = get()
		const { id: leadId } = await createFerryEnquiry(db, enquiry('uploads'))
		const [booking] = await convertFerryLead(db, staff, leadId)
		const id = booking!.id
		await expect(attachFerryTicket(db, staff, id, new File([], 'empty.pdf'), storage)).rejects.toThrow(/empty/)
		const big = new Uint8Array(maxUploadBytes + 10)
		big.set(new TextEncoder().encode('%PDF-'))
		await expect(attachFerryTicket(db, staff, id, new File([big], 'big.pdf'), storage)).rejects.toThrow(/5 MB/)
		await expect(
			attachFerryTicket(db, staff, id, new File(['<html><script>alert(1)</script>'], 'ticket.pdf', { type: 'application/pdf' }), storage),
		).rejects.toThrow(/not a PDF/)
		await expect(attachFerryTicket(db, staff, id, null, storage)).rejects.toThrow(/Choose a file/)
		expect(filesIn('ferry-tickets')).toEqual([])
		await expect(ferryTicketFile(db, id)).rejects.toThrow(/No ticket file/)
		await attachFerryTicket(db, staff, id, pdf('first'), storage)
		await attachFerryTicket(db, staff, id, pdf('second'), storage)
		// The replaced file is removed: one file on disk, the latest one.
		const files = filesIn('ferry-tickets')
		expect(files).toHaveLength(1)
		const ticket = await ferryTicketFile(db, id)
		expect(ticket).toMatchObject({ mime: 'application/pdf', name: 'makruzz.pdf' })
		expect(fs.readFileSync(path.join(storage, ticket.file), 'utf8')).toContain('second')
	})
})

describeEachDatabase('offline tickets', (get) => {
	let storage: string
	beforeAll(() => {
		storage = fs.mkdtempSync(path.join(os.tmpdir(), 'offline-storage-'))
	})
	afterAll(() => fs.rmSync(storage, { recursive: true, force: true }))

	const form: OfflineTicketForm = {
		kind: 'entry',
		source: 'government_counter',
		operator: 'Cellular Jail',
		vessel: null,
		voyage: null,
		route: 'Light and sound show (Hindi)',
		travelDate: '2027-01-10',
		travelTime: '17:30',
		class: null,
		quota: 'general',
		pnr: null,
		transactionNumber: null,
		cost: 60_000,
		sell: 80_000,
		paymentMode: 'cash',
		bookingReference: null,
		ferryLeadReference: null,
	}

	test('record once per form, move requested → purchased → delivered with the checks on the way, link to a booking', async () => {
		const { db } = get()
		const [a, b] = await Promise.all([createOfflineTicket(db, staff, form, 'ticket-form'), createOfflineTicket(db, staff, form, 'ticket-form')])
		expect(a!.id).toBe(b!.id)
		expect(a!.reference).toMatch(/^OT-\d{4}-\d{5}$/)
		const id = a!.id
		await expect(changeOfflineTicketStatus(db, staff, id, 'delivered')).rejects.toThrow(/cannot become delivered/)
		await expect(changeOfflineTicketStatus(db, staff, id, 'purchased')).rejects.toThrow(/PNR or the transaction number/)
		await expect(updateOfflineTicket(db, staff, id, { ...form, bookingReference: 'BK-1999-00009' })).rejects.toThrow(/booking reference/)
		await updateOfflineTicket(db, staff, id, { ...form, transactionNumber: 'TXN-55' })
		await changeOfflineTicketStatus(db, staff, id, 'purchased')
		await expect(changeOfflineTicketStatus(db, staff, id, 'delivered')).rejects.toThrow(/Upload the scanned ticket/)
		await expect(attachOfflineTicketFile(db, staff, id, new File(['GIF89a'], 'scan.gif'), storage)).rejects.toThrow(/not a PDF/)
		expect(fs.existsSync(path.join(storage, 'offline-tickets'))).toBe(false)
		const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])
		await attachOfflineTicketFile(db, staff, id, new File([png], 'scan.png'), storage)
		await saveTicketPassengers(db, staff, id, passengers.slice(0, 2))
		expect(await changeOfflineTicketStatus(db, staff, id, 'delivered')).toBe('delivered')
		const page = await getOfflineTicketPage(db, id)
		expect(page.ticket).toMatchObject({ status: 'delivered', issuedBy: 'Asha (staff)', cost: 60_000, sell: 80_000, file: { mime: 'image/png' } })
		expect(page.passengers).toHaveLength(2)
		expect((await listOfflineTickets(db, { q: 'txn-55', status: null, kind: null, date: null, page: 1 })).total).toBe(1)
		expect((await listOfflineTickets(db, { q: '', status: 'requested', kind: 'entry', date: null, page: 1 })).total).toBe(0)
	})
})
