import { env } from '~/server/env.server.ts'

export function loader() {
	const body = [
		'User-agent: *',
		'Disallow: /admin',
		'Disallow: /quote/',
		'Disallow: /voucher/',
		'Disallow: /thank-you',
		'Disallow: /__test',
		'Disallow: /img',
		'',
		`Sitemap: ${new URL('/sitemap.xml', env().SITE_URL).href}`,
		'',
	].join('\n')
	return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=86400' } })
}
