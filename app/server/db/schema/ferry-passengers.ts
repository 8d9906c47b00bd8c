import type { Generated } from 'kysely'
import type { TravellerColumns } from './booking-travellers.ts'

/** Passengers of a ferry booking or of an offline ticket (one of the two ids is set). */
export interface FerryPassengersTable extends TravellerColumns {
	id: string
	ferry_booking_id: string | null
	offline_ticket_id: string | null
	/** A foreign national's passport country (live tickets ask for it). */
	country: Generated<string | null>
}
