/**
 * What lets our scripts run: a per-response nonce on hydrated pages, or on static pages (ADR 123)
 * the hash of their one script file, which keeps their bytes the same for every visitor.
 */
export type TrustedScripts = { nonce: string } | { integrity: string }

/**
 * A route that opens a payment gateway's checkout (app/routes/bare/trip/trip-pay.tsx) names the gateway's
 * origins in this response header; it is removed before sending and widens only that page's policy.
 */
export const checkoutOriginsHeader = 'X-Checkout-Origins'

/** Security headers for every HTML response (docs/security.md). */
export function contentSecurityPolicy(trusted: TrustedScripts, checkoutOrigins: readonly string[] = []): string {
	const gateway = checkoutOrigins.length ? ` ${checkoutOrigins.join(' ')}` : ''
	return [
		"default-src 'self'",
		// strict-dynamic: scripts our trusted scripts load (route chunks, the consented analytics tag) are trusted.
		`script-src '${'nonce' in trusted ? `nonce-${trusted.nonce}` : trusted.integrity}' 'strict-dynamic' 'self'`,
		"style-src 'self' 'unsafe-inline'",
		`img-src 'self' data: blob:${gateway}`,
		"font-src 'self'",
		`connect-src 'self' https://*.google-analytics.com https://*.googletagmanager.com${gateway}`,
		...(gateway ? [`frame-src 'self'${gateway}`] : []),
		"frame-ancestors 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"object-src 'none'",
		"manifest-src 'self'",
		"worker-src 'self'",
	].join('; ')
}

export function applySecurityHeaders(headers: Headers, options: { trusted?: TrustedScripts; production: boolean }) {
	const checkoutOrigins = (headers.get(checkoutOriginsHeader) ?? '').split(' ').filter((origin) => /^https?:\/\/[A-Za-z0-9.:-]+$/.test(origin))
	headers.delete(checkoutOriginsHeader)
	if (options.trusted) headers.set('Content-Security-Policy', contentSecurityPolicy(options.trusted, checkoutOrigins))
	headers.set('X-Content-Type-Options', 'nosniff')
	headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
	headers.set('X-Frame-Options', 'DENY')
	// Checkout opens bank and wallet pop-ups that must be able to report back.
	headers.set('Cross-Origin-Opener-Policy', checkoutOrigins.length ? 'same-origin-allow-popups' : 'same-origin')
	headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()')
	if (options.production) headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains')
}
