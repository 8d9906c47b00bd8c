import { execFileSync } from 'node:child_process'
import { expect, type Page, test } from '@playwright/test'
import { addDays, formatTravelDate, todayInIndia } from '~/lib/dates.ts'
import {
	bookFamilyHolidayOnline,
	bookWithTravellers,
	confirmEveryComponent,
	demoOwner,
	expectNoAxeViolations,
	recordAdvanceAndConfirm,
	signIn,
} from './helpers.ts'

/**
 * Suppliers answer in one tap (issue #33): staff give a booking's hotels and transfers their
 * suppliers and send the requests; the hotel confirms with its number on a phone without
 * JavaScript, the cab company declines with an alternative, and the booking shows both. Uses the
 * demo suppliers; the booking is made here, dated from the clock.
 */

const run = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 5)

/** The secret link's path in the request's WhatsApp text (the site address may differ from the test server's). */
async function linkOf(staff: Page, supplier: string): Promise<string> {
	const request = staff.getByTestId('supplier-request').filter({ hasText: supplier })
	await request.locator('summary').click()
	const text = await request.locator('textarea').inputValue()
	return text.match(/\/supplier\/[A-Za-z0-9]{32}/)![0]
}

test('staff send the requests; the hotel confirms on a phone without JavaScript, the cab company declines with an alternative; the booking shows both', async ({
	page,
	browser,
}) => {
	test.setTimeout(180_000)
	const id = run()
	const arrival = addDays(todayInIndia(), 50)
	const traveller = await browser.newPage()
	const reference = await bookFamilyHolidayOnline(traveller, {
		arrival,
		arrivalLabel: formatTravelDate(arrival),
		travellers: [
			{ name: `Latha Menon ${id}`, age: '39', gender: 'female', aadhaar: '4821 7730 1946' },
			{ name: 'Ravi Menon', age: '42', gender: 'male', aadhaar: '5930 2281 6605' },
		],
		contact: { name: `Latha Menon ${id}`, phone: '98111 22336' },
	})
	await traveller.close()

	await signIn(page, demoOwner.email, demoOwner.password)
	await page.goto('/admin/pending?status=pending_payment')
	await page.getByRole('link', { name: reference }).click()
	await recordAdvanceAndConfirm(page, 'upi', `UPI-${id}`)

	// Hotels to the demo hotel (with a cost), transfers to the demo cab company (no email: WhatsApp text).
	const rows = page.getByTestId('component-supplier')
	const count = await rows.count()
	for (let index = 0; index < count; index++) {
		const row = rows.nth(index)
		const text = (await row.locator('p').first().textContent()) ?? ''
		if (text.startsWith('Hotel stay')) {
			await row.getByRole('combobox').selectOption({ label: 'Sea Shell Hotels (demo) (Hotel)' })
			await row.getByRole('textbox').fill('9,000')
		} else if (text.startsWith('Transfer')) await row.getByRole('combobox').selectOption({ label: 'Island Cabs (demo) (Transport (cabs))' })
	}
	await page.getByRole('button', { name: 'Save suppliers and costs' }).click()
	await expect(page.getByTestId('toast').filter({ hasText: 'Suppliers and costs saved' })).toBeVisible()
	await page.getByRole('button', { name: 'Send confirmation requests' }).click()
	await expect(page.getByTestId('toast').filter({ hasText: '2 requests sent' })).toBeVisible()
	await expect(page.getByTestId('supplier-request')).toHaveCount(2)
	await expect(page.getByTestId('margin')).toContainText('Margin')
	const hotelLink = await linkOf(page, 'Sea Shell Hotels (demo)')
	const cabLink = await linkOf(page, 'Island Cabs (demo)')

	// The hotel, on a phone without JavaScript: only its own part, no price.
	const phone = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } })
	const hotel = await phone.newPage()
	await hotel.goto(hotelLink)
	await expect(hotel.getByRole('heading', { level: 1, name: `Please confirm booking ${reference}` })).toBeVisible()
	await expect(hotel.getByText(`Latha Menon ${id}`).first()).toBeVisible()
	await expect(hotel.locator('main')).not.toContainText('₹')
	await expect(hotel.locator('main')).not.toContainText('Transfer:')
	await hotel.screenshot({ path: 'test-results/supplier-request-phone.png', fullPage: true })
	await hotel.getByLabel('Your confirmation number').fill(`SSH-${id}`)
	await hotel.getByRole('button', { name: 'Confirm', exact: true }).click()
	await expect(hotel.getByTestId('answer')).toContainText(`Confirmed with number SSH-${id}`)
	await expect(hotel.getByRole('button', { name: 'Confirm', exact: true })).toHaveCount(0)
	await hotel.screenshot({ path: 'test-results/supplier-request-confirmed-phone.png', fullPage: true })
	await phone.close()

	// The cab company declines with an alternative (desktop, without JavaScript too).
	const desk = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } })
	const cabs = await desk.newPage()
	await cabs.goto(cabLink)
	await cabs.screenshot({ path: 'test-results/supplier-request-desktop.png', fullPage: true })
	// A question first: the request stays open, and the question shows on the link.
	await cabs.getByLabel('Your question').fill('Is a 7-seater fine for the airport pickup?')
	await cabs.getByRole('button', { name: 'Send the question' }).click()
	await expect(cabs.getByTestId('question')).toContainText('Is a 7-seater fine for the airport pickup?')
	await cabs.getByLabel('Why, or what you can offer instead').fill('No sedan that day; an Innova for ₹500 more')
	await cabs.getByRole('button', { name: 'Decline' }).click()
	await expect(cabs.getByTestId('answer')).toContainText('Declined')
	// A second answer changes nothing: the link says it was answered.
	await cabs.goto(cabLink)
	await expect(cabs.getByTestId('answer')).toContainText('No sedan that day')
	await expect(cabs.getByRole('button', { name: 'Confirm', exact: true })).toHaveCount(0)
	await desk.close()

	// The booking shows both answers and the components changed at once.
	await page.reload()
	await expect(page.getByTestId('supplier-request').filter({ hasText: 'Sea Shell Hotels (demo)' })).toContainText(`Number SSH-${id}`)
	await expect(page.getByTestId('supplier-request').filter({ hasText: 'Island Cabs (demo)' })).toContainText(
		'Supplier says: No sedan that day; an Innova for ₹500 more',
	)
	await expect(page.getByTestId('supplier-request').filter({ hasText: 'Island Cabs (demo)' }).getByTestId('supplier-question')).toContainText(
		'Is a 7-seater fine for the airport pickup?',
	)
	const components = page.getByTestId('component')
	await expect(components.filter({ hasText: 'Hotel in Port Blair, 2 nights' })).toContainText(`Conf. SSH-${id}`)
	await expect(components.filter({ hasText: 'Arrival pickup' })).toContainText('Rejected by supplier')
	await page.setViewportSize({ width: 1280, height: 900 })
	await page.getByRole('heading', { name: 'Suppliers and costs' }).scrollIntoViewIfNeeded()
	await page.screenshot({ path: 'test-results/booking-suppliers-desktop.png' })
	await page.setViewportSize({ width: 390, height: 844 })
	await page.getByRole('heading', { name: 'Suppliers and costs' }).scrollIntoViewIfNeeded()
	await page.screenshot({ path: 'test-results/booking-suppliers-phone.png' })
	await page.setViewportSize({ width: 1280, height: 900 })

	// A change after the hotel confirmed (a sea-view room): the stay needs confirming again, and the hotel gets an amendment saying what changed.
	const stay = components.filter({ hasText: 'Hotel in Port Blair, 2 nights' })
	await stay.locator('summary').click()
	await stay.getByLabel('Description').fill('Hotel in Port Blair, 2 nights, sea-view room')
	await stay.getByRole('button', { name: 'Save' }).click()
	await expect(page.getByTestId('toast').filter({ hasText: 'Component saved: amendment sent' })).toBeVisible()
	await expect(components.filter({ hasText: 'sea-view room' })).toContainText('Requested from supplier')
	const amendmentRequest = page.getByTestId('supplier-request').filter({ hasText: 'Amendment' })
	await amendmentRequest.locator('summary').click()
	const amendmentLink = (await amendmentRequest.locator('textarea').inputValue()).match(/\/supplier\/[A-Za-z0-9]{32}/)![0]
	const phoneAgain = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } })
	const hotelAgain = await phoneAgain.newPage()
	await hotelAgain.goto(amendmentLink)
	await expect(hotelAgain.getByRole('heading', { level: 1, name: `Amendment: please re-confirm booking ${reference}` })).toBeVisible()
	await expect(hotelAgain.getByTestId('amendment')).toContainText('Hotel in Port Blair, 2 nights → Hotel in Port Blair, 2 nights, sea-view room')
	await hotelAgain.screenshot({ path: 'test-results/supplier-amendment-phone.png', fullPage: true })
	await hotelAgain.getByLabel('Your confirmation number').fill(`SSH-${id}-B`)
	await hotelAgain.getByRole('button', { name: 'Confirm', exact: true }).click()
	await expect(hotelAgain.getByTestId('answer')).toContainText(`Confirmed with number SSH-${id}-B`)
	await phoneAgain.close()
	await page.reload()
	await expect(components.filter({ hasText: 'sea-view room' })).toContainText(`Conf. SSH-${id}-B`)

	// The voucher waits until every component is confirmed: the hotel is, the declined cabs and the rest are not.
	await expect(page.getByTestId('voucher-blockers')).toBeVisible()
	await expect(page.getByRole('button', { name: 'Issue voucher' })).toHaveCount(0)
	await confirmEveryComponent(page, `E2E-${id}`)
	await expect(page.getByTestId('voucher-blockers')).toHaveCount(0)
	await page.getByRole('button', { name: 'Issue voucher' }).click()
	await expect(page.getByTestId('toast').filter({ hasText: 'Voucher issued' })).toBeVisible()

	// What we owe the hotel: its advance is due today, before the traveller has paid us the balance.
	await expect(page.getByTestId('supplier-due-warning')).toBeVisible()
	await page.goto('/admin/payables')
	await expect(page.getByTestId('due-item').filter({ hasText: reference }).first()).toContainText('Sea Shell Hotels (demo)')
	await expectNoAxeViolations(page)
	await page.getByTestId('due-item').filter({ hasText: reference }).first().getByRole('link', { name: 'Sea Shell Hotels (demo)' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Sea Shell Hotels (demo)' })).toBeVisible()

	// A payment to the hotel (staff record it with its UPI reference), then the statement on screen, as CSV and as PDF.
	const pay = page.getByRole('form', { name: 'Record a payment to them' })
	await pay.getByLabel('Booking', { exact: true }).selectOption({ label: `${reference} · Latha Menon ${id} · arrives ${arrival}` })
	await pay.getByLabel('Amount (₹)').fill('2,700')
	await pay.getByLabel('Paid by').selectOption('upi')
	await pay.getByLabel('Reference', { exact: true }).fill(`UTR-${id}`)
	await pay.getByRole('button', { name: 'Record payment' }).click()
	await expect(page.getByTestId('toast').filter({ hasText: 'Payment recorded' })).toBeVisible()
	await expect(page.getByTestId('statement')).toContainText(`Payment, UPI UTR-${id}`)
	await expect(page.getByTestId('supplier-payment').filter({ hasText: `UTR-${id}` })).toContainText('₹2,700')
	await page.screenshot({ path: 'test-results/supplier-statement-desktop.png', fullPage: true })
	await expectNoAxeViolations(page)

	const csv = await page.request.get((await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href'))!)
	expect(csv.headers()['content-type']).toContain('text/csv')
	expect(await csv.text()).toContain(`Payment, UPI UTR-${id}`)
	const pdf = await page.request.get((await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href'))!)
	expect(pdf.headers()['content-type']).toBe('application/pdf')
	const text = execFileSync('pdftotext', ['-', '-'], { input: await pdf.body() })
		.toString('utf8')
		.replace(/\s+/g, ' ')
	expect(text).toContain('SUPPLIER STATEMENT')
	expect(text).toContain(`Payment, UPI UTR-${id}`)
	expect(text).toContain('₹2,700')
})

test('the suppliers list and a supplier’s page, on a phone and a desktop', async ({ page }) => {
	await signIn(page, demoOwner.email, demoOwner.password)
	await page.setViewportSize({ width: 1280, height: 900 })
	await page.goto('/admin/suppliers')
	await expect(page.getByRole('list', { name: 'Suppliers' }).getByRole('link')).toHaveCount(4)
	await page.screenshot({ path: 'test-results/suppliers-desktop.png', fullPage: true })
	await page.setViewportSize({ width: 390, height: 844 })
	await page.getByRole('link', { name: /Sea Shell Hotels \(demo\)/ }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Sea Shell Hotels (demo)' })).toBeVisible()
	await expect(page.getByText('30% advance at booking, balance 15 days before service')).toBeVisible()
	await page.screenshot({ path: 'test-results/supplier-phone.png', fullPage: true })
})

test('a supplier link that names nothing is a 404 page', async ({ page }) => {
	const response = await page.goto(`/supplier/${'A'.repeat(32)}`)
	expect(response?.status()).toBe(404)
	expect(response?.headers()['cache-control']).toContain('no-store')
})

test('staff link an activity’s prices to its operator; a trip booked with that activity sends the operator its own request', async ({ page, browser }) => {
	test.setTimeout(180_000)
	const id = run()
	await signIn(page, demoOwner.email, demoOwner.password)

	// Parasailing on Havelock, every season, to the demo activity operator (a select of active activity operators only).
	await page.goto('/admin/activity-prices')
	for (const season of ['peak', 'high', 'low']) {
		const row = page.getByRole('form', { name: `Parasailing at Havelock, ${season}` })
		const supplier = row.getByLabel(`Supplier (Parasailing at Havelock, ${season})`)
		await expect(supplier.locator('option')).not.toContainText(['Island Cabs (demo)'])
		await supplier.selectOption({ label: 'Havelock Divers (demo)' })
		// Each save reloads the page: wait for it before the next row (the same toast text is already showing).
		await Promise.all([
			page.waitForResponse((response) => response.request().method() === 'POST' && response.url().includes('/admin/activity-prices')),
			row.getByRole('button', { name: 'Save' }).click(),
		])
		await expect(page.getByTestId('toast').filter({ hasText: 'Parasailing price saved' }).last()).toBeVisible()
	}
	await page.goto('/admin/activity-prices')
	for (const season of ['peak', 'high', 'low'])
		await expect(page.getByLabel(`Supplier (Parasailing at Havelock, ${season})`).locator('option:checked')).toHaveText('Havelock Divers (demo)')

	// A traveller books a trip from the builder's choices with parasailing.
	const arrival = addDays(todayInIndia(), 52)
	const traveller = await browser.newPage()
	await traveller.goto(
		`/book-now?start=${arrival}&island1=port-blair&nights1=1&island2=havelock&nights2=2&tier=standard&meal=CP&adults=2&rooms=1&transfers=airport-and-jetty&activity=parasailing@havelock`,
	)
	const reference = await bookWithTravellers(traveller, {
		travellers: [
			{ name: `Kiran Das ${id}`, age: '33', gender: 'female', aadhaar: '4821 7730 2210' },
			{ name: 'Arjun Das', age: '35', gender: 'male', aadhaar: '4821 7730 2211' },
		],
		contact: { name: `Kiran Das ${id}`, phone: '98111 22337' },
	})
	await traveller.close()

	// Staff confirm it and send the requests without choosing any supplier by hand: the parasailing goes to the operator, the cars to the cab company.
	await page.goto('/admin/pending?status=pending_payment')
	await page.getByRole('link', { name: reference }).click()
	await recordAdvanceAndConfirm(page, 'upi', `UPI-${id}`)
	const parasailing = page.getByTestId('component-supplier').filter({ hasText: 'Parasailing at Havelock' })
	await expect(parasailing.getByRole('combobox')).toHaveValue(/.+/)
	await page.getByRole('button', { name: 'Send confirmation requests' }).click()
	await expect(page.getByTestId('toast').filter({ hasText: /requests? sent/ })).toBeVisible()
	const operator = page.getByTestId('supplier-request').filter({ hasText: 'Havelock Divers (demo)' })
	await expect(operator).toHaveCount(1)
	await expect(operator).toContainText('Parasailing at Havelock')
	await expect(operator).not.toContainText('transfers')
	await expect(page.getByTestId('supplier-request').filter({ hasText: 'Island Cabs (demo)' })).toContainText('Airport & jetty transfers')
	await operator.scrollIntoViewIfNeeded()
	await page.screenshot({ path: 'test-results/booking-rate-suppliers-desktop.png' })
})
