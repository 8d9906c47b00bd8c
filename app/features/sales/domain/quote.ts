/**
 * Quotes (docs/product.md Sales): an immutable, versioned snapshot of an itinerary
 * and its price sent to a lead. States: draft → sent → viewed → accepted |
 * declined | expired | superseded. A quote is accepted at most once.
 */
export const quoteStatuses = ['draft', 'sent', 'viewed', 'accepted', 'declined', 'expired', 'superseded'] as const
export type QuoteStatus = (typeof quoteStatuses)[number]

export const quoteStatusLabels: Record<QuoteStatus, string> = {
	draft: 'Draft',
	sent: 'Sent',
	viewed: 'Viewed',
	accepted: 'Accepted',
	declined: 'Declined',
	expired: 'Expired',
	superseded: 'Superseded',
}

/**
 * Who may move where. Sent and viewed quotes are open: the traveller can
 * accept or decline them, they lapse at the end of their validity, and a new
 * version replaces them. A viewed quote is not "unviewed". Accepted, declined,
 * expired and superseded are final (an accepted quote becomes a booking).
 */
export const quoteTransitions: Record<QuoteStatus, readonly QuoteStatus[]> = {
	draft: ['sent', 'superseded'],
	sent: ['viewed', 'accepted', 'declined', 'expired', 'superseded'],
	viewed: ['accepted', 'declined', 'expired', 'superseded'],
	accepted: [],
	declined: [],
	expired: [],
	superseded: [],
}

export function canTransitionQuote(from: QuoteStatus, to: QuoteStatus): boolean {
	return quoteTransitions[from].includes(to)
}

export type QuoteTransition = { ok: true; status: QuoteStatus } | { ok: false; error: string }

const finalMessages: Partial<Record<QuoteStatus, string>> = {
	accepted: 'This quote has already been accepted.',
	declined: 'This quote was declined. Ask your planner for a new one.',
	expired: 'This quote has expired. Ask your planner for a fresh quote with today’s prices.',
	superseded: 'This quote was replaced by a newer version. Open the newer version instead.',
}

export function transitionQuote(from: QuoteStatus, to: QuoteStatus): QuoteTransition {
	if (canTransitionQuote(from, to)) return { ok: true, status: to }
	if (from === to)
		return {
			ok: false,
			error: `The quote is already ${quoteStatusLabels[to].toLowerCase()}.`,
		}
	const final = finalMessages[from]
	if (final) return { ok: false, error: final }
	return {
		ok: false,
		error: `A ${quoteStatusLabels[from].toLowerCase()} quote cannot become ${quoteStatusLabels[to].toLowerCase()}.`,
	}
}

export function isQuoteStatus(value: string): value is QuoteStatus {
	return (quoteStatuses as readonly string[]).includes(value)
}

/** The last travel-validity day has passed (validity is inclusive, in India's calendar). */
export function isPastValidity(validUntil: string, today: string): boolean {
	return today > validUntil
}

/** The status the traveller sees today: an open quote past its validity is expired even before anything records it. */
export function effectiveQuoteStatus(status: QuoteStatus, validUntil: string, today: string): QuoteStatus {
	if ((status === 'sent' || status === 'viewed' || status === 'draft') && isPastValidity(validUntil, today)) return 'expired'
	return status
}

/** Whether "Accept and book" is offered (and honoured) today. An accepted quote stays bookable: the booking form may be submitted after acceptance. */
export function canAcceptQuote(status: QuoteStatus, validUntil: string, today: string): boolean {
	const effective = effectiveQuoteStatus(status, validUntil, today)
	return effective === 'sent' || effective === 'viewed'
}

/** Why a quote cannot be accepted, in words for the traveller; null when it can. */
export function acceptProblem(status: QuoteStatus, validUntil: string, today: string): string | null {
	const effective = effectiveQuoteStatus(status, validUntil, today)
	if (effective === 'sent' || effective === 'viewed') return null
	if (effective === 'draft') return 'This quote has not been sent yet.'
	return finalMessages[effective] ?? 'This quote cannot be accepted.'
}

/** The last day a quote sent today is valid: today plus the validity days from settings. */
export function quoteValidUntil(today: string, validityDays: number): string {
	const [y, m, d] = today.split('-').map(Number) as [number, number, number]
	return new Date(Date.UTC(y, m - 1, d + Math.max(0, validityDays))).toISOString().slice(0, 10)
}

/** The WhatsApp message staff send with a quote; the quote's link follows it. */
export function quoteWhatsAppGreeting(name: string | null, version: number): string {
	return `Hello${name ? ` ${name}` : ''}, here is your Andaman trip quote (version ${version}):`
}
