export interface ReviewsTable {
	id: string
	name: string
	city: string | null
	trip: string
	package_id: string | null
	rating: number
	title: string
	body: string
	travelled_on: string
	published: number
	created_at: string
}
