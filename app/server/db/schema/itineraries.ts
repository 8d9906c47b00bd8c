import type { Generated } from 'kysely'

/** A working day-by-day plan priced by the engine (/admin/create-itinerary). */
export interface ItinerariesTable {
	id: string
	reference: string
	lead_id: string | null
	title: string
	origin: string
	origin_id: string | null
	start_date: string
	nights: number
	plan_json: string
	price_json: string | null
	total: number | null
	revision: Generated<number>
	archived_at: string | null
	created_by: string | null
	created_at: string
	updated_at: string
}
