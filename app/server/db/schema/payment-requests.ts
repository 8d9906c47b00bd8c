export interface PaymentRequestsTable {
	id: string
	booking_id: string
	amount: number
	note: string | null
	submission_key: string | null
	created_by: string | null
	created_at: string
	paid_at: string | null
	/** The payment staff recorded when the traveller paid the link another way (cash, bank transfer). */
	payment_id: string | null
}
