/**
 * Addresses that carry a secret: whoever holds the address sees what the page shows (a traveller's
 * quote, booking, voucher, invoice or trip, or an emailed sign-in code). Such a page, its `.data` and
 * its PDF are `Cache-Control: private, no-store`, and the analytics tag never loads there, nor is a
 * client-side navigation into one seen by a tag already loaded (docs/decisions/169-secret-addresses-are-never-stored-or-tracked.md). Every route of
 * app/routes.ts with a dynamic segment is either listed here or named as public in
 * app/routes/secret-addresses.test.ts, so a new secret route cannot be forgotten.
 */
export const secretAddresses = [
	{ route: 'quote/:id', why: 'the quote sent to a traveller: their names, dates and prices' },
	{ route: 'client-quote/:id', why: 'a partner agency’s quote to its client: their name, trip and price' },
	{ route: 'client-quote/:id/pdf', why: 'a partner agency’s quote to its client, as a PDF' },
	{ route: 'voucher/:id', why: 'the voucher: travellers, ID numbers, confirmations' },
	{ route: 'voucher/:id/pdf', why: 'the voucher as a PDF' },
	{ route: 'invoice/:id', why: 'a tax invoice: the buyer, their address and GSTIN' },
	{ route: 'invoice/:id/pdf', why: 'the invoice as a PDF' },
	{ route: 'trip/:token', why: 'the trip page: booking, payments, cancellation' },
	{ route: 'trip/:token/pay', why: 'paying online for the trip' },
	{ route: 'trip/:token/paid', why: 'the gateway’s return to the trip' },
	{ route: 'review/:token', why: 'a completed booking’s review link: the trip, and one review it may send' },
	{ route: 'trip/:token/ferry-ticket/:id', why: 'a ferry ticket the operator issued: passengers’ names and PNR' },
	{ route: 'supplier/:token', why: 'a supplier’s confirmation link: their part of a booking, the guests’ names' },
	{ route: '__/auth/action', query: 'oobCode', why: 'an emailed reset, verification or sign-in code' },
	{ route: 'admin/sso/:provider/callback', why: 'the company sign-in’s code and state' },
	{ route: 'thank-you', query: 'booking', why: 'the booking just made: its amounts and trip link' },
	{ route: 'ferries/hold/:id', why: 'a traveller’s ferry seat hold: their sailing, seats and price' },
	{ route: 'book-now', query: 'quote', why: 'booking from a quote: the quote’s party and price' },
	{ route: 'messaging/msg91/report', query: 'secret', why: 'MSG91’s delivery reports: the webhook secret they carry (docs/messaging.md#webhooks)' },
] as const satisfies ReadonlyArray<{ route: string; query?: string; why: string }>

const patterns = secretAddresses.map(({ route, ...rest }) => ({
	...rest,
	pattern: new RegExp(`^/${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}/?$`, 'i'),
}))

/** The page a `.data` request loads (`/thank-you.data` is `/thank-you`, `/_root.data` is `/`). */
function pagePath(pathname: string): string {
	if (!pathname.endsWith('.data')) return pathname
	return pathname.slice(0, -'.data'.length).replace(/\/(?:_root|_)$/, '') || '/'
}

/** Whether the address (path and query string, as a URL or a location) carries a secret. */
export function isSecretAddress(address: { pathname: string; search: string }): boolean {
	const path = pagePath(address.pathname)
	const query = new URLSearchParams(address.search)
	return patterns.some(({ pattern, ...rest }) => pattern.test(path) && (!('query' in rest) || Boolean(query.get(rest.query))))
}
