import path from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { photoFile } from '../support/test-photos.ts'
import { demoStaff, signIn, waitForHydration } from './helpers.ts'

/**
 * The package page shows the trip (docs/decisions/216-price-calendar.md): a price calendar whose months are
 * plain links that set the dates, the hotels night by night with their photos, the ferries and what is paid when.
 */
const packagePath = '/packages/havelock-honeymoon-escape-4-nights'
const shots = path.resolve('test-results/shots/package-prices')

const rupees = (text: string) => Number(text.replace(/[^\d.]/g, ''))

/** Each month on sale as the calendar lists it: its name, price per person and link. */
async function monthsOnSale(page: Page) {
	const links = page.getByTestId('price-calendar').getByRole('link')
	const months = []
	for (const link of await links.all()) {
		const text = (await link.textContent())!
		months.push({ name: text.match(/^[A-Za-z]+ \d{4}/)![0], price: rupees(text.match(/₹[\d,]+(\.\d\d)?/)![0]), link })
	}
	return months
}

for (const javaScript of [true, false])
	for (const viewport of [
		{ width: 390, height: 844 },
		{ width: 1280, height: 900 },
	]) {
		test(`pick a cheaper month on the calendar: the dates and price change, and book-now is priced the same, ${javaScript ? 'with' : 'without'} JavaScript at ${viewport.width}`, async ({
			browser,
		}) => {
			const context = await browser.newContext({ viewport, javaScriptEnabled: javaScript })
			const page = await context.newPage()
			await page.goto(packagePath)
			await expect(page.getByRole('heading', { name: 'Price by month' })).toBeVisible()
			// Twelve months, each sold or saying why not.
			await expect(page.getByTestId('price-calendar').getByRole('listitem')).toHaveCount(12)
			const months = await monthsOnSale(page)
			expect(months.length).toBeGreaterThan(6)
			const dearest = months.reduce((a, b) => (b.price > a.price ? b : a))
			const cheapest = months.reduce((a, b) => (b.price < a.price ? b : a))
			expect(cheapest.price).toBeLessThan(dearest.price)

			// The dearest month first: its dates and price.
			await dearest.link.click()
			await expect(page).toHaveURL(/month=\d{4}-\d\d/)
			const chosen = page.getByTestId('chosen-dates')
			await expect(chosen).toContainText(dearest.name.slice(0, 3))
			const dearText = (await chosen.textContent())!
			expect(rupees(dearText.match(/₹[\d,]+(\.\d\d)?/)![0])).toBe(dearest.price)

			// Then the cheaper month, from the calendar: other dates, a lower price.
			await page
				.getByTestId('price-calendar')
				.getByRole('link', { name: new RegExp(`^${cheapest.name}`) })
				.click()
			await expect(page.getByTestId('price-calendar').getByRole('link', { name: new RegExp(`^${cheapest.name}`) })).toHaveAttribute('aria-current', 'true')
			await expect(chosen).not.toHaveText(dearText)
			const cheapText = (await chosen.textContent())!
			const perPerson = rupees(cheapText.match(/₹[\d,]+(\.\d\d)?/)![0])
			expect(perPerson).toBe(cheapest.price)
			expect(perPerson).toBeLessThan(dearest.price)
			const total = rupees(cheapText.match(/total (₹[\d,]+(\.\d\d)?)/)![1]!)
			// What you pay and when, for these dates.
			await expect(page.getByTestId('pay-when')).toContainText(/advance|whole price/)
			await page.screenshot({ path: `${shots}/package-calendar-${javaScript ? 'js' : 'nojs'}-${viewport.width}.png`, fullPage: true })

			// Booking these dates: book-now has the date filled and charges two adults exactly that total.
			await chosen.getByRole('link', { name: 'Book these dates' }).click()
			await expect(page).toHaveURL(/\/book-now\?.*startDate=\d{4}-\d\d-\d\d/)
			const shownTotal = (await page
				.getByRole('row', { name: /Total, including GST/ })
				.getByRole('cell')
				.textContent())!
			expect(rupees(shownTotal)).toBe(total)
			await context.close()
		})
	}

test('the package page lists its hotels night by night, with the photo the media library holds for each', async ({ page, browser }) => {
	test.setTimeout(120_000)
	const visitor = await browser.newPage({ viewport: { width: 390, height: 844 } })
	await visitor.goto(packagePath)
	const stays = visitor.getByRole('region', { name: 'Where you stay' })
	await expect(stays.getByRole('listitem').first()).toContainText(/\d nights?, /)
	await expect(stays).toContainText('Meals')
	const hotelName = (await stays.getByRole('heading', { level: 3 }).first().textContent())!.trim()
	await expect(visitor.getByRole('region', { name: /Ferries/ }).getByRole('row')).not.toHaveCount(0)
	await expect(visitor.getByRole('region', { name: 'What you pay and when' })).toContainText(/days before the trip/)

	// Staff give that hotel a photo in the media library.
	await page.goto('/admin/login?redirectTo=%2Fadmin%2Fmedia')
	await signIn(page, demoStaff.email, demoStaff.password)
	await waitForHydration(page)
	const alt = `Sea-facing cottages of ${hotelName}, photo ${Date.now().toString(36)}`
	await page.getByLabel('Describe the photo (alt text)').fill(alt)
	await page.getByLabel('Photo', { exact: true }).setInputFiles({
		name: 'hotel.jpg',
		mimeType: 'image/jpeg',
		buffer: Buffer.from(
			await photoFile(
				1200,
				800,
				`#${Math.floor(Math.random() * 0xffffff)
					.toString(16)
					.padStart(6, '0')}`,
			),
		),
	})
	await page.getByRole('button', { name: 'Upload' }).click()
	await expect(page.getByText('100% done')).toBeVisible()
	await page.getByRole('link', { name: `Edit photo: ${alt}` }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Photo' })).toBeVisible()
	const option = await page
		.getByLabel('Show it on')
		.locator('option', { hasText: `${hotelName},` })
		.first()
		.getAttribute('value')
	await page.getByLabel('Show it on').selectOption(option!)
	await page.getByRole('button', { name: 'Attach' }).click()
	await expect(page.getByTestId('toast').filter({ hasText: 'Photo attached' })).toBeVisible()

	// The visitor's page shows it beside the hotel, through /img.
	await visitor.reload()
	const photo = visitor.getByRole('region', { name: 'Where you stay' }).getByRole('img', { name: alt })
	await expect(photo.first()).toBeVisible()
	await expect(photo.first()).toHaveAttribute('src', /^\/img\?url=%2Fmedia%2F/)
	await visitor.getByRole('region', { name: 'Where you stay' }).screenshot({ path: `${shots}/package-stays-390.png` })
	await visitor.setViewportSize({ width: 1280, height: 900 })
	await visitor.getByRole('region', { name: 'Where you stay' }).screenshot({ path: `${shots}/package-stays-1280.png` })
	await visitor.close()
})

test('the builder shows the price by month, and a month sets the arrival date', async ({ page }) => {
	await page.setViewportSize({ width: 390, height: 844 })
	await page.goto('/builder')
	const calendar = page.getByRole('region', { name: 'Price by month' })
	await expect(calendar.getByRole('listitem')).toHaveCount(12)
	const months = await monthsOnSale(page)
	const cheapest = months.reduce((a, b) => (b.price < a.price ? b : a))
	await cheapest.link.click()
	await expect(page).toHaveURL(/start=\d{4}-\d\d-\d\d/)
	const start = new URL(page.url()).searchParams.get('start')!
	await expect(page.getByLabel('Arrival in Port Blair')).toHaveValue(start)
	await expect.poll(async () => rupees((await page.getByTestId('per-person').textContent())!)).toBe(cheapest.price)
	await page.getByRole('region', { name: 'Price by month' }).screenshot({ path: `${shots}/builder-calendar-390.png` })
})
