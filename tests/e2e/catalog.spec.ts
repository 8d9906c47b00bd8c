import path from 'node:path'
import Database from 'better-sqlite3'
import { expect, test } from '@playwright/test'
import { waitForHydration } from './helpers.ts'

function e2eDatabase() {
	return new Database(path.resolve('data/e2e/app.db'), { readonly: true, fileMustExist: true })
}

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('filtering packages is a plain GET form whose URL can be shared', async ({ page }) => {
		await page.goto('/packages')
		const all = Number((await page.getByRole('status').textContent())?.match(/(\d+) packages? found/)?.[1])
		expect(all).toBeGreaterThanOrEqual(12)
		await page.getByLabel('Kind of trip').selectOption('honeymoon')
		await page.getByRole('button', { name: 'Show packages' }).click()
		await expect(page).toHaveURL(/category=honeymoon/)
		const count = Number((await page.getByRole('status').textContent())?.match(/(\d+) packages? found/)?.[1])
		expect(count).toBeGreaterThan(0)
		expect(count).toBeLessThan(all)
		for (const card of await page.getByRole('article').all()) await expect(card).toContainText('Honeymoon')
		// The same URL in a new page shows the same list.
		const url = page.url()
		await page.goto(url)
		await expect(page.getByLabel('Kind of trip')).toHaveValue('honeymoon')
	})

	test('the contact form works and saves a lead', async ({ page }) => {
		await page.goto('/contact')
		await page.getByLabel('Your name').fill('Kavya Nair (no JS)')
		await page.getByLabel('Phone or WhatsApp').fill('98470 12345')
		await page.getByLabel('How can we help?').fill('Two adults, 6 nights in February, want scuba at Havelock')
		await page.getByRole('button', { name: 'Send message' }).click()
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you, we have your message')
		const reference = (await page.locator('strong.font-mono').textContent())!
		const db = e2eDatabase()
		const lead = db.prepare('select * from leads where reference = ?').get(reference) as Record<string, unknown>
		db.close()
		expect(lead).toMatchObject({ name: 'Kavya Nair (no JS)', phone: '+919847012345', source: 'contact_form', status: 'new' })
	})
})

test('filtering packages with JavaScript updates the list without a full reload', async ({ page }) => {
	await page.goto('/packages')
	// Page-cached pages hydrate after the load event (docs/decisions/012-hydrate-static-pages-after-load.md).
	await waitForHydration(page)
	await page.evaluate(() => {
		;(window as unknown as { marker: boolean }).marker = true
	})
	await page.getByLabel('Island').selectOption('neil')
	await expect(page).toHaveURL(/island=neil/)
	await expect(page.getByRole('status')).toContainText('found')
	// Retried until the new list has replaced the old one.
	await expect(page.getByRole('article').filter({ hasNotText: 'Neil' })).toHaveCount(0)
	await expect(page.getByRole('article').first()).toContainText('Neil')
	expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true)
})

test('a package page shows the day plan, the tiers and both calls to action', async ({ page }) => {
	await page.goto('/packages')
	const first = page.getByRole('article').first().getByRole('heading').getByRole('link')
	const title = (await first.textContent())!
	await first.click()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
	await expect(page.getByRole('heading', { name: 'Day by day' })).toBeVisible()
	await expect(page.getByRole('heading', { name: /^Day 1:/ })).toBeVisible()
	await expect(page.getByText(/from ₹[\d,]+(\.\d\d)?/).first()).toBeVisible()
	await expect(page.getByRole('link', { name: 'Book now' })).toHaveAttribute('href', /\/book-now\?package=/)
	await expect(page.getByRole('link', { name: 'Get a quote' })).toHaveAttribute('href', /\/quote\?package=/)
})

test('a bad contact form keeps what was typed and says what to fix', async ({ page }) => {
	await page.goto('/contact')
	await page.getByLabel('Your name').fill('Rohit')
	await page.getByLabel('Phone or WhatsApp').fill('12345')
	await page.getByLabel('How can we help?').fill('Ferry tickets for 3')
	await page.getByRole('button', { name: 'Send message' }).click()
	await expect(page.getByText('Enter a 10-digit Indian mobile')).toBeVisible()
	await expect(page.getByLabel('Your name')).toHaveValue('Rohit')
	await expect(page.getByLabel('How can we help?')).toHaveValue('Ferry tickets for 3')
	await expect(page.getByLabel('Phone or WhatsApp')).toHaveAttribute('aria-invalid', 'true')
})
