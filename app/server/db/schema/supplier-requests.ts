import type { Generated } from 'kysely'

/** A confirmation request sent to one supplier for some components of a booking (docs/decisions/190-supplier-confirmation-links.md). */
export interface SupplierRequestsTable {
	id: string
	/** The secret of the supplier's link (/supplier/{token}). */
	token: string
	booking_id: string
	supplier_id: string
	component_ids_json: string
	/** waiting, confirmed, declined, revoked */
	status: string
	/** The last India date the link answers. */
	expires_on: string
	emailed: number
	sent_by: string | null
	sent_by_label: string
	sent_at: string
	answered_at: string | null
	confirmation_number: string | null
	/** The supplier's reason or alternative when declining. */
	answer_note: string | null
	revoked_at: string | null
	/** When the one reminder went out (docs/decisions/198-chasing-and-amending-supplier-requests.md). */
	chased_at: string | null
	/** request or amendment */
	kind: Generated<string>
	/** An amendment's changes: [{ componentId, description, field, from, to }]. */
	changes_json: string | null
	/** The supplier's latest question, asked on the link instead of an answer (docs/decisions/210-suppliers-ask-a-question.md). */
	question: string | null
	question_at: string | null
}
