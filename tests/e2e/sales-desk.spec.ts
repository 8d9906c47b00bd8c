import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { demoStaff, signIn } from './helpers.ts'

async function expectNoAxeViolations(page: Page) {
	const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
	expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

test('a visitor requests a quote; staff see it arrive, open it, add a note and change its status', async ({ page, browser }) => {
	test.setTimeout(90_000)
	const name = `Kavya Menon ${Date.now().toString(36)}`

	// Staff have the leads list open.
	await signIn(page, demoStaff.email, demoStaff.password)
	await expect(page).toHaveURL(/\/admin$/)
	await page.goto('/admin/leads')
	await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible()
	await expectNoAxeViolations(page)

	// A visitor, in another browser, asks for a quote.
	const visitor = await browser.newContext()
	const form = await visitor.newPage()
	await form.goto('/quote')
	await expect(form.getByRole('heading', { level: 1, name: 'Request a quote' })).toBeVisible()
	// The page is static (ADR 219): the server checks the form with its one schema, and the error summary
	// takes focus and names each problem; what was typed comes back.
	await form.getByRole('button', { name: 'Request my quote' }).click()
	await expect(form.getByTestId('error-summary')).toBeFocused()
	await expect(form.getByText('Tell us your name.').first()).toBeVisible()
	await form.getByLabel('Your name').fill(name)
	await form.getByLabel('Phone or WhatsApp').fill('12345')
	await form.getByRole('button', { name: 'Request my quote' }).click()
	await expect(form.getByText(/Enter a 10-digit Indian mobile/).first()).toBeVisible()
	await expect(form.getByLabel('Your name')).toHaveValue(name)
	await form.getByLabel('Phone or WhatsApp').fill('98765 43210')
	await form.getByLabel('Month of travel').selectOption({ index: 2 })
	await form.getByLabel('Nights').fill('6')
	await form.getByLabel('Adults (12 years and over)').fill('2')
	await form.getByLabel('Children’s ages (optional)').fill('4, 9')
	await form.getByLabel('Havelock (Swaraj Dweep)').check()
	await form.getByLabel('Neil (Shaheed Dweep)').check()
	await form.getByLabel('Anything else? (optional)').fill('Scuba for one of us, sea-facing rooms please')
	await form.getByRole('button', { name: 'Request my quote' }).click()
	await expect(form).toHaveURL(/\/thank-you\?ref=LD-\d{4}-\d{5}$/)
	const reference = new URL(form.url()).searchParams.get('ref')!
	await expect(form.getByText(reference)).toBeVisible()
	await visitor.close()

	// The list notices without a reload: a toast, and the lead in the list.
	await expect(page.getByTestId('toast').getByText(`New lead: ${name}`)).toBeVisible({ timeout: 30_000 })
	const row = page.getByRole('list', { name: 'Leads' }).getByRole('link', { name: new RegExp(name) })
	await expect(row).toBeVisible()
	await expect(row).toContainText(reference)

	// Search finds it by phone as typed.
	await page.getByLabel('Search by name, phone, email or reference').fill(reference)
	await page.getByRole('button', { name: 'Search', exact: true }).click()
	await expect(page).toHaveURL(new RegExp(`q=${reference}`))
	// The row is a plain link that navigates in place once the page is live (no full page load).
	await page.evaluate(() => Object.assign(window, { samePage: true }))
	await page
		.getByRole('list', { name: 'Leads' })
		.getByRole('link', { name: new RegExp(name) })
		.click()

	await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
	expect(await page.evaluate(() => 'samePage' in window)).toBe(true)
	await expect(page.getByText('2 adults, 2 children aged 4, 9')).toBeVisible()
	await expect(page.getByText('Havelock (Swaraj Dweep), Neil (Shaheed Dweep)')).toBeVisible()
	await expect(page.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\/919876543210\?text=/)
	await expect(page.getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:+919876543210')
	await expectNoAxeViolations(page)

	await page.getByLabel('Kind').selectOption('call')
	await page.getByLabel('What was said or done').fill('Called: wants Havelock first, flexible on dates')
	await page.getByRole('button', { name: 'Add to timeline' }).click()
	await expect(page.getByTestId('toast').getByText('Call added to the timeline')).toBeVisible()
	const timeline = page.getByRole('list', { name: 'Timeline entries' })
	await expect(timeline.getByText('Called: wants Havelock first, flexible on dates')).toBeVisible()
	await expect(timeline.getByRole('listitem').first()).toContainText(demoStaff.name)

	// Lost needs a reason.
	await page.getByLabel('Move to').selectOption('lost')
	await page.getByRole('button', { name: 'Change status' }).click()
	await expect(page.getByRole('alert').filter({ hasText: 'Choose why the lead was lost.' })).toBeVisible()

	await page.getByLabel('Move to').selectOption('contacted')
	await page.getByRole('button', { name: 'Change status' }).click()
	await expect(page.getByTestId('toast').getByText('Lead is now contacted')).toBeVisible()
	await expect(timeline.getByText('New → Contacted')).toBeVisible()
})

test('a quote from a package page names the package; the form works without JavaScript', async ({ browser }) => {
	const context = await browser.newContext({ javaScriptEnabled: false })
	const page = await context.newPage()
	await page.goto('/packages')
	const href = await page.locator('a[href^="/packages/"]').first().getAttribute('href')
	await page.goto(`/quote?package=${href!.split('/').pop()}`)
	await expect(page.getByTestId('quote-package')).toBeVisible()
	await page.getByLabel('Your name').fill('No Script')
	await page.getByLabel('Phone or WhatsApp').fill('not a phone')
	await page.getByRole('button', { name: 'Request my quote' }).click()
	// The server's answer: the same message, the input kept, the package still named.
	await expect(page.getByText(/Enter a 10-digit Indian mobile/)).toBeVisible()
	await expect(page.getByLabel('Your name')).toHaveValue('No Script')
	await page.getByLabel('Phone or WhatsApp').fill('+44 7700 900123')
	await page.getByRole('button', { name: 'Request my quote' }).click()
	await expect(page).toHaveURL(/\/thank-you\?ref=LD-/)
	await context.close()
})

test('day templates: search by island and tag, then add a day from the keyboard', async ({ page }) => {
	await signIn(page, demoStaff.email, demoStaff.password)
	await expect(page).toHaveURL(/\/admin$/)
	await page.goto('/admin/add-days?island=neil')
	await expect(page.getByRole('heading', { level: 1, name: 'Day templates' })).toBeVisible()
	await expect(page.getByRole('listitem', { name: 'Neil sightseeing: Bharatpur and Sitapur beaches' })).toBeVisible()
	await expectNoAxeViolations(page)
	await page.getByRole('link', { name: 'New day' }).click()
	const form = page.getByRole('region', { name: 'New day' })
	await form.getByLabel('Island', { exact: true }).selectOption('neil')
	await form.getByLabel('Title').fill('Neil cycling and farm villages')
	await form.getByLabel('Description').fill('Hire a bicycle and ride the flat lanes past paddy fields and banana groves to Ramnagar and Sitapur.')
	await form.getByLabel('Tags').fill('cycling, relaxed')
	await form.getByLabel('Tags').press('Enter')
	await expect(page.getByTestId('toast').getByText('Added “Neil cycling and farm villages”')).toBeVisible()
	await expect(page.getByRole('listitem', { name: 'Neil cycling and farm villages' })).toBeVisible()
})
