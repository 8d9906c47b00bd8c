import type { Generated } from 'kysely'

/** One sailing booked with an operator. Fare breakdown JSON in paise; the ticket file is a path under STORAGE_DIR. */
export interface FerryBookingsTable {
	id: string
	reference: string
	ferry_lead_id: string | null
	leg_index: number | null
	booking_id: string | null
	status: string
	operator: string
	vessel: string | null
	from_island: string
	to_island: string
	travel_date: string
	departure_time: string | null
	class: string
	pnr: string | null
	fare_json: string
	total: number
	contact_name: string
	contact_phone: string
	ticket_file: string | null
	ticket_mime: string | null
	ticket_name: string | null
	search_text: string
	/** Live tickets (ADR 203): the seat hold it was made from, the key it is booked with at the operator, where ticketing stands, the operator's last refusal, its cancellation fee. */
	hold_id: Generated<string | null>
	idempotency_key: Generated<string | null>
	live_state: Generated<string | null>
	live_error: Generated<string | null>
	cancel_fee: Generated<number | null>
	/** A refused leg of a paid basket: when its price came off the trip booking and was refunded (ADR 211). */
	taken_off_at: Generated<string | null>
	created_at: string
	updated_at: string
}
