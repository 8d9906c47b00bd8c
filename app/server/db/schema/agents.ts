import type { Generated } from 'kysely'

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
	/** commission (off our sell price, commission_bp) | margin (our cost plus margin_bp) (docs/decisions/223-agent-rate-rules-and-net-pricing.md). */
	rate_rule: Generated<string>
	margin_bp: Generated<number>
	/** Paise: the credit limit staff set, the wallet (top-ups and payments) and the credit in use (docs/decisions/224-agent-credit-accounting-and-atomicity.md). */
	credit_limit: Generated<number>
	wallet_balance: Generated<number>
	credit_used: Generated<number>
	/** Paise held by the agency's saved quotes (docs/decisions/233-agent-quote-credit-holds-and-online-top-ups.md). */
	credit_held: Generated<number>
	/** The agency's brand on its clients' quotes and vouchers (docs/decisions/225-agent-brand-on-client-documents.md). */
	brand_name: Generated<string | null>
	brand_logo_media_id: Generated<string | null>
	brand_address: Generated<string | null>
	brand_phone: Generated<string | null>
	brand_email: Generated<string | null>
	/** 1: our name is shown on the agency's client documents too. */
	brand_show_ours: Generated<number>
	/** Billed to on the agency's tax invoices (docs/decisions/232): its registered address and GST state code. */
	billing_address: Generated<string | null>
	state_code: Generated<string | null>
	created_at: string
	updated_at: string
}
