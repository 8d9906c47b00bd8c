import type { Generated } from 'kysely'

/** Every movement of an agency's account (docs/decisions/224-agent-credit-accounting-and-atomicity.md). Paise. */
export interface AgentLedgerTable {
	id: Generated<number>
	agent_id: string
	/** top_up | payment | booking | release */
	kind: string
	amount: number
	booking_id: string | null
	/** On a booking entry: what the agency earns from us (sell − net) and its markup to the client. */
	commission: Generated<number>
	markup: Generated<number>
	note: string | null
	submission_key: string | null
	created_by: string | null
	created_at: string
}
