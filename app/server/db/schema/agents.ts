/** Partner travel agencies (docs/product.md Agents). Commission in basis points (1000 = 10%). */
export interface AgentsTable {
	id: string
	company: string
	contact_person: string
	phone: string
	email: string | null
	city: string | null
	pan: string | null
	gstin: string | null
	commission_bp: number
	status: string
	notes: string | null
	search_text: string
	created_at: string
	updated_at: string
}
