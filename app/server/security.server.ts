/** Security headers for every HTML response (docs/conventions.md). */
export function contentSecurityPolicy(nonce: string): string {
	return [
		"default-src 'self'",
		// strict-dynamic: scripts our nonced scripts load (route chunks, the consented analytics tag) are trusted.
		`script-src 'nonce-${nonce}' 'strict-dynamic' 'self'`,
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

export function applySecurityHeaders(headers: Headers, options: { nonce?: string; production: boolean }) {
	if (options.nonce) headers.set('Content-Security-Policy', contentSecurityPolicy(options.nonce))
	headers.set('X-Content-Type-Options', 'nosniff')
	headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
	headers.set('X-Frame-Options', 'DENY')
	headers.set('Cross-Origin-Opener-Policy', 'same-origin')
	headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()')
	if (options.production) headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains')
}
