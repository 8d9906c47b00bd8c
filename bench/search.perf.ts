/**
 * Quick search at the desk over 100,000 generated leads and the bookings, quotes, vouchers,
 * ferry leads and bookings, offline tickets and agents such a desk has, on SQLite and on
 * PostgreSQL (a throwaway database). Run by `npm run bench -- search` (bench/search.mjs);
 * writes its figures to $BENCH_SEARCH_OUT as JSON.
 */
import { test } from 'vitest'
import { searchKinds } from '~/features/search/domain/quick-search.ts'
import { formatReference, newId, newTripToken } from '~/lib/ids.ts'
import type { DB } from '~/server/db/client.server.ts'
import { quickSearch } from '~/features/search/server/quick-search.server.ts'
import { generateLeads, insertInBatches, measureOnEachDatabase, random, timed } from './bench-data.ts'

/** One booking for every 5 leads, a quote for every 3, and so on: the proportions of the demo desk, scaled. */
async function generateDesk(db: DB, leads: Awaited<ReturnType<typeof generateLeads>>) {
	const rand = random(7)
	const year = (created: string) => Number(created.slice(0, 4))
	const bookings = leads.filter((_, i) => i % 5 === 0)
	await insertInBatches(
		db,
		'bookings',
		bookings.map((lead, i) => ({
			id: newId(),
			reference: formatReference('BK', year(lead.created), i + 1),
			trip_token: newTripToken(),
			submission_key: null,
			quote_id: null,
			package_id: null,
			lead_id: lead.id,
			status: ['pending_payment', 'confirmed', 'completed', 'cancelled'][Math.floor(rand() * 4)]!,
			tier: 'standard',
			start_date: '2027-01-20',
			nights: 5,
			adults: 2,
			child_ages_json: '[]',
			infants: 0,
			rooms: 1,
			title: 'Havelock and Neil, 5 nights',
			price_json: '{}',
			total: 60_000_00,
			advance_due: 18_000_00,
			contact_name: lead.name,
			contact_phone: lead.phone,
			contact_email: lead.email,
			special_requests: null,
			cancel_reason: null,
			cancellation_fee: null,
			refund_due: null,
			confirmed_at: null,
			cancelled_at: null,
			agent_id: null,
			completed_at: null,
			created_at: lead.created,
			updated_at: lead.created,
		})),
	)
	const bookingRows = await db.selectFrom('bookings').select(['id', 'reference', 'contact_name', 'created_at']).execute()
	await insertInBatches(
		db,
		'vouchers',
		bookingRows
			.filter((_, i) => i % 2 === 0)
			.map((booking) => ({
				id: newId(),
				booking_id: booking.id,
				version: 1,
				status: 'issued',
				booking_reference: booking.reference,
				lead_name: booking.contact_name,
				snapshot_json: '{}',
				replaced_by: null,
				revoke_reason: null,
				issued_by: null,
				issued_at: booking.created_at,
				updated_at: booking.created_at,
			})),
	)
	const quoted = leads.filter((_, i) => i % 6 === 0)
	const itineraries = quoted.map((lead, i) => ({
		id: newId(),
		reference: formatReference('IT', year(lead.created), i + 1),
		lead_id: lead.id,
		title: `Andaman trip for ${lead.name}`,
		origin: 'lead',
		origin_id: lead.id,
		start_date: '2027-01-20',
		nights: 5,
		plan_json: '{}',
		price_json: null,
		total: null,
		archived_at: null,
		created_by: null,
		created_at: lead.created,
		updated_at: lead.created,
	}))
	await insertInBatches(db, 'itineraries', itineraries)
	await insertInBatches(
		db,
		'quotes',
		itineraries.flatMap((itinerary) =>
			[1, 2].map((version) => ({
				id: newId(),
				itinerary_id: itinerary.id,
				lead_id: itinerary.lead_id,
				version,
				status: version === 1 ? 'superseded' : 'sent',
				snapshot_json: '{}',
				total: 60_000_00,
				per_person: 30_000_00,
				valid_until: '2027-01-01',
				sent_at: itinerary.created_at,
				viewed_at: null,
				accepted_at: null,
				declined_at: null,
				superseded_by_id: null,
				created_by: null,
				created_at: itinerary.created_at,
				updated_at: itinerary.created_at,
			})),
		),
	)
	const ferryLeads = leads
		.filter((_, i) => i % 10 === 3)
		.map((lead, i) => ({ ...lead, ferryId: newId(), ferryReference: formatReference('FL', year(lead.created), i + 1) }))
	await insertInBatches(
		db,
		'ferry_leads',
		ferryLeads.map((lead) => ({
			id: lead.ferryId,
			reference: lead.ferryReference,
			submission_key: null,
			lead_id: lead.id,
			status: 'new',
			trip_type: 'one_way',
			legs_json: '[]',
			first_date: '2027-01-10',
			routes: ',port-blair>havelock,',
			adults: 2,
			infants: 0,
			indians: 2,
			foreigners: 0,
			name: lead.name,
			phone: lead.phone,
			email: lead.email,
			message: null,
			fare_quoted: null,
			quote_note: null,
			search_text: [lead.name, lead.phone, lead.email, lead.ferryReference].filter(Boolean).join(' ').toLowerCase(),
			created_at: lead.created,
			updated_at: lead.created,
		})),
	)
	await insertInBatches(
		db,
		'ferry_bookings',
		ferryLeads.map((lead, i) => {
			const reference = formatReference('FB', year(lead.created), i + 1)
			const pnr = `MK${100_000 + i}`
			return {
				id: newId(),
				reference,
				ferry_lead_id: lead.ferryId,
				leg_index: 0,
				booking_id: null,
				status: 'confirmed',
				operator: 'makruzz',
				vessel: null,
				from_island: 'port-blair',
				to_island: 'havelock',
				travel_date: '2027-01-10',
				departure_time: '07:00',
				class: 'premium',
				pnr,
				fare_json: '{}',
				total: 3_400_00,
				contact_name: lead.name,
				contact_phone: lead.phone,
				ticket_file: null,
				ticket_mime: null,
				ticket_name: null,
				search_text: [lead.name, lead.phone, reference, pnr, lead.ferryReference].join(' ').toLowerCase(),
				created_at: lead.created,
				updated_at: lead.created,
			}
		}),
	)
	await insertInBatches(
		db,
		'offline_tickets',
		leads
			.filter((_, i) => i % 20 === 7)
			.map((lead, i) => {
				const reference = formatReference('OT', year(lead.created), i + 1)
				const pnr = `GV${200_000 + i}`
				return {
					id: newId(),
					reference,
					submission_key: null,
					status: 'purchased',
					kind: 'ferry',
					source: 'government_counter',
					operator: 'Govt ferry',
					vessel: null,
					voyage: null,
					route: 'Port Blair to Havelock',
					travel_date: '2027-01-10',
					travel_time: '06:20',
					class: null,
					quota: 'general',
					pnr,
					transaction_number: null,
					cost: 60_000,
					sell: 80_000,
					payment_mode: 'cash',
					booking_id: null,
					ferry_lead_id: null,
					issued_by: null,
					file: null,
					file_mime: null,
					file_name: null,
					search_text: [reference, pnr, 'govt ferry', 'port blair to havelock'].join(' ').toLowerCase(),
					created_at: lead.created,
					updated_at: lead.created,
				}
			}),
	)
	await insertInBatches(
		db,
		'agents',
		Array.from({ length: 500 }, (_, i) => {
			const company = `${['Island', 'Coral', 'Blue Reef', 'Sunrise', 'Palm'][i % 5]} Holidays ${i + 1}`
			const phone = `+9198${String(10_000_000 + i).padStart(8, '0')}`
			return {
				id: newId(),
				company,
				contact_person: leads[i]!.name,
				phone,
				email: null,
				city: 'Chennai',
				pan: null,
				gstin: null,
				commission_bp: 1000,
				status: 'approved',
				notes: null,
				search_text: [company, leads[i]!.name, phone, 'chennai'].join(' ').toLowerCase(),
				created_at: leads[i]!.created,
				updated_at: leads[i]!.created,
			}
		}),
	)
	const count = async (table: 'bookings' | 'vouchers' | 'quotes' | 'ferry_leads' | 'ferry_bookings' | 'offline_tickets' | 'agents') =>
		Number(
			(
				await db
					.selectFrom(table)
					.select((eb) => eb.fn.countAll<number>().as('n'))
					.executeTakeFirstOrThrow()
			).n,
		)
	return {
		bookings: await count('bookings'),
		quotes: await count('quotes'),
		vouchers: await count('vouchers'),
		ferryLeads: await count('ferry_leads'),
		ferryBookings: await count('ferry_bookings'),
		offlineTickets: await count('offline_tickets'),
		agents: await count('agents'),
	}
}

/** What staff type, by kind of query: the bench prints each against the goal. */
const scenarios = [
	{ name: 'name: "meera iyer"', q: 'meera iyer' },
	{ name: 'name: common surname "sharma"', q: 'sharma' },
	{ name: 'phone: as typed "98765 43210"', q: '98765 43210' },
	{ name: 'phone: digits "98765"', q: '98765' },
	{ name: 'phone: with 0 "098765-43210"', q: '098765-43210' },
	{ name: 'reference: lead', q: 'LD-2025-71234' },
	{ name: 'reference: booking', q: 'BK-2025-09876' },
	{ name: 'reference: PNR "MK104321"', q: 'MK104321' },
	{ name: 'email: fragment "kavya.nair"', q: 'kavya.nair' },
	{ name: 'short: two characters "ra"', q: 'ra' },
	{ name: 'no match: "zzqxv"', q: 'zzqxv' },
]

test('quick search over a generated desk', { timeout: 900_000 }, () =>
	measureOnEachDatabase(
		'search',
		'BENCH_SEARCH_OUT',
		async (bench) => ({ counts: await generateDesk(bench.db, await generateLeads(bench.db, bench.staffIds)) }),
		async ({ db, serverCpuMs }) => {
			const results = []
			for (const scenario of scenarios) {
				const { last, ...times } = await timed(() => quickSearch(db, scenario.q, searchKinds), serverCpuMs)
				results.push({ scenario: scenario.name, matched: last.length, ...times })
			}
			return results
		},
	),
)
