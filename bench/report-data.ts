/**
 * The generated business the reports bench measures (bench/reports.perf.ts): 100,000 leads over two
 * years, each with a booking (one in four from a sent quote), a component on one island and, unless
 * awaiting payment, a verified payment. Deterministic, so every run measures the same data. The columns
 * the reports keep (report-columns.server.ts, lead-progress.server.ts) are written with the rows, as the
 * app would have kept them: a bulk update of 100,000 rows would outlast the pool's time limits on PostgreSQL.
 */
import { newId, newTripToken } from '~/lib/ids.ts'
import type { DB } from '~/server/db/client.server.ts'
import type { Database, NewBookingRow, NewLeadRow } from '~/server/db/schema.ts'
import { indiaMonthOf } from '~/lib/dates.ts'
import { random } from './bench-data.ts'

export const reportRows = Number(process.env.BENCH_BOOKINGS ?? 100_000)

const sources = ['quote_form', 'quote_form', 'contact_form', 'builder', 'package_page', 'phone', 'whatsapp', 'agent', 'walk_in', 'book_now']
const islandsVisited = ['port-blair', 'havelock', 'havelock', 'neil', 'baratang']
const statuses = ['confirmed', 'confirmed', 'confirmed', 'completed', 'completed', 'pending_payment', 'cancelled']

/** Inserts in batches sized under SQLite's 32,766 and PostgreSQL's 65,535 bind parameters. */
async function insertAll(db: DB, table: keyof Database, rows: readonly object[], columns: number) {
	const size = Math.max(1, Math.floor(30_000 / columns))
	for (let i = 0; i < rows.length; i += size)
		await db
			.insertInto(table as 'leads')
			.values(rows.slice(i, i + size) as NewLeadRow[])
			.execute()
}

/** Loads the generated business; returns the agents' ids. */
export async function generateReportData(db: DB, total = reportRows) {
	const rand = random(7)
	const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!
	const start = Date.parse('2024-11-22T00:00:00Z')
	const span = Date.parse('2026-11-22T00:00:00Z') - start
	const at = new Date(start).toISOString()
	const agentIds = Array.from({ length: 50 }, () => newId())
	await insertAll(
		db,
		'agents',
		agentIds.map((id, i) => ({
			id,
			company: `Agency ${i}`,
			contact_person: 'Agent',
			phone: '+919800000000',
			email: null,
			city: null,
			pan: null,
			gstin: null,
			commission_bp: 500 + (i % 10) * 100,
			status: 'approved',
			notes: null,
			search_text: `agency ${i}`,
			created_at: at,
			updated_at: at,
		})),
		14,
	)
	const packageIds = Array.from({ length: 20 }, () => newId())
	await insertAll(
		db,
		'packages',
		packageIds.map((id, i) => ({
			id,
			slug: `package-${i}`,
			title: `Package ${i}`,
			category: 'family',
			status: 'published',
			featured: 0,
			summary: 'A trip.',
			total_nights: 4,
			islands: ',havelock,',
			stays_json: '[]',
			days_json: '[]',
			highlights_json: '[]',
			inclusions_json: '[]',
			exclusions_json: '[]',
			images_json: '[]',
			faqs_json: '[]',
			seo_title: null,
			seo_description: null,
			price_standard: 30_000_00,
			price_deluxe: null,
			price_premium: null,
			price_luxury: null,
			prices_as_of: null,
			created_by: null,
			created_at: at,
			updated_at: at,
		})),
		30,
	)
	const leads: NewLeadRow[] = []
	const itineraries: object[] = []
	const quotes: object[] = []
	const bookings: NewBookingRow[] = []
	const components: object[] = []
	const payments: object[] = []
	for (let i = 0; i < total; i++) {
		const created = start + Math.floor((span * i) / total) + Math.floor(rand() * 60_000)
		const leadId = newId()
		const island = pick(islandsVisited)
		const agent = rand() < 0.15 ? pick(agentIds) : null
		const source = agent ? 'agent' : pick(sources)
		leads.push({
			id: leadId,
			reference: `LD-${i}`,
			submission_key: null,
			source,
			name: `Guest ${i}`,
			phone: null,
			email: null,
			travel_start: null,
			travel_end: null,
			travel_month: null,
			nights: 4,
			adults: 2,
			infants: null,
			budget: null,
			tier: null,
			islands_json: JSON.stringify([island]),
			message: null,
			package_id: null,
			builder_json: null,
			agent_id: agent,
			assignee_id: null,
			next_follow_up: null,
			lost_reason: null,
			merged_into_id: null,
			created_at: new Date(created).toISOString(),
			updated_at: new Date(created).toISOString(),
		})
		// One lead in four is sent a quote a few days later; every lead here becomes a booking (100,000 of each).
		let quoteId: string | null = null
		let sentAt = created
		if (i % 4 === 0) {
			const itineraryId = newId()
			quoteId = newId()
			sentAt = created + Math.floor(rand() * 6 * 86_400_000)
			itineraries.push({
				id: itineraryId,
				reference: `IT-${i}`,
				lead_id: leadId,
				title: 'Trip',
				origin: 'blank',
				origin_id: null,
				start_date: '2026-01-01',
				nights: 4,
				plan_json: '{}',
				price_json: null,
				total: null,
				archived_at: null,
				created_by: null,
				created_at: new Date(created).toISOString(),
				updated_at: new Date(created).toISOString(),
			})
			quotes.push({
				id: quoteId,
				itinerary_id: itineraryId,
				lead_id: leadId,
				version: 1,
				status: 'accepted',
				snapshot_json: '{}',
				total: 0,
				per_person: 0,
				valid_until: '2027-12-31',
				sent_at: new Date(sentAt).toISOString(),
				viewed_at: null,
				accepted_at: null,
				declined_at: null,
				superseded_by_id: null,
				created_by: null,
				created_at: new Date(sentAt).toISOString(),
				updated_at: new Date(sentAt).toISOString(),
			})
		}
		const booked = new Date(sentAt + Math.floor(rand() * 4 * 86_400_000)).toISOString()
		const status = pick(statuses)
		const bookingId = newId()
		const totalPaise = (20_000 + Math.floor(rand() * 80_000)) * 100
		const startDate = new Date(Date.parse(booked) + (10 + Math.floor(rand() * 80)) * 86_400_000).toISOString().slice(0, 10)
		bookings.push({
			id: bookingId,
			reference: `BK-${i}`,
			trip_token: newTripToken(),
			submission_key: null,
			quote_id: quoteId,
			package_id: quoteId ? null : pick(packageIds),
			lead_id: leadId,
			status,
			tier: 'standard',
			start_date: startDate,
			nights: 4,
			adults: 2,
			child_ages_json: '[]',
			infants: 0,
			rooms: 1,
			title: 'Trip',
			price_json: '{}',
			total: totalPaise,
			advance_due: 0,
			contact_name: 'Guest',
			contact_phone: '+919800000001',
			contact_email: null,
			special_requests: null,
			cancel_reason: null,
			cancellation_fee: status === 'cancelled' ? Math.round(totalPaise / 4) : null,
			refund_due: status === 'cancelled' ? Math.round(totalPaise / 2) : null,
			confirmed_at: null,
			cancelled_at: status === 'cancelled' ? new Date(Date.parse(booked) + 3 * 86_400_000).toISOString() : null,
			agent_id: agent,
			completed_at: null,
			cost: quoteId ? Math.round(totalPaise * 0.7) : null,
			created_month: indiaMonthOf(booked),
			lead_source: source,
			quote_days: quoteId ? Math.floor((Date.parse(booked) - sentAt) / 86_400_000) : null,
			islands: `,${island},`,
			created_at: booked,
			updated_at: booked,
		})
		// The lead's progress as lead-progress.server.ts keeps it: its first quote sent, the days to it, its booking's stage.
		Object.assign(leads[leads.length - 1]!, {
			first_quote_sent_at: quoteId ? new Date(sentAt).toISOString() : null,
			first_quote_days: quoteId ? Math.floor((sentAt - created) / 86_400_000) : null,
			booking_stage: status === 'cancelled' ? 0 : status === 'pending_payment' ? 1 : 2,
		})
		components.push({
			id: newId(),
			booking_id: bookingId,
			position: 1,
			kind: 'hotel',
			description: 'Hotel',
			island,
			start_date: startDate,
			end_date: null,
			time: null,
			supplier: null,
			supplier_status: 'pending',
			confirmation_number: null,
			notes: null,
			created_at: booked,
			updated_at: booked,
		})
		if (status !== 'pending_payment')
			payments.push({
				id: newId(),
				booking_id: bookingId,
				amount: Math.round(totalPaise * 0.3),
				method: 'upi',
				reference: `UPI${i}`,
				paid_on: booked.slice(0, 10),
				verified: 1,
				recorded_by: null,
				created_at: booked,
			})
	}
	await insertAll(db, 'leads', leads, 31)
	await insertAll(db, 'itineraries', itineraries, 15)
	await insertAll(db, 'quotes', quotes, 17)
	await insertAll(db, 'bookings', bookings, 37)
	await insertAll(db, 'booking_components', components, 15)
	await insertAll(db, 'payments', payments, 9)
	return { agentIds }
}
