export interface BookingComponentsTable {
	id: string
	booking_id: string
	position: number
	kind: string
	description: string
	island: string | null
	start_date: string | null
	end_date: string | null
	time: string | null
	supplier: string | null
	supplier_status: string
	confirmation_number: string | null
	notes: string | null
	created_at: string
	updated_at: string
}
