/** A payment to a supplier towards one booking's components with them (docs/decisions/197-supplier-payables.md). */
export interface SupplierPaymentsTable {
	id: string
	supplier_id: string
	booking_id: string
	/** Paise. */
	amount: number
	/** bank, upi, cash, cheque */
	method: string
	reference: string
	paid_on: string
	note: string | null
	/** What was still owed for the booking when it was recorded; a payment above it needed an owner's confirmation. */
	owed_before: number
	recorded_by: string | null
	recorded_by_label: string
	created_at: string
}
