import type { Generated } from 'kysely'

/** A frozen, versioned quote sent to a lead (/quote/{id}). */
export interface QuotesTable {
	id: string
	itinerary_id: string
	lead_id: string
	version: number
	status: string
	snapshot_json: string
	total: number
	per_person: number
	valid_until: string
	sent_at: string | null
	viewed_at: string | null
	accepted_at: string | null
	declined_at: string | null
	superseded_by_id: string | null
	created_by: string | null
	/** The partner agency that priced and sent the quote under its brand. */
	agent_id: Generated<string | null>
	/** Sold through a partner agency: its net price, its markup to its client and what it earns from us (sell − net), in paise (docs/decisions/223-agent-rate-rules-and-net-pricing.md). */
	agent_net: Generated<number | null>
	agent_markup: Generated<number | null>
	agent_commission: Generated<number | null>
	created_at: string
	updated_at: string
}
