import { expect, test } from 'vitest'
import { agentFormSchema } from '~/features/agents/domain/agent.ts'
import type { OfflineTicketForm } from '~/features/ferries/domain/offline-ticket.ts'
import { searchKinds } from '~/features/search/domain/quick-search.ts'
import { newId } from '~/lib/ids.ts'
import { createAgent } from '~/features/agents/server/agents.server.ts'
import { createBooking } from '~/features/bookings/server/bookings.server.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { convertFerryLead, createFerryEnquiry } from '~/features/ferries/server/ferries.server.ts'
import { createOfflineTicket } from '~/features/ferries/server/offline-tickets.server.ts'
import { createLead } from '~/features/leads/server/leads.server.ts'
import { quickSearch } from './quick-search.server.ts'

const staff = { id: 'staff-1', label: 'Asha (staff)' }
const ticket: OfflineTicketForm = {
	kind: 'ferry',
	source: 'government_counter',
	operator: 'Govt ferry',
	vessel: null,
	voyage: null,
	route: 'Port Blair to Havelock',
	travelDate: '2027-01-10',
	travelTime: '06:20',
	class: null,
	quota: 'general',
	pnr: 'PNR-ZED4411',
	transactionNumber: null,
	cost: 60_000,
	sell: 80_000,
	paymentMode: 'cash',
	bookingReference: null,
	ferryLeadReference: null,
}

describeEachDatabase('quick search', (get) => {
	const ids: Record<string, string> = {}

	test('finds each kind by reference, name, phone in any format and email', async () => {
		const { db } = get()
		const lead = await createLead(db, { source: 'phone', name: 'Zubin Quresh', phone: '+919812340001', email: 'zubin.q@example.com' })
		await createLead(db, { source: 'phone', name: 'Someone Else', phone: '+919800000002', email: null })
		ids.lead = lead.id
		const base = {
			packageId: null,
			tier: 'standard',
			startDate: '2027-01-20',
			nights: 4,
			adults: 2,
			childAges: [],
			infants: 0,
			advanceDue: 0,
			specialRequests: null,
			travellers: [],
			price: { lines: [], total: 50_000_00, perPerson: 25_000_00, payingTravellers: 2 },
		}
		const booking = await createBooking(
			db,
			{ ...base, title: 'Havelock honeymoon', contactName: 'Zubin Quresh', contactPhone: '+919812340001', contactEmail: 'zubin.q@example.com' },
			{ submissionKey: newId() },
		)
		ids.booking = booking.id
		const ferryLeadId = (
			await createFerryEnquiry(db, {
				tripType: 'one_way',
				legs: [{ from: 'port-blair', to: 'havelock', date: '2027-01-10', time: 'morning', operator: 'makruzz', class: 'premium' }],
				adults: 2,
				infants: 0,
				indians: 2,
				foreigners: 0,
				name: 'Zubin Quresh',
				phone: '+919812340001',
				message: undefined,
				submissionKey: newId(),
			})
		).id
		ids['ferry-lead'] = ferryLeadId
		const [ferryBooking] = await convertFerryLead(db, staff, ferryLeadId)
		ids['ferry-booking'] = ferryBooking!.id
		ids['offline-ticket'] = (await createOfflineTicket(db, staff, ticket, newId())).id
		ids.agent = await createAgent(
			db,
			staff,
			agentFormSchema.parse({ company: 'Zed Holidays', contactPerson: 'Ravi Kumar', phone: '9812340009', city: 'Chennai', commissionPercent: '10' }),
		)
		// Quotes and vouchers are frozen snapshots; the search reads only their identifying columns.
		const now = new Date().toISOString()
		const itineraryId = newId()
		await db
			.insertInto('itineraries')
			.values({
				id: itineraryId,
				reference: 'IT-2026-04411',
				lead_id: lead.id,
				title: 'Trip',
				origin: 'lead',
				origin_id: lead.id,
				start_date: '2027-01-20',
				nights: 4,
				plan_json: '{}',
				price_json: null,
				total: null,
				archived_at: null,
				created_by: null,
				created_at: now,
				updated_at: now,
			})
			.execute()
		ids.quote = newId()
		await db
			.insertInto('quotes')
			.values({
				id: ids.quote,
				itinerary_id: itineraryId,
				lead_id: lead.id,
				version: 1,
				status: 'sent',
				snapshot_json: '{}',
				total: 50_000_00,
				per_person: 25_000_00,
				valid_until: '2026-12-31',
				sent_at: now,
				viewed_at: null,
				accepted_at: null,
				declined_at: null,
				superseded_by_id: null,
				created_by: null,
				created_at: now,
				updated_at: now,
			})
			.execute()
		ids.voucher = newId()
		const bookingRef = (await db.selectFrom('bookings').select('reference').where('id', '=', booking.id).executeTakeFirstOrThrow()).reference
		await db
			.insertInto('vouchers')
			.values({
				id: ids.voucher,
				booking_id: booking.id,
				version: 1,
				status: 'issued',
				booking_reference: bookingRef,
				lead_name: 'Zubin Quresh',
				snapshot_json: '{}',
				replaced_by: null,
				revoke_reason: null,
				issued_by: null,
				issued_at: now,
				updated_at: now,
			})
			.execute()

		const byName = await quickSearch(db, 'zubin', searchKinds)
		// A booking and a ferry enquiry also open sales leads of their own for the same person.
		for (const kind of ['lead', 'booking', 'quote', 'voucher', 'ferry-lead', 'ferry-booking'] as const)
			expect(
				byName.filter((hit) => hit.kind === kind).map((hit) => hit.id),
				kind,
			).toContain(ids[kind])
		expect(byName.filter((hit) => hit.kind === 'agent' || hit.kind === 'offline-ticket')).toEqual([])
		expect(byName.find((hit) => hit.id === lead.id)).toMatchObject({
			title: `${lead.reference} · Zubin Quresh`,
			href: `/admin/leads/${lead.id}`,
			detail: 'New · +91 98123 40001 · zubin.q@example.com',
		})
		expect(byName.find((hit) => hit.kind === 'quote')?.href).toBe(`/admin/create-itinerary/${itineraryId}#quotes-heading`)

		// A phone number however it is typed: spaces, a leading 0, the country code.
		for (const phone of ['98123 40001', '098123-40001', '+91 98123 40001', '9812340001']) {
			const kinds = new Set((await quickSearch(db, phone, searchKinds)).map((hit) => hit.kind))
			expect([...kinds].sort(), phone).toEqual(['booking', 'ferry-booking', 'ferry-lead', 'lead', 'quote'])
		}
		expect(new Set((await quickSearch(db, 'ZUBIN.Q@EXAMPLE', searchKinds)).map((hit) => hit.kind))).toEqual(new Set(['booking', 'lead', 'quote']))
		expect((await quickSearch(db, lead.reference, searchKinds)).map((hit) => hit.id)).toContain(lead.id)
		expect((await quickSearch(db, 'it-2026-04411', searchKinds)).map((hit) => hit.id)).toEqual([ids.quote])
		expect((await quickSearch(db, 'pnr-zed4411', searchKinds)).map((hit) => hit.id)).toEqual([ids['offline-ticket']])
		expect((await quickSearch(db, 'zed holidays', searchKinds)).map((hit) => hit.id)).toEqual([ids.agent])
	})

	test('a changed or deleted record is found by what it says now', async () => {
		const { db } = get()
		await db.updateTable('bookings').set({ contact_name: 'Yusuf Renamed' }).where('id', '=', ids.booking!).execute()
		expect((await quickSearch(db, 'yusuf renamed', ['booking'])).map((hit) => hit.id)).toEqual([ids.booking])
		expect((await quickSearch(db, 'quresh', ['booking'])).map((hit) => hit.id)).not.toContain(ids.booking)
		await db.updateTable('bookings').set({ contact_name: 'Zubin Quresh' }).where('id', '=', ids.booking!).execute()
		await db.deleteFrom('agents').where('id', '=', ids.agent!).execute()
		expect(await quickSearch(db, 'zed holidays', ['agent'])).toEqual([])
	})

	test('labels, never raw values, in what a hit says', async () => {
		const hits = await quickSearch(get().db, 'zubin', searchKinds)
		expect(hits.find((hit) => hit.kind === 'lead')?.detail).toMatch(/^New · /)
		expect(hits.find((hit) => hit.kind === 'booking')?.detail).not.toMatch(/pending_payment/)
		expect(hits.find((hit) => hit.kind === 'voucher')?.detail).toBe('Valid')
	})

	test('only the kinds asked for: what a role cannot open is not searched', async () => {
		const hits = await quickSearch(get().db, 'zubin', ['lead', 'booking'])
		expect(new Set(hits.map((hit) => hit.kind))).toEqual(new Set(['lead', 'booking']))
		expect(await quickSearch(get().db, 'zubin', [])).toEqual([])
	})

	test('wildcards are characters, merged leads are left out, and nothing to look for finds nothing', async () => {
		const { db } = get()
		expect(await quickSearch(db, '%', searchKinds)).toEqual([])
		expect(await quickSearch(db, '__', searchKinds)).toEqual([])
		expect(await quickSearch(db, '   ', searchKinds)).toEqual([])
		await db.updateTable('leads').set({ merged_into_id: 'elsewhere' }).where('name', '=', 'Zubin Quresh').execute()
		expect((await quickSearch(db, 'zubin', ['lead'])).map((hit) => hit.id)).toEqual([])
		await db.updateTable('leads').set({ merged_into_id: null }).where('name', '=', 'Zubin Quresh').execute()
	})
})
