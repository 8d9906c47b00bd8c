import type { Generated } from 'kysely'

export interface ActivityPricesTable {
	id: Generated<number>
	activity: string
	location: string
	provider: string | null
	season: string
	unit: string
	group_size: number | null
	adult_sell: number
	adult_cost: number
	child_sell: number
	child_cost: number
	duration: string | null
	/** The youngest age that may take part (null: no limit), shown in the builder and checked against the party's children. */
	min_age: number | null
	notes: string | null
	active: Generated<number>
	/** The supplier it is booked with (docs/decisions/213-rate-rows-linked-to-their-supplier.md): components planned from it get that supplier. */
	supplier_id: Generated<string | null>
	updated_at: string
}
