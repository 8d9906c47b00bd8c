import { expect, test } from '@playwright/test'
import { demoOwner, signIn } from './helpers.ts'

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('guides say when they were checked and link their sources; the footer leads to emergency help', async ({ page }) => {
		await page.goto('/andaman-travel-tips')
		const sources = page.getByRole('region', { name: /Checked on .* · Sources/ })
		await expect(sources).toBeVisible()
		await expect(sources.getByRole('link', { name: /Andaman and Nicobar Police/ })).toHaveAttribute('href', /police\.andaman\.gov\.in/)
		await page.getByRole('contentinfo').getByRole('link', { name: 'Emergency help' }).click()
		await expect(page.getByRole('heading', { level: 1, name: 'Emergency help in the Andamans' })).toBeVisible()
		await expect(page.getByRole('heading', { name: 'Call 112 first' })).toBeVisible()
		await page.goto('/andaman-closing-days')
		await expect(page.getByRole('cell', { name: /Mondays/ }).first()).toBeVisible()
	})
})

test('each operator’s reporting time is on the ferries page; the owner’s fallback applies only to operators that publish none', async ({ page, browser }) => {
	const setMinutes = async (minutes: string) => {
		await page.goto('/admin/settings')
		await page.getByLabel('Be at the jetty when the operator publishes no time (minutes before sailing)').fill(minutes)
		await page.getByRole('button', { name: 'Save settings' }).click()
		await expect(page.getByText('Settings saved', { exact: true })).toBeVisible()
	}
	await signIn(page, demoOwner.email, demoOwner.password)
	await page.goto('/admin/settings')
	await page.getByLabel('Be at the jetty when the operator publishes no time (minutes before sailing)').fill('10')
	await page.getByRole('button', { name: 'Save settings' }).click()
	await expect(page.getByRole('alert')).toContainText('Some fields need attention')
	await expect(page.locator('p', { hasText: 'Enter the jetty reporting time in minutes as a whole number from 30 to 180.' })).toBeVisible()
	try {
		await setMinutes('75')
		const visitor = await browser.newContext()
		const guest = await visitor.newPage()
		await guest.goto('/andaman-travel-tips')
		await expect(guest.getByText('45 minutes to 75 minutes before departure for the private catamarans')).toBeVisible()
		await expect(guest.getByText(/2 hours for government ships, whose gate closes 30 minutes before sailing/)).toBeVisible()
		await guest.goto('/ferries')
		const checkIn = guest.getByRole('region', { name: 'Check-in' })
		await expect(checkIn.getByText('Makruzz: 75 minutes before departure')).toBeVisible()
		await expect(checkIn.getByText('Nautika: 45 minutes before departure')).toBeVisible()
		await expect(checkIn.getByText('Government ships (DSS): 2 hours before departure')).toBeVisible()
		await visitor.close()
	} finally {
		await setMinutes('60')
	}
})
