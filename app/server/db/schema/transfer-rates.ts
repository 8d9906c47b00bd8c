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
	updated_at: string
}
