import type { Generated } from 'kysely'

export interface FerryFaresTable {
	id: Generated<number>
	operator: string
	from_island: string
	to_island: string
	class: string
	adult_sell: number
	adult_cost: number
	child_sell: number | null
	child_cost: number | null
	infant_sell: number
	infant_cost: number
	departures_json: string
	active: Generated<number>
	updated_at: string
}
