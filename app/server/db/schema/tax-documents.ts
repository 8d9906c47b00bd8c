/** GST tax invoices and credit notes: inserted once, never updated (docs/decisions/115-gst-tax-invoices.md). */
export interface TaxDocumentsTable {
	id: string
	kind: string
	number: string
	financial_year: number
	sequence: number
	booking_id: string
	invoice_id: string | null
	source_key: string | null
	issue_date: string
	buyer_name: string
	buyer_gstin: string | null
	place_of_supply: string
	tax_kind: string
	rate_basis_points: number
	taxable: number
	cgst: number
	sgst: number
	utgst: number
	igst: number
	total: number
	snapshot_json: string
	issued_by: string | null
	issued_at: string
}
