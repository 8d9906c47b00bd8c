import AxeBuilder from '@axe-core/playwright'
import { type APIRequestContext, expect, test } from '@playwright/test'
import { publicPageRoutes } from '../support/routes.ts'

/** Pages that need something in the URL to show (a quote or voucher id, an emailed code): tested with their own data elsewhere. */
const needsData = new Set([
	'/ferries/seats',
	'/ferries/hold/:id',
	'/supplier/:token',
	'/review/:token',
	'/quote/:id',
	'/client-quote/:id',
	'/client-quote/:id/pdf',
	'/voucher/:id',
	'/invoice/:id',
	'/trip/:token',
	'/trip/:token/pay',
	'/trip/:token/paid',
	'/__/auth/action',
])

async function examplePaths(request: APIRequestContext): Promise<string[]> {
	const sitemap = await (await request.get('/sitemap.xml')).text()
	const packageSlug = /\/packages\/([a-z0-9-]+)<\/loc>/.exec(sitemap)?.[1]
	expect(packageSlug, 'the demo data has a published package').toBeTruthy()
	// /book-now twice: with a package, and with nothing to book yet (a page that helps choose).
	return publicPageRoutes()
		.filter((route) => !needsData.has(route.path))
		.flatMap((route) => (route.path === '/book-now' ? ['/book-now', `/book-now?package=${packageSlug}`] : [route.path.replace(':slug', packageSlug!)]))
}

test('every public route answers 200 with its own title and one H1', async ({ request }) => {
	const paths = await examplePaths(request)
	expect(paths.length).toBeGreaterThan(30)
	const titles = new Map<string, string>()
	for (const path of paths) {
		const response = await request.get(path)
		expect(response.status(), path).toBe(200)
		const html = await response.text()
		const title = /<title>([^<]+)<\/title>/.exec(html)?.[1]
		expect(title, `${path} has a title`).toBeTruthy()
		expect(titles.has(title!), `${path} shares its title with ${titles.get(title!)}`).toBe(false)
		titles.set(title!, path)
		expect(html.match(/<h1[\s>]/g)?.length, `${path} has one H1`).toBe(1)
		expect(html, `${path} has a description`).toMatch(/<meta name="description" content="[^"]{40,}/)
	}
})

test('every public page is in the sitemap, and robots.txt points to it', async ({ request }) => {
	const sitemap = await (await request.get('/sitemap.xml')).text()
	const skip = new Set(['/ferries/seats', '/thank-you', '/quote', '/book-now', '/add-package', '/test-packages', '/instant-tour-packages', '/__/auth/action'])
	for (const route of publicPageRoutes()) {
		if (route.path.includes(':') || skip.has(route.path)) continue
		expect(sitemap, route.path).toContain(`<loc>http://localhost:${process.env.E2E_PORT ?? 3210}${route.path === '/' ? '/' : route.path}</loc>`)
	}
	const robots = await (await request.get('/robots.txt')).text()
	expect(robots).toContain('Sitemap: ')
	expect(robots).toContain('Disallow: /admin')
})

test('unknown package slugs answer 404', async ({ page }) => {
	const response = await page.goto('/packages/no-such-package')
	expect(response?.status()).toBe(404)
	await expect(page.getByTestId('error-description')).toHaveText('Page not found: /packages/no-such-package')
})

/** Every public page on a phone and on a desktop: layouts differ (sticky bar, filter sheet, price cards, tables). */
const viewports = [
	{ name: 'phone', width: 390, height: 844 },
	{ name: 'desktop', width: 1280, height: 800 },
] as const

for (const viewport of viewports) {
	test(`axe finds no accessibility violations on any public page (${viewport.name}, ${viewport.width}×${viewport.height})`, async ({ page, request }) => {
		test.setTimeout(600_000)
		await page.setViewportSize({ width: viewport.width, height: viewport.height })
		const paths = await examplePaths(request)
		const failures: string[] = []
		for (const path of paths) {
			await page.goto(path)
			const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
			for (const violation of results.violations) {
				failures.push(
					`${path}: ${violation.id} (${violation.impact}) ${violation.help} — ${violation.nodes
						.map((node) => node.target.join(' '))
						.slice(0, 3)
						.join(', ')}`,
				)
			}
		}
		expect(failures).toEqual([])
	})
}
