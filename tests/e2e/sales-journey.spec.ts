import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { demoStaff, signIn } from './helpers.ts'

async function expectNoAxeViolations(page: Page) {
	const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
	expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

test('a visitor asks for a quote; staff build an itinerary from two day templates and send it; the visitor opens the quote, accepts and lands on book-now', async ({
	page,
	browser,
}) => {
	test.setTimeout(120_000)
	const name = `Ishaan Gupta ${Date.now().toString(36)}`

	// The visitor asks for a quote.
	const visitor = await browser.newContext()
	const form = await visitor.newPage()
	await form.goto('/quote')
	await form.getByLabel('Your name').fill(name)
	await form.getByLabel('Phone or WhatsApp').fill('98111 22334')
	await form.getByLabel('Month of travel').selectOption({ index: 2 })
	await form.getByLabel('Nights').fill('3')
	await form.getByLabel('Adults (12 years and over)').fill('2')
	await form.getByLabel('Havelock (Swaraj Dweep)').check()
	await form.getByRole('button', { name: 'Request my quote' }).click()
	await expect(form).toHaveURL(/\/thank-you\?ref=LD-\d{4}-\d{5}$/)

	// Staff find the lead and start an itinerary from it.
	await signIn(page, demoStaff.email, demoStaff.password)
	await expect(page).toHaveURL(/\/admin$/)
	await page.goto(`/admin/leads?q=${encodeURIComponent(name)}`)
	await page
		.getByRole('list', { name: 'Leads' })
		.getByRole('link', { name: new RegExp(name) })
		.click()
	await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
	await page.getByRole('link', { name: 'Create itinerary' }).click()
	await expect(page.getByRole('heading', { name: new RegExp(`Start from the brief of ${name}`) })).toBeVisible()
	await page.getByRole('button', { name: 'Start itinerary' }).click()
	await expect(page).toHaveURL(/\/admin\/create-itinerary\/[A-Za-z0-9]{20}$/)
	await expect(page.getByRole('heading', { level: 1, name: `Andaman trip for ${name}` })).toBeVisible()
	// The brief's 3 nights make a first sketch of 4 days; start again from the templates.
	await expect(page.getByRole('heading', { name: 'Days (4)' })).toBeVisible()
	for (let remaining = 4; remaining > 0; remaining--) {
		await page.getByRole('button', { name: 'Remove day 1' }).click()
		await expect(page.getByRole('heading', { name: `Days (${remaining - 1})` })).toBeVisible()
	}

	// Bad input: a clear message and nothing saved.
	await page.getByLabel('Adults', { exact: true }).fill('0')
	await page.getByRole('button', { name: 'Save and price' }).first().click()
	await expect(page.getByRole('alert').filter({ hasText: 'Enter 1 to 30 adults' }).first()).toBeVisible()
	await page.getByLabel('Adults', { exact: true }).fill('2')

	// Two day templates, copied in.
	await page.getByLabel('Arrival in Port Blair, Cellular Jail and light-and-sound show').check()
	await page.getByLabel('Ferry to Havelock and Radhanagar beach sunset').check()
	await page.getByRole('button', { name: 'Add selected days' }).click()
	await expect(page.getByRole('heading', { name: 'Days (2)' })).toBeVisible()
	await expect(page.getByLabel('Day 1 title')).toHaveValue('Arrival in Port Blair, Cellular Jail and light-and-sound show')
	await expect(page.getByLabel('Day 2 title')).toHaveValue('Ferry to Havelock and Radhanagar beach sunset')
	// Priced live on the server: cost, sell, margin and per person.
	await expect(page.getByTestId('price-total')).toHaveText(/₹/)
	await expect(page.getByText('Margin (before GST)')).toBeVisible()
	const total = (await page.getByTestId('price-total').textContent())!.trim()
	await expectNoAxeViolations(page)

	// With JavaScript a changed field reprices on its own: a discount lowers the total without pressing Save.
	await page.getByLabel('Discount ₹').fill('500')
	await page.getByLabel('Discount ₹').blur()
	await expect(page.getByTestId('price-total')).not.toHaveText(total)
	await page.getByLabel('Discount ₹').fill('')
	await page.getByLabel('Discount ₹').blur()
	await expect(page.getByTestId('price-total')).toHaveText(total)

	await page.getByRole('button', { name: 'Send quote' }).click()
	// Send quote shows what the traveller will receive; Confirm and send sends it.
	await page.getByRole('button', { name: 'Confirm and send' }).click()
	const sent = page.getByRole('status').filter({ hasText: 'Quote version 1 sent' })
	await expect(sent).toBeVisible()
	const quotePath = /\/quote\/[A-Za-z0-9]{20}/.exec((await sent.textContent()) ?? '')![0]
	// Staff get the absolute link to send, selectable without JavaScript, and WhatsApp with the message written.
	const quotes = page.getByRole('region', { name: 'Quotes' })
	await expect(quotes.getByLabel('Link for the traveller')).toHaveValue(new RegExp(`^https?://[^/]+${quotePath}$`))
	await expect(quotes.getByRole('link', { name: 'Send on WhatsApp' })).toHaveAttribute(
		'href',
		new RegExp(`^https://wa\\.me/\\d+\\?text=Hello%20.*${quotePath.replaceAll('/', '%2F')}`),
	)
	await expect(quotes.getByRole('button', { name: 'Copy link' })).toBeVisible()
	await expect(page.getByRole('link', { name: 'Version 1' })).toHaveAttribute('href', quotePath)

	// The visitor opens the quote, sees the plan and the price, and accepts.
	await form.goto(quotePath)
	await expect(form.getByRole('heading', { level: 1, name: `Andaman trip for ${name}` })).toBeVisible()
	await expect(form.getByRole('heading', { name: /Day 1 · .* · Arrival in Port Blair/ })).toBeVisible()
	await expect(form.getByRole('heading', { name: /Day 2 · .* · Ferry to Havelock/ })).toBeVisible()
	await expect(form.getByText(total).first()).toBeVisible()
	await expect(form.getByText(/per person/).first()).toBeVisible()
	await expect(form.getByRole('link', { name: 'Share on WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\/\?text=.*quote/)
	await expectNoAxeViolations(form)
	await form.getByRole('button', { name: 'Accept and book' }).click()
	await expect(form).toHaveURL(new RegExp(`/book-now\\?quote=${quotePath.slice('/quote/'.length)}$`))
	await expect(form.getByText(/your quote for 2 adults/)).toBeVisible()
	await expect(form.getByText(total).first()).toBeVisible()

	// Staff see the quote viewed and accepted on the lead's timeline.
	await page.getByRole('link', { name: name }).first().click()
	const timeline = page.getByRole('list', { name: 'Timeline entries' })
	await expect(timeline.getByText('Quote v1 accepted by the traveller')).toBeVisible()
	await expect(timeline.getByText('Quote v1 opened by the traveller')).toBeVisible()
	await expect(page.getByRole('region', { name: 'Itineraries and quotes' }).getByText(/Accepted/)).toBeVisible()
	await visitor.close()

	// The other new desk pages pass the same accessibility checks.
	for (const path of ['/admin/saved-packages', '/admin/create-itinerary', '/admin/leads/new']) {
		await page.goto(path)
		await expectNoAxeViolations(page)
	}
	// A lead taken on the phone.
	await page.getByLabel('Source').selectOption('phone')
	await page.getByLabel('Name').fill(`Phone caller ${Date.now().toString(36)}`)
	await page.getByLabel('Phone or WhatsApp').fill('98450 12345')
	await page.getByRole('button', { name: 'Save lead' }).click()
	await expect(page.getByTestId('toast').getByText(/Lead LD-\d{4}-\d{5} added/)).toBeVisible()
	await expect(page.getByText('Phone call').first()).toBeVisible()
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('staff build and price an itinerary with plain form posts; bad input keeps what was typed; saved packages list it', async ({ page }) => {
		test.setTimeout(90_000)
		const title = `No-JS plan ${Date.now().toString(36)}`
		await signIn(page, demoStaff.email, demoStaff.password)
		await page.goto('/admin/create-itinerary')
		await expect(page.getByRole('heading', { name: 'Start from a blank itinerary' })).toBeVisible()
		await page.getByRole('button', { name: 'Start itinerary' }).click()
		await expect(page).toHaveURL(/\/admin\/create-itinerary\/[A-Za-z0-9]{20}$/)
		const editorUrl = page.url()
		await page.getByLabel('Title', { exact: true }).fill(title)
		await page.getByLabel('Arrival in Port Blair, Cellular Jail and light-and-sound show').check()
		await page.getByLabel('Departure from Port Blair').check()
		await page.getByRole('button', { name: 'Add selected days' }).click()
		await expect(page.getByRole('heading', { name: 'Days (2)' })).toBeVisible()
		await expect(page.getByTestId('price-total')).toHaveText(/₹/)

		// A bad discount: the message, and the typed title and discount are still there.
		await page.getByLabel('Discount ₹').fill('a lot')
		await page.getByLabel('Children’s ages').fill('5')
		await page.getByRole('button', { name: 'Save and price' }).first().click()
		await expect(page.getByRole('alert').filter({ hasText: 'Enter the discount in rupees' })).toBeVisible()
		await expect(page.getByLabel('Discount ₹')).toHaveValue('a lot')
		await expect(page.getByLabel('Children’s ages')).toHaveValue('5')
		await page.goto(editorUrl)
		await expect(page.getByLabel('Children’s ages')).toHaveValue('')

		await page.getByLabel('Discount ₹').fill('1000')
		await page.getByRole('button', { name: 'Save and price' }).first().click()
		await expect(page.getByRole('status').filter({ hasText: /^Saved\. Total ₹/ })).toBeVisible()
		await expect(page.getByLabel('Discount ₹')).toHaveValue('1000')
		await expect(page.getByRole('cell', { name: /^−₹1,000/, includeHidden: true })).toBeAttached()

		await page.getByRole('button', { name: 'Remove day 2' }).click()
		await expect(page.getByRole('heading', { name: 'Days (1)' })).toBeVisible()
		await expect(page.getByText('Add at least two days')).toBeVisible()
		await page.getByLabel('Departure from Port Blair').check()
		await page.getByRole('button', { name: 'Add selected days' }).click()
		await expect(page.getByRole('heading', { name: 'Days (2)' })).toBeVisible()

		await page.getByRole('button', { name: 'Save as package' }).click()
		await expect(page).toHaveURL(/\/admin\/saved-packages\?q=/)
		await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible()
		await page.getByRole('button', { name: 'Duplicate' }).click()
		// The copy is made once its toast shows (without JavaScript, the one the page draws in a noscript box); a page.goto before that would cancel the post.
		await expect(page.getByRole('status').filter({ hasText: `Copied as “${title} (copy)”` })).toBeVisible()
		await page.goto(`/admin/saved-packages?q=${encodeURIComponent(title)}`)
		await expect(page.getByRole('heading', { level: 2, name: `${title} (copy)` })).toBeVisible()
	})
})
