import { expect, type Page, test } from '@playwright/test'
import { startExtraServer } from './extra-server.ts'

/**
 * Pages that opted in with `handle = staticPage` ship no framework code
 * (docs/decisions/123-static-pages-without-framework-javascript.md): only the static client,
 * which keeps the menu, the consent choice and toasts working.
 */
const guide = '/andaman-weather-best-time-to-visit'
const frameworkChunk = /\/assets\/(react|react-dom|router|radix|entry\.client|root)-[^/]+\.js$/

/** Every script the page fetches, from navigation until the load event and a moment after. */
async function scriptsLoadedBy(page: Page, url: string): Promise<string[]> {
	const scripts: string[] = []
	page.on('request', (request) => {
		if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
	})
	await page.goto(url, { waitUntil: 'load' })
	await page.waitForTimeout(500)
	return scripts
}

test('a guide page loads no framework chunk, only the static client, and is never hydrated', async ({ page }) => {
	const errors: string[] = []
	page.on('pageerror', (error) => errors.push(error.message))
	const scripts = await scriptsLoadedBy(page, guide)
	expect(scripts.filter((script) => frameworkChunk.test(script))).toEqual([])
	expect(scripts.some((script) => /^\/assets\/static-client-[\w-]+\.js$/.test(script))).toBe(true)
	const html = await page.content()
	expect(html).not.toContain('modulepreload')
	expect(html).not.toContain('__reactRouterContext')
	await expect(page.locator('html[data-hydrated]')).toHaveCount(0)
	expect(errors).toEqual([])
})

test('a static page is sent as finished HTML, without the markers React leaves for hydration', async ({ request }) => {
	for (const path of [guide, '/builder']) {
		const html = await (await request.get(path)).text()
		expect(html.startsWith('<!DOCTYPE html><html')).toBe(true)
		expect(html).toContain('</html>')
		// Text separators and Suspense boundaries are only written by the streaming renderer.
		expect(html).not.toContain('<!-- -->')
		expect(html).not.toContain('<!--$-->')
	}
	// A page that hydrates is still streamed, its data in a Suspense boundary.
	const hydrated = await (await request.get('/__test/hello')).text()
	expect(hydrated).toContain('__reactRouterContext')
	expect(hydrated).toContain('<!--$')
})

for (const path of ['/packages', '/instant-tour-packages', '/contact', '/quote']) {
	test(`${path} is a static page too: no framework chunk, only the static client`, async ({ page }) => {
		const errors: string[] = []
		page.on('pageerror', (error) => errors.push(error.message))
		const scripts = await scriptsLoadedBy(page, path)
		expect(scripts.filter((script) => frameworkChunk.test(script))).toEqual([])
		await expect(page.locator('html[data-enhanced="true"]')).toHaveCount(1)
		await expect(page.locator('html[data-hydrated]')).toHaveCount(0)
		expect(errors).toEqual([])
	})
}

test('instant prices update in place as a choice changes', async ({ page }) => {
	await page.goto('/instant-tour-packages')
	await page.locator('html[data-enhanced="true"]').waitFor({ state: 'attached' })
	const price = page.getByRole('region', { name: /nights:/ })
	const before = await price.textContent()
	await page.getByLabel('Hotels').selectOption('luxury')
	await expect(page).toHaveURL(/tier=luxury/)
	await expect(price).not.toHaveText(before!)
	await expect(price.getByRole('link', { name: 'Book now' })).toHaveAttribute('href', /tier=luxury/)
})

test.describe('on a phone', () => {
	test.use({ viewport: { width: 390, height: 844 } })

	test('the guide page menu opens, closes with Escape (focus back on its button) and with a tap elsewhere', async ({ page }) => {
		await page.goto(guide)
		const menuButton = page.locator('summary').filter({ hasText: 'Menu' })
		const menu = page.getByRole('navigation', { name: 'Main (mobile)' })
		await menuButton.click()
		await expect(menu).toBeVisible()
		await page.keyboard.press('Escape')
		await expect(menu).toBeHidden()
		await expect(menuButton).toBeFocused()
		await menuButton.click()
		await expect(menu.getByRole('link', { name: 'Travel guide' })).toBeVisible()
		// A tap on the page below the open menu.
		await page.mouse.click(20, 700)
		await expect(menu).toBeHidden()
		// And a link in it is an ordinary link.
		await menuButton.click()
		await menu.getByRole('link', { name: 'Destinations' }).click()
		await expect(page).toHaveURL(/\/destinations$/)
	})

	test('package card images are real images before any script runs', async ({ browser }) => {
		const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } })
		const page = await context.newPage()
		await page.goto('/')
		const card = page.getByRole('article').first().getByRole('img')
		await card.scrollIntoViewIfNeeded()
		await expect(card).toHaveAttribute('srcset', /\/img\?url=/)
		await expect.poll(() => card.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
		await context.close()
	})
})

test('the trip builder loads no framework chunk; its price updates in place and keeps what the visitor typed', async ({ page }) => {
	const errors: string[] = []
	page.on('pageerror', (error) => errors.push(error.message))
	const scripts = await scriptsLoadedBy(page, '/builder')
	expect(scripts.filter((script) => frameworkChunk.test(script))).toEqual([])
	await expect(page.locator('html[data-enhanced="true"]')).toHaveCount(1)
	const perPerson = page.getByTestId('per-person')
	const before = await perPerson.textContent()
	await page.getByLabel('Your name').fill('Ravi Typed')
	await page.getByLabel('Phone or WhatsApp').focus()
	await page.getByLabel('Hotel category').selectOption('luxury')
	await expect(perPerson).not.toHaveText(before ?? '')
	await expect(page).toHaveURL(/tier=luxury/)
	await expect(page.getByLabel('Your name')).toHaveValue('Ravi Typed')
	await expect(page.locator('input[name="config"]')).toHaveValue(/tier=luxury/)
	// A choice the server refuses is marked on its field, the price says why, and the field keeps the text.
	const ages = page.getByLabel(/^Children’s ages/)
	await ages.fill('5, 40')
	await expect(ages).toHaveAttribute('aria-invalid', 'true')
	await expect(page.getByRole('alert')).toContainText('Fix the highlighted choices')
	await expect(ages).toHaveValue('5, 40')
	await ages.fill('5')
	await expect(ages).not.toHaveAttribute('aria-invalid', 'true')
	await expect(perPerson).toContainText('₹')
	expect(errors).toEqual([])
})

test('a flash toast shows on a static page, F8 reaches it and it can be dismissed', async ({ page }) => {
	await page.goto('/__test/ui')
	await page.evaluate((to) => {
		const form = document.createElement('form')
		form.method = 'post'
		form.action = '/__test/ui'
		const field = Object.assign(document.createElement('input'), { type: 'hidden', name: 'redirectTo', value: to })
		form.append(field)
		document.body.append(form)
		form.submit()
	}, guide)
	await expect(page).toHaveURL(new RegExp(`${guide}$`))
	const toast = page.getByTestId('toast').filter({ hasText: 'Saved' })
	await expect(toast).toBeVisible()
	await expect(toast).toContainText('The flash toast arrived after a redirect.')
	await expect(page.locator('html[data-hydrated]')).toHaveCount(0)
	await page.keyboard.press('F8')
	expect(await page.evaluate(() => !!document.activeElement?.closest('[aria-label^="Notifications"]'))).toBe(true)
	await page.getByRole('button', { name: 'Dismiss notification' }).click()
	await expect(toast).toHaveCount(0)
	// The toast was for one page view only.
	await page.reload()
	await page.waitForTimeout(300)
	await expect(page.getByTestId('toast')).toHaveCount(0)
})

test.describe('consent on a static page (analytics configured)', () => {
	let server: Awaited<ReturnType<typeof startExtraServer>>
	test.beforeAll(async () => {
		server = await startExtraServer('static-pages', Number(process.env.E2E_STATIC_PAGES_PORT ?? 3356), { ANALYTICS_ID: 'G-STATIC123' })
	})
	test.afterAll(async () => {
		await server.stop()
	})

	test('accepting on a guide page keeps it free of framework code and loads the tag 2 s after load', async ({ page }) => {
		const tagRequests: number[] = []
		await page.route('https://www.googletagmanager.com/**', (route) => {
			tagRequests.push(Date.now())
			return route.fulfill({ contentType: 'text/javascript', body: 'window.__tagLoaded = true' })
		})
		await page.goto(`${server.url}${guide}`)
		const banner = page.getByRole('region', { name: 'Cookie consent' })
		await expect(banner).toBeVisible()
		await page.waitForTimeout(2300)
		expect(tagRequests).toEqual([])
		const scripts: string[] = []
		page.on('request', (request) => {
			if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
		})
		const accepted = Date.now()
		await banner.getByRole('button', { name: 'Accept analytics' }).click()
		await expect(page).toHaveURL(`${server.url}${guide}`)
		await expect(banner).toHaveCount(0)
		await expect.poll(() => tagRequests.length, { timeout: 6000 }).toBe(1)
		expect(tagRequests[0]! - accepted).toBeGreaterThanOrEqual(1900)
		expect(scripts.filter((script) => frameworkChunk.test(script))).toEqual([])
	})
})
