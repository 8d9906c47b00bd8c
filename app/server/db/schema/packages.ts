export interface PackagesTable {
	id: string
	slug: string
	title: string
	category: string
	status: string
	featured: number
	summary: string
	total_nights: number
	/** Delimited ",havelock,neil," so an island filter is one portable LIKE. */
	islands: string
	stays_json: string
	days_json: string
	highlights_json: string
	inclusions_json: string
	exclusions_json: string
	images_json: string
	faqs_json: string
	seo_title: string | null
	seo_description: string | null
	price_standard: number | null
	price_deluxe: number | null
	price_premium: number | null
	/** Not shown as a package tier yet; computed with the others. */
	price_luxury: number | null
	/** The travel date the tier prices were computed for (docs/decisions/022-package-prices-from-rates.md). */
	prices_as_of: string | null
	created_by: string | null
	created_at: string
	updated_at: string
}
