import type { LeadStatus } from './lead.ts'

/** Why a lead was lost (docs/product.md). Required when a lead moves to lost. */
export const lostReasons = ['price', 'no_response', 'booked_elsewhere', 'dates_changed', 'duplicate', 'spam', 'not_serviceable'] as const
export type LostReason = (typeof lostReasons)[number]

export const lostReasonLabels: Record<LostReason, string> = {
	price: 'Price too high',
	no_response: 'No response',
	booked_elsewhere: 'Booked elsewhere',
	dates_changed: 'Dates changed or trip cancelled',
	duplicate: 'Duplicate enquiry',
	spam: 'Spam',
	not_serviceable: 'Not something we can serve',
}

export const statusLabels: Record<LeadStatus, string> = {
	new: 'New',
	contacted: 'Contacted',
	quoted: 'Quoted',
	on_hold: 'On hold',
	won: 'Won',
	lost: 'Lost',
}

/**
 * The lead pipeline: new → contacted → quoted → on_hold → won | lost.
 * A lead can be lost from any open state (spam and duplicates are lost while
 * still new), won once it has been talked to, and a lost lead can be reopened
 * as contacted when the traveller comes back. Won is final: the booking
 * carries the story from there.
 */
export const leadTransitions: Record<LeadStatus, readonly LeadStatus[]> = {
	new: ['contacted', 'quoted', 'on_hold', 'lost'],
	contacted: ['quoted', 'on_hold', 'won', 'lost'],
	quoted: ['on_hold', 'won', 'lost'],
	on_hold: ['contacted', 'quoted', 'won', 'lost'],
	won: [],
	lost: ['contacted'],
}

export function canTransition(from: LeadStatus, to: LeadStatus): boolean {
	return leadTransitions[from].includes(to)
}

export type TransitionResult = { ok: true; status: LeadStatus; lostReason: LostReason | null } | { ok: false; error: string }

/**
 * Decides a status change. Moving to lost needs a reason; leaving lost clears
 * it. Returns the new status and lost reason, or a message saying why not.
 */
export function transitionLead(from: LeadStatus, to: LeadStatus, lostReason?: string | null): TransitionResult {
	if (from === to) return { ok: false, error: `The lead is already ${statusLabels[to].toLowerCase()}.` }
	if (!canTransition(from, to)) {
		const allowed = leadTransitions[from].map((status) => statusLabels[status].toLowerCase())
		return {
			ok: false,
			error: allowed.length
				? `A ${statusLabels[from].toLowerCase()} lead cannot become ${statusLabels[to].toLowerCase()}. It can become ${allowed.join(', ')}.`
				: `A ${statusLabels[from].toLowerCase()} lead is final and cannot change status.`,
		}
	}
	if (to === 'lost') {
		if (!lostReason || !(lostReasons as readonly string[]).includes(lostReason)) return { ok: false, error: 'Choose why the lead was lost.' }
		return { ok: true, status: to, lostReason: lostReason as LostReason }
	}
	return { ok: true, status: to, lostReason: null }
}
