import { expect, type Page, test } from '@playwright/test'
import { demoStaff, signIn, waitForHydration } from './helpers.ts'

const refused = /Someone else saved this itinerary after you opened it/

/** Signs in, starts a blank itinerary and opens it in a second page of the same browser. */
async function twoPagesOnOneItinerary(page: Page) {
	await signIn(page, demoStaff.email, demoStaff.password)
	await page.goto('/admin/create-itinerary')
	await page.getByRole('button', { name: 'Start itinerary' }).click()
	await expect(page).toHaveURL(/\/admin\/create-itinerary\/[A-Za-z0-9]{20}$/)
	const other = await page.context().newPage()
	await other.goto(page.url())
	return { other, path: new URL(page.url()).pathname }
}

test('two pages on one itinerary: the later save is refused with what to do, and what it typed stays; one person’s automatic saves never refuse each other', async ({
	page,
}) => {
	test.setTimeout(90_000)
	const { other, path } = await twoPagesOnOneItinerary(page)
	await waitForHydration(page)
	await waitForHydration(other)
	const posts: number[] = []
	page.on(
		'response',
		(response) => void (response.request().method() === 'POST' && new URL(response.url()).pathname.startsWith(path) && posts.push(response.status())),
	)
	// A slow network: each save takes a while, so a change typed meanwhile is saved while the first is on its way.
	await page.route(
		(url) => url.pathname.startsWith(path),
		async (route) => {
			if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 1500))
			await route.continue()
		},
	)

	const title = page.getByLabel('Title')
	const firstSave = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname.startsWith(path))
	await title.fill('Honeymoon')
	await firstSave
	await title.fill('Honeymoon, sea-view rooms')
	await expect.poll(() => posts.length, { timeout: 15_000 }).toBe(2)
	await expect(page.getByText('(updating…)')).toHaveCount(0)
	expect(posts).toEqual([200, 200])
	await expect(page.getByText(refused)).toHaveCount(0)
	await title.fill('Honeymoon, sea-view rooms, 5 nights')
	await expect.poll(() => posts.length, { timeout: 15_000 }).toBe(3)
	expect(posts).toEqual([200, 200, 200])
	await expect(page.getByText(refused)).toHaveCount(0)
	await page.unroute((url) => url.pathname.startsWith(path))

	// The second page was opened before those saves: its save is refused, and says what to do.
	await other.getByLabel('Title').fill('Family trip, four adults')
	await other.getByRole('button', { name: 'Save and price' }).first().click()
	const alert = other.getByRole('alert').filter({ hasText: refused })
	await expect(alert).toBeVisible()
	await expect(alert).toContainText('What you typed is still in the form')
	await expect(other.getByLabel('Title')).toHaveValue('Family trip, four adults')
	await other.screenshot({ path: 'test-results/itinerary-revision-refused.png' })
	// Saving again from the stale page is refused again: nothing of the first page's is overwritten.
	await other.getByLabel('Adults').fill('4')
	await other.getByRole('button', { name: 'Save and price' }).first().click()
	await expect(alert).toBeVisible()
	await other.getByRole('link', { name: 'Reload the itinerary' }).click()
	await expect(other.getByLabel('Title')).toHaveValue('Honeymoon, sea-view rooms, 5 nights')
	await expect(other.getByRole('heading', { level: 1 })).toHaveText('Honeymoon, sea-view rooms, 5 nights')
	// After reloading, its own change saves.
	await waitForHydration(other)
	await other.getByLabel('Adults').fill('3')
	await other.getByRole('button', { name: 'Save and price' }).first().click()
	await expect(other.getByRole('status').filter({ hasText: /^Saved\./ })).toBeVisible()
	await expect(other.getByText(refused)).toHaveCount(0)
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the later of two pages is refused with the message and its values; saving again is refused again until it reloads', async ({ page }) => {
		test.setTimeout(60_000)
		const { other } = await twoPagesOnOneItinerary(page)
		await page.getByLabel('Title').fill('Saved first')
		await page.getByRole('button', { name: 'Save and price' }).first().click()
		await expect(page.getByText(/^Saved\./)).toBeVisible()
		// Saving twice in a row from the page the first save answered is not refused: it carries the new revision.
		await page.getByLabel('Title').fill('Saved first, then again')
		await page.getByRole('button', { name: 'Save and price' }).first().click()
		await expect(page.getByText(/^Saved\./)).toBeVisible()
		await expect(page.getByText(refused)).toHaveCount(0)

		await other.getByLabel('Title').fill('Saved second')
		await other.getByRole('button', { name: 'Save and price' }).first().click()
		await expect(other.getByText(refused)).toBeVisible()
		await expect(other.getByLabel('Title')).toHaveValue('Saved second')
		await other.getByRole('button', { name: 'Save and price' }).first().click()
		await expect(other.getByText(refused)).toBeVisible()
		await other.getByRole('link', { name: 'Reload the itinerary' }).click()
		await expect(other.getByLabel('Title')).toHaveValue('Saved first, then again')
	})
})
