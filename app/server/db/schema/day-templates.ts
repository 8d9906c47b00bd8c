import type { Generated } from 'kysely'

/** Reusable days for itineraries (/admin/add-days). */
export interface DayTemplatesTable {
	id: string
	island: string
	title: string
	description: string
	activities_json: string
	/** Engine activity ids the day includes and a quote prices, JSON array. */
	priced_json: Generated<string>
	transfers_json: string
	ferry_json: string | null
	meals_json: string
	/** Delimited ",beach,snorkelling," so a tag filter is one portable LIKE. */
	tags: string
	position: number
	active: number
	archived_at: string | null
	created_at: string
	updated_at: string
}
