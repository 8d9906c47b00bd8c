import { escapeHtml } from '~/lib/html.ts'
import { env } from '~/server/env.server.ts'
import { sitemapEntries } from '~/features/catalog/server/sitemap.server.ts'
import { db } from '~/server/db/index.server.ts'

export async function loader() {
	const siteUrl = env().SITE_URL
	const urls = (await sitemapEntries(db()))
		.map((entry) => {
			const lastmod = entry.lastModified ? `<lastmod>${entry.lastModified}</lastmod>` : ''
			return `<url><loc>${escapeHtml(new URL(entry.path, siteUrl).href)}</loc>${lastmod}</url>`
		})
		.join('\n')
	const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
	return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } })
}
