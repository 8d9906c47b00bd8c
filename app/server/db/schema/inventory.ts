import type { Generated } from 'kysely'

/** How a hotel sells to us (docs/inventory.md); a hotel without a row sells on request. */
export interface HotelSaleTermsTable {
	hotel_id: string
	mode: string
	release_days: number
	updated_at: string
}

/** Contracted rooms per room type × night, and how many are sold against them. */
export interface RoomNightsTable {
	room_type_id: string
	night: string
	hotel_id: string
	allotment: number
	sold: Generated<number>
	/** Rooms held by sent quotes (docs/decisions/200-quotes-hold-and-take-rooms.md). */
	held: Generated<number>
	release_days: number | null
	min_stay: Generated<number>
	closed_to_arrival: Generated<number>
	updated_at: string
}

/** A stop-sale: a hotel (room_type_id null) or one room type not sold from first to last night. */
export interface StopSalesTable {
	id: string
	hotel_id: string
	room_type_id: string | null
	first_night: string
	last_night: string
	reason: string
	created_at: string
}

/** The rooms a booking took, per night, and on what basis. */
export interface RoomNightSalesTable {
	id: Generated<number>
	booking_id: string
	hotel_id: string
	room_type_id: string
	night: string
	rooms: number
	basis: string
	released_at: string | null
	created_at: string
}

/** Rooms a sent quote holds on one night of one room type, until `expires_on` (the quote's last valid day). */
export interface RoomNightHoldsTable {
	id: Generated<number>
	/** The staff quote holding the rooms, or null when an agency's quote does (exactly one of the two). */
	quote_id: string | null
	agent_quote_id: string | null
	hotel_id: string
	room_type_id: string
	night: string
	rooms: number
	expires_on: string
	released_at: string | null
	created_at: string
}
