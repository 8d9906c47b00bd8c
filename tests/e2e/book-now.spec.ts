import path from 'node:path'
import Database from 'better-sqlite3'
import { type Browser, expect, type Page, test } from '@playwright/test'
import { baseURL } from '../../playwright.config.ts'
import { demoStaff, signIn, waitForHydration } from './helpers.ts'

const familyHoliday = '/book-now?package=andaman-family-holiday-6-nights'

/** A date `days` after today in India as the date field takes it, and as the price heading shows it. */
function arrivalIn(days: number) {
	const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date())
	const date = new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000)
	return {
		iso: date.toISOString().slice(0, 10),
		label: new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date),
	}
}

function savedBooking(reference: string) {
	const db = new Database(path.resolve('data/e2e/app.db'), { readonly: true, fileMustExist: true })
	const row = db.prepare('select * from bookings where reference = ?').get(reference) as Record<string, unknown>
	const travellers = db.prepare('select name, age from booking_travellers where booking_id = ? order by position').all(row.id) as Array<{
		name: string
		age: number
	}>
	db.close()
	return { row, travellers }
}

async function visitorPage(browser: Browser, javaScript: boolean, viewport = { width: 390, height: 844 }): Promise<Page> {
	const context = await browser.newContext({ viewport, javaScriptEnabled: javaScript })
	const page = await context.newPage()
	return page
}

async function fillTraveller(page: Page, n: number, traveller: { name: string; age?: string; gender: 'female' | 'male'; aadhaar: string }) {
	const group = page.getByRole('group', { name: `Traveller ${n}` })
	await group.getByLabel('Full name').fill(traveller.name)
	if (traveller.age) await group.getByLabel('Age').fill(traveller.age)
	await group.getByLabel('Gender').selectOption(traveller.gender)
	await group.getByLabel('ID', { exact: true }).selectOption('aadhaar')
	await group.getByLabel('ID number').fill(traveller.aadhaar)
}

for (const javaScript of [true, false]) {
	const how = javaScript ? 'with JavaScript' : 'without JavaScript'

	test(`book-now books the trip as last chosen, every choice changed after the first price, ${how}`, async ({ browser }) => {
		const page = await visitorPage(browser, javaScript)
		await page.goto(familyHoliday)
		if (javaScript) await waitForHydration(page)

		// No date is assumed: nothing is priced, and the page says the terms come with the date.
		await expect(page.getByLabel('Arrival date in Port Blair')).toHaveValue('')
		await expect(page.getByRole('heading', { name: /^2\. Price for/ })).toHaveCount(0)
		await expect(page.getByTestId('choose-date')).toBeVisible()
		await expect(page.getByTestId('cancellation-band')).toHaveCount(0)

		// A first trip: standard hotels, two adults, in two months; its payment and cancellation terms show.
		const first = arrivalIn(60)
		await page.getByLabel('Arrival date in Port Blair').fill(first.iso)
		if (!javaScript) await page.getByRole('button', { name: 'Update price and travellers' }).click()
		await expect(page.getByRole('heading', { name: `2. Price for ${first.label} to ${arrivalIn(66).label}` })).toBeVisible()
		await expect(page.getByRole('row', { name: /Advance to confirm \(30%\)/ })).toBeVisible()
		await expect(page.getByTestId('cancellation-band')).toContainText(/cancelling now costs \d+% of the price/)
		await fillTraveller(page, 1, { name: 'Lakshmi Iyer', age: '41', gender: 'female', aadhaar: '3141 5926 5358' })
		await fillTraveller(page, 2, { name: 'Ravi Iyer', age: '44', gender: 'male', aadhaar: '2718 2818 2845' })
		await page.getByLabel('Contact name').fill('Lakshmi Iyer')
		await page.getByLabel('Mobile or WhatsApp').fill('98401 23456')
		await page.getByLabel(/I accept the booking terms/).check()

		// Then every choice changes, and "Update price and travellers" is not pressed.
		const second = arrivalIn(75)
		await page.getByLabel('Hotel category').selectOption('deluxe')
		await page.getByLabel('Arrival date in Port Blair').fill(second.iso)
		await page.getByLabel(/^Adults/).fill('3')
		await page.getByLabel(/^Children’s ages/).fill('7')
		await page.getByLabel(/^Infants/).fill('1')
		if (!javaScript) {
			// Without JavaScript the post carries the new choices: they are priced and shown, nothing is booked yet.
			await page.getByRole('button', { name: 'Book and get payment details' }).click()
			await expect(page.getByTestId('repriced')).toContainText('Your trip changed after its price was shown')
		} else {
			await page.getByLabel(/^Infants/).blur()
		}
		await expect(page.getByRole('heading', { name: `2. Price for ${second.label} to ${arrivalIn(81).label}` })).toBeVisible()
		// Priced by the engine for the new date and party: each hotel stay in two rooms, with its season (ADR 215).
		await expect(page.getByRole('rowheader', { name: /: .*2 rooms × \d nights? \(/ }).first()).toBeVisible()
		await expect(page.getByRole('group', { name: /^Traveller \d$/ })).toHaveCount(5)
		// What was typed is kept.
		await expect(page.getByRole('group', { name: 'Traveller 2' }).getByLabel('Full name')).toHaveValue('Ravi Iyer')
		await expect(page.getByLabel('Mobile or WhatsApp')).toHaveValue('98401 23456')
		const total = (await page
			.getByRole('row', { name: /Total, including GST/ })
			.getByRole('cell')
			.textContent())!.trim()
		// The trip being paid for is said again beside the button.
		const restated = page.getByTestId('trip-restated')
		await expect(restated).toContainText('Andaman Family Holiday')
		await expect(restated).toContainText(`Deluxe hotels, ${second.label} to ${arrivalIn(81).label}, for 3 adults, 1 child aged 7 and 1 infant.`)
		await expect(restated).toContainText(`Total ${total}`)
		await fillTraveller(page, 3, { name: 'Meena Iyer', age: '68', gender: 'female', aadhaar: '1618 0339 8874' })
		await fillTraveller(page, 4, { name: 'Kiran Iyer', gender: 'male', aadhaar: '1414 2135 6237' })
		await fillTraveller(page, 5, { name: 'Asha Iyer', gender: 'female', aadhaar: '1732 0508 0756' })
		await page.getByLabel(/I accept the booking terms/).check()
		await page.screenshot({ path: `test-results/book-now-${javaScript ? 'js' : 'nojs'}-390.png`, fullPage: true })
		await page.getByRole('button', { name: 'Book and get payment details' }).click()

		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you, your booking is in')
		const reference = (await page.locator('strong.font-mono').textContent())!.trim()
		const saved = savedBooking(reference)
		expect(saved.row).toMatchObject({ tier: 'deluxe', start_date: second.iso, adults: 3, child_ages_json: '[7]', infants: 1, nights: 6 })
		// The total the page showed (rupees, with paise when it has them) is the one booked.
		expect(Number(saved.row.total)).toBe(Math.round(Number(total.replace(/[^\d.]/g, '')) * 100))
		expect(saved.travellers.map((traveller) => [traveller.name, traveller.age])).toEqual([
			['Lakshmi Iyer', 41],
			['Ravi Iyer', 44],
			['Meena Iyer', 68],
			['Kiran Iyer', 7],
			['Asha Iyer', 1],
		])
		await page.context().close()
	})

	test(`children’s ages follow one rule from settings on book-now and in the builder, ${how}`, async ({ browser }) => {
		const page = await visitorPage(browser, javaScript, { width: 1280, height: 900 })
		const arrival = arrivalIn(60).iso
		await page.goto(`/builder?start=${arrival}&island1=port-blair&nights1=2&island2=havelock&nights2=2&adults=2&childAges=14`)
		const label = 'Children’s ages (2 to 11)'
		const message = 'List each child’s age from 2 to 11, separated by commas. Travellers 12 and over count as adults, babies under 2 as infants.'
		await expect(page.getByLabel(label, { exact: true })).toHaveValue('')
		await expect(page.getByText(message)).toBeVisible()

		await page.goto(familyHoliday)
		if (javaScript) await waitForHydration(page)
		const ages = page.getByLabel(label, { exact: true })
		await page.getByLabel('Arrival date in Port Blair').fill(arrival)
		await ages.fill('14')
		await page.getByRole('button', { name: 'Update price and travellers' }).click()
		await expect(page.getByText(message)).toBeVisible()
		await expect(page.getByRole('heading', { name: /^2\. Price for/ })).toHaveCount(0)
		await page.context().close()
	})

	test(`the trip page shows where the booking stands: a UPI payment being checked, then a cancellation asked for, ${how}`, async ({ browser }) => {
		const page = await visitorPage(browser, javaScript)
		await page.goto(familyHoliday)
		if (javaScript) await waitForHydration(page)
		await page.getByLabel('Arrival date in Port Blair').fill(arrivalIn(70).iso)
		await page.getByRole('button', { name: 'Update price and travellers' }).click()
		await expect(page.getByRole('heading', { name: `2. Price for ${arrivalIn(70).label} to ${arrivalIn(76).label}` })).toBeVisible()
		await fillTraveller(page, 1, { name: 'Nandini Rao', age: '36', gender: 'female', aadhaar: '4444 5555 6666' })
		await fillTraveller(page, 2, { name: 'Suresh Rao', age: '38', gender: 'male', aadhaar: '4444 5555 7777' })
		await page.getByLabel('Contact name').fill('Nandini Rao')
		await page.getByLabel('Mobile or WhatsApp').fill('98440 12121')
		await page.getByLabel(/I accept the booking terms/).check()
		await page.getByRole('button', { name: 'Book and get payment details' }).click()
		await page.getByRole('link', { name: 'Pay and follow your trip' }).click()
		await expect(page).toHaveURL(/\/trip\/[A-Za-z0-9]{24}$/)
		await expect(page.getByTestId('trip-status')).toHaveText('Awaiting payment')
		const payHeading = page.getByRole('heading', { name: /^Pay ₹[\d,.]+ now$/ })
		await expect(payHeading).toBeVisible()

		// "I have paid" with the amount due: checked, not awaited, and the page stops asking for it.
		await page.getByLabel('UPI transaction id (UTR)').fill(`6${Date.now().toString().slice(-11)}`)
		await page.getByRole('button', { name: 'I have paid' }).click()
		await expect(page.getByTestId('trip-status')).toHaveText('Checking your payment')
		await expect(page.getByTestId('trip-note')).toContainText('We are matching the ₹')
		await expect(payHeading).toBeHidden()
		await expect(page.getByText('The payment failed, or you sent a different amount? Pay here')).toBeVisible()
		await page.screenshot({ path: `test-results/trip-checking-${javaScript ? 'js' : 'nojs'}-390.png`, fullPage: true })

		// Asking to cancel: no more money is asked for, in any form.
		await page.getByText('Cancel this trip').click()
		await page.getByLabel('Why are you cancelling?').fill('A family emergency')
		await page.getByLabel(/Cancel my trip: fee ₹[\d,]+(\.\d\d)?, refund ₹[\d,]+(\.\d\d)?/).check()
		await page.getByRole('button', { name: 'Ask to cancel' }).click()
		await expect(page.getByRole('heading', { name: 'You asked to cancel' })).toBeVisible()
		await expect(page.getByTestId('trip-status')).toHaveText('Cancellation requested')
		await expect(page.getByTestId('trip-note')).toContainText('nothing more to pay')
		await expect(page.getByRole('heading', { name: /^Pay ₹/ })).toHaveCount(0)
		await expect(page.getByTestId('pay-again')).toHaveCount(0)
		await expect(page.getByRole('button', { name: 'I have paid' })).toHaveCount(0)
		await page.setViewportSize({ width: 1280, height: 900 })
		await page.screenshot({ path: `test-results/trip-cancel-requested-${javaScript ? 'js' : 'nojs'}-1280.png`, fullPage: true })
		await page.context().close()
	})

	test(`every budget band of the package filter fits the catalogue, ${how}`, async ({ browser }) => {
		const page = await visitorPage(browser, javaScript, { width: 1280, height: 900 })
		await page.goto('/packages')
		if (javaScript) await waitForHydration(page)
		const status = page.getByRole('status').filter({ hasText: /packages? found|No packages/ })
		const all = Number(/^(\d+)/.exec((await status.textContent())!)![1])
		const budget = page.getByRole('form', { name: 'Filter packages' }).getByLabel('Budget per person')
		const bands = (await budget.locator('option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))).filter(Boolean)
		expect(bands.length).toBeGreaterThanOrEqual(2)
		let counted = 0
		for (const band of bands) {
			await page.getByRole('form', { name: 'Filter packages' }).getByLabel('Budget per person').selectOption(band)
			if (!javaScript) await page.getByRole('button', { name: 'Show packages' }).click()
			await expect(page).toHaveURL(new RegExp(`budget=${band}`))
			// The count the server gives for this band, then the same on the page once the list has loaded.
			const found = Number(/(\d+) packages? found/.exec(await (await page.request.get(`/packages?budget=${band}`)).text())?.[1] ?? 0)
			await expect(status).toHaveText(new RegExp(`^${found} packages? found`))
			// No band is empty, and none holds most of the catalogue.
			expect(found, band).toBeGreaterThan(0)
			expect(found, band).toBeLessThanOrEqual(Math.ceil(all / 2))
			counted += found
		}
		expect(counted).toBe(all)
		await page.context().close()
	})
}

/** Staff send a quote for a lead made in the builder (with its name, phone and email); returns the quote's path. */
async function sendQuoteToNewLead(browser: Browser, lead: { name: string; phone: string; email: string }): Promise<string> {
	const visitor = await browser.newContext({ baseURL })
	const page = await visitor.newPage()
	await page.goto(
		`/builder?start=${arrivalIn(55).iso}&island1=port-blair&nights1=2&island2=havelock&nights2=2&tier=deluxe&meal=CP&adults=2&rooms=1&transfers=airport-and-jetty`,
	)
	await page.getByLabel('Your name').fill(lead.name)
	await page.getByLabel('Phone or WhatsApp').fill(lead.phone)
	await page.getByLabel('Email (optional)').fill(lead.email)
	await page.getByRole('button', { name: 'Request this quote' }).click()
	await expect(page).toHaveURL(/\/thank-you\?ref=LD-\d{4}-\d{5}$/)
	await visitor.close()
	const desk = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } })
	const staff = await desk.newPage()
	await signIn(staff, demoStaff.email, demoStaff.password)
	await staff.goto(`/admin/leads?q=${encodeURIComponent(lead.name)}`)
	await staff
		.getByRole('list', { name: 'Leads' })
		.getByRole('link', { name: new RegExp(lead.name) })
		.click()
	await staff.getByRole('link', { name: 'Create itinerary' }).click()
	await staff.getByRole('button', { name: 'Start itinerary' }).click()
	await expect(staff).toHaveURL(/\/admin\/create-itinerary\/[A-Za-z0-9]{20}$/)
	await staff.getByRole('button', { name: 'Send quote' }).click()
	// Send quote shows what the traveller will receive; Confirm and send sends it.
	await staff.getByRole('button', { name: 'Confirm and send' }).click()
	const sent = staff.getByRole('status').filter({ hasText: 'Quote version 1 sent' })
	await expect(sent).toBeVisible()
	const quotePath = /\/quote\/[A-Za-z0-9]{20}/.exec((await sent.textContent()) ?? '')![0]
	await desk.close()
	return quotePath
}

test('a quote books once: the lead’s contact is filled in, a resent form lands on its own booking, anyone else hears the quote is booked and sees nothing of it', async ({
	browser,
}) => {
	test.setTimeout(120_000)
	const tag = Date.now().toString(36)
	const lead = { name: `Vidya Nair ${tag}`, phone: '98950 77881', email: `vidya-${tag}@example.com` }
	const quotePath = await sendQuoteToNewLead(browser, lead)
	const bookQuote = `/book-now?quote=${quotePath.slice('/quote/'.length)}`

	// Two people open the quote's booking page, one with JavaScript and one without: the lead's name, phone and email are there.
	const first = await visitorPage(browser, true)
	const second = await visitorPage(browser, false)
	for (const page of [first, second]) {
		await page.goto(bookQuote)
		await expect(page.getByLabel('Contact name')).toHaveValue(lead.name)
		await expect(page.getByLabel('Mobile or WhatsApp')).toHaveValue('+919895077881')
		await expect(page.getByLabel('Email (optional)')).toHaveValue(lead.email)
	}
	await waitForHydration(first)
	await fillTraveller(second, 1, { name: 'Someone Else', age: '30', gender: 'male', aadhaar: '9090 8080 7070' })
	await fillTraveller(second, 2, { name: 'Another Person', age: '31', gender: 'female', aadhaar: '9090 8080 6060' })
	await second.getByLabel(/I accept the booking terms/).check()

	// The first books it.
	await fillTraveller(first, 1, { name: lead.name, age: '34', gender: 'female', aadhaar: '5050 6060 7070' })
	await fillTraveller(first, 2, { name: 'Arun Nair', age: '36', gender: 'male', aadhaar: '5050 6060 8080' })
	await first.getByLabel(/I accept the booking terms/).check()
	const form = first.locator('form[method="post"]', { has: first.getByRole('button', { name: 'Book and get payment details' }) })
	const posted = await form.evaluate((element) => new URLSearchParams(new FormData(element as HTMLFormElement) as unknown as Record<string, string>).toString())
	await first.getByRole('button', { name: 'Book and get payment details' }).click()
	await expect(first.getByRole('heading', { level: 1 })).toHaveText('Thank you, your booking is in')
	const thankYou = first.url()
	const reference = (await first.locator('strong.font-mono').textContent())!.trim()

	// The same form sent again (a double submit, a resend) lands on that booking, once.
	const again = await first.request.post(bookQuote, {
		form: Object.fromEntries(new URLSearchParams(posted).entries()),
		headers: { Origin: baseURL },
		maxRedirects: 0,
	})
	expect(again.status()).toBe(302)
	expect(new URL(again.headers().location!, baseURL).href).toBe(thankYou)

	// The second person's booking is refused plainly, their details kept, and nothing of the first booking shows.
	await second.getByRole('button', { name: 'Book and get payment details' }).click()
	await expect(second.getByTestId('trip-problem')).toContainText('This quote is already booked.')
	await expect(second).toHaveURL(new RegExp(`${bookQuote.replace('?', '\\?')}$`))
	for (const secret of [reference, 'Arun Nair', 'Cancel this trip', 'Thank you, your booking is in']) await expect(second.getByText(secret)).toHaveCount(0)
	// Opening the link again says the same, with a 409, and no form.
	const response = await second.goto(bookQuote)
	expect(response?.status()).toBe(409)
	await expect(second.getByTestId('trip-problem')).toContainText('This quote is already booked.')
	await expect(second.getByRole('button', { name: 'Book and get payment details' })).toHaveCount(0)
	await expect(second.getByText(reference)).toHaveCount(0)
	expect(savedBooking(reference).travellers.map((traveller) => traveller.name)).toEqual([lead.name, 'Arun Nair'])
	await first.context().close()
	await second.context().close()
})

test('screens: book-now and its priced trip at 390 and 1280 wide', async ({ browser }) => {
	for (const viewport of [
		{ width: 390, height: 844 },
		{ width: 1280, height: 900 },
	]) {
		const page = await visitorPage(browser, true, viewport)
		await page.goto(familyHoliday)
		await page.screenshot({ path: `test-results/book-now-empty-${viewport.width}.png`, fullPage: true })
		await page.goto(`${familyHoliday}&tier=deluxe&startDate=${arrivalIn(10).iso}&adults=2&childAges=6&infants=0`)
		await expect(page.getByTestId('full-payment-note')).toBeVisible()
		await page.screenshot({ path: `test-results/book-now-priced-${viewport.width}.png`, fullPage: true })
		await page.context().close()
	}
})
