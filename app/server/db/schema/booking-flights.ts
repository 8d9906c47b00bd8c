import type { Generated } from 'kysely'

/** A booking's flights into and out of Port Blair, for the operations day sheet (docs/decisions/192-the-day-sheet-from-booking-components-and-flights.md). */
export interface BookingFlightsTable {
	booking_id: string
	arrival_flight: string | null
	arrival_date: string | null
	/** HH:MM, India time. */
	arrival_time: string | null
	departure_flight: string | null
	departure_date: string | null
	departure_time: string | null
	/** Counts saves: a save from an older form is refused. */
	revision: Generated<number>
	/** 'staff' or 'traveller'. */
	updated_by: string
	updated_at: string
}
