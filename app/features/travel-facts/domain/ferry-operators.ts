/**
 * Each ferry operator's own rules, in our words, from the terms on its own
 * site (each with the day we read them). Shown on /ferries with a link to the
 * operator's booking site; vouchers, their PDF and emails take each sailing's
 * reporting time from here (docs/decisions/195-reporting-time-per-operator.md).
 * Where an operator publishes nothing we could check, we say so instead of
 * guessing, and the site's fallback time (admin settings → Ferries) applies.
 */

/** How long a check of an operator's terms stays good before the tests ask for another read. */
export const ferryRulesReviewDays = 365

export type FerryOperatorRules = {
	name: string
	/** Matches the operator as staff type it on a booking ("Makruzz Premium", "Govt ferry (DSS)"). */
	matches: RegExp
	kind: 'private' | 'government'
	/** The operator's own booking site. */
	site: string | null
	/** Minutes before sailing its terms ask passengers to report; null when it publishes none (the fallback setting applies). */
	reportMinutes: number | null
	/** Minutes before sailing its check-in, gate or boarding closes, when published. */
	closesMinutes: number | null
	/** What closes at `closesMinutes`: "check-in", "the gate", "boarding". */
	closes: string | null
	reporting: string
	baggage: string
	children: string
	weather: string
	/** Anything else a traveller must carry or know (ID for foreign nationals, where else to buy). */
	extra?: string
	source: { title: string; url: string; asOf: string } | null
}

export const ferryOperatorRules: FerryOperatorRules[] = [
	{
		name: 'ITT Majestic',
		matches: /\bitt\b(?!\s*nautika)|majestic/i,
		kind: 'private',
		site: 'http://booking.ittmajestic.com/online_user_booking',
		reportMinutes: 60,
		closesMinutes: 30,
		closes: 'check-in',
		reporting:
			'Report to the check-in counter at least 60 minutes before sailing. Check-in closes 30 minutes before and the boarding gate 15 minutes before. Bring a printed copy of the ticket.',
		baggage: 'Up to 25 kg per ticketed passenger; infants have no allowance. More may be refused or charged.',
		children: 'Every child over 1 year needs their own ticket at the full fare.',
		weather: 'If a sailing is cancelled or moved, for weather or any other reason, you can take a full refund or another sailing with free seats.',
		source: { title: 'ITT Majestic: terms and conditions on the booking site', url: 'http://booking.ittmajestic.com/online_user_booking', asOf: '2026-11-24' },
	},
	{
		name: 'Nautika',
		matches: /nautika/i,
		kind: 'private',
		site: 'https://www.gonautika.com/',
		reportMinutes: 45,
		closesMinutes: 20,
		closes: 'boarding',
		reporting: 'Report at least 45 minutes before departure; boarding closes 20 minutes before.',
		baggage: 'Up to 20 kg per passenger, and no bigger than 3 cubic feet.',
		children: 'The terms do not set out child fares: ask when you book.',
		weather: 'A full refund when the sailing is cancelled for weather, technical or other unforeseen reasons.',
		source: { title: 'Nautika: terms of service', url: 'https://www.gonautika.com/terms-of-service', asOf: '2026-11-24' },
	},
	{
		name: 'Makruzz',
		matches: /makruzz/i,
		kind: 'private',
		site: 'https://www.makruzz.com/',
		reportMinutes: null,
		closesMinutes: null,
		closes: null,
		reporting:
			'We could not find a published reporting time: follow your ticket, and plan on the time we advise when an operator publishes none (your voucher shows it).',
		baggage: 'Not published in the terms we could check: ask when you book, and pack one main bag each.',
		children: 'Infants under 1 year travel free; older children need a ticket (confirm the fare when you book).',
		weather: 'Sailings depend on the weather; ask the operator how a cancelled sailing is refunded or moved.',
		source: null,
	},
	{
		name: 'Green Ocean',
		matches: /green\s*ocean/i,
		kind: 'private',
		site: 'https://greenocean-seaways.com/',
		reportMinutes: null,
		closesMinutes: null,
		closes: null,
		reporting: 'We could not find a published reporting time: plan on the time we advise when an operator publishes none (your voucher shows it).',
		baggage: 'Not published in the terms we could check: ask when you book.',
		children: 'Not published in the terms we could check: ask when you book.',
		weather: 'Its policy covers cancellations you ask for (a fee per person on top of the operator’s charges); ask how a sailing it cancels is refunded.',
		source: { title: 'Green Ocean Seaways: cancellation policy', url: 'https://greenocean-seaways.com/cancellation-policy', asOf: '2026-11-24' },
	},
	{
		name: 'Government ships (DSS)',
		matches: /government|govt|\bdss\b|directorate|shipping services/i,
		kind: 'government',
		site: 'https://dss.andaman.gov.in/ShipETicketingWeb/Login.jsp',
		reportMinutes: 120,
		closesMinutes: 30,
		closes: 'the embarkation gate',
		reporting:
			'Report 2 hours before the sailing; the embarkation gate closes 30 minutes before. Tickets are sold online through the Directorate of Shipping Services’ STARS e-ticketing (bookings open 9 am to 4 pm daily) and at the STARS counter at Phoenix Bay jetty.',
		baggage: 'You carry your bags on board yourself; fireworks and other dangerous goods are refused. Ask at the counter about weight limits.',
		children: 'Ask at the counter or on the e-ticketing site.',
		weather: 'The Directorate cancels sailings in rough seas; tickets booked online are cancelled and refunded online only.',
		extra:
			'Carry the original of the ID you booked with. Foreign nationals need a copy of the passport and of the Restricted Area Permit; islanders, students, senior citizens and government staff on concession show their own card.',
		source: {
			title: 'Directorate of Shipping Services, A&N Administration: terms and conditions',
			url: 'https://dss.andaman.gov.in/ShipAndamanWebSite/dss-tnc.html',
			asOf: '2026-11-27',
		},
	},
]

/** The rules for the operator named on a booking, or null for one we do not know. */
export function operatorRulesFor(operator: string | null): FerryOperatorRules | null {
	if (!operator) return null
	return ferryOperatorRules.find((rules) => rules.matches.test(operator)) ?? null
}

/** The STARS e-ticketing user instructions (booking hours, online cancellation), read with the terms. */
export const dssTicketingSource = {
	title: 'Directorate of Shipping Services: STARS e-ticketing user instructions',
	url: 'https://dss.andaman.gov.in/ShipETicketingWeb/user-instructions.jsp',
	asOf: '2026-11-27',
}
