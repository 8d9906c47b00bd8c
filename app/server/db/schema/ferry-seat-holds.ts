import type { Generated } from 'kysely'

/** Live ferry seat holds and the seat claims that make them exclusive (docs/decisions/184-ferry-seat-holds-claimed-in-our-database.md). */
export interface FerrySeatHoldsTable {
	id: string
	operator: string
	sailing_key: string
	sailing_json: string
	class_code: string
	seats_json: string
	adults: number
	infants: number
	operator_total: number
	sell_total: number
	operator_hold_ref: string | null
	status: string
	expires_at: string
	/** The traveller's basket of legs: its first hold's id (a hold on its own is a basket of one; ADR 211). */
	basket_id: Generated<string | null>
	created_at: string
	updated_at: string
}

/** One row per seat a hold holds; its key is the seat, so one seat has one holder. */
export interface FerrySeatClaimsTable {
	operator: string
	sailing_key: string
	seat: string
	hold_id: string
	expires_at: string
}
