/** Tickets bought outside the system: counters, portals, partners (docs/product.md Ferries). */
export interface OfflineTicketsTable {
	id: string
	reference: string
	submission_key: string | null
	status: string
	kind: string
	source: string
	operator: string | null
	vessel: string | null
	voyage: string | null
	route: string | null
	travel_date: string
	travel_time: string | null
	class: string | null
	quota: string | null
	pnr: string | null
	transaction_number: string | null
	cost: number
	sell: number
	payment_mode: string
	booking_id: string | null
	ferry_lead_id: string | null
	issued_by: string | null
	file: string | null
	file_mime: string | null
	file_name: string | null
	search_text: string
	created_at: string
	updated_at: string
}
