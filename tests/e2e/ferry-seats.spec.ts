import { type Browser, expect, test } from '@playwright/test'
import { expectNoAxeViolations, indiaDatePlus, waitForHydration } from './helpers.ts'

/**
 * Live ferry seats against the demo operator (on for the demo-data server, never in production):
 * search Port Blair → Havelock, tick seats, hold them with a countdown, let them go. With and without
 * JavaScript, on a phone and a desktop.
 */
// Two axe checks per run on a shared machine.
test.describe.configure({ timeout: 150_000 })

async function visitor(browser: Browser, javaScript: boolean, viewport: { width: number; height: number }) {
	const context = await browser.newContext({ viewport, javaScriptEnabled: javaScript })
	return context.newPage()
}

for (const javaScript of [true, false]) {
	for (const viewport of [
		{ width: 390, height: 844 },
		{ width: 1280, height: 900 },
	]) {
		const how = `${javaScript ? 'with' : 'without'} JavaScript, ${viewport.width} px`
		test(`a traveller finds live sailings, ticks two seats, holds them and lets them go (${how})`, async ({ browser }) => {
			const page = await visitor(browser, javaScript, viewport)
			// Each run its own day, so runs never hold each other's seats.
			const date = indiaDatePlus(20 + (javaScript ? 0 : 2) + (viewport.width > 400 ? 1 : 0)).iso
			await page.goto('/ferries')
			if (javaScript) await waitForHydration(page)
			const live = page.getByRole('region', { name: 'Book seats now' })
			await expect(live).toContainText('Demo Ferries (demo data, not a real operator)')
			await live.getByLabel('Sail from').selectOption('port-blair')
			await live.getByLabel('Sail to').selectOption('havelock')
			await live.getByLabel('Sailing date').fill(date)
			await live.getByLabel('Adults and children').fill('2')
			await live.getByRole('button', { name: 'Show sailings' }).click()
			await expect(live.getByText('07:15 → 08:50')).toBeVisible()
			await expect(live.getByText(/Economy: \d+ seats left · ₹1,208 per person · ₹2,415 in all/).first()).toBeVisible()
			await live.getByRole('link', { name: 'Choose seats: Economy, 07:15 Demo Star' }).click()

			await expect(page.getByRole('heading', { level: 1, name: 'Choose your seats' })).toBeVisible()
			if (javaScript) await waitForHydration(page)
			const seats = page.getByRole('group', { name: /Tick 2 seats/ })
			const free = seats.getByRole('checkbox', { disabled: false })
			await free.nth(0).check()
			await free.nth(1).check()
			if (javaScript) await expect(page.getByText('2 of 2 chosen')).toBeVisible()
			if (javaScript) await expectNoAxeViolations(page)
			await page.screenshot({ path: `test-results/ferry-seats-${javaScript ? 'js' : 'nojs'}-${viewport.width}.png`, fullPage: true })
			await page.getByRole('button', { name: 'Hold these seats' }).click()

			await expect(page.getByRole('heading', { level: 1, name: 'Your seats are held' })).toBeVisible()
			await expect(page).toHaveURL(/\/ferries\/hold\/[A-Za-z0-9]{20}$/)
			await expect(page.getByText(/Held until \d{2}:\d{2}/)).toBeVisible()
			if (javaScript) await expect(page.getByRole('timer')).toHaveText(/^(10:00|9:\d{2})$/)
			await expect(page.getByText('₹2,415')).toBeVisible()
			if (javaScript) await expectNoAxeViolations(page)
			await page.screenshot({ path: `test-results/ferry-hold-${javaScript ? 'js' : 'nojs'}-${viewport.width}.png`, fullPage: true })
			const holdUrl = page.url()
			await page.getByRole('button', { name: 'Let these seats go' }).click()
			await expect(page).toHaveURL(/\/ferries#live-heading$/)
			await page.goto(holdUrl)
			await expect(page.getByRole('heading', { level: 1, name: 'Seat hold ended' })).toBeVisible()
			await page.context().close()
		})
	}
}

test('two travellers tick the same seat: the second is told it is held and offered others', async ({ browser }) => {
	const date = indiaDatePlus(30).iso
	const first = await visitor(browser, false, { width: 1280, height: 900 })
	const second = await visitor(browser, false, { width: 1280, height: 900 })
	const address = `/ferries?search=1&from=havelock&to=neil&date=${date}&adults=1&infants=0`
	for (const page of [first, second]) {
		await page.goto(address)
		await page.getByRole('link', { name: 'Choose seats: Premium, 13:45 Demo Breeze' }).click()
	}
	const seat = first.getByRole('group', { name: /Tick 1 seat/ }).getByRole('checkbox', { disabled: false }).first()
	const seatValue = await seat.getAttribute('value')
	await seat.check()
	await second.locator(`input[name="seats"][value="${seatValue}"]`).check()
	await first.getByRole('button', { name: 'Hold these seats' }).click()
	await expect(first.getByRole('heading', { level: 1, name: 'Your seats are held' })).toBeVisible()
	await second.getByRole('button', { name: 'Hold these seats' }).click()
	await expect(second.getByText('Someone else is holding one of those seats right now. Choose others.')).toBeVisible()
	await expect(second.getByText(/Free seats you could take instead: \w+\./)).toBeVisible()
	await first.context().close()
	await second.context().close()
})
