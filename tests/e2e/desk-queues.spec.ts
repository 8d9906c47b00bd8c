import { expect, type Page, test } from '@playwright/test'
import { addDays, formatTravelDate, todayInIndia } from '~/lib/dates.ts'
import { bookFamilyHolidayOnline, demoOwner, type OnlineBooking, signIn } from './helpers.ts'

/**
 * The desk shows what needs doing (issue #28): a quote is previewed before it is sent and its
 * email reaches the outbox; the booking page fits a phone and asks for what is due. Every test
 * makes its own data; dates come from the clock.
 */

const run = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 5)

/** Staff take a lead on the phone (with an email address) and start an itinerary of two template days from it. */
async function leadWithItinerary(page: Page, name: string, email: string) {
	await page.goto('/admin/leads/new')
	await page.getByLabel('Source').selectOption('phone')
	await page.getByLabel('Name').fill(name)
	await page.getByLabel('Phone or WhatsApp').fill('98450 12345')
	await page.getByLabel('Email (optional)').fill(email)
	await page.getByRole('button', { name: 'Save lead' }).click()
	// With JavaScript a toast says it was added; without, the answer is the lead's page. Then open it from the list.
	await expect(
		page
			.getByText(/Lead LD-\d{4}-\d{5} added/)
			.or(page.getByRole('heading', { level: 1, name }))
			.first(),
	).toBeVisible()
	await page.goto(`/admin/leads?q=${encodeURIComponent(name)}`)
	await page
		.getByRole('list', { name: 'Leads' })
		.getByRole('link', { name: new RegExp(name) })
		.click()
	await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
	await page.getByRole('link', { name: 'Create itinerary' }).click()
	await page.getByRole('button', { name: 'Start itinerary' }).click()
	await expect(page).toHaveURL(/\/admin\/create-itinerary\/[A-Za-z0-9]{20}$/)
	await page.getByLabel('Arrival in Port Blair, Cellular Jail and light-and-sound show').check()
	await page.getByLabel('Departure from Port Blair').check()
	await page.getByRole('button', { name: 'Add selected days' }).click()
	await expect(page.getByTestId('price-total')).toHaveText(/₹/)
}

/** A traveller books the demo family holiday online, arriving `days` from today; returns its reference. */
async function bookedOnline(page: Page, id: string, days = 60) {
	const arrival = addDays(todayInIndia(), days)
	const booking: OnlineBooking = {
		arrival,
		arrivalLabel: formatTravelDate(arrival),
		travellers: [
			{ name: `Kiran Rao ${id}`, age: '41', gender: 'female', aadhaar: '4821 7730 1945' },
			{ name: 'Vikram Rao', age: '43', gender: 'male', aadhaar: '5930 2281 6604' },
		],
		contact: { name: `Kiran Rao ${id}`, phone: '98111 22335', email: `kiran-${id}@example.com` },
	}
	return bookFamilyHolidayOnline(page, booking)
}

/** On a booking page, with or without JavaScript (no toasts without it): records the advance as a verified UPI payment and confirms. */
async function confirmWithAdvance(page: Page) {
	const advance = (await page.getByText('Advance needed', { exact: true }).locator('xpath=following-sibling::p').textContent())!.replace(/[₹,]/g, '')
	const reference = `UPI-${run()}`
	const payment = page.getByRole('form', { name: 'Record a payment' })
	await payment.getByLabel('Amount received (₹)').fill(advance)
	await payment.getByLabel('Method').selectOption('upi')
	await payment.getByLabel('Reference').fill(reference)
	await payment.getByLabel(/verified/).check()
	await payment.getByRole('button', { name: 'Record payment' }).click()
	await expect(page.getByRole('region', { name: 'Payments' }).getByText(reference)).toBeVisible()
	await page.getByRole('button', { name: 'Confirm booking' }).click()
	await expect(page.getByRole('heading', { name: 'Confirm', exact: true })).toHaveCount(0)
}

for (const javaScriptEnabled of [true, false]) {
	test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
		test.use({ javaScriptEnabled })

		test('Send quote shows the email and the WhatsApp text first; Confirm and send queues the email and the timeline says so', async ({ page }) => {
			test.setTimeout(90_000)
			const id = run()
			const name = `Meera Pillai ${id}`
			const email = `meera-${id}@example.com`
			await signIn(page, demoOwner.email, demoOwner.password)
			await leadWithItinerary(page, name, email)
			const editor = page.url()

			// The price breakdown keeps its cost and sell columns apart (they once ran together as "₹9,160₹11,450").
			await page.getByText('Breakdown', { exact: true }).click()
			const gaps = await page.getByRole('table', { name: 'Lines with cost and sell' }).evaluate((table) =>
				[...table.querySelectorAll('tbody tr')].flatMap((row) => {
					const [, cost, sell] = [...row.querySelectorAll('td')]
					if (!cost?.textContent || !sell?.textContent) return []
					const box = (cell: Element) => {
						const range = document.createRange()
						range.selectNodeContents(cell)
						return range.getBoundingClientRect()
					}
					return [box(sell).left - box(cost).right]
				}),
			)
			expect(gaps.length).toBeGreaterThan(0)
			expect(Math.min(...gaps)).toBeGreaterThanOrEqual(8)

			await page.getByRole('button', { name: 'Send quote' }).click()
			const preview = page.getByRole('region', { name: /What the traveller will receive \(quote version 1\)/ })
			await expect(preview).toBeVisible()
			await expect(preview.getByText(`To ${email}`)).toBeVisible()
			await expect(preview.getByText(/^Subject Your Andaman trip quote: /)).toBeVisible()
			const emailText = preview.getByTestId('quote-email-preview')
			await expect(emailText).toContainText(`Dear ${name},`)
			await expect(emailText).toContainText(/₹[\d,]+(\.\d\d)? in all/)
			// The company's WhatsApp number prints as a phone number (one formatter), never as wa.me digits.
			await expect(emailText).toContainText(/WhatsApp \+91 \d{5} \d{5}/)
			await expect(emailText).not.toContainText('919434200000')
			await expect(preview.getByTestId('quote-whatsapp-preview')).toHaveText(
				`Hello ${name}, here is your Andaman trip quote (version 1): [the link to your quote, made when it is sent]`,
			)
			// Nothing is sent yet.
			await expect(page.getByRole('region', { name: 'Quotes' }).getByText('None sent yet.')).toBeVisible()

			await preview.getByRole('button', { name: 'Confirm and send' }).click()
			await expect(page.getByRole('status').filter({ hasText: `Quote version 1 sent. Emailed to ${email}.` })).toBeVisible()
			await expect(page.getByRole('region', { name: 'Quotes' }).getByRole('link', { name: 'Version 1' })).toBeVisible()
			await expect(page.getByRole('region', { name: /What the traveller will receive/ })).toHaveCount(0)

			// The email is in the outbox, with the quote's own link.
			await page.goto('/admin/outbox')
			const queued = page.getByTestId('outbox-entry').filter({ hasText: `to ${email}` })
			await expect(queued).toHaveCount(1)
			await expect(queued.getByText('Quote sent', { exact: true })).toBeVisible()
			await expect(queued.locator('pre')).toContainText(/\/quote\/[A-Za-z0-9]{20}\n/)

			// The lead's timeline says how the quote went out.
			await page.goto(editor)
			await page.getByRole('link', { name }).first().click()
			await expect(
				page.getByRole('list', { name: 'Timeline entries' }).getByText(new RegExp(`Quote v1 sent .*; emailed to ${email.replace('.', '\\.')}`)),
			).toBeVisible()
		})

		test('supplier numbers for several components are saved at once, straight to confirmed; empty ones stay as they are', async ({ page, browser }) => {
			test.setTimeout(120_000)
			const traveller = await browser.newPage()
			const reference = await bookedOnline(traveller, run())
			await traveller.close()
			await signIn(page, demoOwner.email, demoOwner.password)
			await page.goto('/admin/pending?status=pending_payment')
			await page.getByRole('link', { name: reference }).click()
			await confirmWithAdvance(page)

			const form = page.getByRole('form', { name: 'Confirm with supplier numbers' })
			const fields = form.getByRole('textbox')
			const count = await fields.count()
			expect(count).toBeGreaterThan(3)
			for (let index = 0; index < count - 1; index++) await fields.nth(index).fill(`CNF-${index + 1}`)
			await form.getByRole('button', { name: 'Confirm those with a number' }).click()
			// With JavaScript a toast says how many; the page shows each either way.
			if (javaScriptEnabled) await expect(page.getByTestId('toast').filter({ hasText: `${count - 1} components confirmed` })).toBeVisible()
			const components = page.getByTestId('component')
			for (let index = 0; index < count - 1; index++) {
				await expect(components.nth(index)).toContainText('Confirmed by supplier')
				await expect(components.nth(index)).toContainText(`Conf. CNF-${index + 1}`)
			}
			await expect(components.nth(count - 1)).toContainText('Not requested yet')
			// Only the one left is still offered; an empty save says what to do and changes nothing.
			await expect(form.getByRole('textbox')).toHaveCount(1)
			await form.getByRole('button', { name: 'Confirm those with a number' }).click()
			await expect(form.getByRole('alert')).toHaveText('Type the supplier’s confirmation number (or PNR) next to each one to confirm.')
			await expect(components.nth(count - 1)).toContainText('Not requested yet')
		})
	})
}

test.describe('the staff booking page on a phone', () => {
	test.use({ viewport: { width: 390, height: 844 } })

	test('fits 390 px, and the payment link asks for the advance still due, not the total', async ({ page, browser }) => {
		test.setTimeout(90_000)
		const id = run()
		const traveller = await browser.newPage()
		const reference = await bookedOnline(traveller, id)
		await traveller.close()

		await signIn(page, demoOwner.email, demoOwner.password)
		await page.goto(`/admin/pending?status=pending_payment`)
		await page.getByRole('link', { name: reference }).click()
		await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
		const width = await page.evaluate(() => document.documentElement.scrollWidth)
		expect(width).toBeLessThanOrEqual(390)

		const money = (label: string) => page.getByText(label, { exact: true }).locator('xpath=following-sibling::p')
		const advance = (await money('Advance needed').textContent())!.replace(/[₹,]/g, '')
		const total = (await money('Total').textContent())!.replace(/[₹,]/g, '')
		expect(Number(advance)).toBeLessThan(Number(total))
		await expect(page.getByRole('form', { name: 'Send a payment link' }).getByLabel('Amount to ask for (₹)')).toHaveValue(Number(advance).toFixed(2))
	})
})

test('a lead from the builder shows the trip as a trip (islands, nights, hotels, price), not JSON', async ({ page, browser }) => {
	test.setTimeout(60_000)
	const name = `Asha Builder ${run()}`
	const visitor = await browser.newPage()
	await visitor.goto('/builder')
	await expect(visitor.getByTestId('per-person')).toContainText('₹')
	await visitor.getByLabel('Your name').fill(name)
	await visitor.getByLabel('Phone or WhatsApp').fill('9876543210')
	await visitor.getByRole('button', { name: 'Request this quote' }).click()
	await expect(visitor).toHaveURL(/\/thank-you\?ref=LD-/)
	await visitor.close()

	await signIn(page, demoOwner.email, demoOwner.password)
	await page.goto(`/admin/leads?q=${encodeURIComponent(name)}`)
	await page
		.getByRole('list', { name: 'Leads' })
		.getByRole('link', { name: new RegExp(name) })
		.click()
	const trip = page.getByRole('region', { name: 'Trip from the builder' })
	await expect(trip).toBeVisible()
	await expect(
		trip.getByText(
			'Port Blair (Sri Vijaya Puram), 1 night → Havelock (Swaraj Dweep), 2 nights → Neil (Shaheed Dweep), 1 night → Port Blair (Sri Vijaya Puram), 1 night',
		),
	).toBeVisible()
	await expect(trip.getByText('Deluxe (3 star)')).toBeVisible()
	await expect(trip.getByText(/^₹[\d,]+(\.\d\d)? \(₹[\d,]+(\.\d\d)? per person\), priced on /)).toBeVisible()
	await expect(trip.getByRole('link', { name: /Open these choices in the builder/ })).toHaveAttribute('href', /^\/builder\?start=/)
	// The budget row no longer says "not given" with a price right below it; no raw JSON anywhere.
	await expect(page.getByText(/^not given; the builder priced the trip at ₹[\d,]+(\.\d\d)?$/)).toBeVisible()
	await expect(page.getByText('"config"')).toHaveCount(0)
})

test('the dashboard lists the work: every queue has the demo data’s item, oldest first, with its count and the whole list a click away', async ({ page }) => {
	test.setTimeout(60_000)
	await signIn(page, demoOwner.email, demoOwner.password)
	await page.goto('/admin')
	const queues = page.getByRole('region', { name: 'Work to do' })
	for (const [title, oldest, filter] of [
		['Cancellation requests', 'Kavita Iyer (demo)', '/admin/pending?filter=cancellation-requests'],
		['UPI references to verify', 'Sneha Kapoor (demo)', '/admin/pending?filter=upi-to-verify'],
		['Supplier confirmations pending', 'Arjun Mehta (demo)', '/admin/pending?filter=suppliers-pending'],
		['Suppliers not answering', 'Sea Shell Hotels (demo)', '/admin/pending?filter=suppliers-unanswered'],
		['Balances overdue', 'Arjun Mehta (demo)', '/admin/pending?filter=overdue'],
		['Follow-ups due', 'Rahul Verma (demo)', '/admin/leads?followUp=due'],
	] as const) {
		const queue = queues.getByRole('region', { name: title })
		expect(Number(await queue.getByTestId('queue-count').textContent())).toBeGreaterThanOrEqual(1)
		await expect(queue.getByRole('listitem').first().getByRole('link')).toContainText(oldest)
		await expect(queue.getByRole('link', { name: new RegExp(`of ${title.toLowerCase()}$`) })).toHaveAttribute('href', filter)
	}
	// Follow-ups: yesterday's before today's.
	await expect(queues.getByRole('region', { name: 'Follow-ups due' }).getByRole('listitem').nth(1)).toContainText('Priya Nair (demo)')
	// A queue's link opens its list, with the demo booking in it; its item opens the booking.
	await queues.getByRole('link', { name: /of cancellation requests$/ }).click()
	await expect(page.getByRole('link', { name: 'Asked to cancel' })).toHaveAttribute('aria-current', 'page')
	await expect(page.getByRole('cell', { name: /Kavita Iyer \(demo\)/ })).toBeVisible()
	await page.goto('/admin')
	await queues
		.getByRole('region', { name: 'UPI references to verify' })
		.getByRole('link', { name: /Sneha Kapoor \(demo\)/ })
		.click()
	await expect(page.getByText(/412300009876/).first()).toBeVisible()
	await expect(page.getByText('Not on the statement? Reject it')).toBeVisible()
})

test('the demo shows the whole chain: a sent quote to open as the traveller, an issued invoice and a credit note', async ({ page, browser }) => {
	test.setTimeout(60_000)
	await signIn(page, demoOwner.email, demoOwner.password)
	await page.goto(`/admin/leads?q=${encodeURIComponent('Priya Nair (demo)')}`)
	await page
		.getByRole('list', { name: 'Leads' })
		.getByRole('link', { name: /Priya Nair \(demo\)/ })
		.click()
	const link = await page.getByLabel('Link for the traveller').first().inputValue()
	const traveller = await browser.newPage()
	await traveller.goto(new URL(link).pathname)
	await expect(traveller.getByRole('heading', { level: 1, name: 'Havelock honeymoon (demo)' })).toBeVisible()
	await expect(traveller.getByRole('button', { name: 'Accept and book' })).toBeVisible()
	await traveller.close()
	await page.goto('/admin/invoices')
	await expect(page.getByText(/INV-\d{4}\/\d{4}/).first()).toBeVisible()
	await expect(page.getByText(/CN-\d{4}\/\d{4}/).first()).toBeVisible()
	// Every booking state is on the bookings list.
	for (const [status, name] of [
		['pending_payment', 'Sneha Kapoor (demo)'],
		['confirmed', 'Arjun Mehta (demo)'],
		['completed', 'Vikram Singh (demo)'],
		['cancelled', 'Neha Joshi (demo)'],
	] as const) {
		await page.goto(`/admin/pending?status=${status}`)
		await expect(page.getByRole('cell', { name: new RegExp(name.replace(/[()]/g, '\\$&')) })).toBeVisible()
	}
})
