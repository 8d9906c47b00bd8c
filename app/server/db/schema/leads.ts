import type { Generated } from 'kysely'

export interface LeadsTable {
	id: string
	reference: string
	submission_key: string | null
	source: string
	status: Generated<string>
	name: string
	phone: string | null
	email: string | null
	travel_start: string | null
	travel_end: string | null
	travel_month: string | null
	nights: number | null
	adults: number | null
	child_ages_json: Generated<string>
	infants: number | null
	budget: string | null
	tier: string | null
	islands_json: Generated<string>
	interests_json: Generated<string>
	message: string | null
	package_id: string | null
	builder_json: string | null
	agent_id: string | null
	assignee_id: string | null
	priority: Generated<string>
	next_follow_up: string | null
	lost_reason: string | null
	/** Lower-cased name, phone, email and reference: what the list's search matches. */
	search_text: Generated<string>
	/** Set when this lead was merged into another (a duplicate). */
	merged_into_id: string | null
	/** When the lead's first quote was sent (kept for the reports; app/features/reports/server/lead-progress.server.ts). */
	first_quote_sent_at: Generated<string | null>
	/** The lead's furthest booking: 0 none or cancelled, 1 booked, 2 confirmed or completed (kept for the reports). */
	booking_stage: Generated<number>
	/** Whole days from the lead to its first quote sent (kept with first_quote_sent_at). */
	first_quote_days: Generated<number | null>
	created_at: string
	updated_at: string
}
