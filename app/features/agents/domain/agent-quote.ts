/**
 * An agency's quote to its own client (docs/decisions/230-agent-quotes-held-and-accepted-by-the-client.md):
 * held for a set time, then it cannot be accepted; the client sees the agency's brand and its own price only.
 */
import { formatTimestamp } from '~/lib/dates.ts'

/** How long a quote holds its price for the client: 72 hours from when the agent saves it. */
export const agentQuoteHoldHours = 72

export function agentQuoteExpiry(now: Date): string {
	return new Date(now.getTime() + agentQuoteHoldHours * 3_600_000).toISOString()
}

export type AgentQuoteStatus = 'held' | 'accepted' | 'expired' | 'withdrawn'

/** A held quote past its expiry reads as expired; an accepted one stays accepted, a withdrawn one withdrawn. */
export function agentQuoteStatus(row: { status: string; expires_at: string }, now: Date): AgentQuoteStatus {
	if (row.status === 'accepted') return 'accepted'
	if (row.status === 'withdrawn') return 'withdrawn'
	return new Date(row.expires_at).getTime() <= now.getTime() ? 'expired' : 'held'
}

export type AgencyBrandRow = {
	company: string
	brand_name: string | null
	brand_logo_media_id: string | null
	brand_address: string | null
	brand_phone: string | null
	brand_email: string | null
	brand_show_ours: number
}

export type ClientBrand = { name: string; logoMediaId: string | null; address: string | null; phone: string | null; email: string | null; ours: string | null }

/** What the agency's client sees as the sender: the agency's brand (its company name when it set none), ours only when it chose to show it. */
export function clientBrandOf(agency: AgencyBrandRow, ourName: string): ClientBrand {
	return {
		name: agency.brand_name?.trim() || agency.company,
		logoMediaId: agency.brand_logo_media_id,
		address: agency.brand_address,
		phone: agency.brand_phone,
		email: agency.brand_email,
		ours: Number(agency.brand_show_ours) === 1 ? ourName : null,
	}
}

/** Where the quote stands, in the client's words (its page and its PDF say the same). */
export function clientQuoteStanding(quote: {
	status: AgentQuoteStatus
	expiresAt: string
	booking: { reference: string; confirmed: boolean } | null
	brand: { name: string }
}): string {
	if (quote.status === 'held') return `This price is held until ${formatTimestamp(quote.expiresAt)}.`
	if (quote.status === 'accepted')
		return `You accepted this quote${quote.booking ? `: booking ${quote.booking.reference}${quote.booking.confirmed ? ', confirmed' : ', being confirmed'}` : ''}.`
	if (quote.status === 'withdrawn') return `${quote.brand.name} withdrew this quote. Ask them for a fresh one.`
	return `This quote has expired. Ask ${quote.brand.name} for a fresh one.`
}

/** The quote PDF's file name: "quote-havelock-and-neil-honeymoon-2027-01-05.pdf". */
export function clientQuoteFilename(quote: { title: string; startDate: string }): string {
	return `quote-${`${quote.title}-${quote.startDate}`
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-|-$/g, '')}.pdf`
}
