/**
 * What lets our scripts run: a per-response nonce on hydrated pages, or on static pages (ADR 123)
 * the hash of their one script file, which keeps their bytes the same for every visitor.
 */
export type TrustedScripts = { nonce: string } | { integrity: string }

/** Security headers for every HTML response (docs/security.md). */
export function contentSecurityPolicy(trusted: TrustedScripts): string {
	return [
		"default-src 'self'",
		// strict-dynamic: scripts our trusted scripts load (route chunks, the consented analytics tag) are trusted.
		`script-src '${'nonce' in trusted ? `nonce-${trusted.nonce}` : trusted.integrity}' 'strict-dynamic' 'self'`,
		"style-src 'self' 'unsafe-inline'",
		"img-src 'self' data: blob:",
		"font-src 'self'",
		"connect-src 'self' https://*.google-analytics.com https://*.googletagmanager.com",
		"frame-ancestors 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"object-src 'none'",
		"manifest-src 'self'",
		"worker-src 'self'",
	].join('; ')
}

export function applySecurityHeaders(headers: Headers, options: { trusted?: TrustedScripts; production: boolean }) {
	if (options.trusted) headers.set('Content-Security-Policy', contentSecurityPolicy(options.trusted))
	headers.set('X-Content-Type-Options', 'nosniff')
	headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
	headers.set('X-Frame-Options', 'DENY')
	headers.set('Cross-Origin-Opener-Policy', 'same-origin')
	headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()')
	if (options.production) headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains')
}
