import type { Generated } from 'kysely'

/** An agency's quote to its client, held until `expires_at` (docs/decisions/230-agent-quotes-held-and-accepted-by-the-client.md). Paise. */
export interface AgentQuotesTable {
	id: string
	agent_id: string
	params_json: string
	title: string
	start_date: string
	nights: number
	adults: number
	net: number
	markup: number
	client: number
	commission: number
	client_name: string
	client_phone: string
	/** held | accepted | withdrawn */
	status: Generated<string>
	expires_at: string
	booking_id: string | null
	accepted_at: string | null
	/** Paise of the agency's credit this quote holds (0: none) and held → converted | released (docs/decisions/233). */
	credit_hold: Generated<number>
	hold_state: Generated<string | null>
	/** 1 when a stay's allotment rooms could not be held at saving (they ran out): that stay is on request. */
	rooms_on_request: Generated<number>
	created_by: string | null
	created_at: string
}
