import type { Generated } from 'kysely'

/** An agency's top-up paid through the gateway (docs/decisions/233-agent-quote-credit-holds-and-online-top-ups.md). Paise. */
export interface AgentTopUpsTable {
	id: string
	agent_id: string
	gateway: string
	gateway_order_id: string
	amount: number
	/** created | paid | failed */
	status: Generated<string>
	gateway_payment_id: string | null
	created_by: string | null
	created_at: string
	updated_at: string
}
