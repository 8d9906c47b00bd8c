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
	/** The supplier it is booked with (docs/decisions/213-rate-rows-linked-to-their-supplier.md): components planned from it get that supplier. */
	supplier_id: Generated<string | null>
	updated_at: string
}
