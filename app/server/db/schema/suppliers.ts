/** Suppliers (docs/decisions/189-suppliers-and-their-terms.md): who we book with, how to reach and pay them, their payment terms. */
export interface SuppliersTable {
	id: string
	name: string
	/** hotel, activity, transport, ferry, guide, other */
	kind: string
	contact_person: string | null
	email: string | null
	whatsapp: string | null
	gstin: string | null
	pan: string | null
	bank_account_name: string | null
	bank_account_number: string | null
	bank_ifsc: string | null
	upi_id: string | null
	/** advance, before, credit */
	terms: string
	advance_percent: number
	terms_days: number
	notes: string | null
	archived_at: string | null
	search_text: string
	created_at: string
	updated_at: string
}
