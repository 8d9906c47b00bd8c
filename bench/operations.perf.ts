/**
 * The operations day sheet (/admin/operations) on a peak day: 300 bookings in progress with about
 * 1,000 lines that day (pickups, ferries, activities, check-ins and check-outs), assignments and
 * resources, among 6,000 bookings over the season, on SQLite and PostgreSQL. Run by
 * `npm run bench -- operations` (bench/operations.mjs); writes its figures to $BENCH_OPERATIONS_OUT.
 */
import { test } from 'vitest'
import { addDays } from '~/lib/dates.ts'
import { formatReference, newId, newTripToken } from '~/lib/ids.ts'
import type { DB } from '~/server/db/client.server.ts'
import { daySheet } from '~/features/operations/server/operations.server.ts'
import { operationsPage } from '~/features/operations/server/operations-page.server.ts'
import { firstNames, insertInBatches, lastNames, measureOnEachDatabase, random, timed } from './bench-data.ts'

export const peakDay = '2027-01-20'
const seasonBookings = Number(process.env.BENCH_OPERATIONS_BOOKINGS ?? 6_000)
const peakBookings = 300

async function generate(db: DB) {
	const rand = random(11)
	const now = new Date().toISOString()
	const islands = ['port-blair', 'havelock', 'neil'] as const
	const bookings: Array<Record<string, unknown>> = []
	const components: Array<Record<string, unknown>> = []
	const flights: Array<Record<string, unknown>> = []
	const time = () => `${String(5 + Math.floor(rand() * 14)).padStart(2, '0')}:${String(Math.floor(rand() * 4) * 15).padStart(2, '0')}`
	for (let i = 0; i < seasonBookings; i++) {
		const id = newId()
		// The first 300 are on the island that day; the rest start over the season.
		const start = i < peakBookings ? addDays(peakDay, -Math.floor(rand() * 4)) : addDays('2026-10-01', Math.floor(rand() * 300))
		const name = `${firstNames[i % firstNames.length]} ${lastNames[(i * 7) % lastNames.length]}`
		bookings.push({
			id,
			reference: formatReference('BK', 2026, i + 1),
			trip_token: newTripToken(),
			submission_key: null,
			quote_id: null,
			package_id: null,
			lead_id: null,
			status: rand() < 0.1 ? 'cancelled' : 'confirmed',
			tier: 'standard',
			start_date: start,
			nights: 5,
			adults: 2,
			child_ages_json: '[]',
			infants: 0,
			rooms: 1,
			title: 'Havelock and Neil, 5 nights',
			price_json: '{}',
			total: 60_000_00,
			advance_due: 18_000_00,
			contact_name: name,
			contact_phone: '+919800000000',
			contact_email: null,
			special_requests: null,
			cancel_reason: null,
			cancellation_fee: null,
			refund_due: null,
			confirmed_at: now,
			cancelled_at: null,
			completed_at: null,
			created_month: '2026-09',
			created_at: now,
			updated_at: now,
		})
		let position = 0
		const add = (kind: string, description: string, island: string, date: string, end: string | null, at: string | null) =>
			components.push({
				id: newId(),
				booking_id: id,
				position: ++position,
				kind,
				description,
				island,
				start_date: date,
				end_date: end,
				time: at,
				supplier: kind === 'ferry' ? 'Makruzz' : null,
				supplier_status: rand() < 0.8 ? 'confirmed' : 'requested',
				confirmation_number: rand() < 0.8 ? `CNF-${i}-${position}` : null,
				notes: kind === 'transfer' ? 'Hotel lobby' : null,
				created_at: now,
				updated_at: now,
			})
		add('transfer', 'Arrival pickup: Veer Savarkar airport to the Port Blair hotel', 'port-blair', start, null, time())
		add('hotel', 'Hotel in Port Blair, 1 night', 'port-blair', start, addDays(start, 1), null)
		add('ferry', 'Ferry Port Blair → Havelock', 'port-blair', addDays(start, 1), null, time())
		add('transfer', 'Hotel to Haddo Wharf jetty', 'port-blair', addDays(start, 1), null, time())
		add('hotel', 'Hotel in Havelock, 2 nights', 'havelock', addDays(start, 1), addDays(start, 3), null)
		add('activity', 'Scuba diving at Havelock', 'havelock', addDays(start, 2), null, time())
		add('ferry', 'Ferry Havelock → Neil', 'havelock', addDays(start, 3), null, time())
		add('hotel', 'Hotel in Neil, 1 night', 'neil', addDays(start, 3), addDays(start, 4), null)
		add('activity', 'Natural bridge walk', islands[2], addDays(start, 3), null, time())
		add('ferry', 'Ferry Neil → Port Blair', 'neil', addDays(start, 4), null, time())
		add('hotel', 'Hotel in Port Blair, 1 night', 'port-blair', addDays(start, 4), addDays(start, 5), null)
		add('transfer', 'Departure drop: hotel to Veer Savarkar airport', 'port-blair', addDays(start, 5), null, time())
		if (rand() < 0.7)
			flights.push({
				booking_id: id,
				arrival_flight: '6E 231',
				arrival_date: start,
				arrival_time: '10:05',
				departure_flight: '6E 232',
				departure_date: addDays(start, 5),
				departure_time: '11:05',
				revision: 1,
				updated_by: 'staff',
				updated_at: now,
			})
	}
	await insertInBatches(db, 'bookings', bookings)
	await insertInBatches(db, 'booking_components', components)
	await insertInBatches(db, 'booking_flights', flights)
	const resources = Array.from({ length: 60 }, (_, i) => ({
		id: newId(),
		kind: ['driver', 'vehicle', 'guide'][i % 3]!,
		island: islands[i % 3]!,
		name: `Resource ${i}`,
		phone: '9800000000',
		languages: 'Hindi',
		seats: i % 3 === 1 ? 6 : null,
		plate: null,
		archived_at: null,
		created_at: now,
		updated_at: now,
	}))
	await insertInBatches(db, 'ops_resources', resources)
	// Half the day's movable lines assigned.
	const sheet = await daySheet(db, peakDay)
	const lines = sheet.groups.flatMap((group) => group.lines).filter((line) => line.kind !== 'check-in' && line.kind !== 'check-out')
	await insertInBatches(
		db,
		'ops_assignments',
		lines
			.filter((_, i) => i % 2 === 0)
			.map((line, i) => ({
				component_id: line.componentId,
				booking_id: line.bookingId,
				date: peakDay,
				driver_id: resources[(i * 3) % 60]!.id,
				vehicle_id: resources[(i * 3 + 1) % 60]!.id,
				guide_id: null,
				revision: 1,
				updated_by: 'bench',
				updated_at: now,
			})),
	)
	return { counts: { bookings: bookings.length, components: components.length, peakLines: sheet.lineCount } }
}

test('the operations day sheet on a peak day', { timeout: 1_800_000 }, async () => {
	await measureOnEachDatabase(
		'operations',
		'BENCH_OPERATIONS_OUT',
		async (bench) => generate(bench.db),
		async ({ db, serverCpuMs }) => {
			const results = []
			for (const scenario of [
				{ name: 'whole page, every island and kind', query: { date: peakDay, island: null, kind: null } },
				{ name: 'whole page, Havelock', query: { date: peakDay, island: 'havelock', kind: null } },
				{ name: 'whole page, ferries', query: { date: peakDay, island: null, kind: 'ferries' as const } },
			]) {
				const { last, ...times } = await timed(() => operationsPage(db, scenario.query), serverCpuMs)
				results.push({ scenario: scenario.name, matched: last.lineCount, ...times })
			}
			return results
		},
	)
})
