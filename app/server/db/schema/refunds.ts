export interface RefundsTable {
	id: string
	booking_id: string
	payment_id: string | null
	amount: number
	method: string
	reference: string
	gateway: string | null
	gateway_refund_id: string | null
	status: string
	recorded_by: string | null
	created_at: string
	processed_at: string | null
}
