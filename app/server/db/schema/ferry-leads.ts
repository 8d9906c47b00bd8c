/** Ferry-only enquiries (docs/product.md Ferries). Legs are JSON text; `routes` is ",from>to," for a portable LIKE. */
export interface FerryLeadsTable {
	id: string
	reference: string
	submission_key: string | null
	lead_id: string | null
	status: string
	trip_type: string
	legs_json: string
	first_date: string
	routes: string
	adults: number
	infants: number
	indians: number
	foreigners: number
	name: string
	phone: string
	email: string | null
	message: string | null
	fare_quoted: number | null
	quote_note: string | null
	search_text: string
	created_at: string
	updated_at: string
}
