import { expect, type Page, test } from '@playwright/test'
import { demoStaff, expectNoAxeViolations, signIn, waitForHydration } from './helpers.ts'

/** A lead taken on the phone, with a name and a mobile no other test uses. */
async function addLead(page: Page, tag: string) {
	const name = `Zoravar Quick ${tag}`
	const mobile = `97${String(Date.now()).slice(-8)}`
	await page.goto('/admin/leads/new')
	await page.getByLabel('Name').fill(name)
	await page.getByLabel('Phone or WhatsApp').fill(mobile)
	await page.getByRole('button', { name: 'Save lead' }).click()
	await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
	return { name, mobile, url: page.url() }
}

test('quick search: / opens the dialog from any admin page, a phone number in another format finds the lead, Enter opens it; Ctrl+K and Esc', async ({
	page,
}) => {
	test.setTimeout(90_000)
	await signIn(page, demoStaff.email, demoStaff.password)
	const lead = await addLead(page, Date.now().toString(36))

	await page.goto('/admin/hotels')
	await waitForHydration(page)
	await page.keyboard.press('/')
	const dialog = page.getByRole('dialog', { name: 'Search the desk' })
	await expect(dialog).toBeVisible()
	const box = dialog.getByRole('combobox', { name: 'Search for a reference, name, phone or email' })
	await expect(box).toBeFocused()
	// Typed the way a caller reads it out: a leading 0 and a space.
	await box.pressSequentially(`0${lead.mobile.slice(0, 5)} ${lead.mobile.slice(5)}`)
	const option = dialog.getByRole('option', { name: new RegExp(lead.name) })
	await expect(option).toBeVisible()
	await expect(dialog.getByRole('group', { name: 'Leads' })).toBeVisible()
	await expect(box).toHaveAttribute('aria-expanded', 'true')
	await expect(option).toHaveAttribute('aria-selected', 'true')
	await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!)
	await expectNoAxeViolations(page)
	await page.screenshot({ path: 'test-results/quick-search-desktop.png' })
	await box.press('Enter')
	await expect(page).toHaveURL(lead.url)
	await expect(page.getByRole('heading', { level: 1, name: lead.name })).toBeVisible()
	await expect(dialog).toBeHidden()

	// Ctrl+K from another page; the arrow keys move through the matches; Esc closes and leaves the page as it was.
	await page.goto('/admin/leads')
	await waitForHydration(page)
	await page.keyboard.press('Control+k')
	await expect(dialog).toBeVisible()
	await box.fill('zoravar quick')
	await expect(dialog.getByRole('option').first()).toBeVisible()
	const count = await dialog.getByRole('option').count()
	await box.press('ArrowDown')
	await expect(dialog.getByRole('option').nth(count > 1 ? 1 : 0)).toHaveAttribute('aria-selected', 'true')
	await box.press('ArrowUp')
	await expect(dialog.getByRole('option').first()).toHaveAttribute('aria-selected', 'true')
	await box.press('Escape')
	await expect(dialog).toBeHidden()
	await expect(page).toHaveURL(/\/admin\/leads$/)

	// Typing / in a field types a slash, it does not open the search.
	await page.getByLabel('Search by name, phone, email or reference').press('/')
	await expect(page.getByLabel('Search by name, phone, email or reference')).toHaveValue('/')
	await expect(dialog).toBeHidden()

	// Nothing found says so.
	await page.keyboard.press('Control+k')
	await box.fill('qqzzxxvv-nobody')
	await expect(dialog.getByText('Nothing matches. Try part of the phone number or the reference.')).toBeVisible()
	await expect(dialog.getByRole('option')).toHaveCount(0)
	await box.press('Enter')

	// Enter with no match opens the search page for the words; it passes the same accessibility checks.
	await expect(page).toHaveURL(/\/admin\/search\?q=qqzzxxvv-nobody$/)
	await expect(page.getByRole('status')).toContainText('Nothing matches “qqzzxxvv-nobody”')
	await expectNoAxeViolations(page)

	// On a phone: the Search button in the top bar opens the same dialog.
	await page.setViewportSize({ width: 390, height: 844 })
	await page.getByRole('banner').getByRole('link', { name: 'Search' }).click()
	await expect(dialog).toBeVisible()
	await box.fill(lead.name)
	await expect(dialog.getByRole('option', { name: new RegExp(lead.name) })).toBeVisible()
	await page.screenshot({ path: 'test-results/quick-search-phone.png' })
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the search page: a GET form, results grouped by kind, a link to the record; too short and too long say why', async ({ page }) => {
		test.setTimeout(60_000)
		await signIn(page, demoStaff.email, demoStaff.password)
		const lead = await addLead(page, `nojs${Date.now().toString(36)}`)
		await page.goto('/admin')
		await page.getByRole('link', { name: 'Search' }).first().click()
		await expect(page).toHaveURL(/\/admin\/search$/)
		await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible()
		await page.getByLabel('Reference, name, phone or email').fill(`+91 ${lead.mobile.slice(0, 5)} ${lead.mobile.slice(5)}`)
		await page.getByRole('button', { name: 'Search', exact: true }).click()
		await expect(page).toHaveURL(/\/admin\/search\?q=/)
		const leads = page.getByRole('region', { name: 'Leads' })
		await expect(leads.getByRole('link', { name: new RegExp(lead.name) })).toBeVisible()
		await expect(page.getByRole('status')).toContainText('newest first')
		await leads.getByRole('link', { name: new RegExp(lead.name) }).click()
		await expect(page).toHaveURL(lead.url)

		await page.goto('/admin/search?q=z')
		await expect(page.getByText('Type at least 2 characters.')).toBeVisible()
		const long = await page.goto(`/admin/search?q=${'x'.repeat(300)}`)
		expect(long?.status()).toBe(200)
		await expect(page.getByText(/Search for at most 100 characters/)).toBeVisible()
	})
})
