/** Security headers for every HTML response (DESIGN.md §7). */
/**
 * A route that opens a payment gateway's checkout (app/routes/bare/trip-pay.tsx) names the gateway's
 * origins in this response header; it is removed before sending and widens only that page's policy.
 */
export const checkoutOriginsHeader = 'X-Checkout-Origins'

export function contentSecurityPolicy(nonce: string, checkoutOrigins: readonly string[] = []): string {
	const gateway = checkoutOrigins.length ? ` ${checkoutOrigins.join(' ')}` : ''
	return [
		"default-src 'self'",
		// strict-dynamic: scripts our nonced scripts load (route chunks, the consented analytics tag) are trusted.
		`script-src 'nonce-${nonce}' 'strict-dynamic' 'self'`,
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

export function applySecurityHeaders(headers: Headers, options: { nonce?: string; production: boolean }) {
	const checkoutOrigins = (headers.get(checkoutOriginsHeader) ?? '').split(' ').filter((origin) => /^https?:\/\/[A-Za-z0-9.:-]+$/.test(origin))
	headers.delete(checkoutOriginsHeader)
	if (options.nonce) headers.set('Content-Security-Policy', contentSecurityPolicy(options.nonce, checkoutOrigins))
	headers.set('X-Content-Type-Options', 'nosniff')
	headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
	headers.set('X-Frame-Options', 'DENY')
	// Checkout opens bank and wallet pop-ups that must be able to report back.
	headers.set('Cross-Origin-Opener-Policy', checkoutOrigins.length ? 'same-origin-allow-popups' : 'same-origin')
	headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()')
	if (options.production) headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains')
}
