/** A frozen, versioned quote sent to a lead (/quote/{id}). */
export interface QuotesTable {
	id: string
	itinerary_id: string
	lead_id: string
	version: number
	status: string
	snapshot_json: string
	total: number
	per_person: number
	valid_until: string
	sent_at: string | null
	viewed_at: string | null
	accepted_at: string | null
	declined_at: string | null
	superseded_by_id: string | null
	created_by: string | null
	created_at: string
	updated_at: string
}
