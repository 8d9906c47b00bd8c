/** The answer when the database cannot serve (docs/security.md, "Database faults"): 503, retry soon, nothing cached. */
export const retryAfterSeconds = 5

const page = `<!doctype html>
<html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Service briefly unavailable</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#0f172a}a{color:#065f46}</style></head>
<body><main><p style="font-size:3rem;font-weight:700;color:#065f46;margin:0">503</p><h1>Service briefly unavailable</h1>
<p>We cannot reach our booking system for a moment. Please try again in a minute.</p>
<p><a href="/">Go to the home page</a></p></main></body></html>`

export function serviceUnavailable(request: Request): Response {
	const headers = new Headers({ 'Retry-After': String(retryAfterSeconds), 'Cache-Control': 'no-store' })
	const accept = request.headers.get('accept') ?? ''
	// A browser's page load or form post (with or without JavaScript's fetch of .data) gets a page.
	const wantsHtml = accept.includes('text/html') && !new URL(request.url).pathname.endsWith('.data')
	if (wantsHtml) {
		headers.set('Content-Type', 'text/html; charset=utf-8')
		return new Response(page, { status: 503, headers })
	}
	headers.set('Content-Type', 'text/plain; charset=utf-8')
	return new Response('The service is briefly unavailable: the database is not answering. Please try again in a minute.', { status: 503, headers })
}
