export interface RoomTypesTable {
	id: string
	hotel_id: string
	name: string
	max_adults: number
	max_children: number
	extra_bed: number
	is_default: number
	created_at: string
	updated_at: string
}
