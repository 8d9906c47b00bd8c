import { type Browser, expect, type Page, test } from '@playwright/test'
import { waitForHydration } from './helpers.ts'

/**
 * The phone-first home page (docs/decisions/220-phone-first-home-page.md): the search, the three best
 * packages and "build your own" in the first screen, rows that scroll sideways, and budget bands
 * fitted to the catalogue that filter the package list, with and without JavaScript.
 */
const viewports = [
	{ name: 'phone', width: 390, height: 844 },
	{ name: 'desktop', width: 1280, height: 900 },
] as const

async function visitor(browser: Browser, viewport: { width: number; height: number }, javaScriptEnabled: boolean): Promise<Page> {
	const context = await browser.newContext({ viewport, javaScriptEnabled })
	return context.newPage()
}

/** "₹15,000" → 15000. */
const rupees = (text: string) => Number(text.replace(/[^\d.]/g, ''))

test('on a phone the first screen holds the search, the best packages and build your own; the page is a third of its old height', async ({ browser }) => {
	const page = await visitor(browser, viewports[0], true)
	await page.goto('/')
	await waitForHydration(page)
	const search = page.getByRole('form', { name: 'Find a package' })
	await expect(search.getByLabel('How long')).toBeInViewport()
	await expect(search.getByLabel('Budget per person')).toBeInViewport()
	await expect(search.getByRole('button', { name: 'Find packages' })).toBeInViewport()
	await expect(page.getByRole('link', { name: 'Or build your own trip' })).toBeInViewport()
	await expect(page.getByRole('heading', { level: 2, name: 'Our best packages' })).toBeInViewport()
	const best = page.getByRole('region', { name: 'Our best packages (scrolls sideways)' })
	await expect(best.getByRole('article')).toHaveCount(3)
	await expect(best.getByRole('article').first()).toBeInViewport()
	// A sideways row, not a column: the second card starts beside the first, and the row scrolls.
	const [first, second] = [await best.getByRole('article').nth(0).boundingBox(), await best.getByRole('article').nth(1).boundingBox()]
	expect(Math.round(second!.y)).toBe(Math.round(first!.y))
	expect(second!.x).toBeGreaterThan(first!.x + first!.width)
	expect(await best.evaluate((row) => row.scrollWidth > row.clientWidth && getComputedStyle(row).scrollSnapType.startsWith('x'))).toBe(true)
	// Was 11,584 px of single cards before the rows.
	expect(await page.evaluate(() => document.body.scrollHeight)).toBeLessThan(6000)
	await page.context().close()
})

test('a row is reached with the keyboard: the region takes focus with a visible ring, and Tab brings each card into view', async ({ browser }) => {
	const page = await visitor(browser, viewports[0], true)
	await page.goto('/')
	const best = page.getByRole('region', { name: 'Our best packages (scrolls sideways)' })
	await page.getByRole('link', { name: 'See all' }).focus()
	await page.keyboard.press('Tab')
	await expect(best).toBeFocused()
	expect(await best.evaluate((row) => getComputedStyle(row).outlineStyle)).not.toBe('none')
	// Arrow keys scroll the focused row. That scroll is animated: wait for its end, or a Tab pressed
	// while it runs focuses the first card and the scroll still ends on the second, out of view.
	await best.evaluate((row) => row.addEventListener('scrollend', () => (row.dataset.scrollEnd = String(row.scrollLeft)), { once: true }))
	await page.keyboard.press('ArrowRight')
	await expect.poll(() => best.evaluate((row) => Number(row.dataset.scrollEnd ?? 0))).toBeGreaterThan(0)
	const links = best.getByRole('article').getByRole('heading').getByRole('link')
	for (let index = 0; index < 3; index++) {
		await page.keyboard.press('Tab')
		await expect(links.nth(index)).toBeFocused()
		await expect(links.nth(index)).toBeInViewport()
	}
	await page.keyboard.press('Tab')
	await expect(best.getByRole('link', { name: 'Build your own trip' })).toBeFocused()
	await expect(best.getByRole('link', { name: 'Build your own trip' })).toBeInViewport()
	await page.context().close()
})

for (const viewport of viewports) {
	for (const javaScript of [true, false]) {
		test(`budget bands from the home page filter the package list (${viewport.name}, JavaScript ${javaScript ? 'on' : 'off'})`, async ({ browser }) => {
			const page = await visitor(browser, viewport, javaScript)
			await page.goto('/')
			const bands = page.getByRole('region', { name: 'Packages by budget' }).getByRole('link')
			const count = await bands.count()
			expect(count).toBeGreaterThanOrEqual(2)
			// Every published package is in exactly one band.
			let sum = 0
			for (const band of await bands.all()) sum += Number(/(\d+) packages?/.exec((await band.textContent())!)![1])
			const all = await page.request.get('/packages').then((response) => response.text())
			expect(sum).toBe(Number(/(\d+) packages? found/.exec(all)![1]))

			const second = bands.nth(1)
			const label = (await second.textContent())!
			const expected = Number(/(\d+) packages?/.exec(label)![1])
			await second.click()
			await expect(page).toHaveURL(/\/packages\?budget=\d+-\d+$/)
			const [min, max] = new URL(page.url()).searchParams.get('budget')!.split('-').map(Number)
			await expect(page.getByRole('status')).toContainText(`${expected} ${expected === 1 ? 'package' : 'packages'} found`)
			await expect(page.locator('select[name="budget"]')).toHaveValue(`${min}-${max}`)
			const prices = await page
				.getByRole('article')
				.getByText(/^₹[\d,]+/)
				.allTextContents()
			expect(prices.length).toBe(Math.min(expected, 9))
			for (const price of prices) {
				expect(rupees(price)).toBeGreaterThanOrEqual(min!)
				expect(rupees(price)).toBeLessThan(max!)
			}
			await page.context().close()
		})
	}
}

test('the budget filter on /packages updates the list in place on a static page, and the address can be shared', async ({ browser }) => {
	const page = await visitor(browser, viewports[1], true)
	const scripts: string[] = []
	page.on('request', (request) => {
		if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
	})
	await page.goto('/packages')
	await waitForHydration(page)
	expect(scripts.filter((script) => /\/assets\/(react|react-dom|router|entry\.client|root)-/.test(script))).toEqual([])
	await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true))
	const budget = page.getByLabel('Budget per person')
	const band = (await budget.locator('option').nth(1).getAttribute('value'))!
	await budget.selectOption(band)
	await expect(page).toHaveURL(new RegExp(`budget=${band}`))
	// The count of filters on sits on the phone's "Filter and sort" button, swapped in with the list.
	await expect(page.locator('#active-filters')).toHaveText('1 on')
	const shown = await page.getByRole('status').textContent()
	expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true)
	await page.reload()
	await expect(page.getByRole('status')).toHaveText(shown!)
	await expect(budget).toHaveValue(band)
	await page.context().close()
})
