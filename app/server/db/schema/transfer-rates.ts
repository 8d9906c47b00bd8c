import type { Generated } from 'kysely'

export interface TransferRatesTable {
	id: Generated<number>
	island: string
	vehicle: string
	unit: string
	sell: number
	cost: number
	notes: string | null
	active: Generated<number>
	/** The supplier it is booked with (docs/decisions/213-rate-rows-linked-to-their-supplier.md): components planned from it get that supplier. */
	supplier_id: Generated<string | null>
	updated_at: string
}
