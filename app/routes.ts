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
 * Every route, declared explicitly. Three layouts: the site layout, bare pages
 * (SPEC §2 "no layout") and the admin layout. Resource routes sit at the end.
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
		route('builder', 'routes/site/builder.tsx'),
		route('sitemap', 'routes/site/sitemap.tsx'),
		// Staff pages inside the site layout (guarded like the admin area).
		route('add-package', 'routes/site/add-package.tsx'),
		route('test-packages', 'routes/site/test-packages.tsx'),
		...contentPages.map((path) => route(path, 'routes/site/content-page.tsx', { id: `content/${path}` })),
		route('__test/throw', 'routes/site/test-throw.tsx'),
		route('__test/ui', 'routes/site/test-ui.tsx'),
		route('*', 'routes/site/not-found.tsx'),
	]),

	// Bare pages: no site layout.
	route('thank-you', 'routes/bare/thank-you.tsx'),
	route('book-now', 'routes/bare/book-now.tsx'),
	route('instant-tour-packages', 'routes/bare/instant-tour-packages.tsx'),
	route('quote', 'routes/bare/quote.tsx'),
	route('quote/:id', 'routes/bare/quote-view.tsx'),
	route('voucher/:id', 'routes/bare/voucher.tsx'),
	route('__test/hello', 'routes/bare/hello.tsx'),
	route('__test/expire-action-codes', 'routes/bare/test-expire-action-codes.ts'),
	// Emailed links (password reset, email verification, sign-in) open here: the path SDK users know.
	route('__/auth/action', 'routes/bare/auth-action.tsx'),

	...prefix('admin', [
		// Open (SPEC §2), no layout.
		route('login', 'routes/admin/login.tsx'),
		route('signup', 'routes/admin/signup.tsx'),
		route('forgot-password', 'routes/admin/send-link.tsx', { id: 'admin/forgot-password' }),
		route('email-sign-in', 'routes/admin/send-link.tsx', { id: 'admin/email-sign-in' }),
		route('second-step', 'routes/admin/second-step.tsx'),
		// Signed in but not approved yet; and signing out (POST only).
		route('pending-approval', 'routes/admin/pending-approval.tsx'),
		route('logout', 'routes/admin/logout.tsx'),
		// Staff-only files and exports (no layout; each checks the role itself).
		route('ferry-bookings/:id/ticket', 'routes/admin/ferry-ticket-file.ts'),
		route('offline-tickets/:id/file', 'routes/admin/offline-ticket-file.ts'),
		route('agents/:id/commission.csv', 'routes/admin/agent-commission-csv.ts'),
		route('hotels/rates.csv', 'routes/admin/hotel-rates-csv.ts'),
		route('reports/:report/csv', 'routes/admin/reports-csv.ts'),
		// JSON for the leads list's polling (no layout).
		route('leads/latest', 'routes/admin/leads-latest.ts'),
		// Everything else needs an approved account (app/routes/admin/guards.test.ts checks every route here).
		layout('routes/admin/layout.tsx', [
			index('routes/admin/dashboard.tsx'),
			route('team', 'routes/admin/team.tsx'),
			route('profile', 'routes/admin/profile.tsx'),
			route('pending', 'routes/admin/bookings.tsx'),
			route('pending/:id', 'routes/admin/booking-review.tsx'),
			route('settings', 'routes/admin/settings.tsx'),
			route('hotels', 'routes/admin/hotels.tsx'),
			route('hotels/:id', 'routes/admin/hotel.tsx'),
			route('activity-prices', 'routes/admin/activity-prices.tsx'),
			route('ferry-fares', 'routes/admin/ferry-fares.tsx'),
			route('transfers', 'routes/admin/transfers.tsx'),
			route('leads', 'routes/admin/leads.tsx'),
			route('leads/new', 'routes/admin/lead-new.tsx'),
			route('leads/:id', 'routes/admin/lead.tsx'),
			route('add-days', 'routes/admin/day-templates.tsx'),
			route('ferry-leads', 'routes/admin/ferry-leads.tsx'),
			route('ferry-leads/:id', 'routes/admin/ferry-lead.tsx'),
			route('ferry-bookings', 'routes/admin/ferry-bookings.tsx'),
			route('ferry-bookings/manifest', 'routes/admin/ferry-manifest.tsx'),
			route('ferry-bookings/:id', 'routes/admin/ferry-booking.tsx'),
			route('offline-tickets', 'routes/admin/offline-tickets.tsx'),
			route('offline-tickets/:id', 'routes/admin/offline-ticket.tsx'),
			route('agents', 'routes/admin/agents.tsx'),
			route('agents/:id', 'routes/admin/agent.tsx'),
			route('reports', 'routes/admin/reports.tsx'),
			route('create-itinerary', 'routes/admin/itinerary-start.tsx'),
			route('create-itinerary/:id', 'routes/admin/itinerary.tsx'),
			route('saved-packages', 'routes/admin/saved-packages.tsx'),
			route('vouchers', 'routes/admin/vouchers.tsx'),
			route('outbox', 'routes/admin/outbox.tsx'),
			route('*', 'routes/admin/not-found.tsx'),
		]),
	]),

	// The identity REST API (SPEC §7) at the paths client SDKs use for a self-hosted endpoint.
	...prefix('identitytoolkit.googleapis.com', [
		route('v1/accounts:signUp', 'routes/api/identity/sign-up.ts'),
		route('v1/accounts:signInWithPassword', 'routes/api/identity/sign-in-with-password.ts'),
		route('v1/accounts:lookup', 'routes/api/identity/lookup.ts'),
		route('v1/accounts:update', 'routes/api/identity/update.ts'),
		route('v1/accounts:delete', 'routes/api/identity/delete.ts'),
		route('v1/accounts:sendOobCode', 'routes/api/identity/send-oob-code.ts'),
		route('v1/accounts:resetPassword', 'routes/api/identity/reset-password.ts'),
		route('v1/accounts:signInWithEmailLink', 'routes/api/identity/sign-in-with-email-link.ts'),
		route('v2/accounts:revokeToken', 'routes/api/identity/revoke-token.ts'),
		route('v2/accounts/mfaEnrollment:start', 'routes/api/identity/mfa-enrollment-start.ts'),
		route('v2/accounts/mfaEnrollment:finalize', 'routes/api/identity/mfa-enrollment-finalize.ts'),
		route('v2/accounts/mfaEnrollment:withdraw', 'routes/api/identity/mfa-enrollment-withdraw.ts'),
		route('v2/accounts/mfaSignIn:finalize', 'routes/api/identity/mfa-sign-in-finalize.ts'),
		route('v2/passwordPolicy', 'routes/api/identity/password-policy.ts'),
		route('v2/recaptchaConfig', 'routes/api/identity/recaptcha-config.ts'),
		route('*', 'routes/api/identity/other-identitytoolkit.ts'),
	]),
	...prefix('securetoken.googleapis.com', [
		route('v1/token', 'routes/api/identity/token.ts'),
		route('*', 'routes/api/identity/other-securetoken.ts'),
	]),

	// Resource routes.
	route('img', 'routes/resources/img.ts'),
	route('healthz', 'routes/resources/healthz.ts'),
	route('version.json', 'routes/resources/version.ts'),
	route('consent', 'routes/resources/consent.ts'),
	route('sitemap.xml', 'routes/resources/sitemap-xml.ts'),
	route('robots.txt', 'routes/resources/robots-txt.ts'),
	route('voucher/:id/pdf', 'routes/resources/voucher-pdf.ts'),
] satisfies RouteConfig
