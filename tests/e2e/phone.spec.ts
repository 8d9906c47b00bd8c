import { type Browser, expect, type Page, test } from '@playwright/test'
import { waitForHydration } from './helpers.ts'

/** A traveller on a 390 × 844 phone: the price and Book now in reach, filters out of the way, errors announced, the ferry form as long as the trip. */
const phone = { width: 390, height: 844 }
test.use({ viewport: phone, hasTouch: true })

const familyPackage = '/packages/andaman-family-holiday-6-nights'

async function noScriptPage(browser: Browser): Promise<Page> {
	const context = await browser.newContext({ viewport: phone, javaScriptEnabled: false })
	return context.newPage()
}

test('no public page scrolls sideways on a phone, with JavaScript or without', async ({ page, browser }) => {
	const pages = ['/', '/packages', familyPackage, '/andaman-weather-best-time-to-visit', '/builder', '/instant-tour-packages', '/contact', '/quote', '/ferries']
	const withoutScript = await noScriptPage(browser)
	for (const path of pages) {
		for (const tab of [page, withoutScript]) {
			await tab.goto(path)
			// Parts below the first screen are drawn only near it (content-visibility): measured before and after they are.
			expect({ path, width: await tab.evaluate(() => document.documentElement.scrollWidth) }).toEqual({ path, width: phone.width })
			await tab.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
			expect({ path, width: await tab.evaluate(() => document.documentElement.scrollWidth) }).toEqual({ path, width: phone.width })
		}
	}
	await withoutScript.context().close()
})

test('package page: the sticky bar shows the price and Book now from the first screen, and never covers the end of the page', async ({ page }) => {
	await page.goto(familyPackage)
	const bar = page.getByRole('complementary', { name: 'Price and booking' })
	await expect(bar).toBeInViewport()
	await expect(bar.getByTestId('sticky-price')).toHaveText(/^₹[\d,]+(\.\d\d)?$/)
	await expect(bar.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+\?text=.*andaman-family-holiday-6-nights/)
	const barBox = (await bar.boundingBox())!
	expect(barBox.y + barBox.height).toBeLessThanOrEqual(phone.height + 1)
	expect(barBox.y).toBeGreaterThan(phone.height - 120)

	// At the very end of the page the bar sits in the flow above the footer, covering nothing.
	await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
	const footerTop = await page.locator('footer').evaluate((footer) => footer.getBoundingClientRect().top)
	const endOfBar = await bar.evaluate((element) => element.getBoundingClientRect().bottom)
	expect(endOfBar).toBeLessThanOrEqual(footerTop)

	await bar.getByRole('link', { name: 'Book now' }).click()
	// The bar books the hotel category the page shows (the cheapest, whose price the bar carries).
	await expect(page).toHaveURL(/\/book-now\?package=andaman-family-holiday-6-nights&tier=standard$/)
	await expect(page.getByRole('heading', { level: 1, name: /^Book / })).toBeVisible()
})

test('package page on a desktop: no sticky bar, the price panel is beside the content', async ({ browser }) => {
	const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
	const page = await context.newPage()
	await page.goto(familyPackage)
	await expect(page.getByTestId('sticky-booking-bar')).toBeHidden()
	await expect(page.getByRole('heading', { name: 'Price per person' })).toBeInViewport()
	await context.close()
})

test('the sticky bar causes no layout shift while the page loads', async ({ page }) => {
	await page.goto(familyPackage)
	await page.evaluate(() => window.scrollTo(0, 0))
	const shift = await page.evaluate(
		() =>
			new Promise<number>((resolve) => {
				let total = 0
				new PerformanceObserver((list) => {
					for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
						if (!entry.hadRecentInput) total += entry.value
				}).observe({ type: 'layout-shift', buffered: true })
				setTimeout(() => resolve(total), 500)
			}),
	)
	expect(shift).toBeLessThan(0.1)
})

test('builder: the sticky bar follows the price as choices change, and books this trip', async ({ page }) => {
	await page.goto('/builder')
	await waitForHydration(page)
	const bar = page.getByRole('complementary', { name: 'Price and booking' })
	await expect(bar).toBeInViewport()
	const before = await bar.getByTestId('sticky-price').textContent()
	expect(before).toMatch(/^₹[\d,]+(\.\d\d)?$/)
	await page.getByLabel('Adults (12 and over)').fill('3')
	await expect(bar.getByTestId('sticky-price')).not.toHaveText(before!)
	await expect(bar.getByTestId('sticky-price')).toHaveText(await page.getByTestId('per-person').evaluate((element) => element.firstChild!.textContent!.trim()))
	await expect(bar.getByRole('link', { name: 'Book now' })).toHaveAttribute('href', /^\/book-now\?.*adults=3/)
})

test('/packages: the first screen shows packages; filters open in a bottom sheet and filter the list', async ({ page }) => {
	await page.goto('/packages')
	await waitForHydration(page)
	await expect(page.getByRole('heading', { level: 2 }).first()).toBeInViewport()
	await expect(page.getByLabel('Kind of trip')).toBeHidden()
	await page.getByText('Filter and sort').first().click()
	const sheet = page.getByRole('form', { name: 'Filter packages' })
	await expect(sheet.getByLabel('Kind of trip')).toBeInViewport()
	const sheetBox = (await sheet.boundingBox())!
	expect(Math.round(sheetBox.y + sheetBox.height)).toBe(phone.height)
	await sheet.getByLabel('Kind of trip').selectOption('family')
	await sheet.getByRole('button', { name: 'Show packages' }).click()
	await expect(page).toHaveURL(/category=family/)
	await expect(sheet).toBeHidden()
	await expect(page.getByText('1 on')).toBeVisible()
	await expect(page.getByRole('link', { name: 'Andaman Family Holiday' }).first()).toBeVisible()
})

test('/packages without JavaScript: the sheet is a plain details and GET form', async ({ browser }) => {
	const page = await noScriptPage(browser)
	await page.goto('/packages')
	await expect(page.getByLabel('Kind of trip')).toBeHidden()
	await page.getByText('Filter and sort').first().click()
	await page.getByLabel('Kind of trip').selectOption('honeymoon')
	await page.getByRole('button', { name: 'Show packages' }).click()
	await expect(page).toHaveURL(/category=honeymoon/)
	await expect(page.getByRole('status')).toContainText(/packages? found/)
	await page.context().close()
})

test('/packages on a desktop shows the filters inline', async ({ browser }) => {
	const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
	const page = await context.newPage()
	await page.goto('/packages')
	await expect(page.getByLabel('Kind of trip')).toBeVisible()
	await expect(page.locator('details.filter-sheet > summary')).toBeHidden()
	await context.close()
})

for (const javaScript of [true, false]) {
	const how = javaScript ? 'with JavaScript' : 'without JavaScript'
	test(`a refused /contact moves focus to the error summary, ${how}`, async ({ page, browser }) => {
		const visitor = javaScript ? page : await noScriptPage(browser)
		await visitor.goto('/contact')
		if (javaScript) await waitForHydration(visitor)
		await visitor.getByLabel('Your name').fill('Meera Iyer')
		await visitor.getByRole('button', { name: 'Send message' }).click()
		const summary = visitor.getByTestId('error-summary')
		await expect(summary).toBeFocused()
		await expect(summary).toBeInViewport()
		await expect(summary).toContainText('Please check the 2 answers marked below')
		await expect(visitor.getByLabel('Your name')).toHaveValue('Meera Iyer')
		if (!javaScript) await visitor.context().close()
	})

	test(`a refused /book-now moves focus to the error summary, ${how}`, async ({ page, browser }) => {
		const visitor = javaScript ? page : await noScriptPage(browser)
		await visitor.goto('/book-now?package=andaman-family-holiday-6-nights')
		if (javaScript) await waitForHydration(visitor)
		await visitor.getByRole('button', { name: 'Book and get payment details' }).click()
		const summary = visitor.getByTestId('error-summary')
		await expect(summary).toBeFocused()
		await expect(summary).toBeInViewport()
		await expect(summary).toContainText('Some details need attention')
		if (!javaScript) await visitor.context().close()
	})
}

test('ferry enquiry: one journey for one way, two for a return, up to four island hopping', async ({ page }) => {
	// /ferries is a static page (no framework code, ADR 219): with JavaScript on, the trip type shows its
	// journeys through the same button as without it, keeping what was typed.
	await page.goto('/ferries')
	const journeys = page.getByRole('group', { name: /^Journey \d/ })
	await expect(journeys).toHaveCount(1)
	const show = page.getByRole('button', { name: 'Show the journeys for this trip type' })
	await page.getByLabel('Your name').fill('Arjun Menon')
	await page.getByRole('radio', { name: 'Return' }).check()
	await show.click()
	await expect(journeys).toHaveCount(2)
	await expect(page.getByRole('group', { name: 'Journey 2: the way back' })).toBeVisible()
	await page.getByRole('radio', { name: 'Island hopping' }).check()
	await show.click()
	await expect(journeys).toHaveCount(4)
	await page.getByRole('radio', { name: 'One way' }).check()
	await show.click()
	await expect(journeys).toHaveCount(1)
	await expect(page.getByLabel('Your name')).toHaveValue('Arjun Menon')
})

test('ferry enquiry without JavaScript: the server shows the journeys for the chosen trip type and keeps what was typed', async ({ browser }) => {
	const page = await noScriptPage(browser)
	await page.goto('/ferries')
	await expect(page.getByRole('group', { name: /^Journey \d/ })).toHaveCount(1)
	await page.getByLabel('Your name').fill('Arjun Menon')
	await page.getByRole('radio', { name: 'Return' }).check()
	await page.getByRole('button', { name: 'Show the journeys for this trip type' }).click()
	await expect(page.getByRole('group', { name: /^Journey \d/ })).toHaveCount(2)
	await expect(page.getByRole('radio', { name: 'Return' })).toBeChecked()
	await expect(page.getByLabel('Your name')).toHaveValue('Arjun Menon')
	await expect(page.getByTestId('error-summary')).toHaveCount(0)
	await page.context().close()
})

test('/book-now with nothing to book helps: a package, the builder or a quote', async ({ page }) => {
	const response = await page.goto('/book-now')
	expect(response?.status()).toBe(200)
	await expect(page.getByRole('heading', { level: 1, name: 'Book your Andaman trip' })).toBeVisible()
	await expect(page.getByRole('link', { name: 'Open the trip builder' })).toHaveAttribute('href', '/builder')
	await expect(page.getByRole('link', { name: 'Request a quote' })).toHaveAttribute('href', '/quote')
	await page
		.getByRole('link', { name: /^Book Andaman/ })
		.first()
		.click()
	await expect(page).toHaveURL(/\/book-now\?package=[a-z0-9-]+$/)
	await expect(page.getByRole('heading', { name: '1. Your trip' })).toBeVisible()
})

test('every public page carries the brand in its first screen: logo home, phone and WhatsApp', async ({ page }) => {
	for (const path of [
		'/',
		'/packages',
		'/packages/andaman-family-holiday-6-nights',
		'/builder',
		'/ferries',
		'/reviews',
		'/book-now',
		'/quote',
		'/thank-you',
		'/instant-tour-packages',
	]) {
		await page.goto(path)
		const header = page.getByRole('banner')
		await expect(header.getByRole('link', { name: 'Andaman Isles Travel' }), path).toHaveAttribute('href', '/')
		await expect(header.getByRole('link', { name: /^Call \+91/ }), path).toHaveAttribute('href', /^tel:/)
		await expect(header.getByRole('link', { name: 'WhatsApp' }), path).toHaveAttribute('href', /^https:\/\/wa\.me\//)
		// Tappable without scrolling: both inside the first screen, 44 px or more.
		for (const name of [/^Call \+91/, 'WhatsApp']) {
			const box = (await header.getByRole('link', { name }).boundingBox())!
			expect(box.y + box.height, path).toBeLessThan(844)
			expect(Math.min(box.width, box.height), path).toBeGreaterThanOrEqual(44)
		}
	}
})

test('activity prices are cards on a phone, and a wide table is a focusable scroller', async ({ page }) => {
	await page.goto('/activities/scuba-diving')
	const cards = page.getByRole('list', { name: 'Prices by place and season' })
	await expect(cards).toBeVisible()
	const firstCard = cards.getByRole('listitem').first()
	await firstCard.scrollIntoViewIfNeeded()
	// The child price is on screen, not clipped at the edge of a scroller.
	await expect(firstCard.getByText('Child', { exact: true })).toBeInViewport()
	const cardBox = (await firstCard.boundingBox())!
	expect(cardBox.x + cardBox.width).toBeLessThanOrEqual(phone.width)
	await expect(page.getByRole('region', { name: 'Prices by place and season (table)' })).toBeHidden()

	await page.goto('/ferries')
	const scroller = page.getByRole('region', { name: 'Typical sailing times (table)' })
	await expect(scroller).toHaveAttribute('tabindex', '0')
	await scroller.focus()
	await page.keyboard.press('ArrowRight')
	await expect.poll(() => scroller.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0)
})
