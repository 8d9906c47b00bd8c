import type { BookingStatus } from '~/features/bookings/domain/booking.ts'
import type { LeadStatus } from '~/features/leads/domain/lead.ts'
import type { VoucherStatus } from '~/features/bookings/domain/voucher.ts'
import { islandLabel } from '~/lib/islands.ts'
import type { Executor } from '~/server/db/client.server.ts'

/**
 * One record of the trip (docs/decisions/082-one-record-of-the-trip.md): the lead, itinerary,
 * quote, booking, vouchers and ferry bookings, found from either end. Nothing is copied: the
 * links are the foreign keys already stored (bookings.lead_id/quote_id, quotes.itinerary_id,
 * vouchers.booking_id, ferry_bookings.booking_id).
 */
export async function linksOfBooking(db: Executor, booking: { leadId: string | null; quoteId?: string | null; id: string }) {
	const [lead, quote, ferries] = await Promise.all([
		booking.leadId ? db.selectFrom('leads').select(['id', 'reference', 'name', 'status']).where('id', '=', booking.leadId).executeTakeFirst() : undefined,
		booking.quoteId
			? db
					.selectFrom('quotes')
					.innerJoin('itineraries', 'itineraries.id', 'quotes.itinerary_id')
					.select([
						'quotes.id',
						'quotes.version',
						'itineraries.id as itineraryId',
						'itineraries.reference as itineraryReference',
						'itineraries.title as itineraryTitle',
					])
					.where('quotes.id', '=', booking.quoteId)
					.executeTakeFirst()
			: undefined,
		ferryBookingsOf(db, [booking.id]),
	])
	return {
		lead: lead ? { id: lead.id, reference: lead.reference, name: lead.name, status: lead.status as LeadStatus } : null,
		quote: quote ? { id: quote.id, version: quote.version } : null,
		itinerary: quote ? { id: quote.itineraryId, reference: quote.itineraryReference, title: quote.itineraryTitle } : null,
		ferryBookings: ferries,
	}
}

async function ferryBookingsOf(db: Executor, bookingIds: string[]) {
	if (!bookingIds.length) return []
	const rows = await db
		.selectFrom('ferry_bookings')
		.select(['id', 'booking_id', 'reference', 'status', 'from_island', 'to_island', 'travel_date', 'pnr'])
		.where('booking_id', 'in', bookingIds)
		.orderBy('travel_date')
		.execute()
	return rows.map((row) => ({
		id: row.id,
		bookingId: row.booking_id,
		reference: row.reference,
		status: row.status,
		route: `${islandLabel(row.from_island)} → ${islandLabel(row.to_island)}`,
		date: row.travel_date,
		pnr: row.pnr,
	}))
}

/** A lead's bookings (newest first) with their vouchers and ferry bookings, for the lead page. */
export async function bookingsOfLead(db: Executor, leadId: string) {
	const bookings = await db
		.selectFrom('bookings')
		.select(['id', 'reference', 'status', 'start_date', 'nights', 'total', 'quote_id'])
		.where('lead_id', '=', leadId)
		.orderBy('created_at', 'desc')
		.execute()
	const ids = bookings.map((booking) => booking.id)
	const [vouchers, ferries] = await Promise.all([
		ids.length
			? db.selectFrom('vouchers').select(['id', 'booking_id', 'version', 'status']).where('booking_id', 'in', ids).orderBy('version', 'desc').execute()
			: Promise.resolve([]),
		ferryBookingsOf(db, ids),
	])
	return bookings.map((booking) => ({
		id: booking.id,
		reference: booking.reference,
		status: booking.status as BookingStatus,
		startDate: booking.start_date,
		nights: booking.nights,
		total: booking.total,
		quoteId: booking.quote_id,
		vouchers: vouchers
			.filter((voucher) => voucher.booking_id === booking.id)
			.map((voucher) => ({ id: voucher.id, version: voucher.version, status: voucher.status as VoucherStatus })),
		ferryBookings: ferries.filter((ferry) => ferry.bookingId === booking.id),
	}))
}

/** The booking made from each quote, for the itinerary and lead pages' quote lists. */
export async function bookingsOfQuotes(db: Executor, quoteIds: string[]) {
	if (!quoteIds.length) return new Map<string, { id: string; reference: string; status: BookingStatus }>()
	const rows = await db.selectFrom('bookings').select(['id', 'reference', 'status', 'quote_id']).where('quote_id', 'in', quoteIds).execute()
	return new Map(rows.map((row) => [row.quote_id!, { id: row.id, reference: row.reference, status: row.status as BookingStatus }]))
}
