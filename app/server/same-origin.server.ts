/**
 * Whether a form post comes from our own pages. React Router checks this for
 * the actions of page routes; resource routes that change state (the consent
 * cookie) call it themselves. A browser sends `Origin` with every POST, and
 * `Sec-Fetch-Site` too; either one naming another site refuses the request. A
 * client that sends neither is not a browser, so cannot be a cross-site
 * request forgery.
 */
export function isSameOriginPost(request: Request): boolean {
	const origin = request.headers.get('Origin')
	if (origin !== null && origin !== new URL(request.url).origin) return false
	const site = request.headers.get('Sec-Fetch-Site')
	return site === null || site === 'same-origin' || site === 'none'
}
