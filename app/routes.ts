import { type RouteConfig, index, layout, prefix, route } from '@react-router/dev/routes'

/** Editorial pages (content/pages/*.md), all served by one route module. */
const contentPages = [
	'activities',
	'activities/snorkeling',
	'activities/sea-walking',
	'activities/scuba-diving',
	'destinations',
	'destinations/neil-island',
	'destinations/ross-island',
	'destinations/swaraj-dweep',
	'destinations/baratang-island',
	'destinations/north-bay-island',
	'destinations/sri-vijaya-puram',
	'cellular-jail',
	'culture-of-andaman',
	'travel-guide',
	'andaman-tour-plan',
	'andaman-travel-tips',
	'andaman-ltc-packages',
	'andaman-family-packages',
	'andaman-honeymoon-packages',
	'andaman-tour-package-cost',
	'andaman-weather-best-time-to-visit',
	'andaman-and-nicobar-food',
	'what-to-wear-in-andaman',
	'barren-island-volcano',
	'bioluminescence-in-andaman',
	'andaman-closing-days',
	'emergency',
	'about-us',
	'terms',
	'privacy',
] as const

/**
 * The `/__test/*` pages and hooks of the browser tests and the benchmark live with the tests, not in app/.
 * They are in every build (CI builds once and tests that build), and each answers 404 unless the server
 * runs with ENABLE_TEST_ROUTES (`requireTestRoutes`, tests/support/test-routes/enabled.server.ts).
 */
const testRoute = (file: string) => `../tests/support/test-routes/${file}`

/**
 * Every route, declared explicitly. Three layouts: the site layout, bare pages
 * (docs/product.md#screens "no layout") and the admin layout. Resource routes sit at the end.
 */
export default [
	layout('routes/site/layout.tsx', [
		index('routes/site/home.tsx'),
		route('packages', 'routes/site/packages.tsx'),
		route('packages/:slug', 'routes/site/package.tsx'),
		route('reviews', 'routes/site/reviews.tsx'),
		route('cancellation', 'routes/site/cancellation.tsx'),
		route('contact', 'routes/site/contact.tsx'),
		route('ferries', 'routes/site/ferries.tsx'),
		route('ferries/seats', 'routes/site/ferry-seats.tsx'),
		route('ferries/hold/:id', 'routes/site/ferry-hold.tsx'),
		route('builder', 'routes/site/builder.tsx'),
		route('sitemap', 'routes/site/sitemap.tsx'),
		// Staff pages inside the site layout (guarded like the admin area).
		route('add-package', 'routes/site/add-package.tsx'),
		route('test-packages', 'routes/site/test-packages.tsx'),
		...contentPages.map((path) => route(path, 'routes/site/content-page.tsx', { id: `content/${path}` })),
		route('__test/throw', testRoute('throw.tsx')),
		route('__test/ui', testRoute('ui.tsx')),
		route('*', 'routes/site/not-found.tsx'),
	]),

	// Bare pages: no site layout.
	route('thank-you', 'routes/bare/thank-you.tsx'),
	route('book-now', 'routes/bare/book-now/book-now.tsx'),
	route('instant-tour-packages', 'routes/bare/instant-tour-packages.tsx'),
	route('quote', 'routes/bare/quote/quote.tsx'),
	route('quote/:id', 'routes/bare/quote/quote-view.tsx'),
	// A partner agency's quote to its client, under the agency's brand (docs/decisions/230).
	route('client-quote/:id', 'routes/bare/client-quote/client-quote.tsx'),
	route('client-quote/:id/pdf', 'routes/bare/client-quote/client-quote-pdf.ts'),
	route('voucher/:id', 'routes/bare/voucher.tsx'),
	route('invoice/:id', 'routes/bare/invoice.tsx'),
	// The traveller's trip page and online payment (docs/decisions/110-online-payments.md).
	route('trip/:token', 'routes/bare/trip/trip.tsx'),
	route('trip/:token/pay', 'routes/bare/trip/trip-pay.tsx'),
	// A supplier's confirmation link (docs/decisions/190-supplier-confirmation-links.md): no sign-in, their own part only.
	route('supplier/:token', 'routes/bare/supplier-request.tsx'),
	// A completed booking's one review link (docs/decisions/206-verified-reviews.md).
	route('review/:token', 'routes/bare/review.tsx'),
	route('__test/hello', testRoute('hello.tsx')),
	route('__test/expire-action-codes', testRoute('expire-action-codes.ts')),
	route('__test/lapse-ferry-hold', testRoute('lapse-ferry-hold.ts')),
	// Emailed links (password reset, email verification, sign-in) open here: the path SDK users know.
	route('__/auth/action', 'routes/bare/auth-action.tsx'),

	...prefix('admin', [
		// Open (docs/product.md#screens), no layout.
		route('login', 'routes/admin/auth/login.tsx'),
		route('signup', 'routes/admin/auth/signup.tsx'),
		route('forgot-password', 'routes/admin/auth/send-link.tsx', { id: 'admin/forgot-password' }),
		route('email-sign-in', 'routes/admin/auth/send-link.tsx', { id: 'admin/email-sign-in' }),
		route('second-step', 'routes/admin/auth/second-step.tsx'),
		// Company OpenID Connect sign-in: the button posts here, the provider sends the browser back to the callback.
		route('sso/:provider', 'routes/admin/auth/sso-start.tsx'),
		route('sso/:provider/callback', 'routes/admin/auth/sso-callback.tsx'),
		// Signed in but not approved yet; and signing out (POST only).
		route('pending-approval', 'routes/admin/auth/pending-approval.tsx'),
		route('logout', 'routes/admin/auth/logout.tsx'),
		// Staff-only files and exports (no layout; each checks the role itself).
		route('ferry-bookings/:id/ticket', 'routes/admin/ferries/ferry-ticket-file.ts'),
		route('offline-tickets/:id/file', 'routes/admin/ferries/offline-ticket-file.ts'),
		route('agents/:id/commission.csv', 'routes/admin/agents/agent-commission-csv.ts'),
		route('agents/:id/statement.csv', 'routes/admin/agents/agent-statement-csv.ts'),
		route('agents/:id/statement.pdf', 'routes/admin/agents/agent-statement-pdf.ts'),
		route('hotels/rates.csv', 'routes/admin/rates/hotel-rates-csv.ts'),
		route('hotels/:id/contract.csv', 'routes/admin/rates/hotel-contract-csv.ts'),
		route('invoices/export.csv', 'routes/admin/invoices/invoices-csv.ts'),
		route('reports/:report/csv', 'routes/admin/reports/reports-csv.ts'),
		route('suppliers/:id/statement.csv', 'routes/admin/suppliers/supplier-statement-csv.ts'),
		route('suppliers/:id/statement.pdf', 'routes/admin/suppliers/supplier-statement-pdf.ts'),
		// JSON for the leads list's polling (no layout).
		route('leads/latest', 'routes/admin/leads/leads-latest.ts'),
		// Everything else needs an approved account (app/routes/admin/guards.test.ts checks every route here).
		layout('routes/admin/layout.tsx', [
			index('routes/admin/dashboard.tsx'),
			route('team', 'routes/admin/team/team.tsx'),
			route('profile', 'routes/admin/profile/profile.tsx'),
			route('pending', 'routes/admin/bookings.tsx'),
			route('pending/:id', 'routes/admin/booking-review/booking-review.tsx'),
			route('pending/:id/ferries', 'routes/admin/booking-review/booking-ferries.tsx'),
			route('settings', 'routes/admin/settings.tsx'),
			route('hotels', 'routes/admin/rates/hotels.tsx'),
			route('hotels/:id', 'routes/admin/rates/hotel.tsx'),
			route('hotels/:id/availability', 'routes/admin/rates/hotel-availability.tsx'),
			route('inventory', 'routes/admin/rates/inventory-desk.tsx'),
			route('activity-prices', 'routes/admin/rates/activity-prices.tsx'),
			route('ferry-fares', 'routes/admin/ferries/ferry-fares.tsx'),
			route('transfers', 'routes/admin/rates/transfers.tsx'),
			route('leads', 'routes/admin/leads/leads.tsx'),
			route('leads/new', 'routes/admin/leads/lead-new.tsx'),
			route('leads/:id', 'routes/admin/leads/lead.tsx'),
			route('add-days', 'routes/admin/day-templates/day-templates.tsx'),
			route('ferry-leads', 'routes/admin/ferries/ferry-leads.tsx'),
			route('ferry-leads/:id', 'routes/admin/ferries/ferry-lead.tsx'),
			route('ferry-bookings', 'routes/admin/ferries/ferry-bookings.tsx'),
			route('ferry-bookings/manifest', 'routes/admin/ferries/ferry-manifest.tsx'),
			route('ferry-bookings/:id', 'routes/admin/ferries/ferry-booking.tsx'),
			route('operations', 'routes/admin/operations/operations.tsx'),
			route('operations/resources', 'routes/admin/operations/operations-resources.tsx'),
			route('operations/run-sheet/:id', 'routes/admin/operations/operations-run-sheet.tsx'),
			route('operations/flights/:id', 'routes/admin/operations/operations-flights.tsx'),
			route('offline-tickets', 'routes/admin/ferries/offline-tickets.tsx'),
			route('offline-tickets/:id', 'routes/admin/ferries/offline-ticket.tsx'),
			route('agents', 'routes/admin/agents/agents.tsx'),
			route('agents/:id', 'routes/admin/agents/agent.tsx'),
			route('agent-credit', 'routes/admin/agents/agent-credit.tsx'),
			route('suppliers', 'routes/admin/suppliers/suppliers.tsx'),
			route('suppliers/:id', 'routes/admin/suppliers/supplier.tsx'),
			route('reviews', 'routes/admin/reviews.tsx'),
			route('jobs', 'routes/admin/jobs.tsx'),
			route('payables', 'routes/admin/suppliers/payables.tsx'),
			route('reports', 'routes/admin/reports/reports.tsx'),
			route('create-itinerary', 'routes/admin/itinerary/itinerary-start.tsx'),
			route('create-itinerary/:id', 'routes/admin/itinerary/itinerary.tsx'),
			route('saved-packages', 'routes/admin/saved-packages.tsx'),
			route('vouchers', 'routes/admin/invoices/vouchers.tsx'),
			route('invoices', 'routes/admin/invoices/invoices.tsx'),
			route('outbox', 'routes/admin/outbox.tsx'),
			route('media', 'routes/admin/media/media.tsx'),
			route('media/:id', 'routes/admin/media/media-photo.tsx'),
			route('media/for/:subject', 'routes/admin/media/media-subject.tsx'),
			route('search', 'routes/admin/search.tsx'),
			route('*', 'routes/admin/not-found.tsx'),
		]),
	]),

	// The agent area (ADR 221): the users of a partner agency, signed in at the same login page. Never a staff page.
	...prefix('agent', [
		// Files (no layout; each checks the agent user itself).
		route('statement.csv', 'routes/agent/accounts/statement-csv.ts'),
		route('statement.pdf', 'routes/agent/accounts/statement-pdf.ts'),
		route('bookings/:id/voucher.pdf', 'routes/agent/bookings/booking-voucher-pdf.ts'),
		route('invoices/:id/pdf', 'routes/agent/accounts/invoice-pdf.ts'),
		layout('routes/agent/layout.tsx', [
			index('routes/agent/home.tsx'),
			route('book', 'routes/agent/bookings/book.tsx'),
			route('prices', 'routes/agent/quotes/prices.tsx'),
			route('build', 'routes/agent/quotes/build.tsx'),
			route('bookings', 'routes/agent/bookings/bookings.tsx'),
			route('statement', 'routes/agent/accounts/statement.tsx'),
			route('bookings/:id', 'routes/agent/bookings/booking.tsx'),
			route('invoices', 'routes/agent/accounts/invoices.tsx'),
			route('quotes', 'routes/agent/quotes/quotes.tsx'),
			route('brand', 'routes/agent/agency/brand.tsx'),
			route('wallet', 'routes/agent/accounts/wallet.tsx'),
			route('users', 'routes/agent/agency/users.tsx'),
			route('profile', 'routes/agent/agency/profile.tsx'),
			route('*', 'routes/agent/not-found.tsx'),
		]),
	]),

	// The identity REST API (docs/identity-api.md) at the paths client SDKs use for a self-hosted endpoint.
	...prefix('identitytoolkit.googleapis.com', [
		route('v1/accounts:signUp', 'routes/api/identity/sign-up.ts'),
		route('v1/accounts:signInWithPassword', 'routes/api/identity/sign-in-with-password.ts'),
		route('v1/accounts:lookup', 'routes/api/identity/lookup.ts'),
		route('v1/accounts:update', 'routes/api/identity/update.ts'),
		route('v1/accounts:delete', 'routes/api/identity/delete.ts'),
		route('v1/accounts:sendOobCode', 'routes/api/identity/send-oob-code.ts'),
		route('v1/accounts:resetPassword', 'routes/api/identity/reset-password.ts'),
		route('v1/accounts:signInWithEmailLink', 'routes/api/identity/sign-in-with-email-link.ts'),
		route('v1/accounts:signInWithIdp', 'routes/api/identity/sign-in-with-idp.ts'),
		route('v2/accounts:revokeToken', 'routes/api/identity/revoke-token.ts'),
		route('v2/accounts/mfaEnrollment:start', 'routes/api/identity/mfa-enrollment-start.ts'),
		route('v2/accounts/mfaEnrollment:finalize', 'routes/api/identity/mfa-enrollment-finalize.ts'),
		route('v2/accounts/mfaEnrollment:withdraw', 'routes/api/identity/mfa-enrollment-withdraw.ts'),
		route('v2/accounts/mfaSignIn:finalize', 'routes/api/identity/mfa-sign-in-finalize.ts'),
		route('v2/passwordPolicy', 'routes/api/identity/password-policy.ts'),
		route('v2/recaptchaConfig', 'routes/api/identity/recaptcha-config.ts'),
		route('*', 'routes/api/identity/other-identitytoolkit.ts'),
	]),
	...prefix('securetoken.googleapis.com', [route('v1/token', 'routes/api/identity/token.ts'), route('*', 'routes/api/identity/other-securetoken.ts')]),

	// Resource routes.
	route('img', 'routes/resources/img.ts'),
	route('media/:file', 'routes/resources/media.ts'),
	route('healthz', 'routes/resources/healthz.ts'),
	route('version.json', 'routes/resources/version.ts'),
	route('consent', 'routes/resources/consent.ts'),
	route('sitemap.xml', 'routes/resources/sitemap-xml.ts'),
	route('robots.txt', 'routes/resources/robots-txt.ts'),
	route('voucher/:id/pdf', 'routes/resources/voucher-pdf.ts'),
	route('invoice/:id/pdf', 'routes/resources/invoice-pdf.ts'),
	// Payment gateway callbacks: signed, posted from the gateway's pages and servers (docs/payments.md).
	route('trip/:token/paid', 'routes/resources/trip-paid.ts'),
	route('payments/top-up/paid', 'routes/resources/agent-top-up-paid.ts'),
	// A live ferry ticket the operator issued, through the trip's own secret address (docs/ferries.md).
	route('trip/:token/ferry-ticket/:id', 'routes/resources/trip-ferry-ticket.ts'),
	route('payments/razorpay/webhook', 'routes/resources/razorpay-webhook.ts'),
	// WhatsApp and SMS webhooks: signed by the provider or carrying our secret (docs/messaging.md#webhooks).
	route('messaging/whatsapp/webhook', 'routes/resources/whatsapp-webhook.ts'),
	route('messaging/msg91/report', 'routes/resources/msg91-webhook.ts'),
] satisfies RouteConfig
