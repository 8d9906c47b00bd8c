import type { Generated } from 'kysely'

export interface ReviewsTable {
	id: string
	name: string
	city: string | null
	trip: string
	package_id: string | null
	rating: number
	title: string
	body: string
	travelled_on: string
	/** 1 when the review shows on the site; kept with `status` (docs/decisions/206-verified-reviews.md). */
	published: number
	created_at: string
	/** The completed booking a verified review came from; null for the older reviews staff typed in. */
	booking_id: string | null
	/** The islands the trip visited, e.g. "Havelock and Neil". */
	islands: string | null
	/** waiting, published or hidden. */
	status: Generated<string>
	hidden_reason: string | null
	/** Library photo ids, in the traveller's order. */
	photos_json: Generated<string>
	moderated_by_label: string | null
	moderated_at: string | null
}

/** One review link per completed booking (docs/decisions/206-verified-reviews.md). */
export interface ReviewInvitationsTable {
	booking_id: string
	token: string
	created_at: string
	used_at: string | null
}
