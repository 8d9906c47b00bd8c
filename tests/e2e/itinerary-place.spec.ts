import { expect, type Page, test } from '@playwright/test'
import { demoStaff, signIn, waitForHydration } from './helpers.ts'

const templates = [
	'Arrival in Port Blair, Cellular Jail and light-and-sound show',
	'Ferry to Havelock and Radhanagar beach sunset',
	'Departure from Port Blair',
]

/** A blank itinerary with several days from the templates: a long page. */
async function longItinerary(page: Page) {
	await signIn(page, demoStaff.email, demoStaff.password)
	await page.goto('/admin/create-itinerary')
	await page.getByRole('button', { name: 'Start itinerary' }).click()
	await expect(page).toHaveURL(/\/admin\/create-itinerary\/[A-Za-z0-9]{20}$/)
	const heading = page.getByRole('heading', { name: /^Days \(\d+\)$/ })
	const before = Number(/\d+/.exec((await heading.textContent())!)![0])
	for (const template of templates) await page.getByLabel(template).check()
	await page.getByRole('button', { name: 'Add selected days' }).click()
	const days = before + templates.length
	await expect(page.getByRole('heading', { name: `Days (${days})` })).toBeVisible()
	return days
}

for (const viewport of [
	{ name: 'desktop', width: 1280, height: 800 },
	{ name: 'phone', width: 390, height: 844 },
]) {
	test(`itinerary editor on a ${viewport.name}: moving a day keeps the scroll position and focus on the moved day`, async ({ page }) => {
		test.setTimeout(90_000)
		await page.setViewportSize(viewport)
		const days = await longItinerary(page)
		await waitForHydration(page)
		const last = days
		const lastTitle = await page.getByLabel(`Day ${last} title`).inputValue()
		const up = page.getByRole('button', { name: `Move day ${last} up` })
		await up.scrollIntoViewIfNeeded()
		await page.mouse.wheel(0, 0)
		const before = await page.evaluate(() => window.scrollY)
		expect(before).toBeGreaterThan(300)
		const buttonTop = (await up.boundingBox())!.y
		await up.click()

		// The day moved up, in place: the page did not go back to the top, and the keyboard is on the moved day's Up button.
		await expect(page.getByLabel(`Day ${last - 1} title`)).toHaveValue(lastTitle)
		const movedUp = page.getByRole('button', { name: `Move day ${last - 1} up` })
		await expect(movedUp).toBeFocused()
		await expect(page.getByRole('status').filter({ hasText: `is now day ${last - 1}` })).toBeAttached()
		const after = await page.evaluate(() => window.scrollY)
		expect(after).toBeGreaterThan(300)
		// The moved day's button sits where the pressed one was (within a few pixels).
		expect(Math.abs((await movedUp.boundingBox())!.y - buttonTop)).toBeLessThan(40)
		await page.screenshot({ path: `test-results/itinerary-place-${viewport.name}.png` })

		// Again with the keyboard: Enter on the focused button moves it once more, focus stays with it
		// (on its Down button when it reached the top and Up is disabled).
		await page.keyboard.press('Enter')
		await expect(page.getByLabel(`Day ${last - 2} title`)).toHaveValue(lastTitle)
		await expect(page.getByRole('button', { name: last - 2 === 1 ? 'Move day 1 down' : `Move day ${last - 2} up` })).toBeFocused()
		expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
	})
}

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('moving a day comes back to the moved day’s anchor', async ({ page }) => {
		test.setTimeout(60_000)
		const days = await longItinerary(page)
		const lastTitle = await page.getByLabel(`Day ${days} title`).inputValue()
		await page.getByRole('button', { name: `Move day ${days} up` }).click()
		await expect(page).toHaveURL(new RegExp(`#day-${days - 1}$`))
		await expect(page.getByLabel(`Day ${days - 1} title`)).toHaveValue(lastTitle)
		expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300)
	})
})
