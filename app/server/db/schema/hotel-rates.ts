import type { Generated } from 'kysely'

export interface HotelRatesTable {
	id: Generated<number>
	hotel_id: string
	room_type_id: string
	meal_plan: string
	season: string
	double_sell: number
	double_cost: number
	extra_adult_sell: number
	extra_adult_cost: number
	child_bed_sell: number
	child_bed_cost: number
	child_no_bed_sell: number
	child_no_bed_cost: number
	updated_at: string
}
