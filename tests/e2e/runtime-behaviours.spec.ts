import { expect, test } from '@playwright/test'
import { startExtraServer } from './extra-server.ts'
import { waitForHydration } from './helpers.ts'

const tagPattern = 'https://www.googletagmanager.com/**'

test.describe('analytics (configured)', () => {
	let server: Awaited<ReturnType<typeof startExtraServer>>
	test.beforeAll(async () => {
		server = await startExtraServer('analytics', Number(process.env.E2E_ANALYTICS_PORT ?? 3216), { ANALYTICS_ID: 'G-TEST1234' })
	})
	test.afterAll(async () => {
		await server.stop()
	})

	test('nothing loads until the visitor accepts; then the tag loads 2 seconds after the page load', async ({ page }) => {
		const tagRequests: number[] = []
		// The outside service is never reached: the test answers for it and notes when it was asked.
		await page.route(tagPattern, (route) => {
			tagRequests.push(Date.now())
			return route.fulfill({ contentType: 'text/javascript', body: 'window.__tagLoaded = true' })
		})
		await page.goto(`${server.url}/`)
		const banner = page.getByRole('region', { name: 'Cookie consent' })
		await expect(banner).toBeVisible()
		await page.waitForTimeout(2500)
		expect(tagRequests).toEqual([])

		const accepted = Date.now()
		await banner.getByRole('button', { name: 'Accept analytics' }).click()
		await expect(banner).toHaveCount(0)
		await expect.poll(() => tagRequests.length, { timeout: 5000 }).toBe(1)
		expect(tagRequests[0]! - accepted).toBeGreaterThanOrEqual(1900)

		// On the next full page load the choice is remembered: the tag comes 2 s after the load event.
		tagRequests.length = 0
		await page.goto(`${server.url}/packages`)
		// The browser's own load event: goto can return some hundreds of ms after it on a busy machine, which
		// made the tag look early (1,738 ms in one CI run).
		const loadedAt = await page.evaluate(
			() => performance.timeOrigin + (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
		)
		await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0)
		await expect.poll(() => tagRequests.length, { timeout: 5000 }).toBe(1)
		expect(tagRequests[0]! - loadedAt).toBeGreaterThanOrEqual(1900)
	})

	test('declining keeps the tag away, and the choice works without JavaScript', async ({ browser }) => {
		const context = await browser.newContext({ javaScriptEnabled: false })
		const page = await context.newPage()
		await page.goto(`${server.url}/reviews`)
		await page.getByRole('button', { name: 'No thanks' }).click()
		await expect(page).toHaveURL(`${server.url}/reviews`)
		await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0)
		expect((await context.cookies()).find((cookie) => cookie.name === 'analytics_consent')?.value).toBe('denied')
		await context.close()
	})
})

test('without an analytics id there is no banner and no tag', async ({ page }) => {
	let asked = false
	await page.route(tagPattern, (route) => {
		asked = true
		return route.abort()
	})
	await page.goto('/')
	await page.waitForTimeout(2500)
	await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0)
	expect(asked).toBe(false)
})

test('a new build noticed by the hourly check reloads the page on the next navigation, not before', async ({ page }) => {
	await page.clock.install()
	// A hydrated page in the site layout (every public page kind is static now, ADR 219, and static pages
	// have no client navigation to turn into a full load): the test page for toasts and tooltips.
	await page.goto('/__test/ui')
	await waitForHydration(page)
	let checks = 0
	await page.route('**/version.json', (route) => {
		checks++
		return route.fulfill({ json: { version: 'a-newer-build' } })
	})
	await page.evaluate(() => {
		;(window as unknown as { marker: string }).marker = 'still the same document'
	})
	// Nothing happens before the hour is up, nor right after the check.
	await page.clock.runFor(60 * 60 * 1000 - 5000)
	expect(checks).toBe(0)
	await page.clock.runFor(6000)
	await expect.poll(() => checks).toBe(1)
	expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('still the same document')
	// The next navigation is a full page load.
	const fullLoad = page.waitForEvent('load')
	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click()
	await fullLoad
	await expect(page).toHaveURL(/\/contact$/)
	expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker ?? 'reloaded')).toBe('reloaded')
})
