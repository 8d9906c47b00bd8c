import type { Kysely } from 'kysely'
import type { BookingFilter } from '~/features/bookings/domain/booking.ts'
import { openLeadStatuses } from '~/features/leads/server/desk.server.ts'
import { balanceDueDate } from '~/features/bookings/domain/rules.ts'
import { formatTravelDate, todayInIndia } from '~/lib/dates.ts'
import { overdueBalances } from './dashboard.server.ts'
import { plural } from '~/lib/words.ts'
import type { Database } from '~/server/db/schema.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'
import { unconfirmedInReleaseWindow } from '~/features/inventory/server/contract.server.ts'

/** How many of each queue's oldest items the dashboard lists; the queue's link opens the rest. */
export const queueItemsShown = 5

export const workQueueIds = ['cancellations', 'upi', 'suppliers', 'suppliers-chased', 'release-window', 'overdue', 'follow-ups', 'reviews'] as const
export type WorkQueueId = (typeof workQueueIds)[number]

/** One thing to do: what it is, since when it has waited (a travel date, or a timestamp), and where to do it. */
export type WorkItem = { label: string; detail: string; amount?: number; since: string; sinceIsDate: boolean; to: string }
export type WorkQueue = { id: WorkQueueId; title: string; empty: string; count: number; to: string; items: WorkItem[] }

const bookingPage = (id: string) => `/admin/pending/${id}`
const bookingList = (filter: BookingFilter) => `/admin/pending?filter=${filter}`

/** Open bookings: a request or a claim on a cancelled or completed one is no longer work. */
const openBookingStatuses = ['pending_payment', 'confirmed']

/**
 * The dashboard's work queues (docs/decisions/182-dashboard-work-queues.md): cancellation requests,
 * UPI references travellers typed that nobody has verified or rejected, confirmed bookings with
 * supplier confirmations still to get, supplier requests chased and still unanswered, hotel stays
 * inside their release period still unconfirmed (ADR 201), balances overdue, follow-ups due and
 * travellers' reviews waiting to be published or hidden (ADR 206). Each has its count, its
 * oldest few items first, and a link to the whole list. Two queries per queue on indexed columns.
 */
export async function workQueues(db: Kysely<Database>, today = todayInIndia()): Promise<WorkQueue[]> {
	const dueDays = (await getSettings(db)).bookingRules.balanceDueDaysBeforeStart
	const cancellations = db
		.selectFrom('cancellation_requests')
		.innerJoin('bookings', 'bookings.id', 'cancellation_requests.booking_id')
		.where('bookings.status', 'in', openBookingStatuses)
	const upi = db
		.selectFrom('payments')
		.innerJoin('bookings', 'bookings.id', 'payments.booking_id')
		.where('payments.source', '=', 'traveller')
		.where('payments.verified', '=', 0)
		.where('payments.rejected_at', 'is', null)
		.where('bookings.status', 'in', openBookingStatuses)
	const suppliers = db
		.selectFrom('bookings')
		.innerJoin(
			(eb) =>
				eb
					.selectFrom('booking_components')
					.select(['booking_id', (e) => e.fn.countAll<number>().as('open')])
					.where('supplier_status', '!=', 'confirmed')
					.groupBy('booking_id')
					.as('c'),
			(join) => join.onRef('c.booking_id', '=', 'bookings.id'),
		)
		.where('bookings.status', '=', 'confirmed')
	// Requests chased once and still unanswered (docs/decisions/198-chasing-and-amending-supplier-requests.md).
	const chased = db
		.selectFrom('supplier_requests')
		.innerJoin('bookings', 'bookings.id', 'supplier_requests.booking_id')
		.innerJoin('suppliers', 'suppliers.id', 'supplier_requests.supplier_id')
		.where('supplier_requests.status', '=', 'waiting')
		.where('supplier_requests.chased_at', 'is not', null)
		.where('supplier_requests.expires_on', '>=', today)
		.where('bookings.status', 'in', openBookingStatuses)
	const overdue = overdueBalances(db, today, dueDays)
	const reviews = db.selectFrom('reviews').leftJoin('bookings', 'bookings.id', 'reviews.booking_id').where('reviews.status', '=', 'waiting')
	const followUps = db.selectFrom('leads').where('next_follow_up', '<=', today).where('status', 'in', openLeadStatuses).where('merged_into_id', 'is', null)
	const [
		cancellationRows,
		cancellationCount,
		upiRows,
		upiCount,
		supplierRows,
		supplierCount,
		chasedRows,
		chasedCount,
		overdueRows,
		overdueCount,
		followUpRows,
		followUpCount,
		releaseWindow,
		reviewRows,
		reviewCount,
	] = await Promise.all([
		cancellations
			.select([
				'bookings.id',
				'bookings.reference',
				'bookings.contact_name as name',
				'cancellation_requests.created_at as since',
				'cancellation_requests.reason',
			])
			.orderBy('cancellation_requests.created_at')
			.orderBy('bookings.id')
			.limit(queueItemsShown)
			.execute(),
		cancellations.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
		upi
			.select([
				'bookings.id',
				'bookings.reference',
				'bookings.contact_name as name',
				'payments.created_at as since',
				'payments.amount',
				'payments.reference as upiReference',
			])
			.orderBy('payments.created_at')
			.orderBy('payments.id')
			.limit(queueItemsShown)
			.execute(),
		upi.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
		suppliers
			.select([
				'bookings.id',
				'bookings.reference',
				'bookings.contact_name as name',
				'bookings.confirmed_at as since',
				'bookings.created_at as createdAt',
				'c.open',
			])
			.orderBy('bookings.confirmed_at')
			.orderBy('bookings.id')
			.limit(queueItemsShown)
			.execute(),
		suppliers.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
		chased
			.select([
				'bookings.id',
				'bookings.reference',
				'suppliers.name as supplier',
				'supplier_requests.sent_at as since',
				'supplier_requests.chased_at as chasedAt',
			])
			.orderBy('supplier_requests.sent_at')
			.orderBy('supplier_requests.id')
			.limit(queueItemsShown)
			.execute(),
		chased.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
		overdue
			.select([
				'bookings.id',
				'bookings.reference',
				'bookings.contact_name as name',
				'bookings.start_date as startDate',
				'bookings.created_at as createdAt',
				(eb) => eb('bookings.total', '-', eb.fn.coalesce('p.paid', eb.lit(0))).as('owed'),
			])
			.orderBy('bookings.start_date')
			.orderBy('bookings.id')
			.limit(queueItemsShown)
			.execute(),
		overdue.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
		followUps.select(['id', 'reference', 'name', 'next_follow_up as since']).orderBy('next_follow_up').orderBy('id').limit(queueItemsShown).execute(),
		followUps.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
		unconfirmedInReleaseWindow(db, today, queueItemsShown),
		reviews
			.select(['reviews.id', 'reviews.name', 'reviews.rating', 'reviews.created_at as since', 'bookings.reference'])
			.orderBy('reviews.created_at')
			.orderBy('reviews.id')
			.limit(queueItemsShown)
			.execute(),
		reviews.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
	])
	return [
		{
			id: 'cancellations',
			title: 'Cancellation requests',
			empty: 'No traveller has asked to cancel.',
			count: Number(cancellationCount.n),
			to: bookingList('cancellation-requests'),
			items: cancellationRows.map((row) => ({
				label: `${row.reference} · ${row.name}`,
				detail: row.reason,
				since: row.since,
				sinceIsDate: false,
				to: bookingPage(row.id),
			})),
		},
		{
			id: 'upi',
			title: 'UPI references to verify',
			empty: 'No UPI reference is waiting.',
			count: Number(upiCount.n),
			to: bookingList('upi-to-verify'),
			items: upiRows.map((row) => ({
				label: `${row.reference} · ${row.name}`,
				detail: `UPI ${row.upiReference}`,
				amount: Number(row.amount),
				since: row.since,
				sinceIsDate: false,
				to: bookingPage(row.id),
			})),
		},
		{
			id: 'suppliers',
			title: 'Supplier confirmations pending',
			empty: 'Every confirmed booking has its suppliers confirmed.',
			count: Number(supplierCount.n),
			to: bookingList('suppliers-pending'),
			items: supplierRows.map((row) => ({
				label: `${row.reference} · ${row.name}`,
				detail: `${plural(Number(row.open), 'component')} to confirm`,
				since: row.since ?? row.createdAt,
				sinceIsDate: false,
				to: bookingPage(row.id),
			})),
		},
		{
			id: 'suppliers-chased',
			title: 'Suppliers not answering',
			empty: 'Every supplier reminded has answered.',
			count: Number(chasedCount.n),
			to: bookingList('suppliers-unanswered'),
			items: chasedRows.map((row) => ({
				label: `${row.reference} · ${row.supplier}`,
				detail: 'no answer after a reminder: call them',
				since: row.since,
				sinceIsDate: false,
				to: `${bookingPage(row.id)}#suppliers-heading`,
			})),
		},
		{
			id: 'release-window',
			title: 'Rooms in the release window, unconfirmed',
			empty: 'No unconfirmed stay is inside its hotel’s release period.',
			count: releaseWindow.count,
			to: '/admin/inventory#release-window',
			items: releaseWindow.stays.map((stay) => ({
				label: `${stay.reference} · ${stay.name}`,
				detail: `${stay.hotelName} from ${formatTravelDate(stay.arrival)}: ${stay.why}`,
				since: stay.releasedOn,
				sinceIsDate: true,
				to: bookingPage(stay.bookingId),
			})),
		},
		{
			id: 'overdue',
			title: 'Balances overdue',
			empty: 'No balance is overdue.',
			count: Number(overdueCount.n),
			to: bookingList('overdue'),
			items: overdueRows.map((row) => ({
				label: `${row.reference} · ${row.name}`,
				detail: 'balance due',
				amount: Number(row.owed),
				since: balanceDueDate(row.startDate, todayInIndia(new Date(row.createdAt)), dueDays),
				sinceIsDate: true,
				to: bookingPage(row.id),
			})),
		},
		{
			id: 'follow-ups',
			title: 'Follow-ups due',
			empty: 'No follow-up is due.',
			count: Number(followUpCount.n),
			to: '/admin/leads?followUp=due',
			items: followUpRows.map((row) => ({
				label: `${row.reference} · ${row.name}`,
				detail: 'follow-up due',
				since: row.since!,
				sinceIsDate: true,
				to: `/admin/leads/${row.id}`,
			})),
		},
		{
			id: 'reviews',
			title: 'Reviews to publish or hide',
			empty: 'No traveller’s review is waiting.',
			count: Number(reviewCount.n),
			to: '/admin/reviews?status=waiting',
			items: reviewRows.map((row) => ({
				label: `${row.reference ?? 'review'} · ${row.name}`,
				detail: `${row.rating} of 5 stars`,
				since: row.since,
				sinceIsDate: false,
				to: '/admin/reviews?status=waiting',
			})),
		},
	]
}
