/** A plan saved for reuse (/admin/saved-packages). */
export interface SavedPackagesTable {
	id: string
	title: string
	summary: string
	nights: number
	islands: string
	search_text: string
	plan_json: string
	source_itinerary_id: string | null
	catalog_package_id: string | null
	archived_at: string | null
	created_by: string | null
	created_at: string
	updated_at: string
}
