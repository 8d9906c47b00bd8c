export interface CancellationRequestsTable {
	booking_id: string
	reason: string
	quoted_fee: number
	quoted_refund: number
	created_at: string
}
