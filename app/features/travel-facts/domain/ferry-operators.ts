/**
 * Each ferry operator's own rules, in our words, from the terms on its own
 * site (checked on `ferryRulesReviewed`). Shown on /ferries with a link to
 * the operator's booking site. Where an operator publishes nothing we could
 * check, we say so instead of guessing.
 */
export const ferryRulesReviewed = '2026-11-24'

export type FerryOperatorRules = {
	name: string
	/** The operator's own booking site. */
	site: string | null
	reporting: string
	baggage: string
	children: string
	weather: string
	source: { title: string; url: string } | null
}

export const ferryOperatorRules: FerryOperatorRules[] = [
	{
		name: 'ITT Majestic',
		site: 'http://booking.ittmajestic.com/online_user_booking',
		reporting: 'Report to the check-in counter at least 60 minutes before sailing. Check-in closes 30 minutes before and the boarding gate 15 minutes before. Bring a printed copy of the ticket.',
		baggage: 'Up to 25 kg per ticketed passenger; infants have no allowance. More may be refused or charged.',
		children: 'Every child over 1 year needs their own ticket at the full fare.',
		weather: 'If a sailing is cancelled or moved, for weather or any other reason, you can take a full refund or another sailing with free seats.',
		source: { title: 'ITT Majestic: terms and conditions on the booking site', url: 'http://booking.ittmajestic.com/online_user_booking' },
	},
	{
		name: 'Nautika',
		site: 'https://www.gonautika.com/',
		reporting: 'Report at least 45 minutes before departure; boarding closes 20 minutes before.',
		baggage: 'Up to 20 kg per passenger, and no bigger than 3 cubic feet.',
		children: 'The terms do not set out child fares: ask when you book.',
		weather: 'A full refund when the sailing is cancelled for weather, technical or other unforeseen reasons.',
		source: { title: 'Nautika: terms of service', url: 'https://www.gonautika.com/terms-of-service' },
	},
	{
		name: 'Makruzz',
		site: 'https://www.makruzz.com/',
		reporting: 'We could not find a published reporting time: follow your ticket, and plan on the 60 minutes we advise for every sailing.',
		baggage: 'Not published in the terms we could check: ask when you book, and pack one main bag each.',
		children: 'Infants under 1 year travel free; older children need a ticket (confirm the fare when you book).',
		weather: 'Sailings depend on the weather; ask the operator how a cancelled sailing is refunded or moved.',
		source: null,
	},
	{
		name: 'Green Ocean',
		site: 'https://greenocean-seaways.com/',
		reporting: 'We could not find a published reporting time: plan on the 60 minutes we advise for every sailing.',
		baggage: 'Not published in the terms we could check: ask when you book.',
		children: 'Not published in the terms we could check: ask when you book.',
		weather: 'Its policy covers cancellations you ask for (a fee per person on top of the operator’s charges); ask how a sailing it cancels is refunded.',
		source: { title: 'Green Ocean Seaways: cancellation policy', url: 'https://greenocean-seaways.com/cancellation-policy' },
	},
	{
		name: 'Government ferries (DSS)',
		site: null,
		reporting: 'Tickets are sold at the Directorate of Shipping Services counter at Phoenix Bay jetty; arrive early, as the queue can be long.',
		baggage: 'You carry your bags on board yourself; ask at the counter about limits.',
		children: 'Ask at the counter.',
		weather: 'Sailings are cancelled by the port authority in rough seas; ask at the counter about refunds.',
		source: null,
	},
]
