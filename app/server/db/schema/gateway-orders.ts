/** Online payments (docs/decisions/110-online-payments.md). Money in paise. */
export interface GatewayOrdersTable {
	id: string
	booking_id: string
	gateway: string
	gateway_order_id: string
	amount: number
	currency: string
	status: string
	payment_request_id: string | null
	last_error: string | null
	created_at: string
	updated_at: string
}
