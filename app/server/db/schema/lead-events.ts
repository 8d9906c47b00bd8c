/** A lead's timeline: notes, calls, WhatsApp messages, emails and the changes staff made. */
export interface LeadEventsTable {
	id: string
	lead_id: string
	kind: string
	body: string
	meta_json: string | null
	actor_id: string | null
	actor_label: string
	at: string
}
