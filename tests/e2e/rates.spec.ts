import { expect, test } from '@playwright/test'
import { demoOwner, signIn } from './helpers.ts'

test.describe('trip builder without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the form prices on submit and a quote request becomes a lead', async ({ page }) => {
		await page.goto('/builder')
		await expect(page.getByTestId('per-person')).toContainText('₹')
		await page.getByLabel('Hotel category').selectOption('premium')
		await page.getByLabel('Adults (12 and over)').fill('3')
		await page.getByLabel('Rooms').fill('2')
		await page.getByRole('button', { name: 'Update price' }).click()
		await expect(page).toHaveURL(/tier=premium/)
		await expect(page.getByRole('cell', { name: /₹/ }).first()).toBeVisible()
		await expect(page.getByRole('row', { name: /Premium Cottage|Sea View Villa|Premium/ }).first()).toBeVisible()
		await page.getByLabel('Your name').fill('Asha Builder')
		await page.getByLabel('Phone or WhatsApp').fill('9876543210')
		await page.getByRole('button', { name: 'Request this quote' }).click()
		await expect(page).toHaveURL(/\/thank-you\?ref=LD-/)
	})

	test('a trip that cannot be priced says why in plain words', async ({ page }) => {
		await page.goto('/builder?start=2031-01-10&island1=port-blair&nights1=2&tier=deluxe&adults=2')
		await expect(page.getByRole('alert')).toContainText('We have no prices yet')
	})
})

test('trip builder with JavaScript updates the price without a reload', async ({ page }) => {
	await page.goto('/builder')
	const perPerson = page.getByTestId('per-person')
	await expect(perPerson).toContainText('₹')
	const before = await perPerson.textContent()
	await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42))
	await page.getByLabel('Hotel category').selectOption('luxury')
	await expect(perPerson).not.toHaveText(before ?? '')
	expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42)
	await expect(page).toHaveURL(/tier=luxury/)
	await expect(page.getByRole('link', { name: 'Book now' })).toHaveAttribute('href', /\/book-now\?.*tier=luxury/)
})

test('instant tour packages gives a per-person price', async ({ page }) => {
	await page.goto('/instant-tour-packages?nights=6&tier=standard&adults=2')
	await expect(page.getByText('per person').first()).toBeVisible()
	await expect(page.getByRole('link', { name: 'Get this quote' })).toHaveAttribute('href', /\/builder\?/)
})

test('an owner edits the markup in settings and a bad season range is refused', async ({ page }) => {
	await signIn(page, demoOwner.email, demoOwner.password)
	await expect(page).toHaveURL(/\/admin$/)
	await page.goto('/admin/settings')
	await page.getByLabel('To date of row 1', { exact: true }).fill('2026-01-03')
	await page.getByRole('button', { name: 'Save settings' }).click()
	await expect(page.getByRole('alert')).toContainText('No season covers')
	await page.goto('/admin/settings')
	await page.getByLabel('Markup %').fill('12.5')
	await page.getByRole('button', { name: 'Save settings' }).click()
	await expect(page.getByText('Settings saved', { exact: true })).toBeVisible()
	await expect(page.getByLabel('Markup %')).toHaveValue('12.5')
})

test('staff add a hotel, a room type and a rate', async ({ page }) => {
	await signIn(page, demoOwner.email, demoOwner.password)
	await expect(page).toHaveURL(/\/admin$/)
	await page.goto('/admin/hotels')
	const name = `E2E Lagoon ${Date.now().toString(36)}`
	await page.getByLabel('Hotel name').fill(name)
	await page.getByLabel('Island of the hotel').selectOption('neil')
	await page.getByRole('button', { name: 'Add hotel' }).click()
	await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
	await page.getByLabel('New room type name').fill('Garden Room')
	await page.getByRole('button', { name: 'Add room type' }).click()
	await expect(page.getByLabel('Garden Room, high: double room sell')).toBeVisible()
	await page.getByLabel('Garden Room, high: double room sell').fill('-5')
	await page.getByRole('button', { name: 'Save rates' }).click()
	await expect(page.getByRole('alert')).toContainText('cannot be negative')
	for (const [field, value] of [
		['double room sell', '5000'],
		['double room cost', '4000'],
		['extra adult sell', '1500'],
		['extra adult cost', '1200'],
		['child with bed sell', '1000'],
		['child with bed cost', '800'],
		['child without bed sell', '500'],
		['child without bed cost', '400'],
	]) {
		await page.getByLabel(`Garden Room, high: ${field}`).fill(value!)
	}
	await page.getByRole('button', { name: 'Save rates' }).click()
	await expect(page.getByText('Saved 1 rate rows', { exact: true })).toBeVisible()
	await expect(page.getByLabel('Garden Room, high: double room sell')).toHaveValue('5000')
})
