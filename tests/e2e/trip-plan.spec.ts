import { expect, type Page, test } from '@playwright/test'
import { demoStaff, signIn } from './helpers.ts'

/** A date this many days from today, as the builder's URL takes it. */
function daysAhead(days: number): string {
	return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

const dayGroup = (page: Page, n: number) => page.getByRole('group', { name: new RegExp(`^Day ${n}\\b`) })

test('a builder lead with scuba → Start from the brief → the itinerary keeps the islands, nights and a scuba day → the quote has the scuba line and its price', async ({
	page,
	browser,
}) => {
	test.setTimeout(120_000)
	const name = `Meera Builder ${Date.now().toString(36)}`

	// The traveller prices Port Blair 2 · Havelock 2 · Neil 1 · Port Blair 1 with a scuba dive in the builder and asks for the quote.
	const visitor = await browser.newContext()
	const traveller = await visitor.newPage()
	const trip = new URLSearchParams({
		start: daysAhead(50),
		island1: 'port-blair',
		nights1: '2',
		island2: 'havelock',
		nights2: '2',
		island3: 'neil',
		nights3: '1',
		island4: 'port-blair',
		nights4: '1',
		tier: 'deluxe',
		meal: 'CP',
		adults: '2',
		rooms: '1',
		activity: 'scuba-diving@havelock',
		transfers: 'airport-and-jetty',
	})
	await traveller.goto(`/builder?${trip.toString()}`)
	await expect(traveller.getByRole('row', { name: /scuba/i }).first()).toContainText('₹')
	await traveller.getByLabel('Your name').fill(name)
	await traveller.getByLabel('Phone or WhatsApp').fill('98765 43210')
	await traveller.getByRole('button', { name: 'Request this quote' }).click()
	await expect(traveller).toHaveURL(/\/thank-you\?ref=LD-/)

	// Staff start the itinerary from the lead's brief.
	await signIn(page, demoStaff.email, demoStaff.password)
	await page.goto(`/admin/leads?q=${encodeURIComponent(name)}`)
	await page
		.getByRole('list', { name: 'Leads' })
		.getByRole('link', { name: new RegExp(name) })
		.click()
	await page.getByRole('link', { name: 'Create itinerary' }).click()
	await expect(page.getByRole('heading', { name: new RegExp(`Start from the brief of ${name}`) })).toBeVisible()
	await page.getByRole('button', { name: 'Start itinerary' }).click()
	await expect(page).toHaveURL(/\/admin\/create-itinerary\/[A-Za-z0-9]{20}$/)

	// Six nights in the brief's order, the ferries on the first day of each island and none on the flight day.
	await expect(page.getByRole('heading', { name: 'Days (7)' })).toBeVisible()
	const nights = ['port-blair', 'port-blair', 'havelock', 'havelock', 'neil', 'port-blair']
	for (const [index, island] of nights.entries()) await expect(dayGroup(page, index + 1).getByLabel('Sleeps on')).toHaveValue(island)
	await expect(dayGroup(page, 7)).toContainText('Departure day: no night’s stay.')
	await expect(dayGroup(page, 7).getByLabel('Ferry from')).toHaveValue('')
	await expect(dayGroup(page, 3).getByLabel('Ferry to')).toHaveValue('havelock')
	await expect(dayGroup(page, 6).getByLabel('Ferry from')).toHaveValue('neil')
	await expect(dayGroup(page, 6).getByLabel('Ferry to')).toHaveValue('port-blair')
	// Scuba on a Havelock day, priced.
	await expect(dayGroup(page, 4).getByLabel('Day 4 title')).toHaveValue(/Scuba/)
	await expect(dayGroup(page, 4).getByRole('checkbox', { name: /scuba/i })).toBeChecked()
	await expect(page.getByTestId('price-total')).toHaveText(/₹/)

	await page.getByRole('button', { name: 'Send quote' }).click()
	// Send quote shows what the traveller will receive; Confirm and send sends it.
	await page.getByRole('button', { name: 'Confirm and send' }).click()
	const sent = page.getByRole('status').filter({ hasText: 'Quote version 1 sent' })
	await expect(sent).toBeVisible()
	const quotePath = /\/quote\/[A-Za-z0-9]{20}/.exec((await sent.textContent()) ?? '')![0]

	// The traveller's quote: the scuba line with its price, and the meals the breakfast-only stay includes.
	await traveller.goto(quotePath)
	const scuba = traveller.getByRole('row', { name: /scuba/i })
	await expect(scuba).toHaveCount(1)
	await expect(scuba).toContainText(/₹[1-9][\d,]*/)
	await expect(traveller.getByRole('heading', { name: /Day 4 · .* · Scuba diving introductory dive at Havelock/ })).toBeVisible()
	await expect(traveller.getByRole('heading', { name: /Day 6 · .* · Ferry Neil to Port Blair/ })).toBeVisible()
	await expect(traveller.getByText(/Meals: .*Dinner/)).toHaveCount(0)
	await expect(traveller.getByText('Meals: Breakfast').first()).toBeVisible()
	await visitor.close()
})

test('the day template editor flags an activity the text names but the day does not price, as staff type and after saving', async ({ page }) => {
	const title = `Reef day ${Date.now().toString(36)}`
	await signIn(page, demoStaff.email, demoStaff.password)
	await page.goto('/admin/add-days?new=1')
	await page.getByRole('region', { name: 'New day' }).getByLabel('Island').selectOption('havelock')
	await page.getByLabel('Title').fill(title)
	await page.getByLabel('Description').fill('Snorkelling over the reef at Elephant Beach, then a free afternoon.')
	const warning = page.getByText('The text and the items disagree')
	await expect(warning).toBeVisible()
	await expect(page.getByText(/mentions snorkelling/)).toBeVisible()
	// Ticking the priced activity clears it.
	await page
		.getByRole('checkbox', { name: /snorkel/i })
		.first()
		.check()
	await expect(warning).toBeHidden()
	await page
		.getByRole('checkbox', { name: /snorkel/i })
		.first()
		.uncheck()
	await expect(warning).toBeVisible()
	await page.getByRole('button', { name: 'Add day' }).click()
	// Saved, and back on the editor with the list of what to fix.
	await expect(page).toHaveURL(/edit=[A-Za-z0-9]{20}/)
	await expect(page.getByRole('heading', { name: `Edit “${title}”` })).toBeVisible()
	await expect(page.getByText(/mentions snorkelling/)).toBeVisible()
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('saving a day whose text names an unpriced activity shows what to fix on the editor; pricing it clears the list', async ({ page }) => {
		const title = `No-JS dive day ${Date.now().toString(36)}`
		await signIn(page, demoStaff.email, demoStaff.password)
		await page.goto('/admin/add-days?new=1')
		await page.getByRole('region', { name: 'New day' }).getByLabel('Island').selectOption('havelock')
		await page.getByLabel('Title').fill(title)
		await page.getByLabel('Description').fill('A Discover Scuba dive with an instructor, then a free afternoon.')
		await page.getByRole('button', { name: 'Add day' }).click()
		await expect(page.getByRole('heading', { name: `Edit “${title}”` })).toBeVisible()
		await expect(page.getByText(/mentions scuba diving/)).toBeVisible()
		await page.getByRole('checkbox', { name: /scuba/i }).first().check()
		await page.getByRole('button', { name: 'Save day' }).click()
		// Nothing left to fix: back on the list, the day shows its priced activity and no warning.
		await expect(page).not.toHaveURL(/edit=/)
		const saved = page.getByRole('listitem', { name: title })
		await expect(saved).toContainText('1 priced')
		await expect(saved).not.toContainText('does not include')
		await expect(page.getByText('The text and the items disagree')).toHaveCount(0)
	})
})
