import { beforeAll, expect, test } from 'vitest'
import { leadSearchText } from '~/features/leads/domain/lead.ts'
import { type SearchKind, resultsPerKind } from '~/features/search/domain/quick-search.ts'
import { searchNeedles } from '~/lib/search.ts'
import type { Executor } from '~/server/db/client.server.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { quickSearch } from './quick-search.server.ts'

/**
 * Pins what the quick search finds and in which order (docs/decisions/129-quick-search.md) on a desk
 * of a few thousand records, against a plain model of the rule: a record matches when its search
 * line contains a needle (searchNeedles), merged leads never do, newest first (ties by id,
 * descending), `resultsPerKind` of each; quotes are those of the 50 newest matching leads or of a
 * matching itinerary reference. The desk is larger than the window of newest rows the search tries
 * first, and has words found only in old records, in both, and everywhere, so every way the search
 * can take is pinned to the same answer.
 */

const leadCount = 2_700 // more than the 6 × 200 newest rows the search reads for a common word (firstMatching)
const names = [
	'Meera Iyer',
	'Arjun Sharma',
	'Priya Nair',
	'Rohan Gupta',
	'Kavya Menon',
	'Rahul Sharma',
	'Sneha Reddy',
	'Vikram Das',
	'Isha Singh',
	'Neha Patel',
]

type Lead = { id: string; reference: string; name: string; phone: string; email: string | null; created: string; merged: boolean; line: string }
type Row = { id: string; order: string; line: string }

/** Lead i (1 = oldest): mostly ordinary names; a few words only in old leads, only in new ones, or in both. */
function lead(i: number): Lead {
	let name = names[(i * 7) % names.length]!
	if (i <= 3)
		name = 'Zubin Quresh' // only the three oldest: found only by reading past the newest rows
	else if (i <= 300) name = `Coral Tourgroup ${names[i % names.length]}` // many, all old: more than the trigram step takes, none among the newest
	if (i % 250 === 0) name = 'Lena Fischer' // spread thinly over the whole desk
	if (i === 1_000) name = 'राहुल शर्मा'
	if (i === 2_650) name = 'Zoë Müller'
	const email =
		i % 3 === 0
			? `${name.toLowerCase().replace(/\s+/g, '.')}${i}@example.com`
			: i === 2_600
				? 'ravi_kumar@example.com'
				: i === 2_601
					? 'ravixkumar@example.com'
					: i === 2_602
						? 'deals50%off@example.com'
						: null
	// Every fifth lead shares its creation time with the one before: the id breaks the tie.
	const minute = i % 5 === 0 ? i - 1 : i
	const created = new Date(Date.UTC(2025, 0, 1) + minute * 60_000).toISOString()
	const reference = `LD-2025-${String(i).padStart(5, '0')}`
	const phone = `+9198${String(12_340_000 + i).padStart(8, '0')}`
	return {
		id: `L${String(i).padStart(6, '0')}`,
		reference,
		name,
		phone,
		email,
		created,
		merged: i === 2_690,
		line: leadSearchText({ name, phone, email, reference }),
	}
}

const newestFirst = (a: Row, b: Row) => (a.order === b.order ? (a.id < b.id ? 1 : -1) : a.order < b.order ? 1 : -1)
const matching = (rows: Row[], q: string, limit = resultsPerKind) => {
	const needles = searchNeedles(q)
	return rows
		.filter((row) => needles.some((needle) => row.line.includes(needle)))
		.sort(newestFirst)
		.slice(0, limit)
}

const leads = Array.from({ length: leadCount }, (_, i) => lead(i + 1))
const bookings = leads
	.filter((_, i) => i % 2 === 0)
	.map((lead, i) => ({ ...lead, id: `B${String(i).padStart(6, '0')}`, leadId: lead.id, reference: `BK-2025-${String(i + 1).padStart(5, '0')}` }))
const vouchers = bookings.filter((_, i) => i % 2 === 0).map((booking, i) => ({ ...booking, id: `V${String(i).padStart(6, '0')}`, bookingId: booking.id }))
const itineraries = leads
	.filter((_, i) => i % 6 === 0)
	.map((lead, i) => ({ id: `I${String(i).padStart(6, '0')}`, reference: `IT-2025-${String(i + 1).padStart(5, '0')}`, lead }))
const quotes = itineraries.map((itinerary, i) => ({ id: `Q${String(i).padStart(6, '0')}`, itinerary }))
const ferryLeads = leads
	.filter((_, i) => i % 10 === 3)
	.map((lead, i) => ({ ...lead, id: `F${String(i).padStart(6, '0')}`, reference: `FL-2025-${String(i + 1).padStart(5, '0')}` }))

const model = {
	lead: leads.filter((lead) => !lead.merged).map((lead) => ({ id: lead.id, order: lead.created, line: lead.line })),
	booking: bookings.map((b) => ({ id: b.id, order: b.created, line: [b.reference, b.name, b.phone, b.email ?? ''].join(' ').toLowerCase() })),
	voucher: vouchers.map((v) => ({ id: v.id, order: v.created, line: `${v.reference} ${v.name}`.toLowerCase() })),
	'ferry-lead': ferryLeads.map((f) => ({ id: f.id, order: f.created, line: [f.name, f.phone, f.email, f.reference].filter(Boolean).join(' ').toLowerCase() })),
}

/** What the rule says the search must return for `q`, kind by kind. */
function expected(q: string): Partial<Record<SearchKind, string[]>> {
	const leadsForQuotes = new Set(matching(model.lead, q, 50).map((row) => row.id))
	const quoteRows = quotes.map((quote) => ({
		id: quote.id,
		order: quote.itinerary.lead.created,
		line: '',
		lead: quote.itinerary.lead.id,
		reference: quote.itinerary.reference.toLowerCase(),
	}))
	const needles = searchNeedles(q)
	const quoteHits = quoteRows
		.filter((quote) => leadsForQuotes.has(quote.lead) || needles.some((needle) => quote.reference.includes(needle)) || quote.id === q.trim())
		.sort(newestFirst)
	return {
		lead: matching(model.lead, q).map((row) => row.id),
		booking: matching(model.booking, q).map((row) => row.id),
		quote: quoteHits.slice(0, resultsPerKind).map((row) => row.id),
		voucher: matching(model.voucher, q).map((row) => row.id),
		'ferry-lead': matching(model['ferry-lead'], q).map((row) => row.id),
	}
}

async function insertAll(
	db: Executor,
	table: 'leads' | 'bookings' | 'vouchers' | 'itineraries' | 'quotes' | 'ferry_leads',
	rows: Array<Record<string, unknown>>,
) {
	for (let start = 0; start < rows.length; start += 400)
		await db
			.insertInto(table)
			.values(rows.slice(start, start + 400) as never)
			.execute()
}

async function loadDesk(db: Executor) {
	await insertAll(
		db,
		'leads',
		leads.map((lead) => ({
			id: lead.id,
			reference: lead.reference,
			submission_key: null,
			source: 'phone',
			status: 'new',
			name: lead.name,
			phone: lead.phone,
			email: lead.email,
			travel_start: null,
			travel_end: null,
			travel_month: null,
			nights: null,
			adults: 2,
			infants: null,
			budget: null,
			tier: null,
			message: null,
			package_id: null,
			builder_json: null,
			agent_id: null,
			assignee_id: null,
			next_follow_up: null,
			lost_reason: null,
			search_text: lead.line,
			merged_into_id: lead.merged ? leads[0]!.id : null,
			created_at: lead.created,
			updated_at: lead.created,
		})),
	)
	await insertAll(
		db,
		'bookings',
		bookings.map((b) => ({
			id: b.id,
			reference: b.reference,
			trip_token: `T${b.id}`,
			submission_key: null,
			quote_id: null,
			package_id: null,
			lead_id: b.leadId,
			status: 'confirmed',
			tier: 'standard',
			start_date: '2027-01-20',
			nights: 5,
			adults: 2,
			child_ages_json: '[]',
			infants: 0,
			rooms: 1,
			title: 'Havelock and Neil',
			price_json: '{}',
			total: 60_000_00,
			advance_due: 18_000_00,
			contact_name: b.name,
			contact_phone: b.phone,
			contact_email: b.email,
			special_requests: null,
			cancel_reason: null,
			cancellation_fee: null,
			refund_due: null,
			confirmed_at: null,
			cancelled_at: null,
			agent_id: null,
			completed_at: null,
			created_at: b.created,
			updated_at: b.created,
		})),
	)
	await insertAll(
		db,
		'vouchers',
		vouchers.map((v) => ({
			id: v.id,
			booking_id: v.bookingId,
			version: 1,
			status: 'issued',
			booking_reference: v.reference,
			lead_name: v.name,
			snapshot_json: '{}',
			replaced_by: null,
			revoke_reason: null,
			issued_by: null,
			issued_at: v.created,
			updated_at: v.created,
		})),
	)
	await insertAll(
		db,
		'itineraries',
		itineraries.map((it) => ({
			id: it.id,
			reference: it.reference,
			lead_id: it.lead.id,
			title: 'Trip',
			origin: 'lead',
			origin_id: it.lead.id,
			start_date: '2027-01-20',
			nights: 5,
			plan_json: '{}',
			price_json: null,
			total: null,
			archived_at: null,
			created_by: null,
			created_at: it.lead.created,
			updated_at: it.lead.created,
		})),
	)
	await insertAll(
		db,
		'quotes',
		quotes.map((quote) => ({
			id: quote.id,
			itinerary_id: quote.itinerary.id,
			lead_id: quote.itinerary.lead.id,
			version: 1,
			status: 'sent',
			snapshot_json: '{}',
			total: 60_000_00,
			per_person: 30_000_00,
			valid_until: '2027-01-01',
			sent_at: quote.itinerary.lead.created,
			viewed_at: null,
			accepted_at: null,
			declined_at: null,
			superseded_by_id: null,
			created_by: null,
			created_at: quote.itinerary.lead.created,
			updated_at: quote.itinerary.lead.created,
		})),
	)
	await insertAll(
		db,
		'ferry_leads',
		ferryLeads.map((f) => ({
			id: f.id,
			reference: f.reference,
			submission_key: null,
			lead_id: null,
			status: 'new',
			trip_type: 'one_way',
			legs_json: '[]',
			first_date: '2027-01-10',
			routes: ',port-blair>havelock,',
			adults: 2,
			infants: 0,
			indians: 2,
			foreigners: 0,
			name: f.name,
			phone: f.phone,
			email: f.email,
			message: null,
			fare_quoted: null,
			quote_note: null,
			search_text: model['ferry-lead'].find((row) => row.id === f.id)!.line,
			created_at: f.created,
			updated_at: f.created,
		})),
	)
}

const kinds = ['lead', 'booking', 'quote', 'voucher', 'ferry-lead'] as const

/** What the search returned for these kinds, kind by kind, in its order. */
async function found(db: Executor, q: string, asked: readonly SearchKind[]) {
	const hits = await quickSearch(db, q, asked)
	return Object.fromEntries(asked.map((kind) => [kind, hits.filter((hit) => hit.kind === kind).map((hit) => hit.id)]))
}

const queries = {
	'a common surname': 'sharma',
	'a common full name': 'meera iyer',
	'a name only in the oldest records': 'quresh',
	'a name spread thinly over old and new records': 'fischer',
	'a name in upper case': 'ARJUN SHARMA',
	'a phone as typed, with spaces': '98 1234 2650',
	'a phone with a leading 0': '098123-42650',
	'a phone with the country code': '+91 98123 41000',
	'phone digits in many records': '981234',
	'a lead reference': 'LD-2025-00003',
	'a booking reference': 'bk-2025-00007',
	'an itinerary reference': 'IT-2025-00002',
	'a quote id': 'Q000005',
	'an email fragment': 'kavya.menon',
	'two characters': 'ra',
	'two characters of a reference': '26',
	Devanagari: 'शर्मा',
	'Latin with diacritics': 'zoë',
	'an underscore is a character, not a wildcard': 'vi_ku',
	'a percent sign is a character, not a wildcard': '50%o',
	'an underscore between words the trigram index looks up': 'ravi_kumar',
	'a percent sign between words the trigram index looks up': 'deals50%off',
	'wildcards only': '%_',
	'a NUL byte, as a crafted URL can send': 'Q000005\u0000sharma',
	'nothing matches': 'zzqxv',
	'many, all old': 'tourgroup',
	'in every record': '+9198',
}

describeEachDatabase('quick search results and order', (get) => {
	beforeAll(async () => {
		await loadDesk(get().db)
	})

	for (const [what, q] of Object.entries(queries))
		test(`${what}: "${q}"`, async () => {
			const all = expected(q)
			expect(await found(get().db, q, kinds)).toEqual(all)
			// Alone, leads are looked up 6 at a time rather than 50 (for the quotes): other sizes, the same answer.
			for (const kind of kinds) expect(await found(get().db, q, [kind]), kind).toEqual({ [kind]: all[kind] })
		})

	test('the desk exercises what it claims to', () => {
		expect(expected('sharma').lead).toHaveLength(resultsPerKind)
		expect(expected('quresh').lead).toEqual(['L000003', 'L000002', 'L000001'])
		expect(expected('fischer').lead).toHaveLength(resultsPerKind)
		expect(expected('ARJUN SHARMA').quote!.length).toBeGreaterThan(0)
		expect(expected('98 1234 2650').lead).toEqual(['L002650'])
		expect(expected('vi_ku').lead).toEqual(['L002600'])
		expect(expected('50%o').lead).toEqual(['L002602'])
		expect(expected('ravi_kumar').lead).toEqual(['L002600']) // not L002601, ravixkumar
		expect(expected('deals50%off').lead).toEqual(['L002602'])
		expect(expected('शर्मा').lead).toEqual(['L001000'])
		expect(expected('zoë').lead).toEqual(['L002650'])
		expect(expected('IT-2025-00002').quote).toEqual(['Q000001'])
		expect(expected('Q000005').quote).toEqual(['Q000005'])
		// More than 50 × 20 matches; more than 6 × 20 matches, all older than the newest 6 × 200 leads or bookings.
		expect(leads.filter((lead) => lead.line.includes('9198')).length).toBeGreaterThan(1_000)
		expect(leads.filter((lead) => lead.line.includes('tourgroup')).length).toBeGreaterThan(120)
		expect(leads.slice(-1_200).filter((lead) => lead.line.includes('tourgroup'))).toEqual([])
		expect(bookings.length).toBeGreaterThan(1_200)
	})
})
