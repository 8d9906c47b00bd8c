import type { Generated } from 'kysely'

export interface BookingsTable {
	id: string
	reference: string
	submission_key: string | null
	quote_id: string | null
	package_id: string | null
	lead_id: string | null
	status: string
	tier: string | null
	start_date: string
	nights: number
	adults: number
	child_ages_json: string
	infants: number
	rooms: number
	title: string
	price_json: string
	total: number
	advance_due: number
	contact_name: string
	contact_phone: string
	contact_email: string | null
	special_requests: string | null
	cancel_reason: string | null
	cancellation_fee: number | null
	refund_due: number | null
	confirmed_at: string | null
	cancelled_at: string | null
	/** The partner agency the booking came through (docs/decisions/052-agents-and-commission.md). */
	agent_id: Generated<string | null>
	completed_at: string | null
	/** Sold through a partner agency: its net price, its markup to its client and what it earns from us (sell − net), in paise (docs/decisions/223-agent-rate-rules-and-net-pricing.md). */
	agent_net: Generated<number | null>
	agent_markup: Generated<number | null>
	agent_commission: Generated<number | null>
	/** Booked by an agency on credit: new | on_credit | awaiting_approval | approved | refused | released (docs/decisions/224-agent-credit-accounting-and-atomicity.md). */
	agent_credit_state: Generated<string | null>
	/** The traveller's trip page is /trip/{trip_token} (docs/decisions/110-online-payments.md). */
	trip_token: string
	/** Supplier cost in paise, GST excluded, for margin; null when unknown (docs/decisions/118-reports-and-charts.md). */
	cost: Generated<number | null>
	/** The India month (YYYY-MM) of created_at, for the reports' month groups (app/features/reports/server/report-columns.server.ts). */
	created_month: string
	/** The lead's source, for the reports' source filter (kept by app/features/reports/server/report-columns.server.ts). */
	lead_source: Generated<string | null>
	/** Whole days from its quote being sent to the booking; null without a sent quote (kept for the reports). */
	quote_days: Generated<number | null>
	/** The islands of its components as ",havelock,neil," ('' before they are planned), for the reports' island filter. */
	islands: Generated<string>
	/** The channel the traveller chose for messages: whatsapp | sms | email (docs/decisions/208-message-consent.md). */
	message_channel: Generated<string>
	created_at: string
	updated_at: string
}
