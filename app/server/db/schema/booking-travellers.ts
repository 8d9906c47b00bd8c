/** The travellers named on a booking. */
export interface BookingTravellersTable extends TravellerColumns {
	id: string
	booking_id: string
}

/** One person's travel-document details, in the order they were entered; ferry passengers have the same. */
export interface TravellerColumns {
	position: number
	name: string
	age: number
	gender: string
	nationality: string
	id_type: string
	id_number: string
	passport_expiry: string | null
}
