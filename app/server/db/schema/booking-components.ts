export interface BookingComponentsTable {
	id: string
	booking_id: string
	position: number
	kind: string
	description: string
	island: string | null
	start_date: string | null
	end_date: string | null
	time: string | null
	supplier: string | null
	supplier_status: string
	confirmation_number: string | null
	notes: string | null
	/** The supplier record it is booked with (docs/decisions/189-suppliers-and-their-terms.md). */
	supplier_id: string | null
	/** What it costs us, in paise, when known. */
	planned_cost: number | null
	/** The supplier's invoice for it (paise), which replaces the planned cost in what we owe (docs/decisions/197-supplier-payables.md). */
	invoice_amount: number | null
	invoice_reference: string | null
	created_at: string
	updated_at: string
}
