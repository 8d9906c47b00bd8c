import type { Generated } from 'kysely'

export interface PaymentsTable {
	id: string
	booking_id: string
	amount: number
	method: string
	reference: string
	paid_on: string
	verified: number
	recorded_by: string | null
	created_at: string
	/** staff, traveller (a UPI reference typed on the trip page) or gateway. */
	source: Generated<string>
	gateway: string | null
	gateway_payment_id: string | null
	gateway_order_id: string | null
	/** Why a person must look at it (e.g. the amount does not match the order). */
	flag: string | null
	/** A traveller's UPI reference staff could not match (docs/decisions/133-payment-reminders.md): never counted. */
	rejected_at: string | null
	rejected_reason: string | null
	rejected_by: string | null
}
