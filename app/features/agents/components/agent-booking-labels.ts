/** How the agent area names a booking's credit state and status (the bookings list and the booking page, docs/decisions/224, 232). */
export const agentCreditLabels: Record<string, string> = {
	on_credit: 'On credit',
	awaiting_approval: 'Waiting for our confirmation',
	approved: 'Approved on credit',
	refused: 'Credit refused: pay to confirm',
	released: 'Credit released',
	new: 'Being checked',
	deciding: 'Being checked',
}
export const agentBookingStatusLabels: Record<string, string> = {
	pending_payment: 'Not confirmed',
	confirmed: 'Confirmed',
	completed: 'Completed',
	cancelled: 'Cancelled',
}

/** A quote as the agent's list reads it: held within its hold is open. */
export const agentQuoteStatusLabels: Record<string, string> = { held: 'Open', accepted: 'Accepted', expired: 'Expired', withdrawn: 'Withdrawn' }
